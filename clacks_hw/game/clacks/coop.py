"""Rules shared by the Race to Genua, Solitaire and the Junior Race: playing, swapping,
applying a revealed Fault Report card, ending the turn.

No pawns and no per-turn budget: a player sends from any tower of their colour, read from
their seat. Who is credited with a signal and what happens when a turn ends is the game's
own (``credit_signal``, ``finish_turn`` in modes/).
"""

from __future__ import annotations

from ..core.rejection import Rejection
from ..core.values import replace
from .actions import Action
from .board import COLOUR, TOWERS_OF
from .checks import jacquard_check, placement_check, turn_check
from .coop_effects import needs_choice, pop_pending, resolve
from .deck import UNKNOWN, give, take_from_hand
from .interpreter import apply_effects
from .rejection import Code
from .state import GameState
from .turns import signal_stands


def next_bits(state: GameState, seat: str) -> int | None:
    """The 6-bit signal ``seat`` would send next (None when there is nothing left to send)."""
    signal = state.next_signal(seat)
    return None if signal is None else state.edition.signals[signal]


def sendable_tower(state: GameState) -> int | None:
    """The first tower of the current player's colour that shows their next signal, with a
    lamp of it flipped this turn, once a jacquard (and any lifted one) has been played."""
    turn = state.turn
    if turn.transmitted or not turn.played or turn.lifted is not None:
        return None
    bits = next_bits(state, turn.seat)
    if bits is None:
        return None
    for t in TOWERS_OF[COLOUR[turn.seat]]:
        if signal_stands(state, turn.seat, t.index, bits):
            return t.index
    return None


def one_jacquard_rule(state: GameState) -> bool:
    return state.turn.number < state.one_jacquard_until


# --- validation ---------------------------------------------------------------------------

def _pending_check(state: GameState, action: Action) -> Rejection | None:
    if state.pending and action.act != "fault":
        card = state.pending[0]
        what = "a revealed Fault Report card" if card is None else state.edition.card_label(card)
        return Rejection(Code.CHOICE_PENDING, f"{what} waits for {state.pending_seat} to choose "
                                           "where it applies.")
    return None


def validate_play(state: GameState, action: Action) -> Rejection | None:
    r = _pending_check(state, action) or turn_check(state, action) or jacquard_check(state, action)
    r = r or placement_check(state, action)
    if r:
        return r
    turn = state.turn
    if one_jacquard_rule(state):
        if turn.lifted is not None:  # a swap obliges the lifted jacquard to be played
            if turn.lifted != "*" and action.card != turn.lifted:
                return Rejection(Code.MUST_PLAY_LIFTED, f"CHARACTER SABOTAGE: the one jacquard this turn "
                                                        f"must be the lifted {turn.lifted}.",
                                 public="CHARACTER SABOTAGE: the one jacquard this turn must be the "
                                        "lifted one.", private=action.seat)
        elif turn.played:
            return Rejection(Code.ONE_JACQUARD, "CHARACTER SABOTAGE: only one jacquard per turn this round.")
    return None


def validate_end(state: GameState, action: Action) -> Rejection | None:
    r = _pending_check(state, action) or turn_check(state, action)
    if r:
        return r
    if state.turn.lifted is not None:
        lifted = "the lifted jacquard" if state.turn.lifted == "*" else state.turn.lifted
        return Rejection(Code.MUST_PLAY_LIFTED, f"{lifted[0].upper()}{lifted[1:]} was lifted by a swap "
                                                "and must be played this turn.",
                         public="The lifted jacquard was lifted by a swap and must be played this turn.",
                         private=action.seat)
    if not state.turn.played and state.current.hand_count > 0:
        return Rejection(Code.MUST_PLAY, "At least one jacquard must be played before the turn can end.")
    return None


def validate_swap(state: GameState, action: Action) -> Rejection | None:
    r = _pending_check(state, action) or turn_check(state, action)
    if r:
        return r
    turn = state.turn
    if turn.swapped:
        return Rejection(Code.SWAPPED_ALREADY, "Only one swap is allowed each turn.")
    if action.source is None:
        return Rejection(Code.NEEDS_SOURCE, "A swap must name the report card the jacquard lies on.")
    report = next((rp for rp in state.reports if rp.card == action.source), None)
    if report is None:
        on_table = ", ".join(rp.card for rp in state.reports) or "none"
        return Rejection(Code.NOT_ON_TABLE, f"{action.source} is not on the table (report cards there: {on_table}).")
    if turn.played and one_jacquard_rule(state):
        return Rejection(Code.ONE_JACQUARD, "CHARACTER SABOTAGE: a jacquard was already played this turn, "
                                         "so a lifted one could not be.")
    if action.card is None:
        return Rejection(Code.NEEDS_CARD, "A swap must name the jacquard discarded from the hand.")
    r = jacquard_check(state, action)
    if r:
        return r
    return _choice_check(state, state.edition.cards[report.card].effects, action)


def _choice_check(state, effects, action) -> Rejection | None:
    for e in effects:
        if e.kind == "flip":
            shape = state.edition.shapes[e.arg]
            if action.lamps is None or action.lamps not in shape.placements:
                return Rejection(Code.NEEDS_LAMPS, f"Say which {shape.name} of lamps flips "
                                                   f"({len(shape.holes)} lamp{'s' * (len(shape.holes) > 1)}).")
        elif e.kind == "flip_tower" and action.tower is None:
            return Rejection(Code.NEEDS_TOWER, "Say which tower's 6 lamps flip.")
    return None


def validate_fault(state: GameState, action: Action) -> Rejection | None:
    edition = state.edition
    card = edition.cards.get(action.card or "")
    if card is None or card.deck != "fault":
        return Rejection(Code.NOT_A_FAULT, f"{action.card} is not a Fault Report card.")
    physical = state.config.hands == "physical"
    if not state.config.game.reveals_faults(state.config):
        return Rejection(Code.NOT_IN_MODE, "Fault Report cards are only revealed in Night Shift and the Junior Race.")
    if state.pending:
        if action.seat != state.pending_seat:
            return Rejection(Code.NOT_YOUR_CHOICE, f"{state.pending_seat} chooses for the revealed card.")
        if state.pending[0] not in (None, card.id):
            return Rejection(Code.WRONG_CARD, f"The revealed card is {edition.card_label(state.pending[0])}, "
                                              f"not {action.card}.")
    elif not physical:
        return Rejection(Code.NOTHING_REVEALED, "No Fault Report card is waiting to be applied.")
    if state.pending and state.pending[0] is not None or physical and needs_choice(card.night_shift):
        return _choice_check(state, card.night_shift, action)
    return None


# --- application --------------------------------------------------------------------------

def apply_play(state: GameState, action: Action) -> GameState:
    turn = state.turn
    cost = state.edition.jacquards[action.card].cost
    lifted = None if turn.lifted in (action.card, "*") else turn.lifted
    state = replace(
        take_from_hand(state, action.seat, action.card), board=state.board ^ action.lamps,
        discard=state.discard + (action.card,),
        turn=replace(turn, card_cost=turn.card_cost + cost, played=turn.played + (action.card,),
                     flipped=turn.flipped | action.lamps, lifted=lifted),
    )
    return _maybe_send(state)


def apply_swap(state: GameState, action: Action) -> GameState:
    report = next(rp for rp in state.reports if rp.card == action.source)
    card = state.edition.cards[report.card]
    state = take_from_hand(state, action.seat, action.card)
    state = replace(state, discard=state.discard + (action.card,),
                    reports=tuple(rp for rp in state.reports if rp is not report))
    lifted = report.jacquard if report.jacquard is not None else UNKNOWN
    state = give(state, action.seat, lifted)
    extra = 0 if report.face_up else 1  # lifting from an Operator's Log card costs a point
    turn = state.turn
    state = replace(state, turn=replace(turn, swapped=True, lifted="*" if lifted == UNKNOWN else lifted,
                                        card_cost=turn.card_cost + extra))
    state = apply_effects(state, card.effects, action, action.seat, during_turn=True)
    return state if state.winner else _maybe_send(state)


def apply_fault(state: GameState, action: Action) -> GameState:
    """A revealed Fault Report card applied with the player's choice."""
    card = state.edition.cards[action.card]
    if not state.pending:  # physical: a card the players revealed and tapped
        return resolve(state, card, action.seat, action)
    known = state.pending[0] is not None
    state, chained = pop_pending(state)
    return resolve(state, card, action.seat, action, chained, shielded=not known)


def apply_end(state: GameState, action: Action) -> GameState:
    return state.config.game.finish_turn(state)


def _maybe_send(state: GameState) -> GameState:
    tower = sendable_tower(state)
    if tower is None:
        return state
    game = state.config.game
    state = game.credit_signal(replace(state, turn=replace(state.turn, transmitted=True)), tower)
    return game.finish_turn(state)


MOVES = {"play": (validate_play, apply_play), "end": (validate_end, apply_end),  # act -> (check, apply)
         "swap": (validate_swap, apply_swap), "fault": (validate_fault, apply_fault)}
