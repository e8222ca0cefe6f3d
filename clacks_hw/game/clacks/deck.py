"""Shuffling and drawing: the only randomness, always from the game's seed."""

from __future__ import annotations

from ..core import randomness
from ..core.values import replace
from .state import GameState

UNKNOWN = "?"  # a card drawn in a physical game: the engine learns it when it is played


def shuffled(items, seed: int, label: str) -> tuple[str, ...]:
    """A deterministic shuffle: the same seed and label always give the same order."""
    return randomness.shuffled(items, "clacks", seed, label)


def take_from_bag(state: GameState) -> tuple[GameState, str | None]:
    """Take the top jacquard. The moment the last one is drawn, the discards go back into the
    bag (shuffled); an empty bag at a draw first takes any discards made since. None: no card."""
    if state.config.hands == "physical":
        held = sum(p.hand_count for p in state.players) + len(state.reports)
        in_bag = len(state.edition.jacquards) - len(state.discard) - held
        if in_bag < 1:  # discards made since the last refill: the players tip them back in
            if not state.discard:
                return state, None
            in_bag += len(state.discard)
            state = _refilled(state)
        return (_refilled(state) if in_bag == 1 else state), UNKNOWN
    bag, discard, shuffles = state.bag, state.discard, state.shuffles
    if not bag:
        if not discard:
            return state, None
        shuffles += 1
        bag, discard = shuffled(discard, state.config.seed, f"bag/{shuffles}"), ()
    card, bag = bag[0], bag[1:]
    if not bag and discard:  # the last jacquard drawn: the discards go back in at once
        shuffles += 1
        bag, discard = shuffled(discard, state.config.seed, f"bag/{shuffles}"), ()
    return replace(state, bag=bag, discard=discard, shuffles=shuffles), card


def _refilled(state: GameState) -> GameState:
    """Physical: the players tipped the discards back into the bag."""
    return replace(state, discard=(), shuffles=state.shuffles + 1) if state.discard else state


def give(state: GameState, seat: str, card: str) -> GameState:
    p = state.player(seat)
    hand = p.hand if card == UNKNOWN else p.hand + (card,)
    return state.with_player(replace(p, hand=hand, hand_count=p.hand_count + 1))


def take_from_hand(state: GameState, seat: str, card: str | None) -> GameState:
    """``card`` leaves the hand (physical games only count it)."""
    p = state.player(seat)
    hand = tuple(c for c in p.hand if c != card)
    return state.with_player(replace(p, hand=hand, hand_count=max(0, p.hand_count - 1)))


def is_stamped(state: GameState, card: str | None) -> bool:
    return card is not None and card != UNKNOWN and state.edition.jacquards[card].stamp


def draw(state: GameState, seat: str, n: int) -> tuple[GameState, int]:
    """``seat`` draws ``n`` jacquards (as many as there are); returns how many carried a
    fault stamp."""
    stamps = 0
    for _ in range(max(0, n)):
        state, card = take_from_bag(state)
        if card is None:
            break
        stamps += is_stamped(state, card)
        state = give(state, seat, card)
    return state, stamps


def draw_up_to(state: GameState, seat: str, target: int, stamps_draw_faults: bool = True) -> GameState:
    """Refill ``seat``'s hand to ``target`` jacquards (competitive): each stamped jacquard
    drawn also draws a Fault Report card from the top of the fault deck (not in the first deal)."""
    state, stamps = draw(state, seat, target - state.player(seat).hand_count)
    return draw_faults(state, seat, stamps) if stamps_draw_faults and stamps else state


def draw_faults(state: GameState, seat: str, n: int) -> GameState:
    """``seat`` takes ``n`` Fault Report cards from the top of the deck (as many as there are)."""
    if state.config.hands == "physical":
        return state
    p = state.player(seat)
    taken, rest = state.fault_deck[:n], state.fault_deck[n:]
    state = replace(state, fault_deck=rest)
    return state.with_player(replace(p, faults=p.faults + taken))
