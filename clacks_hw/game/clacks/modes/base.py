"""What every mode of Clacks shares, on top of the core's protocol (core/protocol.py): the
words to send, the cards, the pawns and signals, the hands each viewer may see.

A mode owns its seatings, variants, word slots, set-up (``check``, ``new_game``), its
moves (each act's check and apply), the legal actions, the next signal, the choices a card needs, the
tower marks the board and the pages draw, and what each viewer may see (``hidden_hands``).
Each mode is one subclass in its own small module, listed in ../box.py.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.errors import SetupError
from ...core.protocol import Game
from ...core.rejection import Rejection
from ...core.values import replace
from ...core.view import PUBLIC, Summary
from .. import moments as m
from ..actions import Action, parse_action
from ..board import COLOUR, TOWERS, TOWERS_OF
from ..board_play.play import ClacksPlay
from ..config import ClacksConfig
from ..guide import guide
from ..interpreter import CHOICES
from ..page import page_position, page_preview
from ..position import position_json
from ..seat_sheet import seat_sections
from ..setup import check_words
from ..state import GameState
from ..text import render


class TowerMark(NamedTuple):
    """What a tower button shows: a pawn, the Deep Dwarf, or a stretch of route reached."""

    tower: int
    kind: str  # "pawn", "dwarf" or "route"
    seat: str | None = None  # whose pawn or route (None: the team's route)
    half: bool = False  # a button standing for two route towers, only the first reached
    here: bool = False  # the last route button reached: where the seat's pawn stands


class Track(NamedTuple):
    """A message being sent: by one seat, or by the team (``owner`` "team")."""

    owner: str
    signals: tuple[str, ...]
    sent: int


# What a page calls each Clacks variant.
VARIANT_LABELS = {"express": "Express", "long_message": "Long Message", "quick": "Quick",
                  "night_shift": "Night Shift", "long_distance": "Long Distance"}
# Each switch of the set-up's variants page in its own words ("hard_route": the route's switch).
VARIANT_TEXTS = {
    "express": "Express: every turn is timed (60 s unless the board sets another); a turn out of time ends",
    "long_message": "Long Message: two words each, sent with a SPACE between them",
    "quick": "Quick Game: no sabotage; once someone sends their last signal the round is played out "
             "and the cheapest finish wins",
    "night_shift": "Night Shift: each stamped jacquard drawn reveals a Fault Report card before the next turn",
    "long_distance": "Long Distance: every hand is hidden from the table; only its player sees it",
    "hard_route": "Hard route: the route to Genua on which the Post Office needs 34 steps (off: the easy "
                  "route, 38)",
}


class ClacksGame(Game):
    config_type = ClacksConfig
    variant_labels = VARIANT_LABELS
    variant_texts = VARIANT_TEXTS
    hand_size = 3  # jacquards held after drawing
    fault_hands = False  # players hold Fault Report cards and play them at any time
    shields = True  # EMERGENCY REPAIR revealed in Night Shift shields the next reveal
    ignored_effects: tuple[str, ...] = ()  # revealed cards with these effects do nothing
    bot_tactics: tuple[str, ...] = ()

    # --- seats, variants, words ----------------------------------------------------------
    def seating_problem(self, seats) -> str:
        sets = " or ".join("+".join(s) for s in self.seatings())
        return f"{self.name} is played from {sets}, not {' '.join(seats) or 'no seat'}"

    def setup_toggles(self) -> tuple[str, ...]:
        """The variants page of the board's set-up; "hard_route" toggles the route."""
        return self.variants + (("hard_route",) if self.routes else ())

    def word_slots(self, seats, variants) -> tuple[tuple[str, int], ...]:
        """(words key, how many) in the order word cards are tapped."""
        n = 2 if "long_message" in variants else 1
        return tuple((s, n) for s in seats)

    # --- set-up ---------------------------------------------------------------------------
    def check(self, edition, config) -> None:
        self.check_common(config)
        if not 10 <= config.express_seconds <= 600:
            raise SetupError(f"express_seconds {config.express_seconds!r} must be from 10 to 600")
        if tuple(config.seats) not in self.seatings():
            raise SetupError(self.seating_problem(config.seats))
        if config.computer and config.hands == "physical":
            raise SetupError(f"seat {next(iter(config.computer))} cannot be a computer player with physical hands: "
                             "it holds no cards at the table; use hands = \"tracked\" (the engine deals)")
        if config.first is not None and config.first not in config.seats:
            raise SetupError(f"first player {config.first!r} is not one of the seats {' '.join(config.seats)}")
        check_words(edition, config, self.word_slots(config.seats, config.variants))

    def jacquards_dealt(self, seats: int, selected: int) -> int:
        """How many jacquards the set-up deals with ``seats`` players (``selected``: jacquards
        laid on Incident Report cards): what ``new_game`` takes from the deck before the first turn."""
        return self.hand_size * seats

    # --- rules ----------------------------------------------------------------------------
    def parse_action(self, data):
        return parse_action(data)

    def apply(self, state: GameState, action: Action) -> GameState | Rejection:
        rejection = self.validate(state, action)
        if rejection:
            return rejection
        if action.act != "fault" and state.last_fault is not None:
            state = replace(state, last_fault=None)  # only the very next action may cancel a fault
        return self.moves[action.act][1](state, action)

    def board_play(self, hints: bool = False) -> ClacksPlay:
        """Jacquards previewed and played, pawns moved, Fault Report cards, swaps (board_play/);
        ``hints``: a card's most useful placement first, and whether it sends."""
        return ClacksPlay(hints)

    takes_hints = True  # a card's most useful placement first, and whether it sends

    def hints_by_default(self, config) -> bool:
        """The co-operative games hint; a scored game does not (modes/competitive.py)."""
        return True

    def sends(self, state: GameState, action: Action) -> tuple[str, str, int] | None:
        """(seat, signal, tower) the action would transmit if played now, decided by applying
        it; None when it would send nothing (or be refused)."""
        after = self.apply(state, action)
        if isinstance(after, Rejection):
            return None
        sent = self.signal_sent(state, after)
        if sent is None:
            return None
        seat, tower = sent
        return seat, self.next_signal(state, seat) or "", tower

    def turn_seconds(self, config) -> float | None:
        """Express: the length of a turn the set-up recorded."""
        return config.express_seconds if config.has("express") else None

    def reveals_faults(self, config) -> bool:
        """Are Fault Report cards revealed from the deck (rather than held and played)?"""
        return config.has("night_shift")

    def has_dwarf(self, state: GameState) -> bool:
        return False

    # --- signals --------------------------------------------------------------------------
    def next_signal(self, state: GameState, seat: str) -> str | None:
        """What ``seat`` would send next; None when nothing is left to send."""
        return state.player(seat).next_signal

    def tracks(self, state: GameState) -> tuple[Track, ...]:
        return tuple(Track(p.seat, p.signals, p.sent) for p in state.players)

    def sent_from(self, state: GameState) -> dict[str, tuple[int, ...]]:
        """The tower each signal went from, in order: per seat, or for the team."""
        return {p.seat: p.sent_from for p in state.players}

    def signal_sent(self, before: GameState, after: GameState) -> tuple[str, int] | None:
        """(seat, tower) of the signal the action from ``before`` to ``after`` sent, or None."""
        from ..turns import signal_sent

        return signal_sent(before, after)

    def sent_lamps(self, before: GameState, after: GameState) -> tuple[str, int] | None:
        sent = self.signal_sent(before, after)
        return None if sent is None else (sent[0], TOWERS[sent[1]].mask)

    def page(self, state: GameState, actions: int | None = None, view: str | None = None) -> dict:
        return page_position(state, actions, view or PUBLIC)

    def page_preview(self, state: GameState, preview) -> dict:
        return page_preview(state, preview)

    # --- automatic players ----------------------------------------------------------------
    def bot_action(self, state: GameState, rng) -> Action:
        """The next action an automatic player takes (the attract demo, `clacks-hw demo`)."""
        from ..bots import bot_action  # the bots plan with the planner, which asks this object

        return bot_action(state, rng)

    def acting_seat(self, state: GameState) -> str | None:
        """The seat to act: the one choosing for a revealed Fault Report card, if any."""
        if state.over:
            return None
        return state.pending_seat if state.pending and state.pending_seat else state.turn.seat

    def seat_view(self, state: GameState, seat: str) -> GameState:
        from ..seat_view import seat_view

        return seat_view(state, seat)

    def computer_move(self, view: GameState, seat: str, strength: str, rng):
        from ..computer import computer_move  # the players plan with the planner, which asks this object

        return computer_move(view, seat, strength, rng)

    def send_towers(self, state: GameState, seat: str) -> list[int]:
        """The towers ``seat``'s next letter may be sent from this turn: any of its colour (no
        rule of the team games or the Junior Race shuts the tower of the last letter; the
        competitive game's rules do: modes/competitive.py)."""
        return [t.index for t in TOWERS_OF[COLOUR[seat]]]

    def towers_open(self, state: GameState, seat: str) -> list[tuple[int, int]]:
        """(tower, the turn's move cost with the pawn there) for each tower ``seat`` could
        send from this turn."""
        return [(t, 0) for t in self.send_towers(state, seat)]

    # --- cards ----------------------------------------------------------------------------
    def fault_effects(self, card):
        """The effects a Fault Report card has in this game."""
        return card.night_shift

    def choices(self, card) -> dict:
        """The choices Fault Report ``card`` needs here: effect kind ("flip" lamps of a shape,
        "flip_tower") -> the effect."""
        return _choices(self.fault_effects(card))

    def swap_choices(self, card) -> dict:
        """The choices report ``card`` (Incident, Log) needs when a swap lifts its jacquard:
        effect kind -> the effect, as ``choices``."""
        return _choices(card.effects)

    # --- what is shown --------------------------------------------------------------------
    def hidden_hands(self, state: GameState, viewer: str | None) -> frozenset[str]:
        """The seats whose hands (jacquards, Fault Report cards) ``viewer`` may not see.
        ``viewer``: None for the journal tools (everything), PUBLIC for everybody (notices, the
        status page, logs), or a seat (that player)."""
        seats = state.config.seats
        if viewer is None:
            return frozenset()
        if viewer == PUBLIC:
            return frozenset(seats) if state.config.has("long_distance") else frozenset()
        return frozenset(s for s in seats if s != viewer)

    def report_view(self, report, viewer: str | None) -> tuple[str | None, str | None]:
        """(card, jacquard) of a report card on the table as ``viewer`` sees it: all of it for
        the journal tools (None); anybody else sees its deck only, and its jacquard only while
        it lies face up."""
        if viewer is None:
            return report.card, report.jacquard
        return None, report.jacquard if report.face_up else None

    def lamps(self, state) -> int:
        return state.board

    def moments(self, state: GameState) -> tuple:
        return m.moments(state)

    def outcome(self, state: GameState):
        return m.competitive_outcome(state)

    def guide(self, state: GameState, seat: str, hints: bool = False) -> tuple:
        return guide(state, seat, pawns=self.pawns, hints=hints)

    def summary(self, state) -> Summary:
        number = f"turn {state.turn.number}"
        if not state.over:
            return Summary(state.turn.seat, "to act", number)
        seat = state.winner
        word = " ".join(state.config.words.get(seat, ()))
        return Summary(None, "", number, (seat,) if seat in state.config.seats else (),
                       f"with {word}" if word else "")

    def position(self, state: GameState, viewer: str | None = None, actions: int | None = None) -> dict:
        return position_json(state, actions, viewer)

    def text(self, state: GameState, *, ascii: bool = False, actions: int | None = None,
             viewer: str | None = None) -> str:
        return render(state, ascii=ascii, actions=actions, view=viewer)

    def seat_sections(self, state: GameState, seat: str) -> tuple:
        return seat_sections(state, seat)

    def player_fields(self, state: GameState, seat: str) -> dict:
        """What the position JSON says of a seat beyond its hand."""
        return {}

    def position_fields(self, state: GameState) -> dict:
        """What the position JSON says of the whole game beyond the common keys."""
        return {}


def _choices(effects) -> dict:
    return {e.kind: e for e in effects if e.kind in CHOICES}
