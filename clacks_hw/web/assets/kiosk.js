// The kiosk page: draws each state the board pushes (Server-Sent Events on /events) and
// reconnects by itself. Every text goes through textContent, never HTML: card and word texts
// come from an owner's edition.
(function () {
  "use strict";
  var RED = ["R1","R2","R3","R4","R5","R6"], GREEN = ["G1","G2","G3","G4","G5","G6"];
  var MODES = {competitive: "Competitive", race: "Race to Genua", solitaire: "Solitaire", junior: "Junior Race"};
  var VARIANTS = {express: "Express", long_message: "Long Message", quick: "Quick", night_shift: "Night Shift",
                  long_distance: "Long Distance"};
  var HOW = ["Each tower shows a signal on its six lamps: the letters of the Clacks alphabet below.",
             "On your turn, tap a jacquard card on the reader: the board blinks where its holes flip lamps.",
             "NEXT and TURN move and turn it, PLAY lays it (it costs stress points), BACK takes it back.",
             "When your tower's lamps spell your next letter, it is sent. Send your whole word first to win.",
             "Press PLAY on the board to set up a game."];
  var last = null, receivedAt = 0, source = null, lost = 0, howStep = 0;
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function clear(e) { while (e.firstChild) { e.removeChild(e.firstChild); } }
  function show(e, on) { e.classList.toggle("hidden", !on); }
  function seatName(d, s) { var x = d.seats[s]; return x ? s + " (" + x.name + ")" : s; }
  function seatColour(d, s) { return d.seats[s] ? d.seats[s].colour : "#888"; }
  function seatDot(d, s) { var dot = el("span", "dot"); dot.style.background = seatColour(d, s); return dot; }
  function token(t) { return t === "SPACE" ? "\u2423" : t; }
  function label(p, id) { return (p.labels && p.labels[id]) || id; }
  function coop(p) { return p.mode === "race" || p.mode === "solitaire"; }
  function modeText(p) {
    var v = [], i;
    for (i = 0; i < p.variants.length; i++) { v.push(VARIANTS[p.variants[i]] || p.variants[i]); }
    if (coop(p) && p.route) { v.push(p.route + " route"); }
    return (MODES[p.mode] || p.mode) + (v.length ? " \u00b7 " + v.join(", ") : "");
  }
  function jacquard(j, big) {
    // The card as punched: a grid of its extent, holes dark.
    var rows = 1, cols = 1, i, r, c, g = el("span", "jq" + (big ? " big" : ""));
    for (i = 0; i < j.holes.length; i++) { rows = Math.max(rows, j.holes[i][0] + 1); cols = Math.max(cols, j.holes[i][1] + 1); }
    g.style.gridTemplateColumns = "repeat(" + cols + ", auto)";
    var holes = {}; for (i = 0; i < j.holes.length; i++) { holes[j.holes[i][0] + "," + j.holes[i][1]] = true; }
    for (r = 0; r < rows; r++) { for (c = 0; c < cols; c++) { g.appendChild(el("span", holes[r + "," + c] ? "hole" : "")); } }
    g.title = j.shape + ", costs " + j.cost;
    return g;
  }
  function cardChip(p, id) {
    var chip = el("span", "card");
    if (p.jacquards && p.jacquards[id]) { chip.appendChild(jacquard(p.jacquards[id], false)); }
    chip.appendChild(document.createTextNode(label(p, id)));
    return chip;
  }
  function cardList(p, title, ids) {
    var box = el("div", "hand"); box.appendChild(el("span", "", title));
    if (!ids.length) { box.appendChild(el("span", "small", "nothing")); }
    for (var i = 0; i < ids.length; i++) { box.appendChild(cardChip(p, ids[i])); }
    return box;
  }
  function letters(list, colour, showNext) {
    var box = el("div", "letters"), word = el("span", "word"), i;
    for (i = 0; i < list.length; i++) {
      var sent = list[i][1], c = el("span", "letter" + (sent ? " sent" : ""), token(list[i][0]));
      if (list[i][0] === "SPACE") { c.title = "space"; }
      if (sent) { c.style.background = colour; }
      if (!sent && showNext && (i === 0 || list[i - 1][1])) { c.className += " next"; }
      word.appendChild(c);
      if (list[i][0] === "SPACE" && i < list.length - 1) { box.appendChild(word); word = el("span", "word"); }
    }
    if (word.firstChild) { box.appendChild(word); }
    return box;
  }
  function track(value, goal, colour) {
    var t = el("div", "track"), f = el("div", "fill");
    f.style.width = (goal > 0 ? Math.min(100, 100 * value / goal) : 0) + "%";
    f.style.background = colour; t.appendChild(f); return t;
  }
  function badge(id, what, value) {
    var b = $(id), text = {ok: "ok", offline: "offline", failing: "failing", none: "none"}[value] || "\u2026";
    b.className = "badge " + (value || ""); b.textContent = what + ": " + text;
  }
  function drawBoard(d, p) {
    var lamps = $("lamps"), i, pv = d.preview; clear(lamps);
    for (i = 0; i < 16; i++) {
      var cls = "lamp" + (p && p.board.charAt(i) === "1" ? " on" : "");
      if (pv && pv.lamps.charAt(i) === "1") { cls += " pv"; }
      lamps.appendChild(el("div", cls));
    }
    function grid(id, names) {
      var g = $(id); clear(g);
      for (var k = 0; k < names.length; k++) {
        var t = p ? p.towers[names[k]] : null, cell = el("div", "tower");
        if (t && t.route) {
          cell.className += " route" + (t.half ? " half" : "");
          if (t.seat) { cell.style.backgroundColor = seatColour(d, t.seat); }
        }
        if (pv && pv.tower === names[k]) { cell.className += " pv"; }
        cell.appendChild(el("span", "", names[k]));
        var pawns = el("div", "pawns");
        if (t) {
          for (var j = 0; j < t.pawns.length; j++) {
            var pw = el("span", "pawn", t.pawns[j]); pw.style.background = seatColour(d, t.pawns[j]);
            pawns.appendChild(pw);
          }
          if (t.dwarf) { var dw = el("span", "pawn", "D"); dw.style.background = "#9650ff"; pawns.appendChild(dw); }
        }
        cell.appendChild(pawns); g.appendChild(cell);
      }
    }
    grid("red", RED); grid("green", GREEN);
    var key = "";
    if (p && p.dwarf) { key = "D = the Deep Dwarf"; }
    if (p && coop(p)) { key = "Lit buttons: the route to Genua, R1 to G6"; }
    if (p && p.mode === "junior") { key = "Lit buttons: each player's way to Genua on their colour, two towers a button (dim: one)"; }
    if (pv) { key = (key ? key + " \u00b7 " : "") + "Dashed: where the card on the reader lands"; }
    $("towerkey").textContent = key;
  }
  function drawPreview(d, p) {
    var pv = d.preview, box = $("preview"); clear(box);
    show($("previewpanel"), !!pv);
    if (!pv) { return; }
    var line = el("div", "pvline");
    if (pv.jacquard) { line.appendChild(jacquard(pv.jacquard, true)); }
    line.appendChild(seatDot(d, pv.seat));
    line.appendChild(el("span", "", pv.label));
    box.appendChild(line);
    var where = pv.tower ? "on tower " + pv.tower : "on the blinking lamps";
    box.appendChild(el("div", "small", (pv.act === "fault" ? "Fault Report card, " : "Lands ") + where));
    if (pv.jacquard) {
      var cost = el("div", "cost " + (pv.affordable ? "yes" : "no"),
                    "Costs " + pv.jacquard.cost + (pv.budget_left !== null ? " of " + pv.budget_left + " stress points left" : "") +
                    (pv.affordable ? ": PLAY lays it" : ": too dear this turn"));
      box.appendChild(cost);
    }
  }
  function hands(p, s, pl, box) {
    if (pl.hand) {
      box.appendChild(cardList(p, "Hand:", pl.hand));
      if (pl.faults && pl.faults.length) { box.appendChild(cardList(p, "Fault cards:", pl.faults)); }
    } else {
      var why = p.hands === "physical" ? "in their hand" : "hidden (Long Distance)";
      box.appendChild(el("div", "small", pl.hand_count + " card" + (pl.hand_count === 1 ? "" : "s") + " " + why));
    }
  }
  function drawPlayers(d, p) {
    var box = $("players"); clear(box);
    var sab = $("sabotage"); show(sab, false);
    show($("playerspanel"), !!p);
    if (!p) { return; }
    $("playershead").textContent = coop(p) ? "Players" : "Players and words";
    for (var s in p.players) {
      if (!Object.prototype.hasOwnProperty.call(p.players, s)) { continue; }
      var pl = p.players[s], colour = seatColour(d, s), row = el("div", "player");
      var who = el("div", "who"); who.appendChild(seatDot(d, s));
      who.appendChild(document.createTextNode(seatName(d, s)));
      if (p.turn === s) {
        row.className += " current"; row.style.borderLeftColor = colour;
        var tag = el("span", "tag", "to act"); tag.style.background = colour; who.appendChild(tag);
      }
      if (p.winner === s) {
        row.className += " winner"; row.style.borderLeftColor = colour;
        var wt = el("span", "tag", "winner"); wt.style.background = colour; who.appendChild(wt);
      }
      row.appendChild(who);
      if (pl.letters) {
        row.appendChild(el("div", "small", pl.word + ": " + pl.sent + " of " + pl.signals + " sent"));
        row.appendChild(letters(pl.letters, colour, !p.winner));
        if (p.mode === "junior") {
          row.appendChild(el("div", "small", pl.route + " route: tower " + pl.tower + " of " + p.route_towers));
          row.appendChild(track(pl.tower, p.route_towers, colour));
        } else {
          row.appendChild(el("div", "small", "Pawn: " + (pl.tower || "on the start button") +
                                           (pl.sabotaged ? " \u00b7 sabotaged once" : "")));
        }
      }
      hands(p, s, pl, row);
      if (p.turn === s && p.played && p.played.length) { row.appendChild(cardList(p, "Played this turn:", p.played)); }
      box.appendChild(row);
    }
    if (p.sabotage && !p.winner) {
      sab.textContent = "Last Letter Sabotage: " + seatName(d, p.sabotage.sender) + "'s last letter, sent on " +
                        p.sabotage.tower + ", can be taken back by turning all 6 of its lamps off.";
      show(sab, true);
    }
  }
  function drawTeam(d, p) {
    var panel = $("teampanel"), box = $("team"); clear(box);
    if (!p || !coop(p)) { show(panel, false); return; }
    show(panel, true);
    $("teamhead").textContent = MODES[p.mode] || p.mode;
    box.appendChild(el("div", "small", "The team's message: " + p.signals_sent + " of " + p.message.length + " signals sent"));
    box.appendChild(letters(p.letters, "var(--route)", !p.winner));
    box.appendChild(track(p.signals_sent, p.message.length, "var(--route)"));
    box.appendChild(el("div", "small", "Post Office (" + p.route + " route): " + p.post_office + " of " +
                                       p.post_office_goal + " steps to Genua"));
    box.appendChild(track(p.post_office, p.post_office_goal, "var(--bad)"));
    var incident = [], log = 0, i;
    for (i = 0; i < (p.reports || []).length; i++) {
      var r = p.reports[i];
      if (r.deck === "incident") { incident.push(r.jacquard); } else { log++; }
    }
    if (incident.length) {
      var row = el("div", "hand"); row.appendChild(el("span", "", "Incident Report cards (" + incident.length + "):"));
      for (i = 0; i < incident.length; i++) { row.appendChild(incident[i] ? cardChip(p, incident[i]) : el("span", "small", "face down")); }
      box.appendChild(row);
    }
    if (log) { box.appendChild(el("div", "hand", "Operator's Log cards (" + log + "): jacquards face down")); }
    if (p.pending) {
      var cards = [];
      for (var k = 0; k < p.pending.cards.length; k++) { cards.push(p.pending.cards[k] ? label(p, p.pending.cards[k]) : "a Fault Report card"); }
      box.appendChild(el("div", "alert", "Revealed: " + cards.join(", ") + ", waiting for " + seatName(d, p.pending.seat)));
    }
  }
  function drawRecent(d, p) {
    var list = $("recent"); clear(list);
    var moves = d.recent || [];
    show($("recentpanel"), !!p && moves.length > 0);
    for (var i = moves.length - 1; i >= 0; i--) {
      var a = moves[i], text = seatName(d, a.seat) + ": " + a.act;
      if (a.card) { text += " " + label(p, a.card); }
      if (a.tower) { text += " on " + a.tower; }
      if (a.source) { text += " from " + label(p, a.source); }
      list.appendChild(el("li", "", text));
    }
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
  function winnerText(d, p) {
    var w = p.winner;
    if (w === "team") { return "the team wins, the message reached Genua first"; }
    if (w === "post_office") { return "the Post Office wins, it reached Genua first"; }
    var pl = p.players[w];
    return seatName(d, w) + " wins" + (pl && pl.word ? " with " + pl.word : "");
  }
  function setupText(s) {
    var m = /^\[(\w+)\]\s*setup:\s*(.*)$/.exec(s || "");
    return m ? "Choosing " + m[1] + ": " + m[2] : (s || "");
  }
  function drawBanner(d, p) {
    var turn = $("turn"), budget = $("budget"); clear(turn); budget.textContent = "";
    show($("over"), !!(p && p.winner));
    if (d.screen === "starting") { turn.textContent = "Waiting for the board\u2026"; return; }
    if (d.screen === "setup") { turn.textContent = "Setting up a game"; budget.textContent = setupText(d.setup); return; }
    if (!p) { turn.textContent = d.screen_label; return; }
    if (p.winner) {
      if (p.players[p.winner]) { turn.appendChild(seatDot(d, p.winner)); }
      turn.appendChild(document.createTextNode("Game over"));
      $("overtext").textContent = "Game over: " + winnerText(d, p);
      return;
    }
    if (d.screen === "confirm") { turn.textContent = "Abandon this game? PLAY abandons it, BACK keeps playing."; return; }
    if (p.turn) {
      turn.appendChild(seatDot(d, p.turn));
      var colour = d.seats[p.turn] ? " \u00b7 " + d.seats[p.turn].towers + " towers" : "";
      turn.appendChild(document.createTextNode(seatName(d, p.turn) + " to act" + (p.mode === "competitive" ? colour : "")));
      if (p.budget_left !== null && p.budget_left !== undefined) {
        budget.textContent = p.budget_left + " of " + p.budget + " stress points left";
      } else { budget.textContent = "Turn " + p.turn_number; }
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
  function drawQr(d) {
    var admin = $("adminqr"), setup = d.screen === "setup";
    $("qrhead").textContent = setup ? "Run the table from a phone" : "Follow on your phone";
    if (setup && !admin.dataset.asked) { admin.dataset.asked = "1"; admin.src = "admin-qr.svg?" + Date.now(); }
    if (!setup) { delete admin.dataset.asked; show(admin, false); }
  }
  function draw(d) {
    var p = d.position;
    document.body.dataset.screen = d.screen;
    $("screen").textContent = "\u00b7 " + d.screen_label;
    $("mode").textContent = p ? modeText(p) : "";
    if (d.health) { badge("reader", "Reader", d.health.reader); badge("leds", "LEDs", d.health.leds); }
    var st = $("storage"), bad = d.storage && d.storage.state !== "ok";
    show(st, !!bad);
    if (bad) { st.className = "badge failing"; st.textContent = "Storage " + d.storage.state; st.title = d.storage.text; }
    drawBanner(d, p); drawBoard(d, p); drawPreview(d, p); drawPlayers(d, p); drawTeam(d, p);
    drawRecent(d, p); drawHow(d); drawQr(d); tickTimer();
    $("notice").textContent = d.notice || ""; show($("notice"), !!d.notice);
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
    $("adminqr").addEventListener("load", function () { show($("adminqr"), true); });
    $("adminqr").addEventListener("error", function () { show($("adminqr"), false); });
    fetch("api/options", {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(function (o) { $("qrtext").textContent = o.url; }).catch(function () {});
    drawBoard({seats: {}}, null);
    setInterval(tickTimer, 250);
    setInterval(function () { howStep++; if (last) { drawHow(last); } }, 4000);
    connect();
  }
  start();
})();
