// The kiosk page: draws each state the board pushes (Server-Sent Events on /events) and
// reconnects by itself; the panels are drawn by kiosk-panels.js (a dice game's by kiosk-dice.js).
(function () {
  "use strict";
  var K = window.Kiosk;
  var $ = K["$"];
  var el = K.el;
  var clear = K.clear;
  var show = K.show;
  var seatName = K.seatName;
  var seatDot = K.seatDot;
  var token = K.token;
  var modeText = K.modeText;
  var HOW = ["Each tower shows a signal on its six lamps: the letters of the Clacks alphabet below.",
             "On your turn, tap a jacquard card on the reader: the board blinks where its holes flip lamps.",
             "NEXT and TURN move and turn it, PLAY lays it (it costs stress points), BACK takes it back.",
             "When your tower's lamps spell your next letter, it is sent. Send your whole word first to win.",
             "Press PLAY on the board to set up a game."];
  var last = null, receivedAt = 0, source = null, lost = 0, howStep = 0;
  function badge(id, what, value) {
    var b = $(id), text = {ok: "ok", offline: "offline", failing: "failing", none: "none"}[value] || "\u2026";
    b.className = "badge " + (value || ""); b.textContent = what + ": " + text;
  }
  function drawHow(d) {
    var on = d.screen === "attract" && d.alphabet;
    show($("howpanel"), !!on);
    if (!on) { return; }
    $("how").textContent = HOW[howStep % HOW.length];
    var box = $("alphabet");
    if (box.childNodes.length !== d.alphabet.length) {
      clear(box);
      for (var i = 0; i < d.alphabet.length; i++) {
        var sig = el("div", "sig"), six = el("div", "six"), bits = d.alphabet[i][1];
        for (var b = 0; b < 6; b++) { six.appendChild(el("span", (bits >> b) & 1 ? "on" : "")); }
        sig.appendChild(six); sig.appendChild(el("span", "", token(d.alphabet[i][0]))); box.appendChild(sig);
      }
    }
    for (var k = 0; k < box.childNodes.length; k++) { box.childNodes[k].classList.toggle("now", k === howStep % box.childNodes.length); }
  }
  function setupText(s) {
    var m = /^\[(\w+)\]\s*setup:\s*(.*)$/.exec(s || "");
    return m ? "Choosing " + m[1] + ": " + m[2] : (s || "");
  }
  function drawBanner(d, p) {
    var turn = $("turn"), budget = $("budget"); clear(turn); budget.textContent = "";
    show($("over"), !!(p && p.outcome));
    if (d.screen === "starting") { turn.textContent = "Waiting for the board\u2026"; return; }
    if (d.screen === "setup") { turn.textContent = "Setting up a game"; budget.textContent = setupText(d.setup); return; }
    if (d.screen === "fault") { turn.textContent = d.screen_label; budget.textContent = d.notice || ""; return; }
    if (!p) { turn.textContent = d.screen_label; return; }
    if (p.outcome) {  // who won and why, in the board's words (views/moments.py)
      if (p.outcome.seat && (p.players || {})[p.outcome.seat]) { turn.appendChild(seatDot(d, p.outcome.seat)); }
      turn.appendChild(document.createTextNode("Game over"));
      $("overtext").textContent = p.outcome.text;
      return;
    }
    if (d.screen === "confirm") { turn.textContent = "Abandon this game? PLAY abandons it, BACK keeps playing."; return; }
    if (K.isDice(p)) { K.diceBanner(d, p, turn, budget); return; }
    var glance = p.summary || {}, seat = glance.seat;  // the game's own glance: whom it waits for, how far
    if (seat) {
      turn.appendChild(seatDot(d, seat));
      var colour = d.seats[seat] ? " \u00b7 " + d.seats[seat].towers + " towers" : "";
      turn.appendChild(document.createTextNode(seatName(d, seat) + " " + glance.doing + (p.game.pawns ? colour : "")));
      if (p.budget_left !== null && p.budget_left !== undefined) {
        budget.textContent = p.budget_left + " of " + p.budget + " stress points left";
      } else { budget.textContent = glance.progress.charAt(0).toUpperCase() + glance.progress.slice(1); }
    }
    if (d.screen === "attract") { budget.textContent = "Demo game \u00b7 press PLAY on the board to set up a game"; }
  }
  function tickTimer() {
    var t = $("timer");
    if (!last || !last.express) { t.className = "hidden"; return; }
    var left = Math.max(0, last.express.seconds_left - (Date.now() - receivedAt) / 1000);
    clear(t); t.appendChild(el("span", "what", "Express"));
    t.appendChild(document.createTextNode(Math.ceil(left) + " s left"));
    t.className = left <= 10 ? "low" : "";
  }
  function draw(d) {
    var p = d.position;
    document.body.dataset.screen = d.screen;
    // Pairing a phone rides over the screen, which goes on: both are said (never the code).
    $("screen").textContent = "\u00b7 " + d.screen_label + (d.pairing ? " \u00b7 " + d.pairing.label : "");
    $("mode").textContent = p ? modeText(p) : "";
    if (d.health) { badge("reader", "Reader", d.health.reader); badge("leds", "LEDs", d.health.leds); }
    var st = $("storage"), bad = d.storage && d.storage.state !== "ok";
    show(st, !!bad);
    if (bad) { st.className = "badge failing"; st.textContent = "Storage " + d.storage.state; st.title = d.storage.text; }
    drawBanner(d, p); K.drawBoard(d, p); K.drawPreview(d, p); K.drawPlayers(d, p); K.drawTeam(d, p);
    K.drawDicePanel(d, p);
    K.drawRecent(d, p); drawHow(d); tickTimer();
    $("notice").textContent = d.notice || ""; show($("notice"), !!d.notice);
    // The key a hall's arbiter compares before counting this board (docs/shows.md, the knock check).
    var hk = $("hallkey");
    hk.textContent = d.hall ? "Hall: board " + d.hall.board + ", key " + d.hall.fingerprint : "";
    show(hk, !!d.hall);
  }
  function connect() {
    source = new EventSource("events");
    source.onmessage = function (ev) {
      try { last = JSON.parse(ev.data); } catch (e) { return; }
      receivedAt = Date.now(); lost = 0; show($("conn"), false);
      draw(last);
      document.body.dataset.seq = String(last.seq);
    };
    source.onerror = function () {
      lost++;
      show($("conn"), lost >= 2);
      if (source.readyState === EventSource.CLOSED) {  // refused outright: retry by hand
        source.close(); setTimeout(connect, 1000);
      }
    };
  }
  function start() {
    fetch("api/options", {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(function (o) { $("qrtext").textContent = o.url; }).catch(function () {});
    K.drawBoard({seats: {}}, null);
    setInterval(tickTimer, 250);
    setInterval(function () { howStep++; if (last) { drawHow(last); } }, 4000);
    connect();
  }
  start();
})();
