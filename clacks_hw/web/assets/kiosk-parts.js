// The kiosk page's building blocks: constants and small helpers that make elements. Every text
// goes through textContent, never HTML: card and word texts come from an owner's edition, names
// from the players. What a game and its variants are called comes from the game itself.
(function () {
  "use strict";
  var RED = ["R1","R2","R3","R4","R5","R6"], GREEN = ["G1","G2","G3","G4","G5","G6"];
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function clear(e) { while (e.firstChild) { e.removeChild(e.firstChild); } }
  function show(e, on) { e.classList.toggle("hidden", !on); }
  function seatName(d, s) {
    // "ANN (S)" when the table named the player, else "S (South)"
    var names = d.position && d.position.names, x = d.seats[s];
    if (names && typeof names[s] === "string" && names[s]) { return names[s] + " (" + s + ")"; }
    return x ? s + " (" + x.name + ")" : s;
  }
  function seatColour(d, s) { return d.seats[s] ? d.seats[s].colour : "#888"; }
  function seatDot(d, s) { var dot = el("span", "dot"); dot.style.background = seatColour(d, s); return dot; }
  function token(t) { return t === "SPACE" ? "\u2423" : t; }
  function label(p, id) { return (p.labels && p.labels[id]) || id; }
  function coop(p) { return p.game.team; }
  function modeText(p) {
    var v = (p.variant_labels || []).slice();
    if (coop(p) && p.route) { v.push(p.route + " route"); }
    return (p.game.label || p.mode) + (v.length ? " \u00b7 " + v.join(", ") : "");
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
  // A hinted placement, in the board's own words (null: the board is not hinting).
  function sendsHint(pv) {
    if (!pv || !pv.hints || !pv.affordable || !pv.hint) { return null; }
    return el("div", "hint " + (pv.sends ? "sends" : "nosend"), "Hint: " + pv.hint);
  }
  window.Kiosk = {sendsHint: sendsHint, RED: RED, GREEN: GREEN, "$": $, el: el, clear: clear, show: show, seatName: seatName, seatColour: seatColour, seatDot: seatDot, token: token, label: label, coop: coop, modeText: modeText, jacquard: jacquard, cardChip: cardChip, cardList: cardList, letters: letters, track: track};
})();
