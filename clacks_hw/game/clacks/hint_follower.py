"""A player who does what the board's hints say (hints.py), one action at a time: the measure of
the hints themselves (bench/bench_hints.py: against the easy computer; the tests: it sends a
letter on every turn where its hand can).

Each turn it asks the hint of every jacquard it holds and can pay for, and follows the most
useful: a sabotage that succeeds, then a card that sends (the cheapest), then a card that sends
with others (the fewest), then, once, the card that leaves a tower nearest its letter; a hint to
select a tower is a move there first. It plays no Fault Report card, and ends the turn when no
hint says more.
"""

from __future__ import annotations

from . import hints as h
from .actions import Action
from .state import GameState

_RANK = {h.BLACKOUT: 0, h.SENDS: 1, h.WITH: 2, h.CLOSER: 3}


def best_hint(state: GameState, seat: str) -> tuple[str, h.Hint] | None:
    """The card ``seat`` (the seat to act) would tap next following the hints, and its hint;
    None: no hint says more this turn (the play page's guide says it before a card is tapped)."""
    turn, edition = state.turn, state.edition
    best = None
    for card in state.player(seat).hand:
        j = edition.jacquards.get(card)
        if j is None or j.cost > turn.left:
            continue
        hint = h.card_hint(state, seat, card, j.shape.placements)
        if hint.code not in _RANK or hint.code == h.CLOSER and turn.played:
            continue  # an OTHER hint names the cards to play: their own hints are counted
        key = (_RANK[hint.code], len(hint.then), j.cost)
        if best is None or key < best[0]:
            best = (key, card, hint)
    return None if best is None else best[1:]


def hinted_action(state: GameState, seat: str) -> Action:
    """The next action of ``seat`` (the seat to act) following the hints."""
    best = best_hint(state, seat)
    if best is None:
        return Action(seat, "end")
    card, hint = best
    if hint.select:
        return Action(seat, "move", tower=hint.tower)
    return Action(seat, "play", card=card, lamps=hint.choice)
