"""Rules of the Race to Genua, Solitaire and the Junior Race.

No pawns and no per-turn budget: a player sends from any tower of their colour, read from
their seat. In the race every stress point moves the Post Office; in the junior race each
signal moves the sender's own pawn along their route.
"""

from __future__ import annotations

from .actions import Action
from .board import COLOUR, TOWERS_OF
from .checks import jacquard_check, placement_check, turn_check
from .coop_effects import apply_effects, needs_choice, pop_pending, resolve, reveal
from .deck import UNKNOWN, draw, give, is_stamped, take_from_bag, take_from_hand
from .rejection import Rejection
from .state import COOP, HAND_SIZE, JUNIOR_FAULT_TOWERS, NO_BUDGET, GameState, Turn
from .turns import signal_stands
from .values import replace


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
        return Rejection("choice_pending", f"{what} waits for {state.pending_seat} to choose "
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
                return Rejection("must_play_lifted", f"CHARACTER SABOTAGE: the one jacquard this turn "
                                                     f"must be the lifted {turn.lifted}.")
        elif turn.played:
            return Rejection("one_jacquard", "CHARACTER SABOTAGE: only one jacquard per turn this round.")
    return None


def validate_end(state: GameState, action: Action) -> Rejection | None:
    r = _pending_check(state, action) or turn_check(state, action)
    if r:
        return r
    if state.turn.lifted is not None:
        lifted = "the lifted jacquard" if state.turn.lifted == "*" else state.turn.lifted
        return Rejection("must_play_lifted", f"{lifted[0].upper()}{lifted[1:]} was lifted by a swap "
                                             "and must be played this turn.")
    if not state.turn.played and state.current.hand_count > 0:
        return Rejection("must_play", "At least one jacquard must be played before the turn can end.")
    return None


def validate_swap(state: GameState, action: Action) -> Rejection | None:
    if state.config.mode == "junior":
        return Rejection("not_in_mode", "The Junior Race has no report cards to swap with.")
    r = _pending_check(state, action) or turn_check(state, action)
    if r:
        return r
    turn = state.turn
    if turn.swapped:
        return Rejection("swapped_already", "Only one swap is allowed each turn.")
    if action.source is None:
        return Rejection("needs_source", "A swap must name the report card the jacquard lies on.")
    report = next((rp for rp in state.reports if rp.card == action.source), None)
    if report is None:
        on_table = ", ".join(rp.card for rp in state.reports) or "none"
        return Rejection("not_on_table", f"{action.source} is not on the table (report cards there: {on_table}).")
    if turn.played and one_jacquard_rule(state):
        return Rejection("one_jacquard", "CHARACTER SABOTAGE: a jacquard was already played this turn, "
                                         "so a lifted one could not be.")
    if action.card is None:
        return Rejection("needs_card", "A swap must name the jacquard discarded from the hand.")
    r = jacquard_check(state, action)
    if r:
        return r
    return _choice_check(state, state.edition.cards[report.card].effects, action)


def _choice_check(state, effects, action) -> Rejection | None:
    for e in effects:
        if e.kind == "flip":
            shape = state.edition.shapes[e.arg]
            if action.lamps is None or action.lamps not in shape.placements:
                return Rejection("needs_lamps", f"Say which {shape.name} of lamps flips "
                                                f"({len(shape.holes)} lamp{'s' * (len(shape.holes) > 1)}).")
        elif e.kind == "flip_tower" and action.tower is None:
            return Rejection("needs_tower", "Say which tower's 6 lamps flip.")
    return None


def validate_fault(state: GameState, action: Action) -> Rejection | None:
    edition = state.edition
    card = edition.cards.get(action.card or "")
    if card is None or card.deck != "fault":
        return Rejection("not_a_fault", f"{action.card} is not a Fault Report card.")
    physical = state.config.hands == "physical"
    reveals = state.config.mode == "junior" or state.config.has("night_shift")
    if not reveals:
        return Rejection("not_in_mode", "Fault Report cards are only revealed in Night Shift and the Junior Race.")
    if state.pending:
        if action.seat != state.pending_seat:
            return Rejection("not_your_choice", f"{state.pending_seat} chooses for the revealed card.")
        if state.pending[0] not in (None, card.id):
            return Rejection("wrong_card", f"The revealed card is {edition.card_label(state.pending[0])}, "
                                           f"not {action.card}.")
    elif not physical:
        return Rejection("nothing_revealed", "No Fault Report card is waiting to be applied.")
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
    return finish_turn(state)


def _maybe_send(state: GameState) -> GameState:
    tower = sendable_tower(state)
    if tower is None:
        return state
    state = replace(state, turn=replace(state.turn, transmitted=True))
    if state.config.mode in COOP:
        state = replace(state, signals_sent=state.signals_sent + 1, sent_from=state.sent_from + (tower,))
    else:
        p = state.current
        state = state.with_player(replace(p, sent=p.sent + 1, last_tx=tower, sent_from=p.sent_from + (tower,)))
    return finish_turn(state)


def finish_turn(state: GameState) -> GameState:
    """Move the Post Office, settle the hands, hand the turn on, then reveal."""
    turn = state.turn
    seat = turn.seat
    reveals = 0
    if state.config.mode in COOP:
        state = _post_office_moves(state)
        if state.winner is None and state.signals_sent >= len(state.message):
            state = replace(state, winner="team")
        if state.winner is not None:
            return state
        state, reveals = _settle_hands(state, seat)
        reveals = reveals + turn.stamps_drawn if state.config.has("night_shift") else 0
    else:
        p = state.current
        if p.finished:  # the whole message sent: the pawn stands in Genua
            return replace(state, winner=seat)
        state, _ = draw(state, seat, HAND_SIZE["junior"] - p.hand_count)
        reveals = 1 if turn.transmitted and p.sent in JUNIOR_FAULT_TOWERS else 0
    nxt = state.next_seat(seat)
    state = replace(state, turn=Turn(seat=nxt, number=turn.number + 1, base_budget=NO_BUDGET))
    return reveal(state, seat, reveals) if reveals else state


def _post_office_moves(state: GameState) -> GameState:
    turn = state.turn
    steps = turn.card_cost
    moved = max(0, steps - turn.po_discount)
    if turn.po_cap is not None:
        moved = min(moved, turn.po_cap)
    po = state.post_office + moved
    state = replace(state, post_office=po, stress_total=state.stress_total + steps,
                    card_moves=state.card_moves + moved - steps)
    return replace(state, winner="post_office") if po >= state.post_office_goal else state


def _settle_hands(state: GameState, seat: str) -> tuple[GameState, int]:
    """Race: pass the unplayed jacquard left (or draw one to pass), then draw one to keep.
    Solitaire: draw back up to two. WORKERS' STRIKE skips the keeping draw."""
    stamps = 0
    skip = state.skip_draw == state.turn.number
    if skip:
        state = replace(state, skip_draw=None)
    p = state.player(seat)
    if state.config.mode == "solitaire":
        if not skip:
            state, stamps = draw(state, seat, HAND_SIZE["solitaire"] - p.hand_count)
        return state, stamps
    left = state.next_seat(seat)
    if p.hand_count > 0:
        card = p.hand[0] if p.hand else UNKNOWN
        state = give(take_from_hand(state, seat, card), left, card)
    else:
        state, card = take_from_bag(state)
        if card is not None:
            stamps += is_stamped(state, card)
            state = give(state, left, card)
    if not skip:
        state, kept = draw(state, seat, 1)
        stamps += kept
    return state, stamps


VALIDATORS = {"play": validate_play, "end": validate_end, "swap": validate_swap, "fault": validate_fault}
APPLIERS = {"play": apply_play, "end": apply_end, "swap": apply_swap, "fault": apply_fault}
