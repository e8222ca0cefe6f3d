"""What every game is: the protocol the board, the pages and the tools ask instead of asking
"which game is this?".

A game object owns its seatings, variants, word slots, set-up (``check``, ``new_game``), its
validators and appliers, the legal actions, the next signal, the choices a card needs, the
tower marks the board and the pages draw, and what each viewer may see (``hidden_hands``,
``public_text``). Each game is one subclass in its own small module, registered by name.

To add a game: subclass ``Game`` in a new module of this package, set ``name``, ``order``,
``letter`` (the set-up tower's signal), ``variants``; override ``seatings``, ``word_slots``,
``check`` (raise SetupError) and ``new_game``; give ``validators``/``appliers`` (act -> function)
and ``candidates``; ``tower_marks``, ``tracks``, ``player_fields``/``position_fields`` for what is
shown; ``hidden_hands`` if hands are secret; then ``register(YourGame())`` and import the module
in ``__init__.py``. Everything that lists or shows games picks it up from the registry.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import NamedTuple

from ..actions import Action, parse_action
from ..interpreter import CHOICES
from ..registry import PUBLIC
from ..rejection import Code, Rejection
from ..setup import SetupError, check_common, check_words
from ..state import GameState
from ..values import replace


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


class Summary(NamedTuple):
    """A glance at the table (a hall's card, a banner): whose turn and what they do there, how
    far the game is, and once it is over which seats won (none: nobody at the table) and how."""

    seat: str | None
    doing: str  # "to act", "to roll", ...
    progress: str  # "turn 12", "round 2, worth 1", ...
    winners: tuple[str, ...] = ()
    result: str = ""  # "with STAMP", "the Post Office reached Genua first", ...


# What a page calls each Clacks variant; a game with other options names its own.
VARIANT_LABELS = {"express": "Express", "long_message": "Long Message", "quick": "Quick",
                  "night_shift": "Night Shift", "long_distance": "Long Distance"}


class Game(ABC):
    name = ""
    order = 100  # place in the board's set-up menu (and every list of games)
    letter = ""  # the signal spelled on the setup tower for this game
    title = ""
    label = ""  # what a page or a table of results calls it ("Race to Genua")
    variant_labels = VARIANT_LABELS
    variants: tuple[str, ...] = ()
    hand_size = 3  # jacquards held after drawing
    routes = False  # played along an easy or hard route
    chooses_first = False  # the set-up names who starts
    pawns = False  # pawns on tower buttons, moved with stress points
    fault_hands = False  # players hold Fault Report cards and play them at any time
    reports = False  # Incident Report and Operator's Log cards on the table (swaps)
    moves_post_office = False
    dice = False  # a dice game (KLACKERS): no cards, no words; its own actions, views and buttons
    shields = True  # EMERGENCY REPAIR revealed in Night Shift shields the next reveal
    ignored_effects: tuple[str, ...] = ()  # revealed cards with these effects do nothing
    bot_tactics: tuple[str, ...] = ()
    validators: dict = {}
    appliers: dict = {}
    absent: dict[str, str] = {}  # act -> why this game has none (else a general sentence)

    # --- seats, variants, words ----------------------------------------------------------
    def seatings(self) -> tuple[tuple[str, ...], ...]:
        """Every set of seats the game is played from, each in turn order (S W N E)."""
        return (("S", "N"), ("S", "W", "N"), ("S", "W", "N", "E"))

    def seating_for(self, players: int) -> tuple[str, ...] | None:
        return next((s for s in self.seatings() if len(s) == players), None)

    def seating_problem(self, seats) -> str:
        """Why ``seats`` is not a seating of this game."""
        sets = " or ".join("+".join(s) for s in self.seatings())
        return f"{self.name} is played from {sets}, not {' '.join(seats) or 'no seat'}"

    def config_seat_problem(self, given: str) -> tuple[str, str]:
        """(what is wrong, how to fix it) when the config's ``game.seats`` (``given``, as
        written) is not a seating of this game."""
        sets = " or ".join("+".join(s) for s in self.seatings())
        return (f"{self.name} is played from {sets}, not {given}",
                'use ["S", "N"], ["S", "W", "N"] or ["S", "W", "N", "E"]')

    def setup_toggles(self) -> tuple[str, ...]:
        """The variants page of the board's set-up; "hard_route" toggles the route."""
        return self.variants + (("hard_route",) if self.routes else ())

    def word_slots(self, seats, variants) -> tuple[tuple[str, int], ...]:
        """(words key, how many) in the order word cards are tapped."""
        n = 2 if "long_message" in variants else 1
        return tuple((s, n) for s in seats)

    # --- set-up ---------------------------------------------------------------------------
    def check(self, edition, config) -> None:
        """Raise SetupError saying what to change when ``config`` cannot be played."""
        check_common(config, self)
        if tuple(config.seats) not in self.seatings():
            raise SetupError(self.seating_problem(config.seats))
        if config.first is not None and config.first not in config.seats:
            raise SetupError(f"first player {config.first!r} is not one of the seats {' '.join(config.seats)}")
        check_words(edition, config, self.word_slots(config.seats, config.variants))

    @abstractmethod
    def new_game(self, edition, config) -> GameState:
        """The game ``config`` sets up with ``edition`` (already checked by ``check``)."""

    def jacquards_dealt(self, seats: int, selected: int) -> int:
        """How many jacquards the set-up deals with ``seats`` players (``selected``: jacquards
        laid on Incident Report cards): what ``new_game`` takes from the deck before the first turn."""
        return self.hand_size * seats

    # --- rules ----------------------------------------------------------------------------
    def parse_action(self, data):
        """An action of this game from its JSON object (MalformedAction when it is none)."""
        return parse_action(data)

    def validate(self, state: GameState, action: Action) -> Rejection | None:
        if state.over:
            return Rejection(Code.GAME_OVER, f"The game is over: {state.winner} has won.")
        if action.seat not in state.config.seats:
            return Rejection(Code.NOT_PLAYING, f"Seat {action.seat} is not in this game "
                                               f"(seats: {' '.join(state.config.seats)}).")
        check = self.validators.get(action.act)
        if check is None:
            why = self.absent.get(action.act, f"There is no {action.act!r} in a {self.name} game.")
            return Rejection(Code.NOT_IN_MODE, why)
        return check(state, action)

    def apply(self, state: GameState, action: Action) -> GameState | Rejection:
        rejection = self.validate(state, action)
        if rejection:
            return rejection
        if action.act != "fault" and state.last_fault is not None:
            state = replace(state, last_fault=None)  # only the very next action may cancel a fault
        return self.appliers[action.act](state, action)

    @abstractmethod
    def candidates(self, state: GameState) -> list[Action]:
        """Every action worth asking the validator about (a superset of the legal ones)."""

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

    # --- automatic players ----------------------------------------------------------------
    def bot_action(self, state: GameState, rng) -> Action:
        """The next action an automatic player takes (the attract demo, `clacks-hw demo`)."""
        from ..bots import bot_action  # the bots plan with the planner, which asks this object

        return bot_action(state, rng)

    def send_towers(self, state: GameState, seat: str) -> list[int]:
        """The towers ``seat`` may send from now (before any move)."""
        from ..board import COLOUR, TOWERS_OF

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
    def tower_marks(self, state: GameState) -> tuple[TowerMark, ...]:
        return ()

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

    def public_text(self, state: GameState, rejection: Rejection, viewer: str | None = PUBLIC) -> str:
        """The sentence of ``rejection`` that ``viewer`` may read: the full one, unless it names
        the hand of a seat hidden from ``viewer`` (then the public sentence)."""
        if rejection.private is not None and rejection.private in self.hidden_hands(state, viewer):
            return rejection.public
        return rejection.message

    def traits(self) -> dict:
        """What a page needs to know to lay the game out: pawns on buttons, a team message
        racing the Post Office, routes to Genua, or dice and nine numbers instead of lamps;
        and what to call it."""
        return {"pawns": self.pawns, "team": self.moves_post_office, "routes": self.routes, "dice": self.dice,
                "label": self.label}

    def variant_names(self, variants) -> list[str]:
        """The labels of ``variants``, in this game's own order."""
        return [self.variant_labels.get(v, v) for v in self.variants if v in variants]

    def lamps(self, state) -> int:
        """The 16 lamps as the board lights them (bit ``4*row+col``), for a picture of the table."""
        return state.board

    def summary(self, state) -> Summary:
        number = f"turn {state.turn.number}"
        if not state.over:
            return Summary(state.turn.seat, "to act", number)
        seat = state.winner
        word = " ".join(state.config.words.get(seat, ()))
        return Summary(None, "", number, (seat,) if seat in state.config.seats else (),
                       f"with {word}" if word else "")

    def player_fields(self, state: GameState, seat: str) -> dict:
        """What the position JSON says of a seat beyond its hand."""
        return {}

    def position_fields(self, state: GameState) -> dict:
        """What the position JSON says of the whole game beyond the common keys."""
        return {}

    def own_position(self, state, actions: int | None = None) -> dict | None:
        """The whole position JSON of a game whose state is not a Clacks board (None: it is)."""
        return None

    def own_text(self, state, *, ascii: bool = False, actions: int | None = None) -> str | None:
        """The whole text drawing of a game whose state is not a Clacks board (None: it is)."""
        return None


def _choices(effects) -> dict:
    return {e.kind: e for e in effects if e.kind in CHOICES}
