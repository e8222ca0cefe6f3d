"""The competitive game (2-4 players): pawns on tower buttons, 5 stress points a turn, Fault
Report cards held and played at any time, Last Letter Sabotage; Express, Long Message, Quick."""

from __future__ import annotations

from .. import legal, rules
from ..board import COLOUR, TOWERS_OF, distance
from ..deck import draw_faults, draw_up_to, shuffled
from ..registry import register
from ..setup import first_player, message
from ..state import DWARF_SEAT, HAND, GameState, Player, Turn
from ..values import replace
from .base import Game, TowerMark


class Competitive(Game):
    name = "competitive"
    order = 0  # place in the board's set-up menu
    letter = "C"
    title = "Clacks"
    variants = ("express", "long_message", "quick")
    hand_size = HAND
    pawns = True
    fault_hands = True
    bot_tactics = ("sabotage", "send", "oil", "progress", "end")
    validators = rules.VALIDATORS
    appliers = rules.APPLIERS

    def seating_problem(self, seats) -> str:
        sets = "; ".join(" ".join(s) for s in self.seatings())
        return f"seats {' '.join(seats)} are not a competitive seating: use {sets}"

    def new_game(self, edition, config) -> GameState:
        players = tuple(Player(seat=s, signals=message(config, s)) for s in config.seats)
        first = first_player(config)
        state = GameState(edition=edition, config=config, board=edition.start, players=players,
                          turn=Turn(seat=first), first=first)
        if config.hands == "tracked":
            state = replace(state, bag=shuffled(edition.jacquards, config.seed, "bag/0"),
                            fault_deck=shuffled(edition.deck("fault"), config.seed, "faults"))
        for seat in config.seats:  # the first deal draws no Fault Report cards for stamps
            state = draw_up_to(state, seat, HAND, stamps_draw_faults=False)
            state = draw_faults(state, seat, 1)
        return state

    def candidates(self, state):
        return legal.competitive_candidates(state)

    def reveals_faults(self, config) -> bool:
        return False

    def has_dwarf(self, state) -> bool:
        """The Deep Dwarf plays in a 3-player game, following W."""
        return len(state.players) == 3

    def fault_effects(self, card):
        return card.effects

    def send_towers(self, state, seat):
        p = state.player(seat)
        return super().send_towers(state, seat) if p.tower is None else [p.tower]

    def towers_open(self, state, seat):
        """Any free button of the player's colour before the first jacquard (costed from where
        the turn began), else where the pawn stands; never the tower of the previous signal,
        nor the Dwarf's button."""
        turn, p = state.turn, state.player(seat)
        if turn.played or turn.no_move:
            options = [] if p.tower is None else [(p.tower, turn.move_cost)]
        else:
            start = turn.start_tower
            taken = {q.tower for q in state.players if q.seat != seat}  # what state.occupant checks
            taken.add(state.dwarf_for(seat))
            options = [(t.index, 0 if start is None else distance(start, t.index))
                       for t in TOWERS_OF[COLOUR[seat]] if t.index not in taken]
        return [(t, c) for t, c in options if t != p.last_tx and not (t == state.dwarf and t == p.tower)]

    def tower_marks(self, state):
        marks = [TowerMark(p.tower, "pawn", p.seat) for p in state.players if p.tower is not None]
        if state.has_dwarf and state.dwarf is not None:
            marks.append(TowerMark(state.dwarf, "dwarf", DWARF_SEAT))
        return tuple(marks)


register(Competitive())
