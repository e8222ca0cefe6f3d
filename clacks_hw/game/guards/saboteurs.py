"""Secret saboteurs: planting, recalling and re-planting Brethren volunteers. Where each one is
and what it carries is known to its owner alone (view.py decides it, in one place).

"'At the beginning' of their turn, a player can attempt to plant a single Saboteur by making a
Guild Test. They roll the die and add the result to the current Guild Level marked on their
Guild Card. If the result is 5 or higher they can plant one Saboteur in the quadrant of their
choice. A roll of 1 is an automatic failure." (Planting a Saboteur)
"""

from __future__ import annotations

from ..core.rejection import Rejection
from .gate import asked, in_hand, own_turn
from .rejection import Code
from .state import GuardsState, Pending, Saboteur
from .travel import travel

PLANT_TARGET = 5


def _frozen(state: GuardsState, seat: str) -> Rejection | None:
    """"IMPORTANT: ONCE A SPELL RUN HAS BEEN ANNOUNCED BY A PLAYER, NO SABOTEURS MAY BE PLANTED OR
    MOVED BY OPPOSING PLAYERS IN THAT ROUND.\""""
    rnd, by = state.run_round
    if rnd == state.round and by != seat:
        return Rejection(Code.TOO_LATE, f"{by} announced a spell run this round: no saboteur may be planted "
                                        "or moved by the others until the next round.")
    return None


def validate_plant(state: GuardsState, action) -> Rejection | None:
    seat = action.seat
    why = own_turn(state, seat) or in_hand(state, seat, action.card) or _frozen(state, seat)
    if why:
        return why
    if state.acted or state.recalled:
        return Rejection(Code.TOO_LATE, "A saboteur is planted at the beginning of a turn only (and not after "
                                        "recalling one).")
    if not state.edition.volunteers[action.card].brethren:
        return Rejection(Code.WRONG_CARD, "Only Volunteers carrying the 'Mark of the Brethren' may be planted.",
                         public="Only a Brethren volunteer may be planted.", private=seat)
    if action.item is not None and action.item not in state.player(seat).items:
        return Rejection(Code.NOT_IN_HAND, f"{seat} does not carry that item.",
                         public=f"{seat} does not carry that item.", private=seat)
    return None


def apply_plant(state: GuardsState, action) -> GuardsState:
    data = (("card", action.card), ("quadrant", action.quadrant), ("item", action.item))
    test = Pending("plant", action.seat, state.player(action.seat).guild_level, PLANT_TARGET, data=data)
    return state._replace(pending=test, acted=True)


def resolve_plant(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    if not passed:
        return state
    return place(state, test.seat, Saboteur(test.get("card"), test.get("quadrant"), test.get("item")))


def place(state: GuardsState, seat: str, sab: Saboteur) -> GuardsState:
    """``sab`` planted: its card and item leave the hand."""
    p = state.player(seat)
    hand = tuple(c for c in p.hand if c != sab.card)
    items = tuple(i for i in p.items if i != sab.item) if sab.item else p.items
    return state.with_player(p._replace(hand=hand, items=items, saboteurs=p.saboteurs + (sab,)))


def validate_recall(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat) or _frozen(state, action.seat)
    if why:
        return why
    if not any(s.card == action.card for s in state.player(action.seat).saboteurs):
        return Rejection(Code.NOT_HERE, f"{action.card} is not planted by {action.seat}.",
                         public=f"That is not one of {action.seat}'s saboteurs.", private=action.seat)
    return None


def apply_recall(state: GuardsState, action) -> GuardsState:
    """"A Saboteur may be removed from the board and recalled to a player's hand only during the
    player's turn. Players may not recall a saboteur and re-plant the same or another on the same
    turn." It uses up nothing else of the turn: "If a player has only two Brethren in their hand,
    they may recall a planted Saboteur to their hand before summoning a Dragon" (rulebook line
    683), and summoning takes a turn in which nothing else is done."""
    return unplant(state, action.seat, action.card)._replace(recalled=True)


def unplant(state: GuardsState, seat: str, card: str, *, to_hand: bool = True) -> GuardsState:
    p = state.player(seat)
    sab = next(s for s in p.saboteurs if s.card == card)
    rest = tuple(s for s in p.saboteurs if s.card != card)
    if not to_hand:
        return state.with_player(p._replace(saboteurs=rest))
    items = p.items + ((sab.item,) if sab.item else ())
    return state.with_player(p._replace(saboteurs=rest, hand=p.hand + (card,), items=items))


def validate_replant(state: GuardsState, action) -> Rejection | None:
    return asked(state, action.seat, "replant", "to re-plant a saboteur now")


def apply_replant(state: GuardsState, action) -> GuardsState:
    """"The Attacking Player may then choose to re-plant their successful Saboteur in any Guild
    Quadrant without making a Guild test to do so." (Alter Allegiance; Ambush)"""
    q = state.prompt
    card = q.get("card")
    if action.quadrant is not None:
        p = state.player(action.seat)
        sabs = tuple(s._replace(quadrant=action.quadrant) if s.card == card else s for s in p.saboteurs)
        state = state.with_player(p._replace(saboteurs=sabs))
    return travel(state._replace(prompt=None), q.get("run"), onward=True)


