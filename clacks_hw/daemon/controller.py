"""How players drive the board (docs/board.md) as a state machine.

Fed input events (ButtonEvent, ReaderEvent, CardTap) and the time; produces engine actions
(through the GameSession, which journals them) and a View for the renderer. It never sleeps
and never reads a clock: every method takes ``now``.

Screens: attract (bots play a demo; PLAY opens setup) -> setup (mode, variants, seats, words)
-> game (moves, previews, commits, faults, Express) -> over (back to attract after a while).
PREV+NEXT held 3 s in a game asks to abandon it (confirm: PLAY abandons, BACK keeps playing).
After a restart whose newest journal could not be resumed, the ``ResumeQuestion`` mixin
(resume_question.py) shows why and, with an older game in play, asks whether to go on with it.
Cards tapped in a game (jacquards, Fault Report cards, the co-op swap from a report card) are
routed by the ``CardInput`` mixin (card_input.py); ``reader_seats`` maps reader indices to
seats when each seat has its own reader (reader_seats.py; None or empty: one shared reader).
"""

from __future__ import annotations

import logging
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ..drivers.reader_events import ReaderEvent
from ..drivers.debounce import RESET_CHORD, ButtonEvent
from ..game.clacks.actions import Action
from ..game.clacks.board import TOWER_BY_NAME, TOWERS
from ..game.clacks.config import EXPRESS_SECONDS
from ..game.clacks.edition import Edition
from ..game.clacks.state import GameState
from ..game.core.errors import SetupError
from ..game.core.rejection import Rejection
from ..game.core.view import PUBLIC
from ..journal import JournalError, mark_abandoned
from . import palette, preview, swap_flow
from .card_input import CardInput
from .computer_turns import ComputerTurns
from .cards import CardMap, word_of
from .demo import Demo
from .dice_play import DicePlay
from .events import CardTap
from .express_marks import ExpressMarks
from .reader_seats import ReaderSeats
from .resume import Outcome
from .resume_question import ResumeQuestion
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
    express_s: float = EXPRESS_SECONDS
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


class Controller(CardInput, DicePlay, ResumeQuestion, ComputerTurns):
    def __init__(self, edition: Edition, store: JournalStore | None, cards: CardMap | None = None,
                 settings: Settings | None = None, rng: random.Random | None = None,
                 session: GameSession | None = None, now: float = 0.0,
                 report: Callable[[str], None] | None = None, reader_seats=None,
                 status: Callable[[str], None] | None = None, resumed: Outcome | None = None) -> None:
        self.edition = edition
        self.store = store
        self.cards = cards or CardMap()
        self.settings = settings or Settings()
        self.rng = rng or random.Random()
        self.report = report or (lambda text: None)
        self.show_status = status or self.report  # the whole position as text, after each action
        self.demo = Demo(edition, random.Random(self.rng.random()), self.settings.demo_step_s)
        self.session: GameSession | None = None
        self.setup: SetupMenu | None = None
        self.preview: preview.Preview | None = None
        self.swap: swap_flow.SwapFlow | None = None  # a co-op swap being put together
        self.readers = ReaderSeats(reader_seats)  # reader index -> seat (empty: one shared reader)
        self.flash: Flash | None = None
        self.error_since: float | None = None
        self.message = ""  # the last thing said to the players (rejection, status)
        self.recent: deque[Action] = deque(maxlen=6)  # the last accepted actions, newest last
        self.reader_offline = False
        self.leds_failing = False
        self.storage = StorageWatch(self.settings.storage_retry_s)  # journal writes failing?
        self.screen = "attract"
        self.screen_since = now
        self.last_input = now
        self.turn_started = now
        self._turn_key = None
        self.marks = ExpressMarks()  # the Express clock, journalled (express_marks.py)
        if session is not None:
            self._enter_game(session, now)
        elif resumed is not None and resumed.refused:
            self._ask_resume(resumed, now)
        else:
            self.demo.start(now)
        if resumed is not None and resumed.session is not None and resumed.notice:
            self._notice(resumed.notice)

    # ------------------------------------------------------------------ queries

    @property
    def state(self) -> GameState | None:
        if self.screen in ("game", "confirm", "over") and self.session is not None:
            return self.session.state
        if self.screen == "attract":
            return self.demo.state
        return None

    @property
    def express_seconds(self) -> float:
        """The turn length of the game in play (recorded in its journal), else the setting."""
        if self.session is not None:
            config = self.session.state.config
            limit = config.game.turn_seconds(config)
            if limit is not None:
                return limit
        return float(self.settings.express_s)

    def _express_on(self) -> bool:
        s = self.session.state if self.session else None
        return (self.screen in ("game", "confirm") and s is not None and not s.over
                and s.config.has("express"))

    def view(self, now: float) -> View:
        return View(
            screen=self.screen, state=self.resume_shown() if self.screen == "resume" else self.state,
            preview=self._shown_preview() if self.screen == "game" else None,
            setup=self.setup if self.screen == "setup" else None,
            flash=self.flash if self.flash and now < self.flash.since + self.flash.seconds else None,
            error_since=self.error_since if self.error_since is not None
            and now < self.error_since + self.settings.error_s else None,
            error_seconds=self.settings.error_s,
            express_started=self.turn_started if self._express_on() else None,
            express_seconds=self.express_seconds,
            reader_offline=self.reader_offline, leds_failing=self.leds_failing,
            storage_full=not self.storage.ok,
            screen_since=self.screen_since, signals=self.edition.signals,
            dice_input=self.dice_input if self.screen == "game" else None,
            computer=self.computer_move if self.screen == "game" else None,
        )

    def _shown_preview(self) -> preview.Preview | None:
        if self.swap is not None:
            return self.swap.display(self.edition)
        return self.preview

    def next_deadline(self, now: float) -> float | None:
        """The next time :meth:`tick` has something to do (not animation: the renderer's)."""
        times = []
        if self.screen == "attract":
            times.append(self.demo.next_at)
        if self.screen in ("setup", "over"):
            times.append(self.last_input + self.settings.attract_after_s)
        if self.screen == "confirm":
            times.append(self.screen_since + self.settings.confirm_s)
        if self.screen == "game":
            times.append(self.computer_deadline(now))
        if self._express_on():
            times.append(self.turn_started + self.express_seconds)
            times.append(self.marks.due_at(self._turn_key, self.turn_started))
        times.append(self._resume_deadline())
        if self.flash:
            times.append(self.flash.since + self.flash.seconds)
        if self.error_since is not None:
            times.append(self.error_since + self.settings.error_s)
        times.append(self.storage.next_check)
        times = [t for t in times if t is not None]
        return min(times) if times else None

    # ------------------------------------------------------------------ input

    def handle(self, event, now: float) -> None:
        if isinstance(event, ReaderEvent):
            self._reader(event, now)
        elif isinstance(event, CardTap):
            self.last_input = now
            self._tap(event.card, None, event.reader, now)
        elif isinstance(event, ButtonEvent):
            if event.kind == "chord" and event.button == "+".join(RESET_CHORD):  # others: pairing_flow.py
                self.last_input = now
                self._reset_gesture(now)
            elif event.kind == "press":
                self.last_input = now
                self._button(event.button, now)
        self.tick(now)

    def tick(self, now: float) -> None:
        """Whatever time alone makes happen: demo moves, Express timeouts, idle returns."""
        if self.flash and now >= self.flash.since + self.flash.seconds:
            self.flash = None
        if self.error_since is not None and now >= self.error_since + self.settings.error_s:
            self.error_since = None
        if self.screen == "attract":
            if self.demo.due(now):
                moved = self.demo.step(now)
                if moved:
                    self._maybe_flash(*moved, now)
        elif self.screen in ("setup", "over"):
            if now >= self.last_input + self.settings.attract_after_s:
                log.info("no input for %.0f s: back to attract", self.settings.attract_after_s)
                self._to_attract(now)
        elif self.screen == "confirm":
            if now >= self.screen_since + self.settings.confirm_s:
                self._go("game", now)
        elif self.screen == "refused":
            self._resume_tick(now)
        self._check_storage(now)
        if self._express_on() and self.storage.ok and now >= self.turn_started + self.express_seconds:
            s = self.session.state
            elapsed = round(now - self.turn_started, 3)
            if not self._submit(Action(s.turn.seat, "timeout", time=elapsed), now):
                self.turn_started = now  # never spin on a refused timeout
        if self._express_on() and self.storage.ok:
            self.marks.tick(self.session, self._turn_key, self.turn_started, now, self.storage)
        if self.screen == "game" and self.session is not None and self.computer_seat() is not None:
            self._computer_tick(now)
        elif (self.screen == "game" and self.preview is None and self.swap is None and self.session is not None
                and not self._dice_game()):
            self._pending_choice(now)

    # ------------------------------------------------------------------ screens

    def _go(self, screen: str, now: float) -> None:
        self.screen = screen
        self.screen_since = now

    def _to_attract(self, now: float) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None
        self.setup = None
        self.preview = None
        self.swap = None
        self.flash = None
        self._go("attract", now)
        self.demo.start(now)
        self.show_status(ATTRACT_TEXT)

    def _enter_game(self, session: GameSession, now: float) -> None:
        self.session = session
        self.recent.clear()
        self.setup = None
        self.preview = None
        self.swap = None
        self.dice_input = None
        self.turn_started = now - session.turn_used  # a resumed Express turn goes on, not afresh
        self._turn_key = (session.state.turn.seat, session.state.turn.number)
        self.marks.marked(self._turn_key, session.turn_used)
        self._go("over" if session.state.over else "game", now)
        self._status()

    def _status(self, extra: str = "") -> None:
        if self.session is None:
            return
        from ..text_board import render

        text = render(self.session.state, actions=self.session.actions, view=self.status_viewer())
        self.show_status(text + (extra + "\n" if extra else ""))

    # ------------------------------------------------------------------ readers

    def _reader(self, ev: ReaderEvent, now: float) -> None:
        if ev.kind == "tag":
            self.last_input = now
            card = self.cards.card_for(ev.uid) if ev.uid else None
            self._tap(card, ev.uid, ev.reader, now)
        elif ev.kind == "offline":
            self.reader_offline = True
            log.warning("card reader offline: %s", ev.detail)
        elif ev.kind == "online":
            if self.reader_offline:
                log.info("card reader back online: %s", ev.detail)
            self.reader_offline = False
        elif ev.kind == "fault":
            log.warning("card reader %s fault: %s", ev.reader, ev.detail)
        elif ev.kind == "recovered":
            log.info("card reader %s recovered", ev.reader)

    def _tap(self, card: str | None, uid: str | None, reader: int | None, now: float) -> None:
        if card is None:
            log.warning("unknown tag %s ignored (not enrolled: run `clacks-hw enroll`)", uid)
            self._error(now, f"Unknown card tag {uid}.")
            return
        if self.screen == "setup":
            word = word_of(card)
            if word and self.setup.page == "words" and word in self.edition.words:
                self.setup = self.setup.tap_word(word, now)
                self.show_status(self.setup.describe())
            else:
                self._error(now, f"{card} means nothing during setup.")
            return
        if self.screen != "game":
            return  # attract, the reset question, game over: taps change nothing
        if self.computer_blocks(card, now):
            return
        if self._dice_game():
            self._error(now, f"{card}: cards mean nothing in {self.session.state.config.game.title}.")
            return
        self._game_tap(card, self.readers.seat_of(reader), now)

    # ------------------------------------------------------------------ buttons

    def _button(self, name: str, now: float) -> None:
        if self.screen == "attract":
            if name == "PLAY":
                s = self.settings
                self.setup = SetupMenu.from_defaults(s.mode, s.variants, s.seats, now, route=s.route,
                                                     computer=s.computer)
                self._go("setup", now)
                self.show_status(self.setup.describe())
        elif self.screen == "setup":
            self._setup_button(name, now)
        elif self.screen == "game":
            if not self.computer_blocks(name, now):
                self._game_button(name, now)
        elif self.screen == "confirm":
            if name == "PLAY":
                self._abandon(now)
            elif name == "BACK":
                self._go("game", now)
                self.report("Reset cancelled: the game goes on.")
        elif self.screen == "over":
            if name == "PLAY":
                self._to_attract(now)
                self._button("PLAY", now)
        elif self.screen in ("resume", "refused"):
            self._resume_button(name, now)

    def _setup_button(self, name: str, now: float) -> None:
        m = self.setup
        if name in ("PREV", "NEXT"):
            m = m.step(1 if name == "NEXT" else -1, now)
        elif name == "TURN":
            m = m.toggle(now)
        elif name in TOWER_BY_NAME:
            m = m.cycle_computer(name, now)
        elif name == "BACK":
            m = m.back(now)
            if m is None:
                self._to_attract(now)
                return
        elif name == "PLAY":
            if m.page == "words" or m.starts_on_play:  # no words to tap: start
                self._start_game(m, now)
                return
            m = m.confirm(now)
        self.setup = m
        self.show_status(m.describe())

    def _start_game(self, menu: SetupMenu, now: float) -> str | None:
        """Start the game ``menu`` describes; None, or why it could not start."""
        # 64 bits: no search over seeds can match the cards seen played to a deal.
        seed = self.rng.getrandbits(SEED_BITS)
        config = menu.game_config(self.edition.words, seed, self.settings.hands,
                                  express_seconds=float(self.settings.express_s), first=self.settings.first)
        try:
            session = self.store.new_session(config)
        except (SetupError, OSError, ValueError, JournalError) as exc:
            if isinstance(exc, (OSError, JournalError)) and not isinstance(exc, FileExistsError):
                why = self.storage.failed(exc, now)
                self._error(now, why)
                return why
            log.error("cannot start the game: %s", exc)
            self._error(now, f"Cannot start the game: {exc}")
            return f"cannot start the game: {exc}"
        self.last_input = now
        self._enter_game(session, now)
        return None

    # The admin page's way in: the same steps as the buttons (admin_flow.py).
    start_game = _start_game

    def abandon(self, now: float, by: str = "the admin page") -> bool:
        """Abandon the game in play (as PLAY on the reset question); False when there is none."""
        if self.screen not in ("game", "confirm") or self.session is None:
            return False
        self._abandon(now, by)
        return True

    def _reset_gesture(self, now: float) -> None:
        if self.screen == "game":
            self.preview = None
            self.swap = None
            self._go("confirm", now)
            self.report("Abandon this game? PLAY abandons it, BACK keeps playing.")
        elif self.screen in ("setup", "over"):
            self._to_attract(now)

    def _abandon(self, now: float, by: str = "the reset gesture") -> None:
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
        self._to_attract(now)

    def _game_button(self, name: str, now: float) -> None:
        if self._dice_game():
            self._dice_button(name, now)
            return
        state = self.session.state
        if self.swap is not None:
            self._swap_button(state, name, now)
            return
        p = self.preview
        if name in TOWER_BY_NAME:
            tower = TOWER_BY_NAME[name].index
            if p is not None and p.choose == "tower":
                self.preview = p.pick_tower(tower)
            elif state.config.game.pawns:
                self.preview = None
                self._submit(Action(state.turn.seat, "move", tower=tower, time=self._time(state, now)), now)
        elif name in ("NEXT", "PREV"):
            if p is not None:
                self.preview = p.step(1 if name == "NEXT" else -1)
        elif name == "TURN":
            if p is not None:
                self.preview = p.turn()
        elif name == "BACK":
            if p is not None:
                self.preview = None
                self._status()  # the state again, in place of the preview's hint
        elif name == "PLAY":
            if p is None:
                self._submit(Action(state.turn.seat, "end", time=self._time(state, now)), now)
            elif not p.affordable:
                self._error(now, f"{self.edition.card_label(p.card)} costs more than the "
                                 f"{state.turn.left} stress points left.")
            else:
                action = Action(p.seat, p.act, card=p.card, time=self._time(state, now) if p.act == "play" else None,
                                **p.action_fields())
                if self._submit(action, now):
                    self.preview = None

    def _time(self, state: GameState, now: float) -> float | None:
        return round(now - self.turn_started, 3) if state.config.has("express") else None

    # ------------------------------------------------------------------ engine

    def _submit(self, action: Action, now: float) -> bool:
        """The one way an action reaches the engine: True when it was accepted and journalled."""
        before = self.session.state
        try:
            result = self.session.apply(action)
        except (JournalError, OSError) as exc:  # not on disk, so not applied: refuse it aloud
            self._error(now, self.storage.failed(exc, now))
            return False
        if isinstance(result, Rejection):
            self._rejected(action, result, now)
            return False
        self.storage.cleared()
        log.info("accepted: %s", action)
        self.message = ""
        self.recent.append(action)
        sent = self._maybe_flash(before, result, now)
        key = (result.turn.seat, result.turn.number)
        if key != self._turn_key:
            self._turn_key = key
            self.turn_started = now
            self.preview = None
            self.swap = None
        extra = ""
        if sent:
            extra = f"{sent[0]} transmitted from {TOWERS[sent[1]].name}!"
        if result.over:
            log.info("game over: %s won (journal %s)", result.winner, self.session.path)
            extra += f" Game over: {result.winner} won."
            self.preview = None
            self._go("over", now)
        self._status(extra.strip())
        return True

    def _check_storage(self, now: float) -> None:
        """While the journal cannot be written, look every few seconds whether it can again."""
        writer = self.session.writer if self.session is not None else None
        probe = writer.has_room if writer is not None else self.store.has_room
        if self.storage.check(now, probe):
            self.message = ""
            self.turn_started = now  # Express: the turn stood still while nothing could be recorded
            self.report("Storage has room again: the board accepts moves.")

    def _maybe_flash(self, before: GameState, after: GameState, now: float):
        sent = after.config.game.signal_sent(before, after)
        if sent:
            seat, tower = sent
            self.flash = Flash(TOWERS[tower].mask, palette.SEAT[seat], now, self.settings.flash_s)
        return sent

    def _rejected(self, action: Action, rejection: Rejection, now: float) -> None:
        """Say why, in the words everybody may read (the game's public view): a sentence naming
        a hidden hand stays with the seat it concerns (logged at debug level only)."""
        text = self._public(rejection)
        if text == rejection.message:
            log.info("rejected (shown on the board): %s: %s (%s)", action, text, rejection.code)
        else:  # the action names the card: it stays out of the public log too
            log.info("rejected (shown on the board): %s %s: %s (%s)", action.seat, action.act, text,
                     rejection.code)
            log.debug("rejected, for %s only: %s: %s", rejection.private, action, rejection.message)
        self._error(now, text)

    def _public(self, rejection: Rejection) -> str:
        state = self.session.state if self.session is not None else None
        return rejection.message if state is None else state.config.game.public_text(state, rejection)

    def _error(self, now: float, message: str) -> None:
        self.error_since = now
        self.message = message
        self.report(f"! {message}")

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
