"""The read-only status page: the board, the turn and the game on a kiosk screen, phone or tablet.

Standard library only: a ``ThreadingHTTPServer`` served from one daemon thread.

Thread safety without shared mutable state: after each iteration the event loop hands its
:class:`StatusPublisher` the controller and the LED output; the publisher builds a small frozen
:class:`StatusSnapshot` (references only: the engine state is frozen already) and stores it in
the :class:`SnapshotBox` by one assignment. The server threads only ever read the box and build
the JSON from the snapshot they read (lazily, cached per snapshot), so the loop never waits on a
browser and a browser never sees half an update.

Endpoints: ``GET /`` one self-contained HTML page (inline CSS and JS, no external assets) that
polls ``GET /status.json`` about once a second. Anything else is 404; any method but GET or
HEAD is 405. Nothing here changes anything.

Hidden information stays hidden: the page is public, so in Long Distance nobody's hand is shown
(only counts), and the report cards' faces and the face-down Operator's Log jacquards are never
shown in any mode (only the face-up selected jacquards on the Incident Report cards).
"""

from __future__ import annotations

import json
import logging
import selectors
import socket
import socketserver
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ..drivers.card_reader import ReaderEvent
from ..game.board import COLOUR, TOWERS
from ..game.modes import PUBLIC
from ..game.state import NO_BUDGET, ROUTE_TOWERS, GameState
from ..position_json import position_json
from . import palette

log = logging.getLogger(__name__)

SCREEN_LABELS = {
    "starting": "Starting",
    "attract": "Attract (demo)",
    "setup": "Setup",
    "game": "Game",
    "confirm": "Reset question",
    "over": "Game over",
}
SEAT_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}
DECK_NAMES = {"incident": "Incident Report", "log": "Operator's Log"}
ALLOW = "GET, HEAD"


# -- the snapshot: what the loop publishes -----------------------------------------------------


@dataclass(frozen=True)
class StatusSnapshot:
    """What the board shows at one moment: immutable, so any thread may read it."""

    seq: int
    screen: str  # attract / setup / game / confirm / over (view.SCREENS)
    state: GameState | None = None  # the game (the demo game in attract); None in setup
    actions: int | None = None  # actions accepted in this game (journal lines)
    express_left: float | None = None  # Express: seconds left in this turn when published
    express_seconds: float | None = None  # Express: the length of a turn
    reader: str = "ok"  # ok / offline / failing / none
    leds: str = "ok"  # ok / failing
    setup: str | None = None  # the setup menu, described
    notice: str = ""  # the last thing said to the players (a rejection, ...)
    storage: str = "ok"  # ok / full / failing: can the journal be written?
    storage_text: str = ""  # the storage problem in words ("" when ok)


class SnapshotBox:
    """Holds the newest snapshot. The loop replaces it by one assignment; readers just read."""

    __slots__ = ("_snapshot",)

    def __init__(self, snapshot: StatusSnapshot | None = None) -> None:
        self._snapshot = snapshot

    def put(self, snapshot: StatusSnapshot) -> None:
        self._snapshot = snapshot

    def get(self) -> StatusSnapshot | None:
        return self._snapshot


class StatusPublisher:
    """The loop's side: :meth:`observe` each event handled, :meth:`publish` once per iteration.

    Reads only the controller's public attributes (``screen``, ``state``, ``session``,
    ``setup``, ``message``, ``reader_offline``, ``leds_failing``, ``storage``, ``view(now)``).
    """

    def __init__(self, box: SnapshotBox, *, reader: bool = True) -> None:
        self.box = box
        self.reader = reader  # is there a card reader at all?
        self.seq = 0
        self._faulty: set = set()  # readers (None: the hub) reporting a fault

    def observe(self, event) -> None:
        if not isinstance(event, ReaderEvent):
            return
        if event.kind == "fault":
            self._faulty.add(event.reader)
        elif event.kind == "recovered":
            self._faulty.discard(event.reader)
        elif event.kind == "online":
            self._faulty.clear()  # a reconnected hub starts afresh

    def publish(self, controller, leds, now: float) -> StatusSnapshot:
        self.seq += 1
        c = controller
        screen = c.screen
        express_left = express_seconds = None
        if screen in ("game", "confirm"):
            view = c.view(now)
            if view.express_started is not None:
                express_seconds = float(view.express_seconds)
                express_left = max(0.0, express_seconds - (now - view.express_started))
        session = c.session
        actions = session.actions if session is not None and screen in ("game", "confirm", "over") else None
        if not self.reader:
            reader = "none"
        elif c.reader_offline:
            reader = "offline"
        elif self._faulty:
            reader = "failing"
        else:
            reader = "ok"
        led_ok = leds.health.ok if leds is not None else True
        snap = StatusSnapshot(
            seq=self.seq, screen=screen, state=c.state, actions=actions,
            express_left=express_left, express_seconds=express_seconds,
            reader=reader, leds="failing" if c.leds_failing or not led_ok else "ok",
            setup=c.setup.describe() if screen == "setup" and c.setup is not None else None,
            notice=c.message or "",
            storage=c.storage.state, storage_text=c.storage.text,
        )
        self.box.put(snap)
        return snap


# -- the JSON: built in the server thread from one snapshot ------------------------------------


def _hex(rgb) -> str:
    r, g, b = rgb
    return f"#{r:02x}{g:02x}{b:02x}"


SEATS_JSON = {
    seat: {"name": SEAT_NAMES[seat], "colour": _hex(palette.SEAT[seat]), "towers": COLOUR[seat]}
    for seat in SEAT_NAMES
}


def _letters(signals, sent: int) -> list:
    return [[s, k < sent] for k, s in enumerate(signals)]


def _towers(state: GameState) -> dict:
    """Each tower button as the board lights it: the pawns on it and the Deep Dwarf
    (competitive); the route reached (race, solitaire: ``route``); in the Junior Race each
    seat's progress on the six buttons of its own colour, two route towers a button (``route``
    and ``seat``; ``half`` when only the first of its two towers is reached, the pawn on the
    last button lit). The same sums as the board's renderer, so the page cannot disagree with
    the LEDs."""
    out = {t.name: {"pawns": [], "dwarf": False, "route": False, "seat": None, "half": False}
           for t in TOWERS}
    for mark in state.config.game.tower_marks(state):
        tower = out[TOWERS[mark.tower].name]
        if mark.kind == "pawn":
            tower["pawns"].append(mark.seat)
        elif mark.kind == "dwarf":
            tower["dwarf"] = True
        else:
            tower.update(route=True, seat=mark.seat, half=mark.half)
            if mark.here:
                tower["pawns"].append(mark.seat)
    return out


def public_position(state: GameState, actions: int | None = None) -> dict:
    """``position_json`` with what nobody at the table may see removed, plus what the page draws.

    Long Distance: no hand and no fault card of any seat (counts only). Every mode: report cards
    by their deck only; a jacquard on one only when it lies face up.
    """
    game = state.config.game
    if game.dice:  # KLACKERS: dice and numbers lie open on the table; nothing to hide
        return {**position_json(state, actions=actions), "game": game.traits()}
    pos = position_json(state, actions=actions, view=PUBLIC)
    pos.pop("view")
    hidden = game.hidden_hands(state, PUBLIC)
    for track in game.tracks(state):
        letters = _letters(track.signals, track.sent)
        if track.owner in pos["players"]:
            pos["players"][track.owner]["letters"] = letters
        else:
            pos["letters"] = letters
    if "reports" in pos:
        pos["reports"] = [{"deck": r["deck"], "face_up": r["face_up"], "jacquard": r["jacquard"]}
                          for r in pos["reports"]]
    pos["hands_shown"] = state.config.hands == "tracked" and not hidden
    pos["game"] = game.traits()
    pos["budget"] = state.turn.budget if state.turn.base_budget < NO_BUDGET else None
    pos["route_towers"] = ROUTE_TOWERS
    pos["towers"] = _towers(state)
    ids = set(pos.get("played", ()))
    for pj in pos["players"].values():
        ids.update(pj.get("hand", ()))
        ids.update(pj.get("faults", ()))
    ids.update(r["jacquard"] for r in pos.get("reports", ()) if r["jacquard"])
    ids.update(c for c in pos.get("pending", {}).get("cards", ()) if c)
    pos["labels"] = {c: state.edition.card_label(c) for c in sorted(ids)}
    return pos


def status_json(snapshot: StatusSnapshot | None) -> dict:
    """The whole of ``/status.json`` for one snapshot (None: the loop has not run yet)."""
    if snapshot is None:
        return {"seq": None, "screen": "starting", "screen_label": SCREEN_LABELS["starting"],
                "health": None, "storage": None, "express": None, "notice": "", "setup": None, "seats": SEATS_JSON,
                "position": None}
    s = snapshot
    express = None
    if s.express_left is not None:
        express = {"seconds_left": round(s.express_left, 2), "seconds": s.express_seconds}
    return {
        "seq": s.seq,
        "screen": s.screen,
        "screen_label": SCREEN_LABELS.get(s.screen, s.screen),
        "health": {"reader": s.reader, "leds": s.leds},
        "storage": {"state": s.storage, "text": s.storage_text},
        "express": express,
        "notice": s.notice,
        "setup": s.setup,
        "seats": SEATS_JSON,
        "position": None if s.state is None else public_position(s.state, s.actions),
    }


# -- the HTTP side ------------------------------------------------------------------------------


class _Handler(BaseHTTPRequestHandler):
    server_version = "clacks-hw-status"
    sys_version = ""
    timeout = 10  # a client that stops talking does not hold a thread for ever

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def __getattr__(self, name: str):
        # Any other method (POST, PUT, DELETE, PATCH, OPTIONS, made-up ones): 405, not 501.
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def _not_allowed(self) -> None:
        self._send(405, b"405 method not allowed: this page is read-only\n", "text/plain; charset=utf-8",
                   body=self.command != "HEAD", extra={"Allow": ALLOW})

    def _answer(self, body: bool) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        page: StatusPage = self.server.page
        if path == "/":
            self._send(200, PAGE_BYTES, "text/html; charset=utf-8", body=body)
        elif path == "/status.json":
            try:
                data = page.json_bytes()
            except Exception:
                log.exception("status page: cannot build /status.json")
                self._send(500, b"500 internal error\n", "text/plain; charset=utf-8", body=body)
                return
            self._send(200, data, "application/json", body=body)
        else:
            self._send(404, b"404 not found\n", "text/plain; charset=utf-8", body=body)

    def _send(self, code: int, data: bytes, ctype: str, *, body: bool, extra: dict | None = None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", CSP)
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_message(self, format: str, *args) -> None:
        log.debug("status page %s: " + format, self.client_address[0], *args)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    timeout = 0  # handle_request() is only called once the socket is ready: never wait there

    def __init__(self, address, page: StatusPage) -> None:
        self.page = page
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)

    def server_bind(self) -> None:
        # HTTPServer.server_bind asks DNS for the host's full name: slow or stuck offline.
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name, self.server_port = host, port

    def handle_error(self, request, client_address) -> None:
        log.debug("status page: error answering %s", client_address, exc_info=True)  # noqa: LOG014 (called from within socketserver's except)


class StatusPage:
    """The HTTP server on ``bind``:``port`` (0: any free port). Binds at construction (an
    ``OSError`` when it cannot), serves once :meth:`start` ed, stops at :meth:`close`."""

    def __init__(self, box: SnapshotBox, bind: str = "127.0.0.1", port: int = 0) -> None:
        self.box = box
        self._cache: tuple[StatusSnapshot | None, bytes] | None = None
        self._server = _Server((bind, port), self)
        self._wake_r, self._wake_w = socket.socketpair()
        self._thread: threading.Thread | None = None
        self._closed = False

    @property
    def address(self) -> tuple[str, int]:
        host, port = self._server.server_address[:2]
        return host, port

    @property
    def url(self) -> str:
        host, port = self.address
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{port}/"

    def json_bytes(self) -> bytes:
        """``/status.json`` for the newest snapshot, built once per snapshot."""
        snap = self.box.get()
        cached = self._cache
        if cached is not None and cached[0] is snap:
            return cached[1]
        data = json.dumps(status_json(snap), separators=(",", ":")).encode()
        self._cache = (snap, data)
        return data

    def start(self) -> StatusPage:
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._serve, name="status-page", daemon=True)
            self._thread.start()
            log.info("status page at %s (read-only)", self.url)
        return self

    def _serve(self) -> None:
        # Our own loop instead of serve_forever(): no idle polling, and close() is immediate.
        with selectors.DefaultSelector() as sel:
            sel.register(self._server, selectors.EVENT_READ)
            sel.register(self._wake_r, selectors.EVENT_READ)
            while not self._closed:
                for key, _ in sel.select():
                    if key.fileobj is self._wake_r or self._closed:
                        return
                    try:
                        self._server.handle_request()  # ready: accepts without waiting
                    except Exception:  # never let one request end the page
                        log.debug("status page: request failed", exc_info=True)

    def close(self, timeout: float = 2.0) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass
        if self._thread is not None:
            self._thread.join(timeout)
        self._server.server_close()
        self._wake_r.close()
        self._wake_w.close()


def open_status_page(status, box: SnapshotBox) -> StatusPage | None:
    """The page as configured (``status.bind``, ``status.port``), not yet started; None when
    ``status.port`` is 0 or the address cannot be used (logged: the board goes on without it)."""
    if status.port == 0:
        log.info("status page off (status.port = 0)")
        return None
    try:
        page = StatusPage(box, status.bind, status.port)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        log.error("status page: cannot listen on %s port %d: %s; the board runs without it "
                  "(fix: stop whatever uses that port, or set status.port to a free port, "
                  "or 0 to turn the page off)", status.bind, status.port, reason)
        return None
    if status.bind not in ("127.0.0.1", "localhost", "::1"):
        log.warning("status page listens on %s: anyone who can reach this machine on port %d sees "
                    "the game, tracked hands included", status.bind, status.port)
    return page


# -- the page -------------------------------------------------------------------------------------

CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
       "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'")

PAGE = r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<link rel="icon" href="data:,">
<title>Clacks board</title>
<style>
:root { --bg:#101216; --panel:#1b1e25; --text:#f2efe8; --dim:#a3a9b4; --lamp:#ffe1aa;
        --off:#2b2f38; --ok:#2ecc71; --warn:#ff9f1a; --bad:#ff3b30; --route:#ffc800; }
* { box-sizing:border-box; }
html { font-size:clamp(16px, 1.6vw, 28px); }
body { margin:0; background:var(--bg); color:var(--text);
       font-family:system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height:1.3; }
header { display:flex; flex-wrap:wrap; align-items:center; gap:.4rem 1rem; padding:.5rem 1rem;
         background:var(--panel); }
header h1 { font-size:1.3rem; margin:0; flex:1 1 auto; }
#mode { display:inline-block; margin-left:.6rem; font-size:.95rem; font-weight:400; color:var(--dim); }
.badges { display:flex; flex-wrap:wrap; gap:.4rem; }
.badge { display:inline-block; padding:.1rem .6rem; border-radius:1rem; font-size:.8rem;
         background:var(--off); white-space:nowrap; }
.badge.ok { background:#124d2b; } .badge.offline { background:#6b4100; }
.badge.failing, .badge.lost { background:#7a1410; } .badge.none { color:var(--dim); }
#banner { padding:.7rem 1rem .5rem; font-size:1.5rem; font-weight:600; display:flex; flex-wrap:wrap;
          align-items:center; gap:.3rem 1.5rem; }
#banner .sub { font-size:1.1rem; font-weight:400; color:var(--dim); }
#timer { font-variant-numeric:tabular-nums; font-size:2rem; font-weight:700; white-space:nowrap; }
#timer .what { font-size:1rem; font-weight:400; color:var(--dim); margin-right:.4rem; }
#timer.low { color:var(--bad); }
.dot { display:inline-block; width:1em; height:1em; border-radius:50%; vertical-align:-.12em;
       border:2px solid rgba(255,255,255,.5); margin-right:.35em; }
#notice { margin:0 1rem .7rem; padding:.4rem .8rem; border-left:.3rem solid var(--warn);
          background:#2a2114; color:var(--warn); font-size:1.05rem; border-radius:.3rem; }
main { display:flex; flex-wrap:wrap; align-items:flex-start; gap:1rem; padding:0 1rem 1rem; }
.panel { background:var(--panel); border-radius:.6rem; padding:.7rem 1rem; flex:1 1 18rem; min-width:0; }
.panel h2 { font-size:.95rem; margin:0 0 .5rem; color:var(--dim); font-weight:600;
            text-transform:uppercase; letter-spacing:.05em; }
#board { flex:0 0 auto; display:flex; flex-direction:column; align-items:center; }
#board h2 { align-self:flex-start; }
.compass { color:var(--dim); text-align:center; font-size:.9rem; }
.lamprow { display:flex; align-items:center; gap:.4rem; }
.lamps { display:grid; grid-template-columns:repeat(4, 2.5rem); gap:.4rem; }
.lamp { width:2.5rem; height:2.5rem; border-radius:.4rem; background:var(--off); }
.lamp.on { background:var(--lamp); box-shadow:0 0 .7rem var(--lamp); }
.grids { display:flex; align-items:flex-start; justify-content:center; gap:1.2rem; margin-top:.8rem; }
.tgrid { display:grid; gap:.35rem; }
.tgrid.red { grid-template-columns:repeat(3, 3rem); }
.tgrid.green { grid-template-columns:repeat(2, 3rem); }
.tower { height:3rem; border-radius:.4rem; border:3px solid; display:flex; flex-direction:column;
         align-items:center; justify-content:center; font-size:.75rem; background:#14161b; }
.tgrid.red .tower { border-color:#b3362a; } .tgrid.green .tower { border-color:#26913e; }
.tower.route { background:var(--route); color:#000; font-weight:700; }
.tower.half { background-image:linear-gradient(rgba(20,22,27,.55), rgba(20,22,27,.55)); color:var(--text); }
.tower .pawns { display:flex; gap:.15rem; min-height:1.1rem; }
.pawn { width:1.1rem; height:1.1rem; border-radius:50%; font-size:.65rem; font-weight:700; color:#000;
        display:flex; align-items:center; justify-content:center; border:1px solid rgba(0,0,0,.5); }
#towerkey { margin-top:.5rem; max-width:17rem; text-align:center; }
#players { display:grid; grid-template-columns:repeat(auto-fill, minmax(min(100%, 17rem), 1fr)); gap:.5rem 1.2rem; }
.player { padding:.45rem .6rem; border-left:.3rem solid transparent; border-radius:.3rem; }
.player.current { background:#262a33; }
.player.winner { background:#1f3324; }
.tag { display:inline-block; font-size:.75rem; font-weight:700; padding:.05rem .5rem; border-radius:1rem;
       margin-left:.5rem; vertical-align:.15em; color:#000; background:var(--text); white-space:nowrap; }
.who { font-weight:700; font-size:1.15rem; }
.letters { display:flex; flex-wrap:wrap; gap:.25rem .7rem; margin:.3rem 0; }
.word { display:flex; gap:.2rem; }
.letter { min-width:1.8rem; height:2.1rem; padding:0 .25rem; border-radius:.3rem; border:2px solid #4a505c;
          display:flex; align-items:center; justify-content:center; font-weight:700; font-size:1.2rem; }
.letter.sent { color:#000; border-color:transparent; }
.letter.next { border-color:var(--text); box-shadow:0 0 0 1px var(--text); }
.small { font-size:.85rem; color:var(--dim); }
.alert { font-size:.9rem; color:var(--warn); margin-bottom:.4rem; }
.hand { font-size:.95rem; }
.track { position:relative; height:1.4rem; background:var(--off); border-radius:.7rem; margin:.3rem 0 .8rem;
         overflow:hidden; }
.track .fill { position:absolute; left:0; top:0; bottom:0; border-radius:.7rem; }
.hidden { display:none !important; }
@media (max-width: 40rem) {
  #board { flex:1 1 100%; }
  #banner { font-size:1.3rem; }
}
</style>
</head>
<body>
<header><h1>Clacks <span id="screen">&hellip;</span> <span id="mode"></span></h1>
<div class="badges"><span class="badge" id="reader">Reader: &hellip;</span><span class="badge" id="leds">LEDs: &hellip;</span>
<span class="badge lost hidden" id="conn">no connection to the board</span></div></header>
<div id="banner"><span id="turn">Waiting for the board&hellip;</span><span class="sub" id="budget"></span>
<span id="timer" class="hidden"></span></div>
<div id="notice" class="hidden"></div>
<main id="main">
<section class="panel" id="board"><h2>Board</h2>
<div class="compass">N</div>
<div class="lamprow"><span class="compass">W</span><div class="lamps" id="lamps"></div><span class="compass">E</span></div>
<div class="compass">S</div>
<div class="grids"><div class="tgrid red" id="red"></div><div class="tgrid green" id="green"></div></div>
<div class="small" id="towerkey"></div>
</section>
<section class="panel" id="playerspanel"><h2 id="playershead">Players</h2><div class="alert hidden" id="sabotage"></div><div id="players"></div></section>
<section class="panel hidden" id="teampanel"><h2 id="teamhead">Race to Genua</h2><div id="team"></div></section>
</main>
<script>
(function () {
  "use strict";
  var RED = ["R1","R2","R3","R4","R5","R6"], GREEN = ["G1","G2","G3","G4","G5","G6"];
  var MODES = {competitive: "Competitive", race: "Race to Genua", solitaire: "Solitaire", junior: "Junior Race"};
  var VARIANTS = {express: "Express", long_message: "Long Message", quick: "Quick", night_shift: "Night Shift",
                  long_distance: "Long Distance"};
  var last = null, fetchedAt = 0, failures = 0;
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
  function coop(p) { return p.game.team; }
  function modeText(p) {
    var v = [], i;
    for (i = 0; i < p.variants.length; i++) { v.push(VARIANTS[p.variants[i]] || p.variants[i]); }
    if (coop(p) && p.route) { v.push(p.route + " route"); }
    return (MODES[p.mode] || p.mode) + (v.length ? " \u00b7 " + v.join(", ") : "");
  }
  function letters(list, colour, showNext) {
    // One box per signal, kept together word by word (a word never breaks across lines).
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
    var lamps = $("lamps"), i; clear(lamps);
    for (i = 0; i < 16; i++) {
      lamps.appendChild(el("div", "lamp" + (p && p.board.charAt(i) === "1" ? " on" : "")));
    }
    function grid(id, names) {
      var g = $(id); clear(g);
      for (var k = 0; k < names.length; k++) {
        var t = p ? p.towers[names[k]] : null, cell = el("div", "tower");
        if (t && t.route) {
          cell.className += " route" + (t.half ? " half" : "");
          if (t.seat) { cell.style.backgroundColor = seatColour(d, t.seat); }
        }
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
    if (p && p.game.routes && !p.game.team) { key = "Lit buttons: each player's way to Genua on their colour, two towers a button (dim: one)"; }
    $("towerkey").textContent = key;
  }
  function hands(p, s, pl, box) {
    if (pl.hand) {
      var names = []; for (var i = 0; i < pl.hand.length; i++) { names.push(label(p, pl.hand[i])); }
      box.appendChild(el("div", "hand", "Hand: " + (names.length ? names.join(", ") : "nothing")));
      if (pl.faults && pl.faults.length) {
        var f = []; for (i = 0; i < pl.faults.length; i++) { f.push(label(p, pl.faults[i])); }
        box.appendChild(el("div", "hand", "Fault cards: " + f.join(", ")));
      }
    } else {
      var why = p.hands === "physical" ? "in their hand" : "hidden (Long Distance)";
      box.appendChild(el("div", "small", pl.hand_count + " card" + (pl.hand_count === 1 ? "" : "s") + " " + why));
    }
  }
  function drawPlayers(d, p) {
    var box = $("players"); clear(box);
    var sab = $("sabotage"); show(sab, false);
    if (!p) { return; }
    $("playershead").textContent = coop(p) ? "Players" : "Players and words";
    for (var s in p.players) {
      if (!p.players.hasOwnProperty(s)) { continue; }
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
        if (p.game.routes && !p.game.team) {
          row.appendChild(el("div", "small", pl.route + " route: tower " + pl.tower + " of " + p.route_towers));
          row.appendChild(track(pl.tower, p.route_towers, colour));
        } else {
          row.appendChild(el("div", "small", "Pawn: " + (pl.tower || "on the start button") +
                                           (pl.sabotaged ? " \u00b7 sabotaged once" : "")));
        }
      }
      hands(p, s, pl, row);
      if (p.turn === s && p.played && p.played.length) {
        var played = []; for (var k = 0; k < p.played.length; k++) { played.push(label(p, p.played[k])); }
        row.appendChild(el("div", "small", "Played this turn: " + played.join(", ")));
      }
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
    if (p.reports && p.reports.length) {
      var kinds = {incident: [], log: []}, i;
      for (i = 0; i < p.reports.length; i++) {
        var r = p.reports[i];
        (kinds[r.deck] || kinds.log).push(r.jacquard ? label(p, r.jacquard) : null);
      }
      if (kinds.incident.length) {
        box.appendChild(el("div", "hand", "Incident Report cards (" + kinds.incident.length + "): " +
                           kinds.incident.map(function (x) { return x || "face down"; }).join(", ")));
      }
      if (kinds.log.length) {
        box.appendChild(el("div", "hand", "Operator's Log cards (" + kinds.log.length + "): " +
                           (kinds.log.length === 1 ? "a jacquard" : "jacquards") + " face down"));
      }
    }
    if (p.pending) {
      var cards = []; for (var k = 0; k < p.pending.cards.length; k++) {
        cards.push(p.pending.cards[k] ? label(p, p.pending.cards[k]) : "a Fault Report card"); }
      box.appendChild(el("div", "alert", "Revealed: " + cards.join(", ") + ", waiting for " +
                         seatName(d, p.pending.seat)));
    }
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
    if (d.screen === "starting") { turn.textContent = "Waiting for the board\u2026"; return; }
    if (d.screen === "setup") { turn.textContent = "Setting up a game"; budget.textContent = setupText(d.setup); return; }
    if (!p) { turn.textContent = d.screen_label; return; }
    if (p.winner) {
      if (p.players[p.winner]) { turn.appendChild(seatDot(d, p.winner)); }
      turn.appendChild(document.createTextNode("Game over: " + winnerText(d, p))); return; }
    if (d.screen === "confirm") {
      turn.textContent = "Abandon this game? PLAY abandons it, BACK keeps playing."; return; }
    if (p.turn) {
      turn.appendChild(seatDot(d, p.turn));
      var colour = d.seats[p.turn] ? " \u00b7 " + d.seats[p.turn].towers + " towers" : "";
      turn.appendChild(document.createTextNode(seatName(d, p.turn) + " to act" +
                                               (p.game.pawns ? colour : "")));
      if (p.budget_left !== null && p.budget_left !== undefined) {
        budget.textContent = p.budget_left + " of " + p.budget + " stress points left";
      } else { budget.textContent = "Turn " + p.turn_number; }
    }
    if (d.screen === "attract") { budget.textContent = "Demo game \u00b7 press PLAY on the board to set up a game"; }
  }
  function tickTimer() {
    var t = $("timer");
    if (!last || !last.express) { t.className = "hidden"; return; }
    var left = Math.max(0, last.express.seconds_left - (Date.now() - fetchedAt) / 1000);
    clear(t); t.appendChild(el("span", "what", "Express"));
    t.appendChild(document.createTextNode(Math.ceil(left) + " s left"));
    t.className = left <= 10 ? "low" : "";
  }
  function draw(d) {
    var p = d.position;
    $("screen").textContent = "\u00b7 " + d.screen_label;
    $("mode").textContent = p ? modeText(p) : "";
    if (d.health) { badge("reader", "Reader", d.health.reader); badge("leds", "LEDs", d.health.leds); }
    show($("main"), !!p);
    drawBanner(d, p); drawBoard(d, p); drawPlayers(d, p); drawTeam(d, p); tickTimer();
    $("notice").textContent = d.notice || ""; show($("notice"), !!d.notice);
  }
  function poll() {
    var x = new XMLHttpRequest(), done = false;
    function next(ok) {
      if (done) { return; } done = true;
      failures = ok ? 0 : failures + 1;
      show($("conn"), failures >= 3);
      setTimeout(poll, 1000);
    }
    x.open("GET", "status.json", true);
    x.timeout = 4000;
    x.onreadystatechange = function () {
      if (x.readyState !== 4) { return; }
      if (x.status === 200) {
        try { last = JSON.parse(x.responseText); fetchedAt = Date.now(); draw(last); next(true); return; }
        catch (e) { /* fall through */ }
      }
      next(false);
    };
    x.ontimeout = function () { next(false); };
    x.send();
  }
  drawBoard({seats: {}}, null);
  show($("main"), false);
  setInterval(tickTimer, 250);
  poll();
})();
</script>
</body>
</html>
"""
PAGE_BYTES = PAGE.encode("utf-8")
