"""Where a card's pattern goes, the way players think of it (issue 31): the tower first, then the
places that change it; TURN turns the card where it lies; a lamp pointed at takes the card.

- ``tower_walk``: the placements that change ``tower``, most useful first (the best's place, then
  those sending from that tower, then the fewest of its lamps still wrong, as preview.py scores);
  with hints off by what the table sees, never the lamps or the letter: the most of the tower's
  lamps changed first (the card laid over the tower, then edging off it), then the board's order;
- ``turned``: the pattern turned a quarter (every fourth TURN mirrors it instead, so eight TURNs
  pass every orientation), laid nearest where it was, among the places of the walk;
- ``covering``: the place of the shown orientation nearest a lamp that covers it; asked again
  for the same lamp, the next such place (other orientations after its own).

Pure: placements are 16-bit masks (lamp ``4*row + col``), the state is only read.
"""

from __future__ import annotations

from ..actions import Action
from ..board import READ_CELLS, TOWERS, lamps_of
from ..hints import PLAY_ANOTHER, Hint, moved
from ..state import GameState
from ..turns import target_mask


def cells(mask: int) -> list[tuple[int, int]]:
    return [(i // 4, i % 4) for i in range(16) if mask >> i & 1]


def centre2(mask: int) -> tuple[int, int]:
    """Twice the pattern's centre (row, col): the middle of its bounding box, kept whole."""
    cs = cells(mask)
    rows, cols = [r for r, _ in cs], [c for _, c in cs]
    return min(rows) + max(rows), min(cols) + max(cols)


def normal(cs) -> int:
    """The cells moved to the top-left corner, as a mask: the same for the same orientation."""
    r0, c0 = min(r for r, _ in cs), min(c for _, c in cs)
    return sum(1 << (4 * (r - r0) + c - c0) for r, c in set(cs))


def orientation(mask: int) -> int:
    """The pattern of ``mask`` moved to the top-left corner (same value = same orientation)."""
    return normal(cells(mask))


def _quarter(cs):
    return [(c, -r) for r, c in cs]  # a quarter turn clockwise


def _mirror(cs):
    return [(r, -c) for r, c in cs]  # left to right


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def wrong_on(state: GameState, seat: str, tower: int, mask: int) -> int:
    """Lamps of ``tower`` still wrong for ``seat``'s next letter once ``mask`` flips (0: none left)."""
    signal = state.next_signal(seat)
    if signal is None or READ_CELLS[seat][tower] is None:
        return 0  # nothing to send, or not from this tower: every place as good
    want = target_mask(seat, tower, state.edition.signals[signal])
    return bin((state.board ^ mask ^ want) & TOWERS[tower].mask).count("1")


def walked(state: GameState, seat: str, best: Hint | None) -> int | None:
    """The tower whose places are walked first: the hint's, else the pawn's (None: every place)."""
    if best is not None and best.tower is not None and best.code not in PLAY_ANOTHER:
        return best.tower
    return state.player(seat).tower if state.config.game.pawns else None


def tower_walk(state: GameState, seat: str, card: str, placements, tower: int, hints: bool = True,
               best: Hint | None = None) -> tuple[int, ...]:
    """The placements changing ``tower``, most useful first (``hints``: ``best``'s place leads
    when it is one of them), else the most of its lamps changed first, then the board's order."""
    lamps = TOWERS[tower].mask
    mine = [m for m in dict.fromkeys(placements) if m & lamps]
    if not hints:  # geometry only: a hint would read the lamps (docs/play.md, "Hints")
        return tuple(sorted(mine, key=lambda m: (-bin(m & lamps).count("1"), lamps_of(m))))

    there = moved(state, seat, tower)  # the pawn on the tower once, for every place (as hints.py asks)

    def key(k: int):
        m = mine[k]
        sent = None if there is None else state.config.game.sends(there, Action(seat, "play", card=card, lamps=m))
        sends_here = sent is not None and sent[2] == tower
        return (m != (best.choice if best is not None else None), not sends_here, wrong_on(state, seat, tower, m), k)

    return tuple(mine[k] for k in sorted(range(len(mine)), key=key))


def turned(options, mask: int, turns: int) -> tuple[int, int]:
    """(the place, the TURN count after it) of ``mask`` turned once more (``turns``: TURNs so
    far: the fourth, eighth... mirrors), nearest ``mask``'s centre among ``options``; ``mask``
    itself when no other orientation has a place among them."""
    here, cs = centre2(mask), cells(mask)
    start = orientation(mask)
    for step in range(1, 9):
        cs = _mirror(cs) if (turns + step) % 4 == 0 else _quarter(cs)
        shape = normal(cs)
        if shape == start:
            continue
        near = [m for m in options if orientation(m) == shape]
        if near:
            return min(near, key=lambda m: _distance(centre2(m), here)), turns + step
    return mask, turns


def covering(placements, mask: int, lamp: int) -> int | None:
    """The place covering ``lamp``: the shown orientation's nearest first, then the others';
    when ``mask`` covers it already, the one after it (None: no place covers the lamp)."""
    at = (2 * (lamp // 4), 2 * (lamp % 4))
    shape = orientation(mask)
    cover = [m for m in dict.fromkeys(placements) if m >> lamp & 1]
    cover.sort(key=lambda m: (orientation(m) != shape, _distance(centre2(m), at)))
    if not cover:
        return None
    if mask in cover:
        return cover[(cover.index(mask) + 1) % len(cover)]
    return cover[0]


def lamp_tower(tower: int | None, lamp: int, mask: int) -> int:
    """The tower walked once ``mask`` is laid over ``lamp``: the one walked when ``mask``
    changes it, else the first tower holding the lamp that ``mask`` changes."""
    if tower is not None and TOWERS[tower].mask & mask:
        return tower
    return next(t.index for t in TOWERS if t.mask >> lamp & 1 and t.mask & mask)
