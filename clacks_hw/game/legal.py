"""Every action the rules accept now: candidates filtered through the one validator."""

from __future__ import annotations

from .actions import Action
from .board import COLOUR, TOWERS, TOWERS_OF
from .rules import validate
from .state import EXPRESS_SECONDS, GameState


def candidate_actions(state: GameState) -> list[Action]:
    """Every action worth asking the validator about (a superset of the legal ones)."""
    if state.over:
        return []
    edition, seat = state.edition, state.turn.seat
    p = state.player(seat)
    out = [Action(seat, "move", tower=t.index) for t in TOWERS_OF[COLOUR[seat]]]
    cards = p.hand if state.config.hands == "tracked" else tuple(edition.jacquards)
    for card in dict.fromkeys(cards):
        for mask in edition.jacquards[card].shape.placements:
            out.append(Action(seat, "play", card=card, lamps=mask))
    out.append(Action(seat, "end"))
    if state.config.has("express"):
        for card in (p.hand or (None,)) if not state.turn.played else (None,):
            out.append(Action(seat, "timeout", card=card, time=EXPRESS_SECONDS))
    for q in state.players:
        faults = q.faults if state.config.hands == "tracked" else edition.deck("fault")
        for card_id in dict.fromkeys(faults):
            out.extend(_fault_candidates(state, q.seat, card_id))
    return out


def _fault_candidates(state: GameState, seat: str, card_id: str) -> list[Action]:
    card = state.edition.cards[card_id]
    kinds = {e.kind: e for e in card.effects}
    if "flip" in kinds:
        shape = state.edition.shapes[kinds["flip"].arg]
        return [Action(seat, "fault", card=card_id, lamps=m) for m in shape.placements]
    if "flip_tower" in kinds:
        return [Action(seat, "fault", card=card_id, tower=t.index) for t in TOWERS]
    return [Action(seat, "fault", card=card_id)]


def legal_actions(state: GameState) -> list[Action]:
    return [a for a in candidate_actions(state) if validate(state, a) is None]
