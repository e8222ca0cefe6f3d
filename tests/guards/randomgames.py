"""Random legal games of Guards! Guards! for the property tests and the bench: every state along
the way, the actions drawn by the engine's own random player."""

from __future__ import annotations

import random

from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.legal import random_action
from clacks_hw.game.guards.state import Saboteur

SEATINGS = (("S", "N"), ("S", "W", "N"), ("S", "W", "N", "E"))


def random_game(seed: int, players: int = 2, steps: int = 300, hands: str = "tracked", box=None):
    """Yield (action, state) from a random legal game, the first with action None."""
    extra = {} if box is None else {"box": box}
    state = new_game(None, GuardsConfig(seats=SEATINGS[players - 2], seed=seed, hands=hands, **extra))
    rng = random.Random(seed)
    yield None, state
    for _ in range(steps):
        if state.over:
            return
        action = random_action(state, rng, stop=rng.random() < 0.01)  # now and then a stopped game
        state = apply(state, action)
        yield action, state


def scrubbed(state, seat_kept: str | None = None):
    """``state`` with every secret but ``seat_kept``'s replaced by others of the same size: other
    cards in hand, other items, saboteurs elsewhere with other cards, a planting test's card and
    quadrant, the private answers to a sabotage question."""
    quads = state.edition.quadrants
    players = []
    for p in state.players:
        if p.seat == seat_kept:
            players.append(p)
            continue
        sabs = tuple(Saboteur(f"X{k}", quads[(quads.index(s.quadrant) + 1) % 4], None) for k, s in enumerate(p.saboteurs))
        players.append(p._replace(hand=tuple(f"H{k}" for k in range(len(p.hand))),
                                  items=tuple(f"I{k}" for k in range(len(p.items))),
                                  scrolls=tuple(f"C{k}" for k in range(len(p.scrolls))), saboteurs=sabs))
    state = state._replace(players=tuple(players))
    t = state.pending
    if t is not None and t.kind == "plant" and t.seat != seat_kept:
        state = state._replace(pending=t._replace(data=(("card", "X9"), ("quadrant", "nowhere"), ("item", "I9"))))
    q = state.prompt
    if q is not None and q.kind == "sabotage":
        state = state._replace(prompt=q._replace(answers=tuple((s, ()) if s != seat_kept else (s, a)
                                                              for s, a in q.answers)))
    return state
