// The hall page: every board the broker knows, live (Server-Sent Events), and the leaderboard.
// Texts go through textContent only: board names and words come from the boards.
(function () {
  "use strict";
  var K = window.Kiosk;  // the kiosk page's building blocks (kiosk-parts.js)
  var $ = K["$"];
  var el = K.el;
  var clear = K.clear;
  var show = K.show;
  function lamps(bits) {
    var g = el("div", "lamps mini");
    for (var i = 0; i < 16; i++) { g.appendChild(el("div", "lamp" + (bits && bits.charAt(i) === "1" ? " on" : ""))); }
    return g;
  }
  function summary(s) {
    // In the game's own words (its summary): whose turn and what they do, or who won and how
    var p = s && s.position;
    if (!s) { return "no state yet"; }
    if (!p) { return s.screen_label; }
    var g = p.summary || {}, mode = (p.game && p.game.label) || p.mode;
    if (s.screen === "attract") { return "How to play (demo game)"; }
    if (g.winners && g.winners.length) { return mode + " \u00b7 game over: " + g.winners.join(" and ") + " won " + (g.result || ""); }
    if (g.result) { return mode + " \u00b7 game over: " + g.result; }
    return mode + (g.seat ? " \u00b7 " + g.seat + " " + g.doing + ", " + g.progress : "");
  }
  function drawBoard(b) {
    // link: online, silent (no heartbeat for 4 s), offline (its last will or goodbye), unknown
    var card = el("div", "hallboard player" + (b.online ? "" : " offline") + " link-" + b.link);
    var head = el("div", "who", b.id);
    var tag = el("span", "badge " + (b.online ? "ok" : "failing"), b.link);
    head.appendChild(tag); card.appendChild(head);
    card.appendChild(lamps(b.state && b.state.position ? b.state.position.board : null));
    card.appendChild(el("div", "small", summary(b.state)));
    return card;
  }
  function draw(d) {
    var boards = $("boards"); clear(boards);
    var online = 0;
    for (var i = 0; i < d.boards.length; i++) { boards.appendChild(drawBoard(d.boards[i])); if (d.boards[i].online) { online++; } }
    $("count").textContent = "\u00b7 " + online + " of " + d.boards.length + " boards online";
    var br = $("broker"); br.textContent = "Broker: " + d.broker.text; br.className = "badge " + (d.broker.ok ? "ok" : "failing");
    var f = $("fastest"); clear(f);
    for (i = 0; i < d.leaderboard.fastest.length; i++) {
      var r = d.leaderboard.fastest[i];
      f.appendChild(el("li", "", r.mode + ": " + r.seconds + " s on " + r.board + " (" + r.winner +
                                 (r.word ? ", " + r.word : "") + ", " + r.turns + " turns)"));
    }
    var w = $("wins"); clear(w);
    for (i = 0; i < d.leaderboard.wins.length; i++) {
      var x = d.leaderboard.wins[i];
      w.appendChild(el("li", "", x.board + ": " + x.wins + " won of " + x.games));
    }
    document.body.dataset.boards = String(d.boards.length);
  }
  function connect() {
    var source = new EventSource("events");
    source.onmessage = function (ev) { show($("conn"), false); try { draw(JSON.parse(ev.data)); } catch (e) { /* next one */ } };
    source.onerror = function () {
      show($("conn"), true);
      if (source.readyState === EventSource.CLOSED) { source.close(); setTimeout(connect, 1000); }
    };
  }
  connect();
})();
