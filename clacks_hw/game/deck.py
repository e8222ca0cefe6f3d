"""Shuffling and drawing: the only randomness, always from the game's seed."""

from __future__ import annotations

import random
from dataclasses import replace

from .state import GameState, Player


def shuffled(items, seed: int, label: str) -> tuple[str, ...]:
    """A deterministic shuffle: the same seed and label always give the same order."""
    out = list(items)
    random.Random(f"clacks/{seed}/{label}").shuffle(out)
    return tuple(out)


def draw_up_to(state: GameState, seat: str, target: int, stamps_draw_faults: bool = True) -> GameState:
    """Refill ``seat``'s hand to ``target`` jacquards from the bag.

    An empty bag takes the shuffled discards. Each stamped jacquard drawn also draws a Fault
    Report card from the top of the fault deck (not in the first deal).
    """
    p = state.player(seat)
    if state.config.hands == "physical":
        need = target - p.hand_count
        if need <= 0:
            return state
        held = sum(q.hand_count for q in state.players)
        in_bag = len(state.edition.jacquards) - len(state.discard) - held
        if in_bag < need:  # the players tipped the discards back into the bag
            state = replace(state, discard=(), shuffles=state.shuffles + 1)
        return state.with_player(replace(p, hand_count=target))

    hand, faults = list(p.hand), list(p.faults)
    bag, discard, fault_deck = list(state.bag), state.discard, list(state.fault_deck)
    shuffles = state.shuffles
    jacquards = state.edition.jacquards
    while len(hand) < target:
        if not bag:
            if not discard:
                break
            shuffles += 1
            bag = list(shuffled(discard, state.config.seed, f"bag/{shuffles}"))
            discard = ()
        card = bag.pop(0)
        hand.append(card)
        if stamps_draw_faults and jacquards[card].stamp and fault_deck:
            faults.append(fault_deck.pop(0))
    state = replace(state, bag=tuple(bag), discard=discard, fault_deck=tuple(fault_deck), shuffles=shuffles)
    return state.with_player(replace(p, hand=tuple(hand), hand_count=len(hand), faults=tuple(faults)))


def draw_faults(state: GameState, seat: str, n: int) -> GameState:
    """``seat`` takes ``n`` Fault Report cards from the top of the deck (as many as there are)."""
    if state.config.hands == "physical":
        return state
    p = state.player(seat)
    taken, rest = state.fault_deck[:n], state.fault_deck[n:]
    state = replace(state, fault_deck=rest)
    return state.with_player(replace(p, faults=p.faults + taken))
