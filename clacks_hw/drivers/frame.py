"""What the renderer hands to the LEDs: one colour for each of the board's 32 logical pixels.

Logical order (independent of how the chain is wired, which is the pixel map's business):

- 0..15  the lamp tiles, lamp ``i = 4*row + col`` (row 0 = north edge, col 0 = west edge);
- 16..27 the tower-button LEDs R1..R6 then G1..G6;
- 28..31 the seat indicators S, W, N, E.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

RGB = tuple[int, int, int]

LAMPS = 16
TOWERS = ("R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2", "G3", "G4", "G5", "G6")
SEATS = ("S", "W", "N", "E")
PIXELS = LAMPS + len(TOWERS) + len(SEATS)

BLACK: RGB = (0, 0, 0)

_TOWER_INDEX = {name: LAMPS + k for k, name in enumerate(TOWERS)}
_SEAT_INDEX = {name: LAMPS + len(TOWERS) + k for k, name in enumerate(SEATS)}


def lamp_index(lamp: int) -> int:
    if not 0 <= lamp < LAMPS:
        raise ValueError(f"lamp {lamp!r} is not 0..15")
    return lamp


def tower_index(name: str) -> int:
    try:
        return _TOWER_INDEX[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a tower button (R1..R6, G1..G6)") from None


def seat_index(name: str) -> int:
    try:
        return _SEAT_INDEX[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a seat (S, W, N, E)") from None


def pixel_name(index: int) -> str:
    """A human name for a logical pixel: ``lamp 5``, ``button R2``, ``seat S``."""
    if 0 <= index < LAMPS:
        return f"lamp {index}"
    if index < LAMPS + len(TOWERS):
        return f"button {TOWERS[index - LAMPS]}"
    if index < PIXELS:
        return f"seat {SEATS[index - LAMPS - len(TOWERS)]}"
    raise ValueError(f"pixel {index!r} is not 0..{PIXELS - 1}")


def _check_rgb(index: int, rgb: object) -> RGB:
    if (
        type(rgb) is tuple
        and len(rgb) == 3
        and all(type(c) is int and 0 <= c <= 255 for c in rgb)
    ):
        return rgb  # type: ignore[return-value]
    raise ValueError(f"{pixel_name(index)}: {rgb!r} is not an (r, g, b) tuple of ints 0..255")


@dataclass(frozen=True, slots=True)
class Frame:
    """An immutable full frame; equal frames compare (and hash) equal, so unchanged ones are skipped."""

    pixels: tuple[RGB, ...]

    def __post_init__(self) -> None:
        if type(self.pixels) is not tuple or len(self.pixels) != PIXELS:
            raise ValueError(f"a frame has {PIXELS} pixels, got {len(self.pixels)}")
        for i, rgb in enumerate(self.pixels):
            _check_rgb(i, rgb)

    @classmethod
    def blank(cls) -> Frame:
        return _BLANK

    @classmethod
    def build(
        cls,
        lamps: Iterable[RGB] | Mapping[int, RGB] = (),
        towers: Mapping[str, RGB] | None = None,
        seats: Mapping[str, RGB] | None = None,
    ) -> Frame:
        """A frame from parts; anything not given is off. ``lamps`` is 16 colours or {lamp: colour}."""
        px = [BLACK] * PIXELS
        if isinstance(lamps, Mapping):
            for lamp, rgb in lamps.items():
                px[lamp_index(lamp)] = rgb
        else:
            given = list(lamps)
            if given and len(given) != LAMPS:
                raise ValueError(f"lamps: expected {LAMPS} colours, got {len(given)}")
            px[: len(given)] = given
        for name, rgb in (towers or {}).items():
            px[tower_index(name)] = rgb
        for name, rgb in (seats or {}).items():
            px[seat_index(name)] = rgb
        return cls(tuple(px))

    def lamp(self, lamp: int) -> RGB:
        return self.pixels[lamp_index(lamp)]

    def tower(self, name: str) -> RGB:
        return self.pixels[tower_index(name)]

    def seat(self, name: str) -> RGB:
        return self.pixels[seat_index(name)]

    def with_pixels(self, changes: Mapping[int, RGB]) -> Frame:
        """A copy with some logical pixels replaced (by index)."""
        px = list(self.pixels)
        for i, rgb in changes.items():
            if not 0 <= i < PIXELS:
                raise ValueError(f"pixel {i!r} is not 0..{PIXELS - 1}")
            px[i] = rgb
        return Frame(tuple(px))


_BLANK = Frame((BLACK,) * PIXELS)
