"""Hints: the best thing the seat to act can do with one card this turn, decided over every
tower its next letter may go from (the mode's ``towers_open``) and every placement of the card,
as codes and values; the words are the views' (hint_text.py).

The best placement is the planner's (planner.py: every open tower at once, moves costed), and
what it sends is the engine's answer: the move to the tower, when the pawn must go there, and
the card are applied and the letter sent read off the result, so a hint is never wrong. In
order:

- BLACKOUT: Last Letter Sabotage is open against ``tower`` and this card (then ``then``) turns
  its six lamps off; OTHER_BLACKOUT: this card cannot, ``then`` can (sending a letter of one's
  own first would end the turn and lose the sabotage);
- SENDS: the card alone sends the letter from ``tower`` (``select``: move the pawn there first);
- WITH: the card here, then ``then`` (more cards of the hand), sends it from ``tower``;
- OTHER: the card has no part in any send this turn; ``then`` sends it from ``tower`` instead;
- CLOSER: nothing in the hand sends this turn: here the card leaves ``tower`` ``wrong`` lamps
  from the letter, the fewest it can;
- NOTHING: a place that sends nothing (a shown place other than the best), or nothing to hint
  (no letter left, the card cannot be paid, not this seat's turn).

The hint's card is shown at the hint's place first (board_play/preview.py).
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.rejection import Rejection
from .actions import Action
from .board import TOWERS
from .planner import plan, plan_blackout
from .state import GameState
from .turns import target_mask

BLACKOUT, OTHER_BLACKOUT = "blackout", "other_blackout"
SENDS, WITH, OTHER, CLOSER, NOTHING = "sends", "with", "other", "closer", "nothing"
PLAY_ANOTHER = frozenset({OTHER, OTHER_BLACKOUT})  # hints that name other cards rather than this one


class Hint(NamedTuple):
    code: str
    choice: int = 0  # the card's placement (lamps), or the tower a tower-choosing card flips
    tower: int | None = None  # the tower the hint is about
    select: bool = False  # the pawn must be moved to ``tower`` first (its button)
    seat: str | None = None  # whose letter is sent (the seat's own, another's, or the team's)
    signal: str | None = None
    then: tuple[str, ...] = ()  # the other cards to play, in order
    wrong: int = 0  # CLOSER: lamps of ``tower`` still wrong afterwards


def _popcount(x: int) -> int:
    return bin(x).count("1")


def moved(state: GameState, seat: str, tower: int | None) -> GameState | None:
    """``state`` with ``seat``'s pawn on ``tower`` (a move the rules allow), as it is when no
    move is needed; None when the move is refused."""
    game = state.config.game
    if tower is None or not game.pawns or state.player(seat).tower == tower:
        return state
    after = game.apply(state, Action(seat, "move", tower=tower))
    return None if isinstance(after, Rejection) else after


def answer(state: GameState, action: Action) -> Hint:
    """What ``action`` (a card at one of its places) sends: from where the pawn stands, else from
    the cheapest tower the pawn may still move to (SENDS, ``select``), else NOTHING."""
    game, seat = state.config.game, action.seat
    choice = action.lamps if action.lamps is not None else action.tower or 0
    sent = game.sends(state, action)
    if sent is not None:
        return Hint(SENDS, choice, sent[2], False, sent[0], sent[1])
    if game.pawns and action.act == "play" and seat == state.turn.seat and not state.turn.played:
        here = state.player(seat).tower
        for tower, _cost in sorted(game.towers_open(state, seat), key=lambda tc: (tc[1], tc[0])):
            there = moved(state, seat, tower) if tower != here else None
            sent = game.sends(there, action) if there is not None else None
            if sent is not None:
                return Hint(SENDS, choice, sent[2], True, sent[0], sent[1])
    return Hint(NOTHING, choice)


def held(state: GameState, seat: str, card: str) -> tuple[str, ...]:
    """The other jacquards ``seat`` holds, as far as the engine knows (none with physical hands)."""
    if state.config.hands != "tracked":
        return ()
    return tuple(c for c in state.player(seat).hand if c != card and c in state.edition.jacquards)


def card_hint(state: GameState, seat: str, card: str, placements) -> Hint:
    """The best use of jacquard ``card`` (at one of ``placements``) for ``seat`` now."""
    placements = tuple(placements)
    turn = state.turn
    if (state.over or state.pending or seat != turn.seat or turn.transmitted or not placements
            or state.edition.jacquards[card].cost > turn.left):
        return Hint(NOTHING, placements[0] if placements else 0)
    others = held(state, seat, card)
    if state.sabotage is not None and state.sabotage[0] != seat:
        hint = _blackout(state, card, others)
        if hint is not None:
            return hint
    single = plan(state, cards=(card,), seat=seat)
    if single is not None:
        hint = _checked(state, seat, card, single)
        if hint is not None:
            return hint
    both = plan(state, cards=(card,) + others, seat=seat, using=card) if others else None
    if both is not None and len(both.cards) > 1:
        k = both.cards.index(card)
        return Hint(WITH, both.masks[k], both.tower, _must_move(state, seat, both.tower), seat,
                    state.next_signal(seat), both.cards[:k] + both.cards[k + 1:])
    without = plan(state, cards=others, seat=seat) if others else None
    if without is not None:
        return Hint(OTHER, placements[0], without.tower, _must_move(state, seat, without.tower), seat,
                    state.next_signal(seat), without.cards)
    return _closer(state, seat, card, placements)


def _must_move(state: GameState, seat: str, tower: int) -> bool:
    return bool(state.config.game.pawns) and state.player(seat).tower != tower


def _checked(state: GameState, seat: str, card: str, p) -> Hint | None:
    """The planner's one-card send, as the engine answers it from the plan's tower."""
    there = moved(state, seat, p.tower)
    sent = None if there is None else state.config.game.sends(there, Action(seat, "play", card=card, lamps=p.masks[0]))
    if sent is None:
        return None
    return Hint(SENDS, p.masks[0], sent[2], _must_move(state, seat, p.tower), sent[0], sent[1])


def _blackout(state: GameState, card: str, others) -> Hint | None:
    """Last Letter Sabotage: the cheapest cards turning the sender's tower off, if ``card`` is one."""
    tower = state.sabotage[1]
    sender = state.sabotage[0]
    p = plan_blackout(state, tower, cards=(card,)) or plan_blackout(state, tower, cards=(card,) + others)
    if p is None:
        return None  # it fails whatever is played: the usual hint
    if card not in p.cards:
        return Hint(OTHER_BLACKOUT, 0, tower, seat=sender, then=p.cards)
    k = p.cards.index(card)
    return Hint(BLACKOUT, p.masks[k], tower, seat=sender, then=p.cards[:k] + p.cards[k + 1:])


def _closer(state: GameState, seat: str, card: str, placements) -> Hint:
    """Nothing sends this turn: the place leaving a tower the letter may go from nearest to it
    (fewest lamps wrong; then the cheapest move, the lower tower, the earlier place)."""
    signal = state.next_signal(seat)
    game = state.config.game
    if signal is None:
        return Hint(NOTHING, placements[0])
    bits, board = state.edition.signals[signal], state.board
    room = state.turn.left - state.edition.jacquards[card].cost
    best = None
    for tower, cost in game.towers_open(state, seat):
        if cost - state.turn.move_cost > room:
            continue
        lamps, want = TOWERS[tower].mask, target_mask(seat, tower, bits)
        for k, mask in enumerate(placements):
            key = (_popcount((board ^ mask ^ want) & lamps), cost, tower, k)
            if best is None or key < best:
                best = key
    if best is None:
        return Hint(NOTHING, placements[0])
    wrong, _cost, tower, k = best
    return Hint(CLOSER, placements[k], tower, _must_move(state, seat, tower), seat, signal, wrong=wrong)


def option_hint(state: GameState, action: Action, best: Hint | None) -> Hint:
    """The hint for one shown option of a card: the card's best (``best``) at its own place,
    else what the engine says this place sends."""
    choice = action.lamps if action.lamps is not None else action.tower
    if best is not None and best.code in PLAY_ANOTHER:
        return best._replace(choice=choice)  # no place of this card will do: each says what does
    if best is not None and best.choice == choice:
        return best
    return answer(state, action)
