"""Fault Report cards in the competitive game: played at any time, by any player."""

from __future__ import annotations

from ..core.rejection import Rejection
from ..core.values import replace
from .actions import Action
from .board import lamps_of
from .interpreter import apply_effects
from .moments import fault_cancelled, fault_played, noted
from .rejection import Code
from .state import GameState, LastFault
from .turns import after_lamps_change


def validate_fault(state: GameState, action: Action) -> Rejection | None:
    card_id, edition = action.card, state.edition
    if card_id is None or (card_id not in edition.cards and card_id not in edition.jacquards):
        return Rejection(Code.UNKNOWN_CARD, f"There is no card {card_id} in this edition.")
    card = edition.cards.get(card_id)
    if card is None or card.deck != "fault":
        kind = "a jacquard" if card is None else f"an {card.deck} card"
        return Rejection(Code.NOT_A_FAULT, f"{card_id} is {kind}, not a Fault Report card.")
    if card_id in state.turn.faults_played:
        return Rejection(Code.PLAYED_THIS_TURN, f"{card_id} {card.name} was already played this turn; it "
                                             "went to the bottom of the fault deck.")
    if state.config.hands == "tracked" and card_id not in state.player(action.seat).faults:
        held = ", ".join(state.player(action.seat).faults) or "none"
        return Rejection(Code.NOT_IN_HAND, f"{action.seat} does not hold {card_id} "
                                           f"(Fault Report cards held: {held}).",
                         public=f"{action.seat} does not hold that card.", private=action.seat)
    for effect in card.effects:
        if effect.kind == "flip":
            shape = edition.shapes[effect.arg]
            if action.lamps is None:
                return Rejection(Code.NEEDS_LAMPS, f"{card.name} must say which lamp{'s' * (len(shape.holes) > 1)} to flip.")
            if action.lamps not in shape.placements:
                return Rejection(Code.BAD_PLACEMENT, f"{card.name} flips a {shape.name} pattern, not lamps "
                                                     f"{', '.join(map(str, lamps_of(action.lamps)))}.")
        elif effect.kind == "flip_tower" and action.tower is None:
            return Rejection(Code.NEEDS_TOWER, f"{card.name} must name the tower whose lamps flip.")
        elif effect.kind == "cancel_last":
            last = state.last_fault
            if last is None or last.seat == action.seat:
                return Rejection(Code.NOTHING_TO_CANCEL, f"{card.name} cancels a Fault Report card just "
                                                      "played against you; there is none.")
            cancelled = edition.cards[last.card]
            why = harmless_to(cancelled, last.seat, last.before.turn.seat, action.seat, last.before)
            if why:
                return Rejection(Code.NOT_AGAINST_YOU, f"{card.name} cancels only a card that harms you; "
                                                       f"{cancelled.name}, played by {last.seat}, does not "
                                                       f"harm {action.seat}: {why}.")
    return None


def harmless_to(card, played_by: str, turn_seat: str, seat: str, state: GameState) -> str | None:
    """Why ``card`` (played by ``played_by`` during ``turn_seat``'s turn) does not harm ``seat``,
    or None when it does: a lamp change harms everyone; a budget cut or a move ban harms the
    player whose turn it is; a skipped draw harms the next player; extra points or cards only
    help."""
    reasons = []
    for e in card.effects:
        if e.kind in ("set_all", "flip", "flip_tower"):
            return None
        if e.kind in ("no_move", "budget") and (e.kind == "no_move" or e.arg < 0):
            if turn_seat == seat:
                return None
            reasons.append(f"it acts on {turn_seat}'s turn, not {seat}'s")
        elif e.kind == "skip_draw":
            if state.next_seat(turn_seat) == seat:
                return None
            reasons.append(f"the draw it skips is {state.next_seat(turn_seat)}'s")
        elif e.kind == "budget":
            reasons.append(f"it only gives {turn_seat} more points")
        elif e.kind == "draw_fault":
            reasons.append(f"it only draws cards for {played_by}")
    return "; ".join(reasons) or "it changes nothing for you"


def apply_fault(state: GameState, action: Action) -> GameState:
    card = state.edition.cards[action.card]
    before = state
    if any(e.kind == "cancel_last" for e in card.effects):
        return _cancel_last(state, action)
    p = state.player(action.seat)
    if state.config.hands == "tracked":
        state = state.with_player(replace(p, faults=tuple(c for c in p.faults if c != card.id)))
    state = apply_effects(state, card.effects, action, action.seat, during_turn=True)
    turn = state.turn
    turn = replace(turn, faults_played=turn.faults_played + (card.id,))
    deck = state.fault_deck + (card.id,) if state.config.hands == "tracked" else state.fault_deck
    state = replace(state, turn=turn, fault_deck=deck,
                    last_fault=LastFault(action.seat, card.id, before))
    return after_lamps_change(noted(state, fault_played(before, state, action, card)))


def _cancel_last(state: GameState, action: Action) -> GameState:
    """EMERGENCY REPAIR: the position returns to before the cancelled card; both cards go
    to the bottom of the fault deck."""
    last = state.last_fault
    restored = replace(last.before, last_fault=None)
    if restored.config.hands == "tracked":
        for seat, card in ((last.seat, last.card), (action.seat, action.card)):
            p = restored.player(seat)
            restored = restored.with_player(replace(p, faults=tuple(c for c in p.faults if c != card)))
        restored = replace(restored, fault_deck=restored.fault_deck + (last.card, action.card))
    return noted(restored, fault_cancelled(last, action, state.edition))
