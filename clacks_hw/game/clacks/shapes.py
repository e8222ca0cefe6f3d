"""Jacquard patterns and where they can be placed on the 4x4 grid."""

from __future__ import annotations

from .board import mask_of

# The 8 symmetries of the square: rotations and mirrors of a (row, col) hole.
_SYMMETRIES = (
    lambda r, c: (r, c), lambda r, c: (c, r), lambda r, c: (r, -c), lambda r, c: (-r, c),
    lambda r, c: (-r, -c), lambda r, c: (c, -r), lambda r, c: (-c, r), lambda r, c: (-c, -r),
)


def placements(holes) -> tuple[int, ...]:
    """Every distinct 16-bit mask the pattern can flip: rotated, mirrored, shifted to fit."""
    masks = set()
    for sym in _SYMMETRIES:
        cells = [sym(r, c) for r, c in holes]
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        cells = [(r - r0, c - c0) for r, c in cells]
        height = max(r for r, _ in cells) + 1
        width = max(c for _, c in cells) + 1
        for dr in range(5 - height):
            for dc in range(5 - width):
                masks.add(mask_of(4 * (r + dr) + c + dc for r, c in cells))
    return tuple(sorted(masks))
