"""Every action the rules accept now: candidates filtered through the one validator."""

from __future__ import annotations

from ..core.engine import validate
from ..core.values import replace
from .actions import Action
from .board import COLOUR, TOWERS, TOWERS_OF
from .state import GameState


def candidate_actions(state: GameState) -> list[Action]:
    """Every action worth asking the validator about (a superset of the legal ones)."""
    if state.over:
        return []
    return state.config.game.candidates(state)


def competitive_candidates(state: GameState) -> list[Action]:
    edition, seat = state.edition, state.turn.seat
    p = state.player(seat)
    out = [Action(seat, "move", tower=t.index) for t in TOWERS_OF[COLOUR[seat]]]
    cards = _playable(state, p)
    for card in dict.fromkeys(cards):
        for mask in edition.jacquards[card].shape.placements:
            out.append(Action(seat, "play", card=card, lamps=mask))
    out.append(Action(seat, "end"))
    if state.config.has("express"):
        for card in (p.hand or (None,)) if not state.turn.played else (None,):
            out.append(Action(seat, "timeout", card=card, time=state.config.express_seconds))
    for q in state.players:
        faults = q.faults if state.config.hands == "tracked" else edition.deck("fault")
        for card_id in dict.fromkeys(faults):
            out.extend(_fault_candidates(state, q.seat, card_id))
    return out


def _playable(state: GameState, p) -> tuple[str, ...]:
    return p.hand if state.config.hands == "tracked" else tuple(state.edition.jacquards)


def _with_choices(effects, shapes, base: Action) -> list[Action]:
    """``base`` once per choice the card's effects need (lamps, a tower), or as it is."""
    kinds = {e.kind: e for e in effects}
    if "flip" in kinds:
        return [replace(base, lamps=m) for m in shapes[kinds["flip"].arg].placements]
    if "flip_tower" in kinds:
        return [replace(base, tower=t.index) for t in TOWERS]
    return [base]


def _fault_candidates(state: GameState, seat: str, card_id: str, night: bool = False) -> list[Action]:
    card = state.edition.cards[card_id]
    effects = card.night_shift if night else card.effects
    return _with_choices(effects, state.edition.shapes, Action(seat, "fault", card=card_id))


def coop_candidates(state: GameState) -> list[Action]:
    edition, seat = state.edition, state.turn.seat
    if state.pending:
        chooser = state.pending_seat
        cards = (state.pending[0],) if state.pending[0] is not None else edition.deck("fault")
        return [a for c in cards for a in _fault_candidates(state, chooser, c, night=True)]
    p = state.player(seat)
    out = []
    for card in dict.fromkeys(_playable(state, p)):
        for mask in edition.jacquards[card].shape.placements:
            out.append(Action(seat, "play", card=card, lamps=mask))
    out.append(Action(seat, "end"))
    for report in state.reports:
        effects = edition.cards[report.card].effects
        for card in dict.fromkeys(_playable(state, p)):
            out.extend(_with_choices(effects, edition.shapes, Action(seat, "swap", card=card, source=report.card)))
    if state.config.hands == "physical" and state.config.game.reveals_faults(state.config):
        for card_id in edition.deck("fault"):
            out.extend(_fault_candidates(state, seat, card_id, night=True))
    return out


def legal_actions(state: GameState) -> list[Action]:
    return [a for a in candidate_actions(state) if validate(state, a) is None]


def reactions(state: GameState, acting: str) -> tuple[tuple[str, str], ...]:
    """(seat, card) for each Fault Report card a seat other than ``acting`` may play now, with
    some choice the card asks for: the rules' "at any time, on anyone's turn". With physical
    hands any seat may hold any of them."""
    if state.over:
        return ()
    out = []
    for q in state.players:
        if q.seat == acting:
            continue
        faults = q.faults if state.config.hands == "tracked" else state.edition.deck("fault")
        for card_id in dict.fromkeys(faults):
            if any(validate(state, a) is None for a in _fault_candidates(state, q.seat, card_id)):
                out.append((q.seat, card_id))
    return tuple(out)
