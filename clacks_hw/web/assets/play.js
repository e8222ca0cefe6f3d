// The play page: the emulated board drawn from the frame its LEDs show, the hands of the seats
// played from this computer, and every button and card as a click or a key. It decides
// nothing: each click presses an emulated button or taps a card on an emulated reader, and the
// board daemon answers with its next frame and state. Texts go through textContent only.
// The run's key comes in the address's fragment (never sent to a server); it is kept in this
// tab's sessionStorage, which only this origin (scheme, host and port) reads, and sent in a
// header with every request. Never a cookie: a browser sends those to every port of the host.
(function () {
  "use strict";
  var STORE = "clacks-play-key", HEADER = "X-Clacks-Key";
  var given = /(?:^#|&)key=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (given) {
    sessionStorage.setItem(STORE, given[1]);
    history.replaceState(null, "", location.pathname);  // out of the address bar and the history
  }
  var key = sessionStorage.getItem(STORE) || "";
  function withKey(headers) { headers[HEADER] = key; return headers; }
  var K = window.Kiosk, $ = K.$, el = K.el, clear = K.clear, show = K.show;
  var TOWERS = K.RED.concat(K.GREEN), SEATS = ["S", "W", "N", "E"];
  var KEYS = {"[": "PREV", ",": "PREV", "ArrowLeft": "PREV", "]": "NEXT", ".": "NEXT", "ArrowRight": "NEXT",
              "o": "TURN", "Tab": "TURN", " ": "PLAY", "Enter": "PLAY", "b": "BACK", "Backspace": "BACK"};
  "123456".split("").forEach(function (c, k) { KEYS[c] = "R" + (k + 1); });
  "qwerty".split("").forEach(function (c, k) { KEYS[c] = "G" + (k + 1); });
  var state = null, cardKeys = {}, reportKeys = {}, formMode = null, formFrom = null, formTouched = false;
  window.playFrames = 0;  // frames drawn so far (tests and the start-up bench read these)
  window.playFirstFrame = null;
  window.playPaused = false;  // a test freezes the drawing for a still screenshot

  function post(path, body) {
    return fetch(path, {method: "POST", headers: withKey({"Content-Type": "application/json"}), body: JSON.stringify(body || {}),
                        credentials: "omit"})
      .then(function (r) { return r.json().then(function (j) { return {ok: r.ok, body: j}; }); })
      .then(function (a) { if (!a.ok) { say(a.body.error || "refused", true); } return a; })
      .catch(function () { say("the board does not answer: is `clacks-hw play` still running?", true); });
  }
  function press(name) { return post("/api/press", {button: name}); }
  function say(text, bad) { var n = $("said"); clear(n); n.appendChild(el("div", bad ? "bad" : "", text)); }

  function bit(bits, i) { return typeof bits === "string" ? bits.charAt(i) === "1" : !!(bits >> i & 1); }
  function dark(c) { return !c || c === "#000000"; }

  // A tower hovered or pressed shows its six lamps; a lamp pressed (mouse, pen or a finger) lays
  // the shown card over it, and a drag lays it over each lamp passed (the board decides where).
  function towerLamps(name) {
    var lamps = $("lamps").children, mine = (state && state.tower_lamps && state.tower_lamps[name]) || [], i;
    for (i = 0; i < 16; i++) { lamps[i].classList.toggle("tw", mine.indexOf(i) >= 0); }
  }
  var dragged = null;
  function lampAt(e) {
    var t = document.elementFromPoint(e.clientX, e.clientY);
    return t && t.parentNode === $("lamps") ? [].indexOf.call($("lamps").children, t) : -1;
  }
  function laid(e) {
    var i = lampAt(e);
    if (i >= 0 && i !== dragged) { dragged = i; post("/api/lamp", {lamp: i}); }
  }

  function buildBoard() {
    var lamps = $("lamps"), i;
    for (i = 0; i < 16; i++) { lamps.appendChild(el("div", "lamp")); }
    lamps.addEventListener("pointerdown", function (e) { dragged = null; laid(e); e.preventDefault(); });
    lamps.addEventListener("pointermove", function (e) { if (dragged !== null && e.buttons) { laid(e); } });
    document.addEventListener("pointerup", function () { dragged = null; });
    TOWERS.forEach(function (name) {
      var b = el("button", "tower"); b.type = "button"; b.dataset.button = name;
      b.appendChild(el("span", "led")); b.appendChild(el("span", "name", name)); b.appendChild(el("span", "what"));
      b.addEventListener("pointerenter", function () { towerLamps(name); });
      b.addEventListener("pointerdown", function () { towerLamps(name); });
      b.addEventListener("pointerleave", function () { towerLamps(null); });
      $(name.charAt(0) === "R" ? "red" : "green").appendChild(b);
    });
    document.querySelectorAll("[data-button]").forEach(function (b) {
      b.addEventListener("click", function () { press(b.dataset.button); b.blur(); });
    });
  }

  function drawFrame(d) {
    var f = d.frame, lamps = $("lamps").children, pv = d.preview, i;
    if (!f) { return; }
    for (i = 0; i < 16; i++) {
      lamps[i].style.background = dark(f[i]) ? "" : f[i];
      lamps[i].classList.toggle("lit", !dark(f[i]));
      lamps[i].classList.toggle("pv", !!(pv && bit(pv.lamps, i)));
    }
    TOWERS.forEach(function (name, k) {
      var b = document.querySelector('.tower[data-button="' + name + '"]'), c = f[16 + k];
      b.querySelector(".led").style.background = dark(c) ? "" : c;
      b.classList.toggle("lit", !dark(c));
      b.classList.toggle("chosen", !!(pv && pv.tower === name));
    });
    SEATS.forEach(function (s, k) {
      var c = f[28 + k], ind = $("seat-" + s).querySelector(".ind");
      ind.style.background = dark(c) ? "" : c;
      $("seat-" + s).classList.toggle("lit", !dark(c));
    });
    window.playFrames += 1;
    if (window.playFirstFrame === null) { window.playFirstFrame = performance.timeOrigin + performance.now(); }
  }

  function towerText(d) {
    var p = d.position, dice = p && p.game && p.game.dice;
    TOWERS.forEach(function (name, k) {
      var what = document.querySelector('.tower[data-button="' + name + '"] .what'), t = "";
      if (dice && k < 9) { t = String(k + 1); }
      else if (p && p.towers && p.towers[name]) {
        t = p.towers[name].pawns.join(" ") + (p.towers[name].dwarf ? " D" : "");
      }
      what.textContent = t;
    });
  }

  function header(d) {
    var p = d.position;
    $("mode").textContent = p && p.game ? K.modeText(p) : "";
    $("screen").textContent = (d.screen_label || "") + (d.pairing ? " \u00b7 " + d.pairing.label : "");
    var t = "";
    if (p && d.screen !== "attract") {
      if (p.outcome) { t = p.outcome.short; }  // who won and why in a line (the panel says it all)
      else if (p.turn) {
        t = K.seatName(d, p.turn) + (d.computer && d.computer.seats[p.turn] ? " (computer, " + d.computer.seats[p.turn] + ")" : "") + " to act";
        if (p.budget_left !== null && p.budget_left !== undefined) { t += " \u00b7 " + p.budget_left + " of " + p.budget + " stress points left"; }
        if (d.express) { t += " \u00b7 " + Math.ceil(d.express.seconds_left) + " s left"; }
      }
    }
    $("turn").textContent = t;
  }

  // The decisive moments, each in the words the board sends (views/moments.py): the sabotage
  // window with what to do, a sabotage or a Fault Report card just played; at the end, why.
  function momentsPanel(d) {
    var p = d.position, box = $("moments"), over = $("outcome");
    var on = !!(p && d.screen !== "attract");
    var list = on && p.moments ? p.moments : [];
    clear(box); show(box, list.length > 0);
    list.forEach(function (m) { box.appendChild(el("div", "moment " + m.code, m.text)); });
    clear(over); show(over, on && !!p.outcome);
    if (on && p.outcome) {
      over.appendChild(el("h2", "", "Game over"));
      over.appendChild(el("div", "why " + p.outcome.code, p.outcome.text));
    }
  }

  function glyph(bits) {
    var g = el("span", "glyph"), i;
    for (i = 0; i < 6; i++) { g.appendChild(el("span", bit(bits, i) ? "on" : "")); }
    return g;
  }

  function nextPanel(d) {
    var box = $("next"), seats = Object.keys(d.next || {});
    clear(box); show(box, seats.length > 0 && d.screen !== "attract");
    if (!seats.length) { return; }
    box.appendChild(el("h2", "", "Next letter"));
    var team = d.position && d.position.game && d.position.game.team;
    seats.forEach(function (s) {
      var n = d.next[s];
      if (team && s !== d.position.turn) { return; }
      var row = el("div", "nextrow" + (d.position.turn === s ? " current" : ""));
      if (!team) { row.appendChild(K.seatDot(d, s)); row.appendChild(el("span", "who", K.seatName(d, s))); }
      row.appendChild(glyph(n.bits));
      row.appendChild(el("span", "sig", K.token(n.signal)));
      if (n.towers) {  // none open: the pawn cannot reach a tower it may send from (a card already played, say)
        row.appendChild(el("span", "small", n.towers.length ? "send it from " + n.towers.join(" ") : "no tower can send it this turn"));
      }
      box.appendChild(row);
    });
  }

  function sentPanel(d) {
    var box = $("sent"), p = d.position;
    clear(box);
    var on = !!(p && !p.game.dice && d.screen !== "attract");
    show(box, on);
    if (!on) { return; }
    box.appendChild(el("h2", "", "Transmitted"));
    if (p.letters) {
      box.appendChild(K.letters(p.letters, "var(--route)", true));
      if (p.post_office !== undefined) { box.appendChild(el("div", "small", "Post Office: " + p.post_office + " of " + p.post_office_goal)); }
    }
    Object.keys(p.players).forEach(function (s) {
      var pl = p.players[s];
      if (!pl.letters) { return; }
      var row = el("div", "sentrow"); row.appendChild(K.seatDot(d, s)); row.appendChild(el("span", "who", s));
      row.appendChild(K.letters(pl.letters, K.seatColour(d, s), true));
      box.appendChild(row);
    });
  }

  // A hand's buttons are built again only when its cards change: a redraw for anything else (the
  // turn, a flash ending, the guide) updates them in place, so a click pressed while the page
  // redraws is not lost between its press and its release on a replaced button.
  var hands = {};
  function handPanel(d, s, h) {
    var key = JSON.stringify([h.cards, h.labels, h.jacquards]), was = hands[s];
    if (was && was.key === key) { return was; }
    var panel = el("div", "panel hand"), title = el("h2"), row = el("div", "cards"), buttons = [];
    panel.appendChild(title);
    if (!h.cards.length) { row.appendChild(el("span", "small", "no cards")); }
    h.cards.forEach(function (c) {
      var b = el("button", "card"); b.type = "button"; b.dataset.card = c; b.dataset.seat = s;
      if (h.jacquards[c]) { b.appendChild(K.jacquard(h.jacquards[c], false)); }
      b.appendChild(el("span", "label", h.labels[c] || c));
      b.addEventListener("click", function () { post("/api/tap", {seat: s, card: c}); b.blur(); });
      row.appendChild(b); buttons.push(b);
    });
    panel.appendChild(row);
    var guide = el("div", "guides");
    panel.appendChild(guide);
    return (hands[s] = {key: key, panel: panel, title: title, buttons: buttons, guide: guide});
  }
  function handsPanel(d) {
    var box = $("hands"), p = d.position, turn = p && p.turn, keys = d.keys.cards, seats = Object.keys(d.hands || {});
    cardKeys = {};
    Object.keys(hands).forEach(function (s) { if (seats.indexOf(s) < 0) { delete hands[s]; } });
    seats.forEach(function (s, i) {
      var h = d.hands[s], hp = handPanel(d, s, h), mine = s === turn;
      hp.panel.classList.toggle("current", mine);
      clear(hp.title); hp.title.appendChild(K.seatDot(d, s));
      hp.title.appendChild(document.createTextNode(K.seatName(d, s) + (mine ? ": to act" : "")));
      h.cards.forEach(function (c, k) {
        var b = hp.buttons[k], kbd = b.querySelector("kbd");
        if (kbd) { b.removeChild(kbd); }
        if (mine && k < keys.length) { b.appendChild(el("kbd", "", keys.charAt(k))); cardKeys[keys.charAt(k)] = [s, c]; }
        b.classList.toggle("shown", !!(d.preview && d.preview.card === c && d.preview.seat === s));
      });
      clear(hp.guide);  // what to do now, before a card is tapped (and with hints, which card)
      (mine ? d.guide || [] : []).forEach(function (line) { hp.guide.appendChild(el("div", "guide small", line)); });
      if (box.children[i] !== hp.panel) { box.insertBefore(hp.panel, box.children[i] || null); }
    });
    while (box.children.length > seats.length) { box.removeChild(box.lastChild); }
  }

  var reportsKey = null;
  function reportsPanel(d) {
    var box = $("reports"), p = d.position, list = (p && p.reports) || [], keys = d.keys.reports;
    var on = list.length > 0 && d.screen !== "attract";
    var key = JSON.stringify([on, list, keys, list.map(function (r) { return r.jacquard && p.jacquards && p.jacquards[r.jacquard]; })]);
    show(box, on);
    if (key === reportsKey) { return; }  // the same cards: the same buttons (as a hand's, above)
    reportsKey = key; clear(box); reportKeys = {};
    if (!list.length) { return; }
    box.appendChild(el("h2", "", "Report cards on the table"));
    var row = el("div", "cards");
    list.forEach(function (r, k) {
      var b = el("button", "card report"); b.type = "button";
      if (r.jacquard && p.jacquards && p.jacquards[r.jacquard]) { b.appendChild(K.jacquard(p.jacquards[r.jacquard], false)); }
      b.appendChild(el("span", "label", r.deck + (r.face_up ? " (face up)" : "")));
      if (k < keys.length) { b.appendChild(el("kbd", "", keys.charAt(k))); reportKeys[keys.charAt(k)] = k; }
      b.addEventListener("click", function () { post("/api/tap", {seat: state.position.turn, report: k}); b.blur(); });
      row.appendChild(b);
    });
    box.appendChild(row);
  }

  function previewPanel(d) {
    var box = $("preview"), pv = d.preview;
    clear(box); show(box, !!pv);
    if (!pv) { return; }
    box.appendChild(el("h2", "", pv.label + (pv.tower ? " at " + pv.tower : "")));
    if (pv.jacquard) { box.appendChild(K.jacquard(pv.jacquard, true)); }
    var hint = K.sendsHint(pv);
    if (hint) { box.appendChild(hint); }
    box.appendChild(el("div", pv.affordable ? "small" : "bad",
      pv.affordable ? "Dashed: the lamps it flips. Click a lamp to lay it there, TURN turns it, PLAY places it, BACK puts it back."
                    : "It costs more than the stress points left: BACK puts it back."));
  }

  function dicePanel(d) {
    var box = $("dice"), p = d.position, on = !!(p && p.game && p.game.dice && d.screen !== "attract");
    clear(box); show(box, on);
    if (!on) { return; }
    box.appendChild(el("h2", "", "Round " + p.round + " \u00b7 worth " + p.worth));
    box.appendChild(el("div", "", "Numbers up: " + (p.numbers.length ? p.numbers.join(" ") : "none") + " (" + p.left + ")"));
    box.appendChild(el("div", "", "Dice: " + (p.dice.length ? p.dice.join(" + ") : p.last_roll.length ? "last roll " + p.last_roll.join(" + ") : "to roll")));
    // Rounds won counts the rounds that had a winner (a tie pushes one); chips are each seat's balance.
    var chips = Object.keys(p.chips).map(function (s) { return s + " " + (p.chips[s] > 0 ? "+" : "") + p.chips[s]; }).join(", ");
    box.appendChild(el("div", "", p.rounds_won + " of " + p.rounds + " rounds won \u00b7 chips: " + chips));
    box.appendChild(el("div", "small", "Tower buttons 1\u20269 pick numbers, PLAY rolls or pulls, TURN rolls one die, BACK clears."));
  }

  function setupPanel(d) {
    var box = $("setup"); clear(box);
    show(box, d.screen === "setup" || d.screen === "resume" || d.screen === "refused" || d.screen === "confirm" ||
         d.screen === "fault");
    if (d.screen === "setup") { box.appendChild(el("div", "", d.setup || "")); }
    if (d.screen === "confirm") { box.appendChild(el("div", "", "Abandon this game? PLAY abandons it, BACK keeps playing.")); }
    if (d.screen === "resume" || d.screen === "refused" || d.screen === "fault") { box.appendChild(el("div", "", d.notice || "")); }
  }

  function saidPanel(d) {
    var n = $("said"), move = d.computer && d.computer.move, answer = d.computer && d.computer.answer; clear(n);
    if (move) { n.appendChild(el("div", "computer", "Computer at " + move.seat + ": " + move.why)); }
    if (answer) { n.appendChild(el("div", "computer answer", answer.text)); }  // who may answer it first
    if (d.notice && !(move && d.notice === move.why) && !(answer && d.notice === answer.text)) { n.appendChild(el("div", "bad", d.notice)); }
    (d.said || []).slice(-3).forEach(function (line) {  // the live lines above are not said twice
      if (move && line.indexOf(move.why) === 0) { return; }
      if (answer && line === answer.text) { return; }
      n.appendChild(el("div", "", line));
    });
  }

  function newGameForm(d) {
    var o = d.options; if (!o) { return; }
    var mode = $("ng-mode");
    if (!mode.firstChild) {
      Object.keys(o.modes).forEach(function (m) { var x = el("option", "", o.modes[m].label); x.value = m; mode.appendChild(x); });
      mode.addEventListener("change", function () { fillMode(o, mode.value); });
    }
    // Until the player changes it, the form asks for the game in play again (as it was set up:
    // `clacks-hw play --mode race --computer N:normal`, then New game, is that race again).
    var asked = d.asked && o.modes[d.asked.mode] ? d.asked : null, from = JSON.stringify(asked);
    if (formMode === null || (asked && !formTouched && from !== formFrom)) {
      var m = asked ? asked.mode : mode.value || Object.keys(o.modes)[0];
      formFrom = from; mode.value = m; fillMode(o, m, asked);
    }
    abandonButton(d.screen === "game" || d.screen === "confirm" || (d.screen === "fault" && d.position));
  }
  function fillMode(o, m, asked) {
    formMode = m;
    var seats = $("ng-seats"), vs = $("ng-variants"); clear(seats); clear(vs);
    o.modes[m].seats.forEach(function (s) { var x = el("option", "", s.split("").join(" ")); x.value = s; seats.appendChild(x); });
    if (asked && o.modes[m].seats.indexOf(asked.seats) >= 0) { seats.value = asked.seats; }
    fillPlayers(asked ? asked.computer : {});
    o.modes[m].variants.forEach(function (v, k) {
      var l = el("label", "variant"), c = el("input"); c.type = "checkbox"; c.value = v;
      c.checked = !!asked && asked.variants.indexOf(v) >= 0;
      l.appendChild(c); l.appendChild(document.createTextNode(o.modes[m].variant_labels[k])); vs.appendChild(l);
    });
  }
  function fillPlayers(computer) {
    // Who plays each seat of the chosen seating: a person, or the computer at a strength.
    var box = $("ng-players"); clear(box);
    $("ng-seats").value.split("").forEach(function (s) {
      var l = el("label", "player", s + " "), c = el("select"); c.dataset.seat = s;
      ["person", "easy", "normal", "strong"].forEach(function (k) { var x = el("option", "", k === "person" ? "person" : "computer, " + k); x.value = k; c.appendChild(x); });
      c.value = (computer && computer[s]) || "person";
      l.appendChild(c); box.appendChild(l);
    });
  }
  // Abandon asks first: a second click within ABANDON_S seconds abandons (no window.confirm,
  // which kiosks and tests handle badly); the board's own reset question is the ! key's.
  var ABANDON_S = 4, abandonArmed = null;
  function abandonButton(can) {
    var b = $("ng-abandon");
    if (!can && abandonArmed !== null) { clearTimeout(abandonArmed); abandonArmed = null; }
    b.disabled = !can;
    b.classList.toggle("armed", abandonArmed !== null);
    b.firstChild.textContent = abandonArmed !== null ? "Click again to abandon " : "Abandon ";
  }
  function abandonClicked() {
    if (abandonArmed === null) {
      abandonArmed = setTimeout(function () { abandonArmed = null; abandonButton(!$("ng-abandon").disabled); }, ABANDON_S * 1000);
      abandonButton(true);
      return;
    }
    clearTimeout(abandonArmed); abandonArmed = null; abandonButton(true);
    post("/api/abandon", {});
  }
  function startGame() {
    var computer = [].slice.call(document.querySelectorAll("#ng-players select")).filter(function (c) { return c.value !== "person"; })
      .map(function (c) { return c.dataset.seat + ":" + c.value; });
    var variants = [].slice.call(document.querySelectorAll("#ng-variants input:checked")).map(function (c) { return c.value; });
    var body = {mode: $("ng-mode").value, seats: $("ng-seats").value.split(""), variants: variants, computer: computer};
    $("ng-answer").textContent = "";
    return post("/api/new-game", body).then(function (a) {
      if (a && a.ok) { $("ng-answer").textContent = "Started."; formTouched = false; }  // the form now asks for this game
    });
  }

  function draw(d) {
    state = d;
    if (window.playPaused) { return; }
    window.playDrawn = d;  // the state on screen now (a test waits for it before it clicks)
    header(d); towerText(d); momentsPanel(d); saidPanel(d); previewPanel(d); nextPanel(d); sentPanel(d);
    handsPanel(d); reportsPanel(d); dicePanel(d); setupPanel(d); newGameForm(d);
    drawFrame(d);
  }
  window.playRedraw = function () { if (state) { draw(state); } };

  // The live state as Server-Sent Events, read through fetch: an EventSource cannot send the key.
  function events(text) {
    var data = text.split("\n").filter(function (l) { return l.indexOf("data:") === 0; })
      .map(function (l) { return l.slice(5).replace(/^ /, ""); });
    if (data.length) { draw(JSON.parse(data.join("\n"))); }
  }
  function connect() {
    fetch("/events", {headers: withKey({Accept: "text/event-stream"}), cache: "no-store", credentials: "omit"})
      .then(function (r) {
        if (r.status === 403) { return r.json().then(function (j) { say(j.error, true); }); }  // no key: no retry
        if (!r.ok || !r.body) { throw new Error("answered " + r.status); }
        var reader = r.body.getReader(), decoder = new TextDecoder(), buffer = "";
        function pump() {
          return reader.read().then(function (part) {
            if (part.done) { throw new Error("the stream ended"); }
            buffer += decoder.decode(part.value, {stream: true});
            for (var end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
              events(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
            }
            return pump();
          });
        }
        return pump();
      })
      .catch(function () {
        say("the board does not answer: is `clacks-hw play` still running?", true);
        setTimeout(connect, 1000);
      });
  }

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) { return; }
    var t = e.target && e.target.tagName;
    if (t === "SELECT" || t === "INPUT") { if (e.key === "Escape") { e.target.blur(); } return; }
    var k = e.key, keys = $("keys");
    if (k === "?" || (k === "Escape" && !keys.classList.contains("hidden"))) { keys.classList.toggle("hidden"); e.preventDefault(); return; }
    if (k === "!") { post("/api/hold", {buttons: ["PREV", "NEXT"], seconds: 3.2}); e.preventDefault(); return; }
    if (k === "N") { startGame(); e.preventDefault(); return; }
    if (cardKeys[k]) { post("/api/tap", {seat: cardKeys[k][0], card: cardKeys[k][1]}); e.preventDefault(); return; }
    if (k in reportKeys && state && state.position) { post("/api/tap", {seat: state.position.turn, report: reportKeys[k]}); e.preventDefault(); return; }
    if (KEYS[k]) { press(KEYS[k]); e.preventDefault(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    buildBoard();
    $("keys-button").addEventListener("click", function () { $("keys").classList.toggle("hidden"); });
    $("newgame").addEventListener("submit", function (e) { e.preventDefault(); startGame(); });
    $("ng-abandon").addEventListener("click", abandonClicked);
    $("newgame").addEventListener("change", function () { formTouched = true; });
    $("ng-seats").addEventListener("change", function () { fillPlayers({}); });
    connect();
  });
})();
