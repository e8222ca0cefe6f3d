"""What the loop publishes for the pages: one frozen snapshot per loop iteration.

Thread safety without shared mutable state: after each iteration the event loop hands its
:class:`StatusPublisher` the controller and the LED output; the publisher builds a small frozen
:class:`StatusSnapshot` (references only: the engine state is frozen already) and stores it in
the :class:`SnapshotBox` by one assignment, then rings the box's bell (a non-blocking wake-up of
the web server's event loop). The server only ever reads the box and builds the JSON in its own
thread, so the game loop never waits on a browser and a browser never sees half an update.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..drivers.reader_events import ReaderEvent


@dataclass(frozen=True)
class PreviewShown:
    """The jacquard (or Fault Report card) the board is blinking: public, it lies on the table."""

    seat: str
    act: str  # "play" or "fault"
    card: str
    mask: int  # the lamps it would flip (a tower's six lamps for a tower choice)
    tower: int | None  # the tower chosen, when the card asks for a tower
    affordable: bool
    hints: bool = False  # is the board hinting? Then ``sends`` is the engine's answer for it:
    sends: tuple[str, str, int] | None = None  # (seat, signal, tower) it would transmit (from that tower), or None
    hint: object = None  # and the hint for it, as the game's codes (the game's page says it in words)


@dataclass(frozen=True)
class StatusSnapshot:
    """What the board shows at one moment: immutable, so any thread may read it."""

    seq: int
    screen: str  # attract / setup / game / confirm / over / resume / refused (daemon/screen_names.py)
    state: object = None  # the game (the demo game in attract); None in setup
    actions: int | None = None  # actions accepted in this game (journal lines)
    express_left: float | None = None  # Express: seconds left in this turn when published
    express_seconds: float | None = None  # Express: the length of a turn
    reader: str = "ok"  # ok / offline / failing / none
    leds: str = "ok"  # ok / failing
    setup: str | None = None  # the setup menu, described
    notice: str = ""  # the last thing said to the players (a rejection, ...)
    storage: str = "ok"  # ok / full / failing: can the journal be written?
    storage_text: str = ""  # the storage problem in words ("" when ok)
    preview: PreviewShown | None = None
    recent: tuple = ()  # the last accepted actions, newest last
    brightness: float | None = None  # the LEDs' brightness scale (None: not adjustable)
    started: float | None = None  # when the game began (Unix seconds; None: unknown, or no game)
    pairing: str | None = None  # a phone being paired over ``screen``: a seat's or "admin" (never the code)
    game: str | None = None  # the game's id (its journal's name): a seat's phone reads its own game only


class SnapshotBox:
    """Holds the newest snapshot. The loop replaces it by one assignment and rings ``bell``
    (set by the server: it must never block); readers just read."""

    __slots__ = ("_snapshot", "bell")

    def __init__(self, snapshot: StatusSnapshot | None = None) -> None:
        self._snapshot = snapshot
        self.bell: Callable[[], None] | None = None

    def put(self, snapshot: StatusSnapshot) -> None:
        self._snapshot = snapshot
        bell = self.bell
        if bell is not None:
            bell()

    def get(self) -> StatusSnapshot | None:
        return self._snapshot


class StatusPublisher:
    """The loop's side: :meth:`observe` each event handled, :meth:`publish` once per iteration.

    Reads only the controller's public attributes (``screen``, ``pairing``, ``state``, ``session``,
    ``setup``, ``message``, ``recent``, ``reader_offline``, ``leds_failing``, ``storage``,
    ``view(now)``).
    """

    def __init__(self, box: SnapshotBox, *, reader: bool = True, listeners=()) -> None:
        self.box = box
        self.reader = reader  # is there a card reader at all?
        self.listeners = list(listeners)  # more boxes-like sinks (MQTT): ``put(snapshot)``
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
        view = c.view(now)
        if screen in ("game", "confirm") and view.express_started is not None:
            express_seconds = float(view.express_seconds)
            express_left = max(0.0, express_seconds - (now - view.express_started))
        session = c.session
        in_game = c.in_game or screen == "over"
        actions = session.actions if session is not None and in_game else None
        if not self.reader:
            reader = "none"
        elif c.reader_offline:
            reader = "offline"
        elif self._faulty:
            reader = "failing"
        else:
            reader = "ok"
        led_ok = leds.health.ok if leds is not None else True
        p = view.preview
        shown = None if p is None else PreviewShown(p.seat, p.act, p.card, p.mask,
                                                   p.choice if p.choose == "tower" else None, p.affordable,
                                                   getattr(p, "hints", False), getattr(p, "sends", None),
                                                   getattr(p, "hint", None))
        m = view.computer  # a computer player's move, shown on the pages as a preview of its play
        if shown is None and m is not None and m.lamps:
            shown = PreviewShown(m.seat, "play", m.card, m.lamps, None, True)
        snap = StatusSnapshot(
            seq=self.seq, screen=screen, state=c.state, actions=actions,
            express_left=express_left, express_seconds=express_seconds,
            reader=reader, leds="failing" if c.leds_failing or not led_ok else "ok",
            setup=c.setup.describe() if screen == "setup" and c.setup is not None else None,
            notice=c.message or "", preview=shown,
            storage=c.storage.state, storage_text=c.storage.text,
            recent=tuple(c.recent) if in_game else (),
            brightness=getattr(leds, "brightness", None),
            started=session.started if actions is not None else None,
            pairing=c.pairing,
            game=session.game_id if session is not None else None,
        )
        self.box.put(snap)
        for sink in self.listeners:
            sink.put(snap)
        return snap
