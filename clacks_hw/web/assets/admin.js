// The phone's admin page. The token comes from the URL fragment (never sent to a server) or
// is pasted; it is kept for this tab only and sent in the Authorization header, never a cookie.
(function () {
  "use strict";
  var options = null;
  function $(id) { return document.getElementById(id); }
  function say(text) { $("answer").textContent = text; }
  function el(tag, text) { var e = document.createElement(tag); if (text !== undefined) { e.textContent = text; } return e; }
  function token() { return $("token").value.trim(); }
  function takeToken() {
    var m = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
    if (m) {
      sessionStorage.setItem("clacks-admin", m[1]);
      history.replaceState(null, "", location.pathname);  // out of the address bar and history
    }
    $("token").value = sessionStorage.getItem("clacks-admin") || "";
  }
  function send(path, body) {
    say("\u2026");
    fetch(path, {method: "POST", headers: {"Content-Type": "application/json", "Authorization": "Bearer " + token()},
                 body: JSON.stringify(body), credentials: "omit", cache: "no-store"})
      .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })
      .then(function (a) { say(a[0] === 200 ? "Done." : "Refused (" + a[0] + "): " + (a[1].error || "")); })
      .catch(function (e) { say("No answer from the board: " + e); });
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
  }
  function start() {
    var variants = [], boxes = document.querySelectorAll(".variant"), i;
    for (i = 0; i < boxes.length; i++) { if (boxes[i].checked) { variants.push(boxes[i].value); } }
    var words = $("words").value.trim().toUpperCase();
    send("api/admin/new-game", {mode: $("mode").value, variants: variants, seats: $("seats").value.split(""),
                                route: $("route").value, words: words ? words.split(/\s+/) : []});
  }
  takeToken();
  window.addEventListener("hashchange", takeToken);
  $("token").addEventListener("change", function () { sessionStorage.setItem("clacks-admin", token()); });
  fetch("api/options", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (o) {
    options = o;
    for (var m in o.modes) { if (Object.prototype.hasOwnProperty.call(o.modes, m)) { var opt = el("option", m); opt.value = m; $("mode").appendChild(opt); } }
    fillMode();
    say(o.admin ? "Ready." : "Admin is off on this board: set status.admin_token or run clacks-hw install-service.");
  });
  $("mode").addEventListener("change", fillMode);
  $("start").addEventListener("click", start);
  $("abandon").addEventListener("click", function () { send("api/admin/abandon", {}); });
  $("dim").addEventListener("click", function () { send("api/admin/brightness", {value: $("brightness").value / 100}); });
})();
