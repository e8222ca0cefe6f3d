"""Card effects in the co-operative and junior games, and Fault Report reveals.

Incident Report and Operator's Log cards apply when a swap lifts their jacquard. Fault
Report cards are revealed (Night Shift: for each stamped jacquard drawn; Junior: on landing
on towers 3, 6 and 9) and applied before the next player's turn; a card whose effect needs a
choice (a lamp, a tower) waits in ``pending`` for that choice.
"""

from __future__ import annotations

from .actions import Action
from .board import FULL, TOWERS
from .deck import draw
from .edition import Card, Effect
from .state import GameState
from .values import replace

CHOICES = ("flip", "flip_tower")  # effects that need the player to pick lamps or a tower
JUNIOR_NOTHING = ("cancel_next", "reveal_next")  # EMERGENCY REPAIR, CLACKS TECHNICIAN


def needs_choice(effects) -> bool:
    return any(e.kind in CHOICES for e in effects)


def move_post_office(state: GameState, steps: int) -> GameState:
    """A card moves the Post Office; reaching Genua wins the race for the Post Office."""
    if state.config.mode == "junior" or steps == 0:
        return state
    po = state.post_office + steps
    state = replace(state, post_office=po, card_moves=state.card_moves + steps)
    return replace(state, winner="post_office") if po >= state.post_office_goal else state


def apply_effects(state: GameState, effects, action: Action, seat: str, during_turn: bool) -> GameState:
    """Apply a card's effects. ``during_turn``: lamps flipped now count as flipped this turn
    (a swap's card); a reveal between turns does not count for the next player."""
    for effect in effects:
        if state.winner is not None:
            break
        state = _apply(state, effect, action, seat, during_turn)
    return state


def _apply(state: GameState, e: Effect, action: Action, seat: str, during_turn: bool) -> GameState:
    kind, arg, turn = e.kind, e.arg, state.turn
    flips = 0
    if kind == "set_all":
        flips = state.board ^ (FULL if arg else 0)
    elif kind == "flip":
        flips = action.lamps
    elif kind == "flip_tower":
        flips = TOWERS[action.tower].mask
    elif kind == "post_office":
        return move_post_office(state, arg)
    elif kind == "budget":  # no per-turn budget here: a bonus saves steps, a penalty costs them
        if arg > 0:
            return replace(state, turn=replace(turn, po_discount=turn.po_discount + arg))
        return move_post_office(state, -arg)
    elif kind == "post_office_cap":
        cap = arg if turn.po_cap is None else min(turn.po_cap, arg)
        return replace(state, turn=replace(turn, po_cap=cap))
    elif kind == "post_office_discount":
        return replace(state, turn=replace(turn, po_discount=turn.po_discount + arg))
    elif kind == "one_jacquard_per_turn":
        return replace(state, one_jacquard_until=turn.number + arg * len(state.players))
    elif kind == "draw_jacquard":
        state, stamps = draw(state, seat, arg)
        return replace(state, turn=replace(state.turn, stamps_drawn=state.turn.stamps_drawn + stamps))
    elif kind == "skip_draw":  # the next turn's player (yourself again in solitaire)
        return replace(state, skip_draw=turn.number + 1)
    elif kind == "cancel_next" and state.config.mode != "junior":
        return replace(state, shield=arg)
    if flips:
        state = replace(state, board=state.board ^ flips)
        if during_turn:
            state = replace(state, turn=replace(state.turn, flipped=state.turn.flipped | flips))
    return state  # no_move, draw_fault, cancel_last: nothing to do without pawns or fault hands


def reveal(state: GameState, seat: str, n: int, chained: bool = False) -> GameState:
    """Reveal the next ``n`` Fault Report cards for ``seat`` and apply them."""
    for _ in range(n):
        if state.winner is not None:
            break
        if state.config.hands == "physical":  # the players turn the card over and tap it
            state = _push_pending(state, None, seat, chained)
            continue
        if not state.fault_deck:
            break
        top = state.fault_deck[0]
        state = replace(state, fault_deck=state.fault_deck[1:] + (top,))  # back under the deck
        state = resolve(state, state.edition.cards[top], seat, None, chained)
    return state


def _push_pending(state: GameState, card: str | None, seat: str, chained: bool) -> GameState:
    return replace(state, pending=state.pending + (card,), pending_seat=seat,
                   pending_chained=state.pending_chained + (chained,))


def pop_pending(state: GameState) -> tuple[GameState, bool]:
    """Take the first pending card off the queue; returns whether a Technician revealed it."""
    chained = bool(state.pending_chained) and state.pending_chained[0]
    rest = state.pending[1:]
    return replace(state, pending=rest, pending_chained=state.pending_chained[1:],
                   pending_seat=state.pending_seat if rest else None), chained


def resolve(state: GameState, card: Card, seat: str, action: Action | None, chained: bool = False,
            shielded: bool = True) -> GameState:
    """One revealed card: shielded, waiting for a choice, or applied now. ``shielded=False``:
    the shield was already weighed when the card was revealed (a known card awaiting a choice)."""
    effects = card.night_shift
    if state.config.mode == "junior" and any(e.kind in JUNIOR_NOTHING for e in effects):
        return state
    if state.shield and shielded:
        shield = state.shield
        state = replace(state, shield=())
        if card.name in shield:
            return state  # EMERGENCY REPAIR cancelled it
    if action is None and needs_choice(effects):
        return _push_pending(state, card.id, seat, chained)
    for e in effects:
        if e.kind == "reveal_next":
            if not chained:  # a second Technician among the revealed cards does nothing
                state = reveal(state, seat, e.arg, chained=True)
        else:
            state = _apply(state, e, action, seat, during_turn=False)
    return state
