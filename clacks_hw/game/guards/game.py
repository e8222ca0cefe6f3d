"""Guards! Guards!, the third game on the board (docs/guards.md), as the registry finds it (the
``guards`` entry point in pyproject.toml): one game object, one mode.

The board plays beside the printed map as referee, secret-keeper and ledger: its state is a
``GuardsState`` (state.py), the rules are in rules.py and the modules it names, and what each
viewer may see is decided in view.py alone.
"""

from __future__ import annotations

from ..core.protocol import Game, GameBox
from ..core.view import PUBLIC, Moment, Summary
from ..core.seat_page import Section
from . import legal, phone, rules, run_plan, view
from .board import GuardsPlay, roles
from .actions import parse_action
from .config import GuardsConfig, check_config
from .edition_files import demo_edition, load_guards_edition
from .rejection import Code
from .setup import new_game
from .state import GuardsState

SEATINGS = (("S", "N"), ("S", "W", "N"), ("S", "W", "N", "E"))


class Guards(Game):
    name = "guards"
    order = 50  # after KLACKERS in the set-up menu
    letter = "G"
    title = "Guards! Guards!"
    label = "Guards! Guards!"
    config_type = GuardsConfig
    shutters = False  # played on its printed map: the lamps are the city's quadrants (board.py)
    pass_and_play = False  # each player's secrets and private questions go to their own phone
    moves = rules.MOVES
    codes = Code
    # 2: the readings of the rulebook in docs/guards-rules.md (one stop a turn, a natural 8 wins a
    # Charm roll, ...) refuse or change actions that version 1 accepted, so its journals are refused
    # rather than replayed into another game; 3: the discard piles (a discarded volunteer waits for
    # its deck to run out), no item bought that a saboteur or runner carries, a place at the gate
    # kept for each volunteer owed to it: version 2's journals are refused likewise
    rules_version = 3

    def seatings(self):
        return SEATINGS

    def check(self, edition, config) -> None:
        self.check_common(config)
        if tuple(config.seats) not in SEATINGS:
            raise self._seating(config)
        check_config(config)

    def _seating(self, config):
        from ..core.errors import SetupError

        return SetupError(self.seating_problem(config.seats))

    def new_game(self, edition, config):
        """``edition`` is the Clacks cards the board holds; Guards plays with its own box, the
        set-up's ``box``."""
        return new_game(config)

    def edition_record(self, edition):
        """The whole text of the owner's box goes into the set-up (``box``), so the journal's
        header carries it (config.py)."""
        return {"box": edition.source}

    def parse_action(self, data):
        return parse_action(data)

    def candidates(self, state):
        return legal.candidate_actions(state)

    def bot_action(self, state, rng):
        return legal.random_action(state, rng)

    demo_view = PUBLIC  # the demo's terminal is the shared screen: no hand, no saboteur on it
    DEMO_ACTIONS = 3000  # random players may wander: past this the demo's game is stopped and ranked

    def demo_action(self, state, n, rng, kind=None):
        if n >= self.DEMO_ACTIONS and state.pending is None and state.prompt is None and state.fight is None:
            return self.parse_action({"seat": self.current_player(state), "act": "stop"})
        return self.bot_action(state, rng)

    def narrate(self, before, action, after):
        return view.narrate(before, action, after)

    def computer_move(self, view, seat, strength, rng):
        """The computer at ``seat`` plays at ``strength`` (computer.py), deciding from ``view``,
        its seat's view (``seat_view``): nothing an opponent hides changes what it does."""
        from .computer import computer_move

        return computer_move(self, view, seat, strength, rng)

    def current_player(self, state):
        """Who acts next: the roller of a waiting test, the first seat still to answer, or the
        player whose turn it is."""
        if state.over:
            return None
        if state.pending is not None:
            return state.pending.seat
        if state.prompt is not None:
            q = state.prompt
            return next(s for s in q.seats if not q.answered(s))
        return state.seat

    def winners(self, state):
        return state.winners

    def returns(self, state):
        """Great Spells returned, per seat: the race's measure (and the Short Game's first)."""
        return {p.seat: float(len(p.returned)) for p in state.players}

    def hidden_hands(self, state, viewer):
        return view.hidden_hands(state, viewer)

    def seat_view(self, state, seat):
        """What a computer at ``seat`` decides from: no opponent's secret (view.py)."""
        return view.seat_view(state, seat)

    def seat_sections(self, state, seat):
        """The seat's own phone page: its ledger, hand, items, scrolls and secret saboteurs."""
        return tuple(Section(title, lines) for title, lines in phone.sections(state, seat))

    def prompts(self, state, seat):
        """The questions to ``seat`` alone: its roll, whether to strike a passing run, where to
        plant, its turn's moves (a spell run among them, built step by step)."""
        return phone.prompts(state, seat)

    def plan(self, state, seat, name, answers):
        """A spell run announced step by step on the seat's phone (run_plan.py)."""
        if name != run_plan.PLAN:
            return super().plan(state, seat, name, answers)
        return run_plan.draft(state, seat, answers)

    def planned(self, action):
        return run_plan.PLAN if action.act == "spell_run" else None

    def outcome(self, state):
        """How the game ended: a player returned the Great Spells, the dragons won, or it stopped
        (its leaders win)."""
        if not state.over:
            return None
        code = {"won": "spells_returned", "dragons": "dragons_won", "stopped": "game_stopped"}[state.ended]
        lead = max(len(p.returned) for p in state.players)
        return Moment(code, state.winners[0] if len(state.winners) == 1 else None, (
            ("winners", list(state.winners)), ("spells", lead), ("target", state.config.target)))

    def summary(self, state):
        lead = max(len(p.returned) for p in state.players)
        progress = f"round {state.round} \u00b7 best {lead} of {state.config.target} spells"
        if state.over:
            how = {"won": "returned the Great Spells", "dragons": "the dragons won", "stopped": "game stopped"}
            return Summary(None, "", progress, state.winners, how[state.ended])
        seat = self.current_player(state)
        doing = "to roll" if state.pending is not None else "to answer" if state.prompt is not None else "to play"
        return Summary(seat, doing, progress)

    def position(self, state, viewer=None, actions=None):
        return {"mode": state.config.mode, **view.position(state, viewer, actions)}

    def page(self, state, actions=None, viewer=None):
        """The public position, and what the pages draw of it in words (view.py): each
        player's ledger as the table sees it, and the dragons, runs, test and question waiting."""
        viewer = viewer or PUBLIC
        return {**self.position(state, viewer, actions), "ledger": view.seat_lines(state),
                "table": view.table_lines(state, viewer)}

    def lamps(self, state):
        """The lamps the board lights (board.py: the dragons' quadrants, the runs, a strike)."""
        lit = 0
        for lamp in roles(state)[0]:
            lit |= 1 << lamp
        return lit

    def text(self, state, *, ascii=False, actions=None, viewer=None):
        return view.render(state, viewer, actions)

    def board_play(self, hints: bool = False):
        """The quadrants, the turn and the die on the lit board (board.py); nothing to hint."""
        return GuardsPlay()

    def public_action(self, action, state=None):
        return view.public_action(action, state)


GUARDS = Guards()
BOX = GameBox("guards", "Guards! Guards!", (GUARDS,), edition=demo_edition, open_edition=load_guards_edition)

