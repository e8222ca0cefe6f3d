"""The competitive game (2-4 players): pawns on tower buttons, 5 stress points a turn, Fault
Report cards held and played at any time, Last Letter Sabotage; Express, Long Message, Quick."""

from __future__ import annotations

from ...core.values import replace
from .. import legal, rules
from ..board import COLOUR, TOWERS, TOWERS_OF, distance
from ..deck import draw_faults, draw_up_to, shuffled
from ..setup import first_player, message
from ..state import DWARF_SEAT, HAND, GameState, Player, Turn
from .base import ClacksGame, TowerMark


class Competitive(ClacksGame):
    name = "competitive"
    order = 0  # place in the board's set-up menu
    letter = "C"
    title = "Clacks"
    label = "Competitive"
    variants = ("express", "long_message", "quick")
    hand_size = HAND
    pawns = True
    fault_hands = True
    bot_tactics = ("sabotage", "send", "oil", "progress", "end")
    moves = rules.MOVES

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

    def reactions(self, state, seat):
        return legal.reactions(state, seat)

    def hints_by_default(self, config) -> bool:
        """A race between players: the board does not play for them (docs/play.md, Hints)."""
        return False

    def reveals_faults(self, config) -> bool:
        return False

    def has_dwarf(self, state) -> bool:
        """The Deep Dwarf plays in a 3-player game, following W."""
        return len(state.players) == 3

    def fault_effects(self, card):
        return card.effects

    def send_towers(self, state, seat):
        """Where ``seat``'s next letter may be sent from: for the seat to act, each tower its pawn
        may still stand on this turn (towers_open) with the move within the turn's points; for
        another, where its pawn stands (any of its colour from the start). Never the tower of its
        previous letter ("you did not send your previous letter from this tower") nor the Deep
        Dwarf's button (docs/rules.md, 5 and 6)."""
        p, turn = state.player(seat), state.turn
        if seat == turn.seat:
            room = turn.budget - turn.card_cost
            return [t for t, cost in self.towers_open(state, seat) if cost <= room]
        towers = super().send_towers(state, seat) if p.tower is None else [p.tower]
        return [t for t in towers if t != p.last_tx and t != state.dwarf]

    def towers_open(self, state, seat):
        """Any free button of the player's colour before the first jacquard (costed from where
        the turn began), else where the pawn stands; never the tower of the previous signal,
        nor the Dwarf's button."""
        turn, p = state.turn, state.player(seat)
        shut = {p.last_tx}
        if state.dwarf is not None and state.dwarf == p.tower:
            shut.add(p.tower)
        if turn.played or turn.no_move:
            return [] if p.tower is None or p.tower in shut else [(p.tower, turn.move_cost)]
        shut.update(q.tower for q in state.players if q.seat != seat)  # as state.occupant checks
        shut.add(state.dwarf_for(seat))
        start = turn.start_tower
        if start is None:  # the first move is free
            return [(t, 0) for t in _OWN[COLOUR[seat]] if t not in shut]
        far = _DISTANCE[start]
        return [(t, far[t]) for t in _OWN[COLOUR[seat]] if t not in shut]

    def tower_marks(self, state):
        marks = [TowerMark(p.tower, "pawn", p.seat) for p in state.players if p.tower is not None]
        if state.has_dwarf and state.dwarf is not None:
            marks.append(TowerMark(state.dwarf, "dwarf", DWARF_SEAT))
        return tuple(marks)


_OWN = {colour: tuple(t.index for t in towers) for colour, towers in TOWERS_OF.items()}
_DISTANCE = tuple(tuple(distance(a.index, b.index) for b in TOWERS) for a in TOWERS)

COMPETITIVE = Competitive()
