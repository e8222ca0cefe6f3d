"""How players drive the board (docs/board.md): the screen showing, and what every screen shares.

Fed input events (ButtonEvent, ReaderEvent, CardTap) and the time; produces engine actions
(through the GameSession, which journals them) and a View for the renderer. It never sleeps
and never reads a clock: every method takes ``now``.

The controller is small on purpose: each screen is a class of its own in ``screens/`` (attract,
setup, game, confirm, over, resume/refused, fault; screens/__init__.py lists them and the
seams), and the controller only keeps the one showing (``current``; its name is ``screen``),
hands it the inputs, and keeps what all of them share: the card map and the readers' seats, the
game session, the journal's storage watch, the transmission flash, the red error flash, the
last message, and the steps that move between screens (``go``, ``to_attract``, ``open_setup``,
``start_game``, ``enter_game``, ``abandon``, ``fault``). A lost reader (in a game played with
cards) or a failed journal write brings the fault screen over the screen showing; unknown tags
are refused here, whatever the screen.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ..drivers.debounce import RESET_CHORD, ButtonEvent
from ..drivers.reader_events import ReaderEvent
from ..game.core.editions import SHIPPED, Editions
from ..game.core.errors import SetupError
from ..game.core.view import PUBLIC
from ..journal import JournalError, mark_abandoned
from ..pairing.board import Table
from . import palette
from .board_parts import BoardParts
from .cards import CardMap, looks_like_uid, unenrolled
from .demo import Demo
from .events import CardTap
from .reader_seats import ReaderSeats
from .resume import Outcome
from .screens.attract import AttractScreen
from .screens.base import Screen
from .screens.fault import FaultScreen
from .screens.pairing import PairingScreen, PhoneDesk, gesture
from .screens.over import OverScreen
from .screens.play import PlayScreen
from .screens.resume import ResumeScreen
from .screens.setup import SetupScreen
from .session import GameSession, JournalStore
from .setup_menu import SetupMenu
from .storage import StorageWatch
from .view import Flash, View

log = logging.getLogger(__name__)
ATTRACT_TEXT = "Attract: the demo plays. Press PLAY to set up a game."
SEED_BITS = 64


@dataclass(frozen=True)
class Settings:
    attract_after_s: float = 120.0  # idle in setup, or after a game ends, before attract
    express_s: float | None = None  # a timed turn's length (Express); None: the game's own
    hands: str = "tracked"
    mode: str = "competitive"
    variants: tuple[str, ...] = ()
    route: str = "easy"
    first: str | None = None  # race: who starts (the seat nearest Ankh-Morpork)
    seats: tuple[str, ...] = ("S", "N")
    demo_step_s: float = 0.8
    flash_s: float = 1.5  # the transmission flash
    error_s: float = 0.6  # the red flash of an unknown tag or a rejected action
    confirm_s: float = 20.0  # the reset question is withdrawn after this long
    storage_retry_s: float = 5.0  # while the journal cannot be written: how often to try again
    # Whose eyes the position text after each action is for: PUBLIC (the log of the lit board:
    # Long Distance hands counted, never listed), or None (the virtual board on your terminal).
    status_view: str | None = PUBLIC
    computer: tuple[tuple[str, str], ...] = ()  # (seat, strength) the set-up offers first (game.computer)
    computer_pace_s: float = 1.5  # a computer player's move shows this long before it is played
    reaction_window_s: float = 3.0  # then held this long when a person could answer it (0: never)
    hints: str = "auto"  # "on", "off", or "auto": as the game says (hints_by_default: off in scored games)


class Controller(BoardParts):
    def __init__(self, edition, store: JournalStore | None, cards: CardMap | None = None,
                 settings: Settings | None = None, rng: random.Random | None = None,
                 session: GameSession | None = None, now: float = 0.0,
                 report: Callable[[str], None] | None = None, reader_seats=None,
                 status: Callable[[str], None] | None = None, resumed: Outcome | None = None,
                 editions: Editions = SHIPPED) -> None:
        self.edition = edition
        self.editions = editions  # each game's box: the owner's edition (config [editions]) or its own
        self.store = store
        self.cards = cards or CardMap()
        self.settings = settings or Settings()
        self.rng = rng or random.Random()
        self.report = report or (lambda text: None)
        self.show_status = status or self.report  # the whole position as text, after each action
        self.demo = Demo(edition, random.Random(self.rng.random()), self.settings.demo_step_s, editions=editions)
        self.session: GameSession | None = None
        self.readers = ReaderSeats(reader_seats)  # reader index -> seat (empty: one shared reader)
        self.flash: Flash | None = None
        self.error_since: float | None = None
        self.message = ""  # the last thing said to the players (rejection, status)
        self.remote_seats: frozenset = frozenset()  # seats played at the other end of a line (daemon/remote_input.py)
        self.games = 0  # games started here, not resumed: what was said before the newest is stale
        self.recent: deque = deque(maxlen=6)  # the last accepted actions, newest last
        self.reader_offline = False
        self.leds_failing = False
        self.storage = StorageWatch(self.settings.storage_retry_s)  # journal writes failing?
        self.phones: PhoneDesk | None = None  # pairing phones at the board (screens/pairing.py), when on
        self.phones_flash: tuple[float, str] | None = None  # (until, "paired" / "forgotten")
        self.last_input = now
        self.current: Screen
        if session is not None:
            self.enter_game(session, now)
        elif resumed is not None and resumed.refused:
            self.current = ResumeScreen(self, now, resumed)
        else:
            self.current = AttractScreen(self, now)
        if resumed is not None and resumed.session is not None and resumed.notice:
            self.notice(resumed.notice)

    # ------------------------------------------------------------------ the screen showing

    @property
    def screen(self) -> str:
        """The screen the board is in (pairing rides over it and is not one the pages name)."""
        return self.base.name

    @property
    def pairing(self) -> str | None:
        """Whose phone is being paired over the screen (a seat, or "admin"); None: no pairing.
        The pages say so beside the screen underneath, which goes on (web/public.py)."""
        top = self.current
        return (top.code.seat or "admin") if isinstance(top, PairingScreen) else None

    @property
    def phone_table(self) -> Table | None:
        """The game on the board as pairing knows it (its id, seats, the computer's); None: none."""
        if self.session is None:
            return None
        config = self.session.state.config
        return Table(self.session.game_id, tuple(config.seats), tuple(config.computer))

    @property
    def screen_since(self) -> float:
        return self.base.since

    @property
    def state(self):
        return self.current.state

    # What the screen showing holds, for the status page, the logs and the tests: the set-up
    # menu, the game's input in progress (a Clacks card being placed or swapped), the turn's start.
    setup = property(lambda self: getattr(self.base, "menu", None))
    preview = property(lambda self: getattr(getattr(self.base, "play", None), "preview", None))
    swap = property(lambda self: getattr(getattr(self.base, "play", None), "swap", None))
    turn_started = property(lambda self: self.base.clock.started if hasattr(self.base, "clock") else None)
    computer_move = property(lambda self: self.base.computer.move if hasattr(self.base, "computer") else None)
    computer_window = property(lambda self: self.base.computer.window if hasattr(self.base, "computer") else None)

    @property
    def play_progress(self):
        """The game's input in progress as a value (None: none), to tell whether an input changed it."""
        play = getattr(self.base, "play", None)
        return play.progress() if play is not None else None

    def go(self, screen: Screen, now: float) -> None:
        top = self.current if hasattr(self, "current") else None
        screen.since = now
        if top is not None and top.rides and screen not in (top, top.under) and screen.under is not top:
            top.under = screen  # the screen underneath moved on: pairing stays over the new one
        else:
            self.current = screen

    @property
    def base(self) -> Screen:
        """The screen showing, under pairing if pairing rides over it."""
        return self.current.under if self.current.rides else self.current

    def view(self, now: float) -> View:
        return View(
            screen=self.screen, **self.current.shows(now),
            flash=self.flash if self.flash and now < self.flash.since + self.flash.seconds else None,
            error_since=self.error_since if self.error_since is not None
            and now < self.error_since + self.settings.error_s else None,
            error_seconds=self.settings.error_s, express_seconds=self.express_seconds,
            phones_flash=palette.PHONES[self.phones_flash[1]] if self.phones_flash and now < self.phones_flash[0]
            else None,
            reader_offline=self.reader_offline, leds_failing=self.leds_failing,
            storage_full=not self.storage.ok, screen_since=self.screen_since, spell=self.edition.spelled,
        )

    def next_deadline(self, now: float) -> float | None:
        """The next time :meth:`tick` has something to do (not animation: the renderer's)."""
        times = [self.current.deadline(now), self.phones_flash[0] if self.phones_flash else None]
        if self.flash:
            times.append(self.flash.since + self.flash.seconds)
        if self.error_since is not None:
            times.append(self.error_since + self.settings.error_s)
        times = [t for t in times if t is not None]
        return min(times) if times else None

    # ------------------------------------------------------------------ input

    def handle(self, event, now: float) -> None:
        # Pairing's gestures (and a phone paired) are taken by pairing, and no screen sees them;
        # every other event goes to the screen showing. Time moves on after either.
        if not gesture(self, event, now):
            self._route(event, now)
        self.tick(now)

    def _route(self, event, now: float) -> None:
        if isinstance(event, ReaderEvent):
            self._reader(event, now)
        elif isinstance(event, CardTap):
            self.last_input = now
            if looks_like_uid(event.card):  # a tag's id typed: read through the enrolment, as a reader's
                self._tap(self.cards.card_for(event.card), event.card, event.reader, now)
            else:
                self._tap(event.card, None, event.reader, now)
        elif isinstance(event, ButtonEvent):
            if event.kind == "chord" and event.button == "+".join(RESET_CHORD):  # pairing's: screens/pairing.py
                self.last_input = now
                self.current.reset(now)
            elif event.kind == "press":
                self.last_input = now
                self.current.press(event.button, now)

    def tick(self, now: float) -> None:
        """Whatever time alone makes happen: demo moves, Express timeouts, idle returns."""
        if self.flash and now >= self.flash.since + self.flash.seconds:
            self.flash = None
        if self.error_since is not None and now >= self.error_since + self.settings.error_s:
            self.error_since = None
        if self.phones_flash and now >= self.phones_flash[0]:
            self.phones_flash = None
        self.current.tick(now)
        if self.phones is not None:  # a seat's phone is for one game: pairing lets the others go
            self.phones.pairing.playing(self.phone_table)

    def _reader(self, ev: ReaderEvent, now: float) -> None:
        if ev.kind == "tag":
            self.last_input = now
            card = self.cards.card_for(ev.uid) if ev.uid else None
            self._tap(card, ev.uid, ev.reader, now)
        elif ev.kind == "offline":
            self.reader_offline = True
            log.warning("card reader offline: %s", ev.detail)
            if self.current.takes_cards:
                self.fault("reader", now)
        elif ev.kind == "online":
            if self.reader_offline:
                log.info("card reader back online: %s", ev.detail)
            self.reader_offline = False
            if isinstance(self.base, FaultScreen):
                self.base.clear("reader", now)
        elif ev.kind == "fault":
            log.warning("card reader %s fault: %s", ev.reader, ev.detail)
        elif ev.kind == "recovered":
            log.info("card reader %s recovered", ev.reader)

    def _tap(self, card: str | None, uid: str | None, reader: int | None, now: float) -> None:
        if card is None:  # refused here, whatever the screen: an unenrolled tag is no card
            sentence = unenrolled(uid, reader, self.readers.seat_of(reader))
            log.warning("%s", sentence)
            self.error(now, sentence)
            return
        self.current.tap(card, reader, now)

    # ------------------------------------------------------------------ faults

    def fault(self, kind: str, now: float, again=None) -> None:
        """A fault (``reader``, ``storage``) over the screen showing, which goes on when it
        clears (screens/fault.py); ``again(now)``: what met it, done once it clears."""
        base = self.base  # a fault comes under pairing, which stays on top
        screen = base if isinstance(base, FaultScreen) else FaultScreen(self, now, base)
        screen.add(kind, again)
        if screen is not base:
            self.go(screen, now)

    def storage_failed(self, exc: BaseException, now: float, again=None) -> str:
        """A journal write failed: say why (a red flash), and wait on the fault screen."""
        why = self.storage.failed(exc, now)
        self.error(now, why)
        self.fault("storage", now, again)
        return why

    @property
    def in_game(self) -> bool:
        """A game is in play on the board (on its play screen, its abandon question, or a fault over either)."""
        shown = self.current
        while shown.under is not None and not isinstance(shown, PlayScreen):
            shown = shown.under
        return self.session is not None and isinstance(shown, PlayScreen)

    # ------------------------------------------------------------------ moving between screens

    def to_attract(self, now: float) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None
        self.flash = None
        self.go(AttractScreen(self, now), now)
        self.show_status(ATTRACT_TEXT)

    def idle_to_attract(self, now: float) -> None:
        log.info("no input for %.0f s: back to attract", self.settings.attract_after_s)
        self.to_attract(now)

    def open_setup(self, now: float) -> None:
        s = self.settings
        menu = SetupMenu.from_defaults(s.mode, s.variants, s.seats, now, route=s.route, computer=s.computer)
        self.go(SetupScreen(self, now, menu), now)

    def enter_game(self, session: GameSession, now: float) -> None:
        self.session = session
        self.recent.clear()
        screen = PlayScreen(self, now, session)
        self.go(OverScreen(self, now) if session.state.over else screen, now)
        if self.reader_offline and self.current.takes_cards:
            self.fault("reader", now)
        self.status()

    def start_game(self, menu: SetupMenu, now: float) -> str | None:
        """Start the game ``menu`` describes (the set-up screen's PLAY, the admin page's new
        game: screens/admin.py); None, or why it could not start."""
        # 64 bits: no search over seeds can match the cards seen played to a deal.
        seed = self.rng.getrandbits(SEED_BITS)
        config = menu.game_config(self.edition.words, seed, self.settings.hands,
                                  express_seconds=self.settings.express_s, first=self.settings.first,
                                  editions=self.editions)
        if config.game.takes_hints:  # journalled with the set-up: a hinted game is told apart
            config = dataclasses.replace(config, hints=self.hints_on(config))
        try:
            session = self.store.new_session(config)
        except (SetupError, OSError, ValueError, JournalError) as exc:
            if isinstance(exc, (OSError, JournalError)) and not isinstance(exc, FileExistsError):
                # the game starts once the journal can be written (the fault screen)
                return self.storage_failed(exc, now, again=lambda later: self.start_game(menu, later))
            log.error("cannot start the game: %s", exc)
            self.error(now, f"Cannot start the game: {exc}")
            return f"cannot start the game: {exc}"
        self.last_input = now
        self.storage.cleared()  # its header is on disk
        self.games += 1
        self.message = ""  # a notice about the game before ("Resumed ...") is not this one's
        self.enter_game(session, now)
        return None

    def abandon(self, now: float, by: str = "the admin page") -> bool:
        """Abandon the game in play (as PLAY on the reset question); False when there is none."""
        if not self.in_game:
            return False
        session = self.session
        session.close()
        if session.path is None:
            log.info("game abandoned by %s", by)
        else:  # so it is not resumed after a restart
            try:
                log.info("game abandoned by %s (journal now %s)", by, mark_abandoned(session.path))
            except OSError as exc:
                log.warning("game abandoned by %s, but %s cannot be marked abandoned: %s (it will be "
                            "resumed after a restart; rename it to end in .abandoned to stop that)",
                            by, session.path, exc.strerror or exc)
        self.session = None
        self.to_attract(now)
        return True

    def submit(self, action, now: float) -> bool:
        """An action from outside the board's buttons (a seat's own phone: seat_flow.py), through
        the play screen's one way to the engine; False when refused or when no game is in play."""
        play = getattr(self.base, "playing", self.base)  # under the abandon question (and pairing) too
        return isinstance(play, PlayScreen) and play.submit(action, now)

    def flash_signal(self, before, after, now: float):
        """Flash the tower a signal was just sent from, in the sender's colour (the game says
        which lamps: ``Game.sent_lamps``): (seat, lamps) or None."""
        sent = after.config.game.sent_lamps(before, after)
        if sent:
            seat, lamps = sent
            self.flash = Flash(lamps, palette.SEAT[seat], now, self.settings.flash_s)
        return sent

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
