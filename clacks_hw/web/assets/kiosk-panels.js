// The kiosk page's panels: the board (with the card on the reader), the preview, the players,
// the team's race and the last moves. Drawn from one public state at a time.
(function () {
  "use strict";
  var K = window.Kiosk;
  var $ = K["$"];
  var el = K.el;
  var clear = K.clear;
  var show = K.show;
  var seatName = K.seatName;
  var seatColour = K.seatColour;
  var seatDot = K.seatDot;
  var label = K.label;
  var coop = K.coop;
  var jacquard = K.jacquard;
  var cardChip = K.cardChip;
  var cardList = K.cardList;
  var letters = K.letters;
  var track = K.track;
  var RED = K.RED, GREEN = K.GREEN;
  function drawBoard(d, p) {
    var lamps = $("lamps"), i, pv = d.preview; clear(lamps);
    var dice = !!(p && p.game.dice);  // a dice game draws its numbers and dice in its own panel
    show($("board"), !dice);
    if (dice) { return; }
    var lit = (p && p.lamps) || "";  // the 16 lamps as the board lights them, whatever the game
    for (i = 0; i < 16; i++) {
      var cls = "lamp" + (lit.charAt(i) === "1" ? " on" : "");
      if (pv && pv.lamps.charAt(i) === "1") { cls += " pv"; }
      lamps.appendChild(el("div", cls));
    }
    function grid(id, names) {
      var g = $(id); clear(g);
      for (var k = 0; k < names.length; k++) {
        var t = p && p.towers ? p.towers[names[k]] : null, cell = el("div", "tower");
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
    show($("grids"), !p || !!p.towers);  // a game without pawns on its towers draws none
    grid("red", RED); grid("green", GREEN);
    var key = "";
    if (p && p.dwarf) { key = "D = the Deep Dwarf"; }
    if (p && coop(p)) { key = "Lit buttons: the route to Genua, R1 to G6"; }
    if (p && p.game.routes && !p.game.team) { key = "Lit buttons: each player's way to Genua on their colour, two towers a button (dim: one)"; }
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
    var hint = K.sendsHint(pv);
    if (hint) { box.appendChild(hint); }
    if (pv.jacquard) {
      var cost = el("div", "cost " + (pv.affordable ? "yes" : "no"),
                    "Costs " + pv.jacquard.cost + (pv.budget_left !== null ? " of " + pv.budget_left + " stress points left" : "") +
                    (pv.affordable ? ": PLAY lays it" : ": too dear this turn"));
      box.appendChild(cost);
    }
  }
  function hands(p, s, pl, box) {
    if (pl.hand === undefined && pl.hand_count === undefined) { return; }  // the game's ledger says it
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
    show($("playerspanel"), !!p && !p.game.dice);
    if (!p || p.game.dice) { return; }
    var seats = Object.keys(p.players || {}), glance = p.summary || {}, won = glance.winners || [];
    $("playershead").textContent = seats.some(function (s) { return p.players[s].letters; }) ? "Players and words" : "Players";
    var table = $("tablelines"); clear(table);  // what lies on the table besides, in the game's words
    (p.table || []).forEach(function (line) { table.appendChild(el("div", "small", line)); });
    show(table, !!(p.table && p.table.length));
    seats.forEach(function (s) {
      var pl = p.players[s], colour = seatColour(d, s), row = el("div", "player");
      var who = el("div", "who"); who.appendChild(seatDot(d, s));
      who.appendChild(document.createTextNode(seatName(d, s)));
      if (glance.seat === s) {  // whom the game waits for, and for what ("to act", "to roll")
        row.className += " current"; row.style.borderLeftColor = colour;
        var tag = el("span", "tag", glance.doing); tag.style.background = colour; who.appendChild(tag);
      }
      if (won.indexOf(s) >= 0) {
        row.className += " winner"; row.style.borderLeftColor = colour;
        var wt = el("span", "tag", "winner"); wt.style.background = colour; who.appendChild(wt);
      }
      row.appendChild(who);
      if (pl.letters) {
        row.appendChild(el("div", "small", pl.word + ": " + pl.sent + " of " + pl.signals + " sent"));
        row.appendChild(letters(pl.letters, colour, !p.winner));
        if (p.game.routes && !p.game.team) {
          row.appendChild(el("div", "small", pl.route + " route: tower " + pl.tower + " of " + p.route_towers));
          row.appendChild(track(pl.tower, p.route_towers, colour));
        } else {
          row.appendChild(el("div", "small", "Pawn: " + (pl.tower || "on the start button") +
                                           (pl.sabotaged ? " \u00b7 sabotaged once" : "")));
        }
      }
      hands(p, s, pl, row);
      ((p.ledger || {})[s] || []).forEach(function (line) { row.appendChild(el("div", "small", line)); });
      if (p.turn === s && p.played && p.played.length) { row.appendChild(cardList(p, "Played this turn:", p.played)); }
      box.appendChild(row);
    });
    // The decisive moments in the board's words: the sabotage window, a sabotage, a Fault Report card
    var moments = p.outcome ? [] : (p.moments || []);
    clear(sab);
    moments.forEach(function (m) { sab.appendChild(el("div", "moment " + m.code, m.text)); });
    show(sab, moments.length > 0);
  }
  function drawTeam(d, p) {
    var panel = $("teampanel"), box = $("team"); clear(box);
    if (!p || !coop(p)) { show(panel, false); return; }
    show(panel, true);
    $("teamhead").textContent = p.game.label || p.mode;
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
      if (a.dice) { text += " " + a.dice.join(" + "); }
      if (a.numbers) { text += " " + a.numbers.join(" "); }
      if (a.tower) { text += " on " + a.tower; }
      if (a.source) { text += " from " + label(p, a.source); }
      list.appendChild(el("li", "", text));
    }
  }
  K.drawBoard = drawBoard; K.drawPreview = drawPreview; K.drawPlayers = drawPlayers;
  K.drawTeam = drawTeam; K.drawRecent = drawRecent;
})();
