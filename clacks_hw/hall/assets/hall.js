// The hall page: a model of the hall kept up to date from Server-Sent Events (the whole hall
// once, then JSON merge patches of what changed), drawn as a grid of board cards that pages
// through more boards than fit, and the results of each game mode in turn.
// Every text from a board goes in through textContent, never as HTML. Address parameters:
// view=boards|results (only that), page=N (stay on page N), every=S (seconds a page shows).
(function () {
  "use strict";
  var PER_PAGE = 16;  // a 4 x 4 grid: 16 boards on one 1920x1080 screen
  var CARD_ASPECT = 2;  // a card's width to its height, as laid out in hall.css
  var params = new URLSearchParams(location.search);
  var onlyView = params.get("view");
  var pinned = parseInt(params.get("page"), 10) || 0;
  var every = Math.min(600, Math.max(3, parseFloat(params.get("every")) || 15));
  var model = null;
  var offset = 0;  // the hall's clock minus this browser's (ms)
  var page = pinned ? pinned - 1 : 0;
  var shown = {};  // board id -> its card's elements, for the boards on the page shown
  var lost = 0, heardAt = null;  // failed tries since the hall last answered; when it last did
  // With the link to the hall cut, what the page shows is what it knew: said "as of" that time.
  function cut() { return lost >= 2; }
  function asOf() { return heardAt !== null ? " as of " + clock(heardAt) : " (not heard yet)"; }

  var K = window.Kiosk;  // the pages' building blocks (kiosk-parts.js): every text through textContent
  var $ = K["$"];
  var el = K.el;
  var clear = K.clear;
  var show = K.show;
  function isObj(x) { return x !== null && typeof x === "object" && !Array.isArray(x); }
  function str(x) { return typeof x === "string" ? x : ""; }
  function num(x) { return typeof x === "number" && isFinite(x) ? x : null; }
  function merge(target, patch) {  // RFC 7396
    if (!isObj(patch)) { return patch; }
    if (!isObj(target)) { target = {}; }
    for (var k in patch) {
      if (!Object.prototype.hasOwnProperty.call(patch, k)) { continue; }
      if (patch[k] === null) { delete target[k]; } else { target[k] = merge(target[k], patch[k]); }
    }
    return target;
  }
  function now() { return (Date.now() + offset) / 1000; }
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function clock(t) { var d = new Date(t * 1000); return two(d.getHours()) + ":" + two(d.getMinutes()); }
  function duration(s) {
    s = Math.max(0, Math.floor(s));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    return (h ? h + ":" + two(m) : m) + ":" + two(s % 60);
  }
  function boardIds() {
    var ids = Object.keys(isObj(model.boards) ? model.boards : {});
    ids.sort();
    return ids;
  }
  function modes() { var r = isObj(model.results) ? model.results : {}; return Array.isArray(r.modes) ? r.modes : []; }
  function pages() {
    var out = [], n = boardIds().length, i;
    if (onlyView !== "results") {
      for (i = 0; i === 0 || i * PER_PAGE < n; i++) { out.push({kind: "boards", first: i * PER_PAGE}); }
    }
    if (onlyView !== "boards") {
      var ms = modes();
      for (i = 0; i < ms.length; i++) { out.push({kind: "results", mode: i}); }
      if (!ms.length && onlyView === "results") { out.push({kind: "results", mode: -1}); }
    }
    return out;
  }

  // -- a board's card ----------------------------------------------------------------------
  function person(p) {
    // "ANN (S)" when the table gave a name, else "South"
    if (!isObj(p)) { return ""; }
    var name = str(p.name), seat = str(p.seat);
    return name ? name + " (" + seat + ")" : (str(p.place) || seat);
  }
  function dot(p) {
    var d = el("span", "dot");
    if (isObj(p) && /^#[0-9a-fA-F]{6}$/.test(str(p.colour))) { d.style.background = p.colour; }
    return d;
  }
  function makeCard(id) {
    var c = {root: el("div", "card")}, inner = el("div", "in"), body = el("div", "body"), text = el("div", "text");
    c.head = el("div", "head");
    c.state = el("span", "state");
    c.lamps = el("div", "lamps");
    for (var i = 0; i < 16; i++) { c.lamps.appendChild(el("i")); }
    c.title = el("div", "title"); c.turn = el("div", "turn"); c.progress = el("div", "progress"); c.time = el("span", "time");
    text.appendChild(c.title); text.appendChild(c.turn); text.appendChild(c.progress);
    body.appendChild(c.lamps); body.appendChild(text);
    inner.appendChild(c.head); inner.appendChild(body); c.root.appendChild(inner);
    c.root.dataset.board = id;
    c.id = id;
    return c;
  }
  function drawHead(c, b) {
    clear(c.head);
    var page = str(b.page), name;
    if (/^https?:\/\//.test(page)) {
      name = el("a", "bid", c.id); name.href = page; name.target = "_blank"; name.rel = "noopener noreferrer";
      name.title = "This board's own page";
    } else { name = el("span", "bid", c.id); }
    c.head.appendChild(name); c.head.appendChild(c.time); c.head.appendChild(c.state);
  }
  function statusText(b) {
    var s = str(b.status), seen = num(b.seen);
    if (brokerDown()) { return seen !== null ? "last heard " + clock(seen) : "broker down"; }
    if (s === "online") { return cut() ? "online" + asOf() : "online"; }
    if (s === "silent") { return seen !== null ? "silent since " + clock(seen) : "silent"; }
    if (s === "offline") { return seen !== null ? "offline since " + clock(seen) : "offline"; }
    return "not heard yet";
  }
  function timeText(b) {
    if (num(b.express) !== null) { return "Express " + b.express + " s"; }
    var started = num(b.started);
    if (started === null || !b.turn) { return ""; }
    return "\u23f1 " + duration(now() - started);
  }
  function drawCard(c, b) {
    var status = str(b.status) || "unknown";
    c.root.className = "card " + status + (brokerDown() || cut() ? " stale" : "") + (b.demo ? " demo" : "");
    if (c.page !== b.page) { c.page = b.page; drawHead(c, b); }
    if (!c.head.firstChild) { drawHead(c, b); }
    c.state.textContent = statusText(b);
    var lamps = str(b.lamps);
    for (var i = 0; i < 16; i++) { c.lamps.childNodes[i].className = lamps.charAt(i) === "1" ? "on" : ""; }
    show(c.lamps, lamps.length === 16);
    c.title.textContent = str(b.title) || str(b.screen);
    clear(c.turn);
    var winners = Array.isArray(b.winners) ? b.winners : [];
    if (winners.length) {
      var names = [];
      for (i = 0; i < winners.length; i++) { c.turn.appendChild(dot(winners[i])); names.push(person(winners[i])); }
      c.turn.appendChild(document.createTextNode(names.join(" and ") + " won " + str(b.result)));
    } else if (str(b.result)) {
      c.turn.textContent = str(b.result);
    } else if (isObj(b.turn)) {
      c.turn.appendChild(dot(b.turn));
      c.turn.appendChild(document.createTextNode(person(b.turn) + " " + str(b.doing)));
    } else {
      c.turn.textContent = b.title ? str(b.screen) : "";
    }
    c.progress.textContent = b.demo ? "demo game: not counted" : str(b.why) || str(b.progress);  // once over: why
    c.time.textContent = timeText(b);
  }

  // -- the pages ---------------------------------------------------------------------------
  function brokerDown() { return isObj(model.broker) && model.broker.ok === false; }
  function grid(n, box) {
    // The columns that give the largest cards of CARD_ASPECT for n boards in box.
    var best = 1, size = 0;
    for (var cols = 1; cols <= Math.max(1, n); cols++) {
      var rows = Math.ceil(Math.max(1, n) / cols);
      var s = Math.min(box.width / cols / CARD_ASPECT, box.height / rows);
      if (s > size) { size = s; best = cols; }
    }
    return {cols: best, rows: Math.ceil(Math.max(1, n) / best)};
  }
  function drawBoards(first) {
    var box = $("boards"), ids = boardIds().slice(first, first + PER_PAGE);
    var g = grid(ids.length, {width: window.innerWidth, height: Math.max(1, window.innerHeight - $("boards").getBoundingClientRect().top)});
    box.style.setProperty("--cols", g.cols); box.style.setProperty("--rows", g.rows);
    var keep = {}, i;
    for (i = 0; i < ids.length; i++) { keep[ids[i]] = shown[ids[i]] || makeCard(ids[i]); }
    clear(box);
    shown = keep;
    for (i = 0; i < ids.length; i++) { box.appendChild(shown[ids[i]].root); drawCard(shown[ids[i]], model.boards[ids[i]]); }
    if (!ids.length) { box.appendChild(el("div", "none", "No board has been heard yet: boards appear here as they publish to the broker.")); }
  }
  function row(cells) {
    var tr = el("tr");
    for (var i = 0; i < cells.length; i++) { tr.appendChild(el(cells[i][0] === "h" ? "th" : "td", cells[i][1], cells[i][2])); }
    return tr;
  }
  function best(x) { return num(x) === null ? "" : duration(x); }
  function drawResults(k) {
    var ms = modes(), m = isObj(ms[k]) ? ms[k] : {}, i;
    $("rtitle").textContent = k >= 0 ? "Results: " + (str(m.label) || str(m.mode)) : "Results";
    var players = $("players"), boards = $("rboards"), list = Array.isArray(m.players) ? m.players : [];
    clear(players);
    players.appendChild(row([["h", "r", ""], ["h", "", "Player"], ["h", "n", "Won"], ["h", "n", "Games"], ["h", "n", "Best"]]));
    for (i = 0; i < list.length && i < 10; i++) {
      var p = isObj(list[i]) ? list[i] : {};
      players.appendChild(row([["d", "r", i + 1], ["d", "", str(p.name)], ["d", "n", num(p.wins)], ["d", "n", num(p.games)], ["d", "n", best(p.best)]]));
    }
    show($("noplayers"), !list.length);
    var bl = Array.isArray(m.boards) ? m.boards : [];
    clear(boards);
    // A board wins no game (its players do): the games played at it, and the fastest game won there.
    boards.appendChild(row([["h", "r", ""], ["h", "", "Board"], ["h", "n", "Games"], ["h", "n", "Best"]]));
    for (i = 0; i < bl.length && i < 10; i++) {
      var b = isObj(bl[i]) ? bl[i] : {};
      boards.appendChild(row([["d", "r", i + 1], ["d", "", str(b.board)], ["d", "n", num(b.games)], ["d", "n", best(b.best)]]));
    }
    var audit = $("audit"), log = isObj(model.results) && Array.isArray(model.results.audit) ? model.results.audit : [];
    clear(audit);
    for (i = log.length - 1; i >= 0 && i >= log.length - 8; i--) {
      var a = isObj(log[i]) ? log[i] : {};
      audit.appendChild(el("li", "", (num(a.at) !== null ? clock(a.at) + " " : "") + str(a.text)));
    }
    show($("noaudit"), !log.length);
  }
  function draw() {
    var all = pages();
    if (page >= all.length) { page = 0; }
    var p = all[page];
    show($("boards"), p.kind === "boards"); show($("results"), p.kind === "results");
    if (p.kind === "boards") { drawBoards(p.first); } else { shown = {}; drawResults(p.mode); }
    drawHeader(all);
  }
  function drawHeader(all) {
    var ids = boardIds(), online = 0, i;
    for (i = 0; i < ids.length; i++) { if (model.boards[ids[i]].status === "online") { online++; } }
    var boards = ids.length + " board" + (ids.length === 1 ? "" : "s");
    // The broker silent, the hall cannot know who is online now; the hall gone, neither can the page.
    $("count").textContent = brokerDown() ? boards + ", as last heard" : online + " of " + boards + " online" + (cut() ? asOf() : "");
    var br = $("broker"), b = isObj(model.broker) ? model.broker : null;
    if (cut()) { br.className = "badge stale"; br.textContent = "Broker: " + (b ? str(b.text) : "\u2026") + asOf(); }
    else if (!b) { br.className = "badge"; br.textContent = "Broker: \u2026"; }
    else if (b.ok) { br.className = "badge ok"; br.textContent = "Broker: " + str(b.text); }
    else { br.className = "badge down"; br.textContent = "Broker: " + str(b.text) + (num(b.since) !== null ? " since " + clock(b.since) : "") + ", boards as last heard"; }
    var p = all[page], where = "";
    if (p.kind === "boards" && ids.length > PER_PAGE) {
      where = "Boards " + (p.first + 1) + "\u2013" + Math.min(ids.length, p.first + PER_PAGE) + " of " + ids.length;
    }
    if (all.length > 1) { where += (where ? " \u00b7 " : "") + "page " + (page + 1) + " of " + all.length; }
    $("where").textContent = where;
  }
  function patched(patch) {
    // Redraw only what the patch touched: one board's card, or the page when boards come or go.
    var all = pages(), p = all[Math.min(page, all.length - 1)];
    if (!isObj(patch.boards) && !isObj(patch.results)) { drawHeader(all); redrawCards(); return; }
    if (p.kind === "boards" && isObj(patch.boards)) {
      for (var id in patch.boards) {
        if (!Object.prototype.hasOwnProperty.call(patch.boards, id)) { continue; }
        if (!shown[id] || !model.boards[id]) { draw(); return; }
        drawCard(shown[id], model.boards[id]);
      }
      var first = p.first, ids = boardIds().slice(first, first + PER_PAGE);
      if (ids.length !== Object.keys(shown).length) { draw(); return; }
      drawHeader(all);
      return;
    }
    draw();
  }
  function redrawCards() { for (var id in shown) { if (model.boards[id]) { drawCard(shown[id], model.boards[id]); } } }
  function tick() {
    if (!model) { return; }
    for (var id in shown) { if (model.boards[id]) { shown[id].time.textContent = timeText(model.boards[id]); } }
  }
  function turnPage() {
    if (!model || pinned) { return; }
    page = (page + 1) % pages().length;
    draw();
  }
  function receive(ev) {
    var m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    var was = cut();
    lost = 0; show($("conn"), false); heardAt = Date.now() / 1000;
    if (was && model && !isObj(m.full)) { drawHeader(pages()); redrawCards(); }  // live again: no "as of"
    if (isObj(m.full)) {
      model = m.full;
      if (num(m.now) !== null) { offset = m.now * 1000 - Date.now(); }
      draw();
    } else if (model && isObj(m.patch)) {
      model = merge(model, m.patch);
      patched(m.patch);
    }
    document.body.dataset.boards = String(boardIds().length);
  }
  function connect() {
    var source = new EventSource("events");
    source.onmessage = function (ev) {
      try { receive(ev); } catch (e) { if (window.console) { console.error("hall page: " + e); } }
    };
    source.onerror = function () {
      if (lost === 0 && heardAt !== null) { heardAt = Date.now() / 1000; }  // the link held until now
      lost++;
      show($("conn"), cut());
      if (cut() && model) { drawHeader(pages()); redrawCards(); }  // what it cannot know any more: "as of"
      if (source.readyState === EventSource.CLOSED) { source.close(); setTimeout(connect, 1000); }
    };
  }
  window.addEventListener("resize", function () { if (model) { draw(); } });
  setInterval(tick, 1000);
  setInterval(turnPage, every * 1000);
  connect();
})();
