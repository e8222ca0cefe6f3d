// The phone's admin page. A phone pairs once, with the code the board shows after its pairing
// gesture: from the board's QR code (whose address carries the code in the fragment, which a
// browser never sends to a server) or typed. The board then knows the phone by the session
// phone.js keeps for this origin alone and sends in a header; every request here is same-origin,
// so the browser also sends the Origin header the board checks.
(function () {
  "use strict";
  var options = null, post = window.Phone.post;
  function $(id) { return document.getElementById(id); }
  function say(text) { $("answer").textContent = text; }
  function el(tag, text) { var e = document.createElement(tag); if (text !== undefined) { e.textContent = text; } return e; }
  function show(node, yes) { node.classList.toggle("hidden", !yes); }
  function paired(yes) {
    show($("pairpanel"), !yes);
    var panels = document.querySelectorAll(".paired"), i;
    for (i = 0; i < panels.length; i++) { show(panels[i], yes); }
  }
  function send(path, body) {
    say("\u2026");
    post(path, body).then(function (a) {
      if (a[0] === 403 && a[1].error && a[1].error.indexOf("not paired") >= 0) { paired(false); }
      say(a[0] === 200 ? "Done." : "Refused (" + a[0] + "): " + (a[1].error || ""));
    }).catch(function (e) { say("No answer from the board: " + e); });
  }
  function pair(code) {
    say("Pairing\u2026");
    post("api/pair", {code: code}).then(function (a) {
      if (a[0] === 200) { paired(true); $("code").value = ""; say("Paired: this phone can now run the board."); }
      else { say("Not paired (" + a[0] + "): " + (a[1].error || "")); }
    }).catch(function (e) { say("No answer from the board: " + e); });
  }
  function takeCode() {
    var code = window.Phone.code();
    if (code) { pair(code); }
  }
  function fillMode() {
    var m = options.modes[$("mode").value], box = $("variants"), seats = $("seats"), i;
    while (box.firstChild) { box.removeChild(box.firstChild); }
    for (i = 0; i < m.variants.length; i++) {
      var lab = el("label"), cb = el("input");
      cb.type = "checkbox"; cb.value = m.variants[i]; cb.className = "variant";
      lab.appendChild(cb); lab.appendChild(document.createTextNode(" " + m.variants[i] + " "));
      box.appendChild(lab);
    }
    while (seats.firstChild) { seats.removeChild(seats.firstChild); }
    for (i = 0; i < m.seats.length; i++) { var o = el("option", m.seats[i]); o.value = m.seats[i]; seats.appendChild(o); }
    fillPlayers();
  }
  // A person or the computer at each seat, as the board's own set-up offers (its game.computer
  // chosen to begin with): a lone visitor plays the computer.
  var chosen = null;
  function fillPlayers() {
    var box = $("seatwho"), c = options.computer, seats = $("seats").value.split(""), i, k;
    if (chosen === null) { chosen = {}; for (k in c.default) { if (Object.prototype.hasOwnProperty.call(c.default, k)) { chosen[k] = c.default[k]; } } }
    while (box.children.length > 1) { box.removeChild(box.lastChild); }
    for (i = 0; i < seats.length; i++) {
      var seat = seats[i], lab = el("label", "Seat " + seat + " "), sel = el("select"), o = el("option", "a person");
      o.value = "person"; sel.appendChild(o);
      for (k = 0; k < c.strengths.length; k++) {
        o = el("option", "the computer, " + c.strengths[k]); o.value = c.strengths[k]; sel.appendChild(o);
      }
      sel.dataset.seat = seat; sel.className = "who"; sel.value = chosen[seat] || "person";
      sel.addEventListener("change", function (ev) {
        var s = ev.target.dataset.seat;
        if (ev.target.value === "person") { delete chosen[s]; } else { chosen[s] = ev.target.value; }
      });
      lab.appendChild(sel); box.appendChild(lab);
    }
  }
  function start() {
    var variants = [], boxes = document.querySelectorAll(".variant"), i;
    for (i = 0; i < boxes.length; i++) { if (boxes[i].checked) { variants.push(boxes[i].value); } }
    var words = $("words").value.trim().toUpperCase(), names = $("names").value.trim(), computer = [];
    var players = document.querySelectorAll("#seatwho select"), j;
    for (j = 0; j < players.length; j++) { if (players[j].value !== "person") { computer.push(players[j].dataset.seat + ":" + players[j].value); } }
    send("api/admin/new-game", {mode: $("mode").value, variants: variants, seats: $("seats").value.split(""),
                                route: $("route").value, words: words ? words.split(/\s+/) : [],
                                names: names ? names.split(/\s*,\s*/) : [], computer: computer});
  }
  window.Phone.get("api/phone").then(function (a) {
    var p = a[1];
    paired(p.paired);
    if (!p.pairing) { say("Pairing is off on this board: it has no admin token (sudo clacks-hw install-service makes one)."); }
    else { say(p.paired ? "Ready." : "Not paired yet."); }
    takeCode();
  });
  window.addEventListener("hashchange", takeCode);
  $("pairform").addEventListener("submit", function (ev) { ev.preventDefault(); pair($("code").value); });
  fetch("api/options", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (o) {
    options = o;
    for (var m in o.modes) { if (Object.prototype.hasOwnProperty.call(o.modes, m)) { var opt = el("option", o.modes[m].label || m); opt.value = m; $("mode").appendChild(opt); } }
    fillMode();
  });
  $("mode").addEventListener("change", fillMode);
  $("seats").addEventListener("change", fillPlayers);
  $("start").addEventListener("click", start);
  $("abandon").addEventListener("click", function () { send("api/admin/abandon", {}); });
  $("dim").addEventListener("click", function () { send("api/admin/brightness", {value: $("brightness").value / 100}); });
  $("unpair").addEventListener("click", function () {
    window.Phone.unpair().then(function () { paired(false); say("This phone is no longer paired."); });
  });
})();
