"""How many presses (board buttons) or clicks (the play page) take a shown card to a place: the
walk of placing.py searched breadth first, for the tests and bench/bench_placement.py.

The board's presses are NEXT, PREV, TURN and the twelve tower buttons (a tower pressed walks its
places, the shown place kept when it is one of them: in the modes with pawns it also moves the
pawn, which is counted here as the press it is); the page's clicks are those and its sixteen
lamps (placing.covering).
"""

from __future__ import annotations

from collections import deque

from ..board import TOWERS
from ..hints import Hint
from ..state import GameState
from . import placing


class Walk:
    """The places of one card for one seat in one position, tower by tower (computed once each)."""

    def __init__(self, state: GameState, seat: str, card: str, hints: bool = True,
                 best: Hint | None = None) -> None:
        self.state, self.seat, self.card, self.hints, self.best = state, seat, card, hints, best
        self.placements = state.edition.jacquards[card].shape.placements
        self._walks: dict[int, tuple[int, ...]] = {}

    def of(self, tower: int) -> tuple[int, ...]:
        if tower not in self._walks:
            self._walks[tower] = placing.tower_walk(self.state, self.seat, self.card, self.placements,
                                                    tower, self.hints, self.best)
        return self._walks[tower]

    def _moves(self, node, page: bool):
        tower, mask, turns = node
        options = self.of(tower)
        k = options.index(mask)
        yield tower, options[(k + 1) % len(options)], turns
        yield tower, options[(k - 1) % len(options)], turns
        turned, after = placing.turned(options, mask, turns)
        yield tower, turned, after
        for t in range(len(TOWERS)):
            walk = self.of(t)
            if walk:
                yield t, (mask if mask in walk else walk[0]), 0
        if page:
            for lamp in range(16):
                laid = placing.covering(self.placements, mask, lamp)
                if laid is not None:
                    yield placing.lamp_tower(tower, lamp, laid), laid, 0

    def presses(self, tower: int, page: bool = False, most: int = 8) -> dict[int, int]:
        """{place: the fewest presses (``page``: clicks) reaching it} from the walk of ``tower``
        shown at its first place, searched up to ``most`` deep."""
        start = (tower, self.of(tower)[0], 0)
        seen, found, queue = {start}, {start[1]: 0}, deque([(start, 0)])
        while queue:
            node, depth = queue.popleft()
            if depth == most:
                continue
            for after in self._moves(node, page):
                if after not in seen:
                    seen.add(after)
                    found.setdefault(after[1], depth + 1)
                    queue.append((after, depth + 1))
        return found
