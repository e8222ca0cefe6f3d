"""What Clacks lights on the board, as roles (core/board.py; the board's palette colours them).

Lamps show the shutters; a pawn is its tower button's LED in its owner's colour; the Deep Dwarf
has its own; the current seat's indicator lights in its colour. A card being placed blinks the
lamps it would flip (red when the card cannot be paid; a swap's jacquard to discard in orange);
with hints, the button of a tower the hint says to select blinks with it.

Co-op (race, solitaire): no pawns; the tower-button LEDs are the route, R1..R6 then G1..G6, one
more lit per signal sent (scaled to 12 towers if owners' words make the message longer or
shorter); the playing seats' indicators go from green to red as the Post Office nears Genua
(the current seat bright, the others dim); game over blinks them green (the team won) or red
(the Post Office). Junior: each player's progress on the six buttons of their own colour (the
red seat on R1..R6, the green seat on G1..G6): each button is two towers of the route, dim when
the first of them is reached, full when both are. A revealed Fault Report card that waits
(Night Shift, Junior) blinks the indicator of the seat that must deal with it.

While the Last Letter Sabotage window stands open (the engine's moment, moments.py), the
tower to turn dark pulses: its button and its lamps still lit blink in the sabotage colour, so
the table sees which six lamps the saboteur has this one turn to put out.
"""

from __future__ import annotations

from ...core.board import Lights, blink_on, next_edge
from ..board import TOWER_BY_NAME, TOWERS
from ..moments import SABOTAGE_OPEN, moments

OVER_BLINK_S = 1.0
WINDOW_BLINK_S = 1.2  # the tower to sabotage pulses, slower than a card being placed


def mark_role(mark) -> tuple:
    """A tower button's role for what the game marks on it (a TowerMark)."""
    if mark.kind == "dwarf":
        return ("dwarf",)
    if mark.seat is None:
        return ("route",)  # the team's route
    return ("seat_half", mark.seat) if mark.half else ("seat", mark.seat)


def lights(state, shown, now: float, since: float = 0.0) -> Lights:
    """``shown``: the card being placed (a preview.Preview) or None; ``since``: when the screen
    showing the game began (a finished game blinks from then)."""
    game = state.config.game
    lamps = {i: ("lamp",) for i in range(16) if state.board >> i & 1}
    towers = {TOWERS[m.tower].name: mark_role(m) for m in game.tower_marks(state)}
    seats: dict = {}
    times = []
    if not state.over:
        seat = state.turn.seat
        if game.moves_post_office:
            progress = state.post_office / (state.post_office_goal or 1)
            seats = {s: ("team", progress, s == seat) for s in state.config.seats}
        else:
            seats[seat] = ("seat", seat)
        for m in moments(state):
            if m.code == SABOTAGE_OPEN:
                tower = dict(m.values)["tower"]
                if blink_on(now, 0.0, WINDOW_BLINK_S):
                    towers[tower] = ("sabotage",)
                    lamps.update({i: ("sabotage",) for i in lamps if TOWER_BY_NAME[tower].mask >> i & 1})
                times.append(next_edge(now, 0.0, WINDOW_BLINK_S))
        if state.pending and state.pending_seat is not None:
            seats[state.pending_seat] = ("pending",) if blink_on(now, 0.0) else ("off",)
            times.append(next_edge(now, 0.0))
    else:
        if blink_on(now, since, OVER_BLINK_S):
            if state.winner in state.config.seats:
                seats[state.winner] = ("seat", state.winner)
            elif state.winner in ("team", "post_office"):
                role = ("team_won",) if state.winner == "team" else ("post_office_won",)
                seats = {s: role for s in state.config.seats}
        times.append(next_edge(now, since, OVER_BLINK_S))
    if shown is not None:
        if blink_on(now, shown.since):
            role = ("discard",) if shown.act == "discard" else ("preview",) if shown.affordable else ("unaffordable",)
            lamps.update({i: role for i in range(16) if shown.mask >> i & 1})
            if shown.hint is not None and shown.hint.select:  # "select R2": its button blinks with the card
                towers[TOWERS[shown.hint.tower].name] = ("preview",)
        times.append(next_edge(now, shown.since))
    return Lights(lamps, towers, seats, turn=None if state.over else state.turn.seat,
                  changes_at=min(times) if times else None)
