// The arbiter's page on the hall: pair once (the code `clacks-hw hall pair` prints, in the
// address's fragment or typed), then void, count again or correct a name in any result, with a
// reason that goes in the audit log. Texts from boards go in through textContent only; the
// session is kept by phone.js for this origin alone and sent in a header, every request same-origin.
(function () {
  "use strict";
  var post = window.Phone.post;
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) { e.className = cls; } if (text !== undefined) { e.textContent = String(text); } return e; }
  function show(node, yes) { node.classList.toggle("hidden", !yes); }
  function say(text) { $("answer").textContent = text; }
  // What the arbiter has typed into a result's row, by board and game: the list is drawn again
  // after every correction and on every refresh, and a half-typed name must survive that.
  var drafts = {};
  function draftOf(g) { return drafts[g.board + "/" + g.game] || (drafts[g.board + "/" + g.game] = {seat: "", name: ""}); }
  function paired(yes) {
    show($("pairpanel"), !yes);
    var panels = document.querySelectorAll(".paired");
    for (var i = 0; i < panels.length; i++) { show(panels[i], yes); }
    if (yes) { load(); }
  }
  function pair(code) {
    say("Pairing\u2026");
    post("api/pair", {code: code}).then(function (a) {
      if (a[0] === 200) { $("code").value = ""; say("Paired: this phone is the hall's arbiter."); paired(true); }
      else { say("Not paired (" + a[0] + "): " + (a[1].error || "")); }
    }).catch(function (e) { say("No answer from the hall: " + e); });
  }
  function correct(g, kind, seat, name) {
    say("\u2026");
    post("api/arbiter/correct", {board: g.board, game: g.game, kind: kind, seat: seat || "", name: name || "",
                                 reason: $("reason").value}).then(function (a) {
      if (a[0] === 403 && /not paired/.test(a[1].error || "")) { paired(false); }
      say(a[0] === 200 ? "Done: " + a[1].entry.text : "Refused (" + a[0] + "): " + (a[1].error || ""));
      if (a[0] === 200) { if (kind === "name") { delete drafts[g.board + "/" + g.game]; } load(); }
    }).catch(function (e) { say("No answer from the hall: " + e); });
  }
  function who(g) {
    var out = [];
    for (var i = 0; i < g.seats.length; i++) { var s = g.seats[i]; out.push((g.players[s] || "unnamed") + " (" + s + ")"); }
    return out.join(", ");
  }
  function when(t) {  // an export's ISO 8601 time, as this phone's clock shows it
    var d = t ? new Date(t) : null;
    return d && !isNaN(d.getTime()) ? d.toLocaleString([], {weekday: "short", hour: "2-digit", minute: "2-digit"}) : "";
  }
  function item(g) {
    var li = el("li", g.voided ? "voided" : "");
    li.appendChild(el("span", "when", when(g.received)));
    var won = g.winner ? "won by " + g.winner + (g.winner_names.length ? " (" + g.winner_names.join(", ") + ")" : "") : "no winner";
    li.appendChild(el("div", "what", g.board + " \u00b7 " + g.game + " \u00b7 " + g.mode + " \u00b7 " + who(g) + " \u00b7 " + won +
                                     (g.voided ? " \u00b7 VOIDED" : "")));
    var acts = el("div", "acts");
    var toggle = el("button", "", g.voided ? "Count it again" : "Void it");
    toggle.type = "button";
    toggle.addEventListener("click", function () { correct(g, g.voided ? "count" : "void"); });
    acts.appendChild(toggle);
    if (g.seats.length) {
      var seat = el("select"), name = el("input"), fix = el("button", "", "Correct the name"), draft = draftOf(g);
      for (var i = 0; i < g.seats.length; i++) { var o = el("option", "", g.seats[i]); o.value = g.seats[i]; seat.appendChild(o); }
      name.maxLength = 16; name.size = 10; name.placeholder = "name (empty: none)"; fix.type = "button";
      if (draft.seat) { seat.value = draft.seat; }
      name.value = draft.name;
      seat.addEventListener("change", function () { draft.seat = seat.value; });
      name.addEventListener("input", function () { draft.name = name.value; });
      fix.addEventListener("click", function () { correct(g, "name", seat.value, name.value); });
      acts.appendChild(seat); acts.appendChild(name); acts.appendChild(fix);
    }
    li.appendChild(acts);
    return li;
  }
  function knock(k) {
    var li = el("li");
    li.appendChild(el("div", "what", k.board + " " + k.reason + " \u00b7 " + k.count + (k.count === 1 ? " message" : " messages") +
                                     ", the last at " + new Date(k.last * 1000).toLocaleTimeString()));
    if (!k.key) { li.appendChild(el("div", "small", "It has not said which key it signs with: it cannot be counted yet.")); return li; }
    li.appendChild(el("div", "", "Key fingerprint " + k.fingerprint));
    if (k.counted) {  // its key changed (a new SD card?): only the hall's machine may change it
      li.appendChild(el("div", "small", "The hall counts " + k.board + " already, with another key. If this is its new key, " +
                                        "give it on the hall's machine:"));
      li.appendChild(el("code", "", k.command));
      return li;
    }
    li.appendChild(el("code", "", k.command));
    var count = el("button", "", "Count " + k.board);
    count.type = "button";
    count.addEventListener("click", function () {
      say("\u2026");
      post("api/arbiter/trust", {board: k.board, key: k.key}).then(function (a) {
        say(a[0] === 200 ? "Done: " + a[1].text : "Refused (" + a[0] + "): " + (a[1].error || ""));
        loadHall();
      }).catch(function (e) { say("No answer from the hall: " + e); });
    });
    var acts = el("div", "acts");
    acts.appendChild(count);
    li.appendChild(acts);
    return li;
  }
  function loadHall() {
    post("api/arbiter/hall", {}).then(function (a) {
      if (a[0] !== 200) { return; }
      var list = $("knocking"), d = a[1];
      while (list.firstChild) { list.removeChild(list.firstChild); }
      for (var i = 0; i < d.knocking.length; i++) { list.appendChild(knock(d.knocking[i])); }
      if (!d.knocking.length) { list.appendChild(el("li", "small", "None: every board sending is counted.")); }
      $("repairs").textContent = (d.repairs.length ? "The database, when the hall started: " + d.repairs.join("; ") + ". " : "") +
        d.dropped + " of " + d.messages + " messages dropped since the hall started.";
    });
  }
  // The results as last fetched, newest first; the filter shows those whose board, game, seats or
  // players hold what is typed (any case).
  var results = [];
  function matches(g, q) {
    if (!q) { return true; }
    var text = [g.board, g.game, g.mode, who(g), (g.winner_names || []).join(" ")].join(" ").toLowerCase();
    return text.indexOf(q) >= 0;
  }
  function drawGames() {
    var list = $("games"), q = $("filter").value.trim().toLowerCase(), n = 0;
    while (list.firstChild) { list.removeChild(list.firstChild); }
    for (var i = 0; i < results.length; i++) { if (matches(results[i], q)) { list.appendChild(item(results[i])); n++; } }
    if (!results.length) { list.appendChild(el("li", "small", "No result yet.")); }
    else if (!n) { list.appendChild(el("li", "small", "No result holds \u201c" + $("filter").value.trim() + "\u201d.")); }
  }
  function load() {
    loadHall();
    fetch("results.json", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (d) {
      results = d.results.slice().reverse();
      drawGames();
    });
  }
  function takeCode() {
    var code = window.Phone.code();
    if (code) { pair(code); }
  }
  window.Phone.get("api/phone").then(function (a) {
    var p = a[1];
    paired(p.paired && p.role === "arbiter");
    if (!p.pairing) { say("The hall pairs no arbiter: it has no key (clacks-hw hall setup writes one)."); }
    else { say(p.paired ? "Ready." : "Not paired yet."); }
    takeCode();
  });
  window.addEventListener("hashchange", takeCode);
  $("filter").addEventListener("input", drawGames);
  setInterval(function () { if (!$("pairpanel").classList.contains("hidden")) { return; } loadHall(); }, 5000);
  $("pairform").addEventListener("submit", function (ev) { ev.preventDefault(); pair($("code").value); });
  $("unpair").addEventListener("click", function () {
    window.Phone.unpair().then(function () { paired(false); say("This phone is no longer the hall's arbiter."); });
  });
})();
