"""Scrolls: bought at a Temple (as items are: ledger.py), cast by a Magic test at any time, on
any player's turn.

"Players roll the die for their magic Roll and add the result to the current Magic Skill Level
on their Guild Card. If the total is equal to or greater than the Target Value of the Scroll they
have successfully cast the Scroll. Some players may have Volunteers in their hands that give an
automatic +1 or +2 to defend against Magic. If targeting such a player, the attacking player
must add this value on to the Magic Target Value required to cast the Scroll." (Casting Scrolls
and using magical items). What a scroll does once cast is read from the card at the table.
"""

from __future__ import annotations

from ..core.rejection import Rejection
from .gate import waiting
from .rejection import Code
from .state import GuardsState, Pending


def magic_defence(state: GuardsState, seat: str) -> int:
    """The best defence a volunteer in ``seat``'s hand gives (the rulebook's "+1 or +2"; they do
    not add up)."""
    vols = state.edition.volunteers
    return max((vols[c].magic_defence for c in state.player(seat).hand), default=0)


def validate_cast(state: GuardsState, action) -> Rejection | None:
    why = waiting(state, action.seat)
    if why:
        return why
    seat, target = action.seat, action.target or action.seat
    if action.item not in state.player(seat).scrolls:
        return Rejection(Code.NOT_IN_HAND, f"{seat} holds no such scroll.", public=f"{seat} holds no such scroll.",
                         private=seat)
    if target not in state.config.seats:
        return Rejection(Code.NOT_THERE, f"Seat {target} is not in this game.")
    if state.player(seat).confined or state.player(target).confined:
        return Rejection(Code.CONFINED, "Nobody in Hospital or the Watch House uses or suffers Magic.")
    if f"cast:{action.item}" in state.done:
        return Rejection(Code.ONCE, "Players may not attempt to cast the same Scroll twice on the same turn.")
    return None


def apply_cast(state: GuardsState, action) -> GuardsState:
    seat, target = action.seat, action.target or action.seat
    scroll = state.edition.scrolls[action.item]
    aim = scroll.target + (magic_defence(state, target) if target != seat else 0)
    test = Pending("cast", seat, state.player(seat).magic, aim, data=(("scroll", action.item), ("on", target)))
    return state._replace(pending=test, done=state.done + (f"cast:{action.item}",))


def resolve_cast(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    """"Once it has been successfully cast, a Curses & Cures Card must be discarded ... If a player
    is unsuccessful casting the Scroll ... That card is kept by the player who may attempt to cast
    it later in the game.\""""
    if not passed:
        return state
    p = state.player(test.seat)
    return state.with_player(p._replace(scrolls=tuple(c for c in p.scrolls if c != test.get("scroll"))))
