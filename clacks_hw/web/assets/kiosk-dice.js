// The kiosk page for a dice game (the game's traits say "dice": KLACKERS): the nine numbers up
// or down, the dice, whose turn, each seat's score and chips, the round's worth and its end.
// Everything comes from the engine's public position; nothing here decides a rule.
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
  // Where a die's pips sit on its 3x3 face (cells 0-8, row by row).
  var PIPS = {1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8]};
  function isDice(p) { return !!(p && p.game && p.game.dice); }
  function die(face, cls) {
    var d = el("span", "die" + (cls ? " " + cls : "")), pips = PIPS[face] || [];
    d.dataset.face = String(face); d.title = String(face);
    for (var i = 0; i < 9; i++) { d.appendChild(el("span", pips.indexOf(i) >= 0 ? "pip" : "")); }
    return d;
  }
  function pushes(p) {
    // The pushed rounds since the last won one: each adds one to the worth of the next.
    var n = 0;
    for (var i = p.results.length - 1; i >= 0 && !p.results[i].winner; i--) { n++; }
    return n;
  }
  function drawNumbers(p) {
    var box = $("klnumbers"); clear(box);
    for (var n = 1; n <= 9; n++) {
      var up = p.numbers.indexOf(n) >= 0, c = el("span", "num " + (up ? "up" : "down"), n);
      c.dataset.n = String(n); c.title = n + (up ? " is up" : " is down");
      box.appendChild(c);
    }
  }
  function drawDice(d, p) {
    var box = $("kldice"), note = $("kldicenote"), i; clear(box);
    if (p.phase === "opening") {
      for (i = 0; i < (p.seats || []).length; i++) {
        var s = p.seats[i];
        if (p.opening[s] === undefined) { continue; }
        var row = el("div", "opening"); row.appendChild(seatDot(d, s));
        row.appendChild(die(p.opening[s])); box.appendChild(row);
      }
      note.textContent = "Who begins: each player rolls one die, the highest begins" +
                         (p.turn ? "; " + seatName(d, p.turn) + " rolls" : "");
      return;
    }
    var now = p.dice.length > 0, dice = now ? p.dice : p.last_roll;
    for (i = 0; i < dice.length; i++) { box.appendChild(die(dice[i], now ? "now" : "last")); }
    var sum = 0; for (i = 0; i < dice.length; i++) { sum += dice[i]; }
    var text = now ? "Rolled " + sum + ": pull numbers that add up to " + sum
                   : (dice.length ? "Last roll: " + sum + (p.turn ? " \u00b7 " + seatName(d, p.turn) + " to roll" : "")
                                  : (p.turn ? seatName(d, p.turn) + " to roll" : ""));
    if (p.one_die) { text += " \u00b7 one die: the numbers left total six or less, this roll is the last"; }
    else if (dice.length === 1) { text += " \u00b7 one die"; }
    note.textContent = text;
  }
  function drawScores(d, p) {
    var box = $("klscores"); clear(box);
    for (var i = 0; i < p.seats.length; i++) {
      var s = p.seats[i], row = el("div", "player klseat"), who = el("div", "who"), colour = seatColour(d, s);
      row.dataset.seat = s;
      who.appendChild(seatDot(d, s)); who.appendChild(document.createTextNode(seatName(d, s)));
      if (p.turn === s) {
        row.className += " current"; row.style.borderLeftColor = colour;
        var tag = el("span", "tag", "to act"); tag.style.background = colour; who.appendChild(tag);
      }
      if (p.winners.indexOf(s) >= 0) {
        row.className += " winner"; row.style.borderLeftColor = colour;
        var wt = el("span", "tag", "winner"); wt.style.background = colour; who.appendChild(wt);
      }
      row.appendChild(who);
      var chips = p.chips[s], score = p.scores[s];
      row.appendChild(el("div", "chips", "Chips: " + (chips > 0 ? "+" : "") + chips));
      var played = score === undefined ? (p.turn === s && p.phase === "turn" ? "playing: " + p.left + " up" : "not played yet")
                                       : "scored " + score + (p.klacks.indexOf(s) >= 0 ? " \u00b7 KLACK!" : "");
      var sc = el("div", "small score", "This round: " + played);
      if (score !== undefined) { sc.dataset.score = String(score); }
      row.appendChild(sc); box.appendChild(row);
    }
  }
  function drawDicePanel(d, p) {
    var on = isDice(p);
    show($("dicepanel"), on);
    if (!on) { return; }
    $("dicehead").textContent = p.game.label;
    var n = pushes(p), r = "Round " + p.round + " \u00b7 worth " + p.worth + " chip" + (p.worth === 1 ? "" : "s") +
                            " from each other player";
    if (n) { r += " (" + n + " push" + (n === 1 ? "" : "es") + " before it)"; }
    $("klround").textContent = r + " \u00b7 " + p.rounds_won + " of " + p.rounds + " rounds won";
    drawNumbers(p); drawDice(d, p); drawScores(d, p);
    var last = p.results.length ? p.results[p.results.length - 1] : null;
    $("klresult").textContent = last ? "Last round: " + last.text : "";
  }
  function diceBanner(d, p, turn, sub) {
    // The banner line of a dice game: whose turn, or the game's winners at the end.
    if (p.winners.length) {
      for (var i = 0; i < p.winners.length; i++) { turn.appendChild(seatDot(d, p.winners[i])); }
      turn.appendChild(document.createTextNode("Game over"));
      var names = [];
      for (i = 0; i < p.winners.length; i++) { var c = p.chips[p.winners[i]];
        names.push(seatName(d, p.winners[i]) + " with " + c + " chip" + (Math.abs(c) === 1 ? "" : "s"));
      }
      $("overtext").textContent = "Game over: " + names.join(" and ") + (names.length > 1 ? " share the win" : " wins");
      show($("over"), true);
      return;
    }
    if (p.turn) {
      turn.appendChild(seatDot(d, p.turn));
      turn.appendChild(document.createTextNode(seatName(d, p.turn) + (p.dice.length ? " to pull numbers" : " to roll")));
    }
    sub.textContent = "Round " + p.round + ", worth " + p.worth;
  }
  K.isDice = isDice; K.drawDicePanel = drawDicePanel; K.diceBanner = diceBanner;
})();
