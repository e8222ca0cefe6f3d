// A player's own phone: their seat's private view and the questions the game puts to them alone.
// It pairs once, with the code the board shows for this seat (from the QR code's fragment, which
// a browser never sends to a server, or typed); the board then knows the phone by a cookie no
// script can read. The page draws whatever sections and prompts the game gives (it never knows
// which game it shows) and asks again every second and a half.
(function () {
  "use strict";
  var POLL_MS = 1500, last = "", polling = false;
  function $(id) { return document.getElementById(id); }
  function say(text) { $("answer").textContent = text; }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }
  function show(node, yes) { node.classList.toggle("hidden", !yes); }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function post(path, body) {
    return fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
                        credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); });
  }
  function paired(yes) {
    show($("pairpanel"), !yes);
    var panels = document.querySelectorAll(".paired"), i;
    for (i = 0; i < panels.length; i++) { show(panels[i], yes); }
  }
  function answer(action) {
    say("\u2026");
    post("api/seat/act", {action: JSON.stringify(action)}).then(function (a) {
      say(a[0] === 200 ? "Done." : "Refused (" + a[0] + "): " + (a[1].error || ""));
      last = "";
      refresh();  // the poll goes on meanwhile
    }).catch(function (e) { say("No answer from the board: " + e); });
  }
  function draw(p) {
    var key = JSON.stringify(p);
    if (key === last) { return; }
    last = key;
    $("title").textContent = "Seat " + p.seat + (p.name ? ": " + p.name : "") + (p.game ? " \u00b7 " + p.game : "");
    var box = $("sections"), prompts = $("prompts"), i, j;
    clear(box);
    clear(prompts);
    if (!p.game) { box.appendChild(el("section", p.notice || "No game is in play.", "panel")); }
    (p.sections || []).forEach(function (s) {
      var panel = el("section", undefined, "panel section"), list = el("ul");
      panel.appendChild(el("h2", s.title));
      for (j = 0; j < s.lines.length; j++) { list.appendChild(el("li", s.lines[j])); }
      panel.appendChild(list);
      box.appendChild(panel);
    });
    var asked = p.prompts || [];
    show($("promptpanel"), asked.length > 0);
    for (i = 0; i < asked.length; i++) {
      var q = el("div", undefined, "prompt");
      q.appendChild(el("p", asked[i].question));
      asked[i].choices.forEach(function (c) {
        var b = el("button", c.label, "choice");
        b.type = "button";
        b.addEventListener("click", function () { answer(c.action); });
        q.appendChild(b);
      });
      prompts.appendChild(q);
    }
  }
  function refresh() {
    return fetch("api/seat", {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })
      .then(function (a) {
        if (a[0] === 200) { paired(true); draw(a[1]); return true; }
        paired(false); last = "";  // let go (another phone paired for this seat, or forgotten)
        say("Not paired for a seat: " + (a[1].error || ""));
        return false;
      }, function () { say("No answer from the board: retrying\u2026"); return true; });
  }
  function poll() {
    if (polling) { return; }
    polling = true;
    refresh().then(function (go) {
      polling = false;
      if (go) { setTimeout(poll, POLL_MS); }
    });
  }
  function pair(code) {
    say("Pairing\u2026");
    post("api/pair", {code: code}).then(function (a) {
      if (a[0] === 200 && a[1].seat) {
        $("code").value = ""; say("Paired: this phone is seat " + a[1].seat + "'s own."); poll();
      } else if (a[0] === 200) {
        say("That code pairs the board's admin phone, not a seat: open the admin page instead.");
      } else { say("Not paired (" + a[0] + "): " + (a[1].error || "")); }
    }).catch(function (e) { say("No answer from the board: " + e); });
  }
  function takeCode() {
    var m = /(?:^#|&)pair=([A-Za-z]+)/.exec(location.hash);
    if (m) {
      history.replaceState(null, "", location.pathname);  // out of the address bar and the history
      pair(m[1]);
    }
  }
  fetch("api/phone", {cache: "no-store", credentials: "same-origin"}).then(function (r) { return r.json(); }).then(function (p) {
    if (!p.pairing) { say("Pairing is off on this board: it has no admin token (sudo clacks-hw install-service makes one)."); }
    else { say(p.seat ? "Ready." : "Not paired for a seat yet."); }
    paired(!!p.seat);
    if (p.seat) { poll(); }
    takeCode();
  });
  window.addEventListener("hashchange", takeCode);
  $("pairform").addEventListener("submit", function (ev) { ev.preventDefault(); pair($("code").value); });
  $("unpair").addEventListener("click", function () {
    post("api/unpair", {}).then(function () { paired(false); last = ""; say("This phone is no longer paired."); });
  });
})();
