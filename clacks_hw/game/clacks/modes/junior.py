"""The Junior Race: two players at right angles, each sending their own two words along their
own route to Genua; each signal moves the sender's pawn a tower on; landing on towers 3, 6 and
9 reveals a Fault Report card."""

from __future__ import annotations

from ...core.errors import SetupError
from ...core.table import SEATS
from ...core.values import replace
from .. import coop, legal
from ..board import COLOUR, TOWERS_OF
from ..coop_effects import reveal
from ..deck import draw, give, shuffled, take_from_bag
from ..moments import junior_outcome
from ..setup import first_player, message
from ..state import JUNIOR_FAULT_TOWERS, NO_BUDGET, ROUTES, GameState, Player, Turn
from .base import ClacksGame, TowerMark
from .team import route_reached


def junior_route(config, seat: str) -> str:
    """The first seat listed takes ``config.route``, the other seat the other route."""
    if seat == config.seats[0]:
        return config.route
    return "hard" if config.route == "easy" else "easy"


class Junior(ClacksGame):
    name = "junior_race"
    old_names = ("junior",)  # its name before: journals and configs that say so still read
    order = 30  # place in the board's set-up menu
    letter = "J"
    title = "the Junior Race"
    label = "Junior Race"
    variants = ()
    hand_size = 4
    routes = True
    shields = False
    ignored_effects = ("cancel_next", "reveal_next")  # EMERGENCY REPAIR, CLACKS TECHNICIAN
    bot_tactics = ("send", "swap", "progress", "end")
    moves = {k: v for k, v in coop.MOVES.items() if k != "swap"}
    absent = {"swap": "The Junior Race has no report cards to swap with."}

    def config_seat_problem(self, given):
        return (f"the Junior Race (junior_race) is two players at right angles (one red seat S or N, one green W or E), "
                f"not {given}", 'e.g. seats = ["S", "W"]')

    def seatings(self):
        """Two players at right angles: one red seat, one green seat."""
        return (("S", "W"), ("S", "E"), ("W", "N"), ("N", "E"))

    def seating_problem(self, seats) -> str:
        return (f"the Junior Race needs two players at right angles, one red seat (S or N) and one "
                f"green seat (W or E), not {' '.join(seats)}")

    def word_slots(self, seats, variants):
        return tuple((s, 2) for s in seats)

    def check(self, edition, config) -> None:
        if config.route not in ROUTES:
            raise SetupError(f"route {config.route!r} must be one of {', '.join(ROUTES)}")
        seats = tuple(config.seats)
        in_turn_order = tuple(s for s in SEATS if s in seats)
        if len(set(seats)) != 2 or in_turn_order not in self.seatings():  # either seat may be listed first
            raise SetupError(self.seating_problem(seats))
        super().check(edition, replace(config, seats=in_turn_order))

    def new_game(self, edition, config) -> GameState:
        players = tuple(Player(seat=s, signals=message(config, s)) for s in config.seats)
        first = first_player(config)
        state = GameState(edition=edition, config=config, board=edition.start, players=players,
                          turn=Turn(seat=first, base_budget=NO_BUDGET), first=first)
        if config.hands == "tracked":
            state = replace(state, bag=shuffled(edition.jacquards, config.seed, "bag/0"),
                            fault_deck=shuffled(edition.deck("fault"), config.seed, "faults"))
        for seat in config.seats:  # the first deal reveals nothing for fault stamps
            for _ in range(self.hand_size):
                state, card = take_from_bag(state)
                state = give(state, seat, card)
        return state

    def candidates(self, state):
        return legal.coop_candidates(state)

    def reveals_faults(self, config) -> bool:
        return True

    def credit_signal(self, state: GameState, tower: int) -> GameState:
        p = state.current
        return state.with_player(replace(p, sent=p.sent + 1, last_tx=tower, sent_from=p.sent_from + (tower,)))

    def outcome(self, state: GameState):
        return junior_outcome(state)

    def finish_turn(self, state: GameState) -> GameState:
        """The whole message sent wins; else draw back up to four and reveal a Fault Report card
        on landing on towers 3, 6 and 9."""
        turn, p = state.turn, state.current
        if p.finished:  # the whole message sent: the pawn stands in Genua
            return replace(state, winner=p.seat)
        state, _ = draw(state, p.seat, self.hand_size - p.hand_count)
        reveals = 1 if turn.transmitted and p.sent in JUNIOR_FAULT_TOWERS else 0
        state = replace(state, turn=Turn(seat=state.next_seat(p.seat), number=turn.number + 1,
                                         base_budget=NO_BUDGET))
        return reveal(state, p.seat, reveals) if reveals else state

    def tower_marks(self, state):
        """Each player's progress on the six buttons of their own colour, two route towers a
        button (``half`` when only the first is reached); ``here``: the last button lit."""
        marks = []
        for p in state.players:
            reached = route_reached(p.sent, len(p.signals))
            lit = [(t.index, reached == 2 * k + 1) for k, t in enumerate(TOWERS_OF[COLOUR[p.seat]])
                   if reached >= 2 * k + 1]
            marks += [TowerMark(t, "route", p.seat, half, here=k == len(lit) - 1)
                      for k, (t, half) in enumerate(lit)]
        return tuple(marks)

    def player_fields(self, state, seat):
        return {"route": junior_route(state.config, seat), "tower": state.player(seat).sent}


JUNIOR = Junior()
