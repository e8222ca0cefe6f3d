"""What every game is: the protocol the board, the pages, the journal and the tools ask instead
of asking "which game is this?" (docs/architecture.md says where each part comes from).

A game package hands the registry one ``GameBox``: the game's name and the *modes* it is played
in (Clacks: competitive, race, solitaire, junior_race; KLACKERS: one). Each mode is a ``Game``
object, one per process, holding no state: every position is an immutable state value that
the game's functions take and return, and every state carries its set-up (``state.config``),
whose ``game`` is the mode's object again.

    set-up     config_type, seatings, check (say what to change), new_game (the first state),
               edition_record (the set-up keys that play it with an owner's edition)
    actions    parse_action (JSON -> action, MalformedAction), to_json on the action
    rules      validate (None, or a Rejection saying why not), apply (state | Rejection),
               candidates -> legal_actions: one validator decides both what is offered and
               what is accepted; reactions: what other seats may play while one is to act
    the end    current_player, is_terminal, returns
    views      hidden_hands (the one place a game decides what each viewer may not see),
               public_text, position (the JSON observation per viewer), text, summary,
               seat_sections and prompts (a player's own phone: core/seat_page.py)
    the board  board_play (what a button or a card means, what to light, a die it rolls:
               core/board.py, the one way a game speaks to the board), public_action (what
               the log and the pages may say of an action), and what the pages ask (flags,
               tracks, marks)
    the demo   demo_action, narrate, demo_view (core/demo_play.py: what `clacks-hw demo` asks)

States must be immutable and hold every decision the engine made (nothing outside a game
re-derives one); an engine has no clock and does no I/O; randomness comes only from
core/randomness.py, seeded by the set-up.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from .board import BoardPlay
from .computer import computer_problem
from .demo_play import DemoPlay
from .errors import SetupError
from .names import names_problem
from .rejection import CoreCode, Rejection
from .seat_page import Draft, sections_of
from .table import HANDS, SEAT_SETS
from .values import replace
from .view import PUBLIC, Moment, Summary, sentence_for


class Game(DemoPlay, ABC):
    # --- the manifest (OpenSpiel's GameType, boardgame.io's name and min/maxPlayers) -------
    name = ""  # the mode's name in configs, journal headers and menus
    old_names: tuple[str, ...] = ()  # what older versions called it: still read (journals, configs, commands)
    title = ""  # for people, in a sentence: "the Race to Genua"
    label = ""  # what a page or a table of results calls it: "Race to Genua"
    variant_labels: dict[str, str] = {}  # what a page calls each variant
    variant_texts: dict[str, str] = {}  # each set-up switch in its own words (the set-up page says it)
    setup_note = ""  # what the set-up says of the game besides its switches (an option always open)
    order = 100  # place in the board's set-up menu (and every list of games)
    letter = ""  # the signal the board spells on its set-up tower for this mode
    variants: tuple[str, ...] = ()
    config_type: type  # its set-up: a subclass of core/config.py's GameConfig
    rules_version = 1  # journals record it: bump it when an old journal would replay differently
    # act -> (check, apply): check(state, action) -> Rejection | None; apply(state, action) ->
    # state, after its check passed (boardgame.io's moves: one table, so no act has one and not the other)
    moves: dict = {}
    absent: dict[str, str] = {}  # act -> why this game has none (else a general sentence)

    # --- seats and set-up (boardgame.io's setup and validateSetupData) ---------------------
    def seatings(self) -> tuple[tuple[str, ...], ...]:
        """Every set of seats the game is played from, each in turn order (S W N E)."""
        return tuple(SEAT_SETS.values())

    def seating_for(self, players: int) -> tuple[str, ...] | None:
        return next((s for s in self.seatings() if len(s) == players), None)

    def seating_problem(self, seats) -> str:
        """Why ``seats`` is not a seating of this game."""
        sets = "; ".join(" ".join(s) for s in self.seatings())
        return f"seats {' '.join(seats) or '(none)'} are not a {self.title or self.name} seating: use {sets}"

    def config_seat_problem(self, given: str) -> tuple[str, str]:
        """(what is wrong, how to fix it) when a config file's ``game.seats`` (``given``, as
        written) is not a seating of this game."""
        sets = " or ".join("+".join(s) for s in self.seatings())
        lists = ["[" + ", ".join(f'"{x}"' for x in s) + "]" for s in self.seatings()]
        return f"{self.name} is played from {sets}, not {given}", "use " + " or ".join(
            filter(None, (", ".join(lists[:-1]), lists[-1])))

    def setup_toggles(self) -> tuple[str, ...]:
        """The switches of the board's set-up variants page."""
        return self.variants

    def word_slots(self, seats, variants) -> tuple[tuple[str, int], ...]:
        """(key, how many) of the word cards the set-up taps, in order; none by default."""
        return ()

    def check(self, edition, config) -> None:
        """Raise SetupError saying what to change when ``config`` cannot be played."""
        self.check_common(config)
        if tuple(config.seats) not in self.seatings():
            raise SetupError(self.seating_problem(config.seats))

    def check_common(self, config) -> None:
        """What every game asks of a set-up: known hands and variants, a whole-number seed, names
        fit to show."""
        if config.hands not in HANDS:
            raise SetupError(f"hands {config.hands!r} must be one of {', '.join(HANDS)}")
        unknown = set(config.variants) - set(self.variants)
        if unknown:
            allowed = ", ".join(self.variants) or "none"
            raise SetupError(f"variant(s) {', '.join(sorted(unknown))} do not exist for {self.name}; "
                             f"choose from {allowed}")
        if not isinstance(config.seed, int):
            raise SetupError(f"seed {config.seed!r} must be a whole number")
        why = names_problem(config.names, config.seats) or computer_problem(config.computer, config.seats)
        if why:
            raise SetupError(why)

    @abstractmethod
    def new_game(self, edition, config):
        """The first state of the game ``config`` sets up with ``edition`` (the printed cards
        it is played with, for a game that has any), already checked by ``check``: OpenSpiel's
        ``new_initial_state``."""

    def edition_record(self, edition) -> dict:
        """The set-up record's keys (``config_from_record``) that make a game of this mode play
        with ``edition``, the owner's own edition of its box (``GameBox.open_edition``, the
        config's ``editions.NAME``). A game that keeps its edition in the set-up puts it here,
        so the journal's header carries it and a resumed or replayed game plays with the very
        cards it began with, whatever becomes of the file; by default none."""
        return {}

    # --- actions and rules (OpenSpiel's legal_actions / apply_action, boardgame.io's moves) -
    @abstractmethod
    def parse_action(self, data):
        """An action of this game from its JSON object (MalformedAction when it is none)."""

    def validate(self, state, action) -> Rejection | None:
        """The rules' answer to ``action`` without applying it: None when it is allowed. The
        checks every game makes first (boardgame.io's reducer makes the same): the game is not
        over, the seat plays, the game has that action."""
        if state.over:
            return Rejection(CoreCode.GAME_OVER, f"The game is over: {state.winner} has won.")
        if action.seat not in state.config.seats:
            return Rejection(CoreCode.NOT_PLAYING, f"Seat {action.seat} is not in this game "
                                                   f"(seats: {' '.join(state.config.seats)}).")
        move = self.moves.get(action.act)
        if move is None:
            why = self.absent.get(action.act, f"There is no {action.act!r} in a {self.name} game.")
            return Rejection(CoreCode.NOT_IN_MODE, why)
        return move[0](state, action)

    def apply(self, state, action):
        """The new state, or a Rejection saying why not."""
        rejection = self.validate(state, action)
        if rejection:
            return rejection
        return self.moves[action.act][1](state, action)

    @abstractmethod
    def candidates(self, state) -> list:
        """Every action worth asking the validator about (a superset of the legal ones)."""

    def legal_actions(self, state) -> list:
        """Every action the rules accept now: the candidates the one validator lets through."""
        return [a for a in self.candidates(state) if self.validate(state, a) is None]

    # --- whose turn, and the end (OpenSpiel's current_player / is_terminal / returns) -------
    def current_player(self, state) -> str | None:
        """The seat to act; None once the game is over."""
        return None if self.is_terminal(state) else state.turn.seat

    def is_terminal(self, state) -> bool:
        return state.over

    def winners(self, state) -> tuple[str, ...]:
        """The seats that won (all of a team), once the game is over."""
        return (state.winner,) if state.winner in state.config.seats else ()

    def moments(self, state) -> tuple:
        """The decisive moments standing now, as ``core.view.Moment`` codes (a window to act in,
        what this turn's actions did): none unless the game records some."""
        return ()

    def outcome(self, state):
        """Once the game is over, who won and why as a ``core.view.Moment`` (``winners`` among
        its values: none, nobody at the table won); None while it goes on."""
        if not self.is_terminal(state):
            return None
        return Moment("won", None, (("winners", list(self.winners(state))),))

    def returns(self, state) -> dict[str, float]:
        """Each seat's result: 1 for a win, 0 otherwise (nothing while the game goes on)."""
        won = self.winners(state) if self.is_terminal(state) else ()
        return {seat: float(seat in won) for seat in state.config.seats}

    # --- automatic players (the attract demo) and computer players (core/computer.py) ------
    def bot_action(self, state, rng):
        """The next action an automatic player takes (the attract demo, `clacks-hw demo`)."""
        return rng.choice(self.legal_actions(state))

    def acting_seat(self, state) -> str | None:
        """The seat that must act now: the player to move, unless the game waits on another
        seat's choice."""
        return self.current_player(state)

    def reactions(self, state, seat: str) -> tuple[tuple[str, str], ...]:
        """(seat, card) for each card another seat may play now, while ``seat`` is to act (Clacks'
        Fault Report cards, "at any time, on anyone's turn"); a game without such cards: none."""
        return ()

    def seat_view(self, state, seat: str):
        """``state`` as ``seat`` may know it: what a computer player decides from. A game with
        hidden hands or decks overrides it; every game hides its seed (the future dice and deals)."""
        return replace(state, config=replace(state.config, seed=0))

    def computer_move(self, view, seat: str, strength: str, rng):
        """What the computer playing ``seat`` does in ``view`` (its seat's view) at ``strength``:
        a core/computer.py Move. Without players of its own, a game's computer plays any legal action."""
        from .computer import Move

        action = rng.choice(self.legal_actions(view))
        return Move(seat, action, f"{seat} {action.act}s")

    # --- views (boardgame.io's playerView, OpenSpiel's observers; core/view.py) ------------
    def hidden_hands(self, state, viewer: str | None) -> frozenset[str]:
        """The seats whose hands ``viewer`` may not see; a game with open hands hides none."""
        return frozenset()

    def public_text(self, state, rejection: Rejection, viewer: str | None = PUBLIC) -> str:
        """The sentence of ``rejection`` that ``viewer`` may read."""
        return sentence_for(rejection, self.hidden_hands(state, viewer))

    def seat_sections(self, state, seat: str) -> tuple:
        """What the seat's own phone page shows (core/seat_page.py Sections), built from the
        seat's view only; by default that view as it is."""
        return sections_of(self.position(state, seat), seat)

    def guide(self, state, seat: str, hints: bool = False) -> tuple:
        """What ``seat``, if it is the seat to act, can do now, as codes and values (a newcomer's
        next step; with ``hints`` the move the hints suggest): views/guide.py says it."""
        return ()

    def prompts(self, state, seat: str) -> tuple:
        """The questions the rules put to ``seat`` alone now, each answered on that seat's phone
        (core/seat_page.py Prompts); a game with nothing private to ask has none."""
        return ()

    def plan(self, state, seat: str, name: str, answers: tuple):
        """What the answers so far make of the move ``name`` a prompt's Choice offers to be built
        step by step (core/seat_page.py Draft: the next step, or the whole action); the game
        alone says each step's options and refuses a wrong answer, saying why."""
        return Draft(0, None, error=f"{self.title} builds no {name!r} step by step")

    def planned(self, action) -> str | None:
        """The plan that builds ``action`` (a phone may send it when that plan is offered), or None."""
        return None

    def variant_names(self, variants) -> list[str]:
        """The labels of ``variants``, in this game's own order."""
        return [self.variant_labels.get(v, v) for v in self.variants if v in variants]

    def public_action(self, action, state=None) -> dict:
        """``action`` as everybody may know it (the log, the pages' recent moves): all of it,
        unless the game keeps part of it secret (where a saboteur was planted, with whom; which
        card was bought). ``state``, a position of the game it was played in, lets the game say
        what the table sees in its place (what was paid)."""
        return action.to_json()

    def lamps(self, state) -> int:
        """The 16 lamps as the board lights them (bit ``4*row+col``), for a picture of the table."""
        return 0

    def summary(self, state) -> Summary:
        """A glance at the table: whose turn, how far, who won."""
        progress = f"turn {state.turn.number}"
        if not self.is_terminal(state):
            return Summary(state.turn.seat, "to act", progress)
        return Summary(None, "", progress, self.winners(state))

    @abstractmethod
    def position(self, state, viewer: str | None = None, actions: int | None = None) -> dict:
        """The position as a JSON object, as ``viewer`` may see it (OpenSpiel's observation,
        boardgame.io's ``playerView``): what `clacks-hw replay --json` prints and the pages
        show. It starts with ``"mode"``; ``actions``: how many have been applied, when known."""

    def page(self, state, actions: int | None = None, view: str | None = None) -> dict:
        """The position as the public pages draw it (the kiosk page, the hall, MQTT): the public
        position, and whatever else the game's page draws from it (only what everybody may see);
        ``view`` = a seat: what that player may see instead (the play page's people)."""
        from .view import PUBLIC

        return self.position(state, view or PUBLIC, actions)

    def page_preview(self, state, preview) -> dict | None:
        """A card being placed on the board (the status snapshot's ``preview``: seat, act, card,
        mask, tower, affordable) as the pages draw it; None in a game without cards to place."""
        return None

    def text(self, state, *, ascii: bool = False, actions: int | None = None, viewer: str | None = None) -> str:
        """The position drawn as plain text for a terminal; a game without a drawing of its
        own shows its position, one key a line."""
        return json.dumps(self.position(state, viewer, actions), indent=1, ensure_ascii=ascii) + "\n"

    # --- what the board daemon asks of every game ------------------------------------------
    on_board = True  # the daemon has screens for it (lamps, buttons, cards); else pages and tools only
    dice = False  # a dice game: no cards, no words; the board lights numbers and dice
    shutters = True  # the lamps are shutters spelling letters (the pages draw them, and tracks)
    pass_and_play = True  # one shared page can play it (`clacks-hw play`); False: secrets need phones
    pawns = False  # pawns on tower buttons
    routes = False  # played along an easy or hard route
    chooses_first = False  # the set-up names who starts
    reports = False  # report cards on the table
    moves_post_office = False  # a team message racing the Post Office

    def traits(self) -> dict:
        """What a page needs to know to lay the game out, and what to call it."""
        return {"pawns": self.pawns, "team": self.moves_post_office, "routes": self.routes, "dice": self.dice,
                "label": self.label}

    def next_signal(self, state, seat: str) -> str | None:
        """What ``seat`` would send next; None when nothing is left to send (or ever was)."""
        return None

    def tracks(self, state) -> tuple:
        """The messages being sent (Track values); none in a game without messages."""
        return ()

    def sent_from(self, state) -> dict[str, tuple[int, ...]]:
        """The tower each signal went from, in order, per sender."""
        return {}

    def signal_sent(self, before, after) -> tuple[str, int] | None:
        """(seat, tower) of the signal the action from ``before`` to ``after`` sent, or None."""
        return None

    def sent_lamps(self, before, after) -> tuple[str, int] | None:
        """(seat, lamps as a 16-bit mask) the board flashes when the action from ``before`` to
        ``after`` sent a signal (the tower it went from), or None."""
        return None

    def tower_marks(self, state) -> tuple:
        """What the tower buttons show (TowerMark values)."""
        return ()

    def turn_seconds(self, config) -> float | None:
        """How long a turn may last in the game ``config`` sets up (a timed variant), or None."""
        return None

    def reveals_faults(self, config) -> bool:
        """Are cards revealed from a deck at the end of a turn, waiting for a choice?"""
        return False

    takes_hints = False  # can the board hint in this game (its BoardPlay takes ``hints``)?

    def hints_by_default(self, config) -> bool:
        """Does the board hint (a card's most useful placement first, and whether it sends)
        unless told otherwise? A game with no placements to hint says no."""
        return False

    def board_play(self, hints: bool = False) -> BoardPlay:
        """What a button or a card means on the lit board in this game, and what it lights
        (core/board.py): a new one for each game in play, keeping the input in progress.
        ``hints``: the board hints as the game allows (``hints_by_default``, or the config)."""
        return BoardPlay()


@dataclass(frozen=True)
class GameBox:
    """What a game package hands the registry through its ``clacks_hw.games`` entry point: the
    game's name and title, and the modes it is played in (each a ``Game``)."""

    name: str
    title: str
    modes: tuple[Game, ...]
    # The printed cards it is played with, loaded when the board first asks (its default
    # edition: words, the alphabet the board spells in); None for a game without any.
    edition: Callable[[], object] | None = None
    # Reads an owner's own edition of the box from a path (the config's editions.NAME): the
    # edition, or a ClacksError naming the card and the field that is wrong; None: the game
    # is played only with the edition it ships.
    open_edition: Callable[[str], object] | None = None

    @property
    def mode_names(self) -> tuple[str, ...]:
        return tuple(g.name for g in self.modes)
