"""From a logical :class:`Frame` to the bytes a WS2812 chain wants, in wiring order.

The map is built once from config and turned into an index list and one 256-entry table
(gamma and brightness folded together), so mapping a frame is two C-level byte operations.
"""

from __future__ import annotations

from dataclasses import dataclass

from .current_limit import CurrentModel
from .frame import LAMPS, PIXELS, SEATS, TOWERS, Frame

LAMP_ORDERS = ("row-major", "serpentine")
GROUPS = ("lamps", "buttons", "seats")
COLOUR_ORDERS = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")


def lamp_chain(order: str) -> list[int]:
    """Logical lamp indices in the order the data line visits the tiles."""
    if order == "row-major":
        return list(range(LAMPS))
    if order == "serpentine":
        # Row 0 west to east, row 1 back east to west, and so on: the shortest wire run.
        chain = []
        for row in range(4):
            cols = range(4) if row % 2 == 0 else range(3, -1, -1)
            chain.extend(4 * row + col for col in cols)
        return chain
    raise ValueError(f"lamp order {order!r} is not one of {', '.join(LAMP_ORDERS)}")


def gamma_table(gamma: float, brightness: float) -> bytes:
    """``out = round(255 * brightness * (v / 255) ** gamma)`` for every byte value ``v``."""
    if not 0.0 <= brightness <= 1.0:
        raise ValueError(f"brightness {brightness!r} is not 0.0..1.0")
    if not gamma > 0:
        raise ValueError(f"gamma {gamma!r} must be > 0")
    return bytes(round(255 * brightness * (v / 255) ** gamma) for v in range(256))


@dataclass(frozen=True)
class PixelMap:
    lamp_order: str = "row-major"
    chain: tuple[str, ...] = GROUPS
    button_order: tuple[str, ...] = TOWERS
    seat_order: tuple[str, ...] = SEATS
    colour_order: str = "GRB"
    brightness: float = 1.0
    gamma: float = 1.0
    lead_pixels: int = 0  # dark pixels before the board (e.g. a sacrificial level-shifting LED)
    current: CurrentModel | None = None  # the current limiter's model; None = frames pass unlimited

    def __post_init__(self) -> None:
        if sorted(self.chain) != sorted(GROUPS):
            raise ValueError(f"chain {self.chain!r} must list each of {', '.join(GROUPS)} once")
        if sorted(self.button_order) != sorted(TOWERS):
            raise ValueError(f"button order {self.button_order!r} must list R1..R6, G1..G6 once each")
        if sorted(self.seat_order) != sorted(SEATS):
            raise ValueError(f"seat order {self.seat_order!r} must list S, W, N, E once each")
        if self.colour_order not in COLOUR_ORDERS:
            raise ValueError(f"colour order {self.colour_order!r} is not one of {', '.join(COLOUR_ORDERS)}")
        if self.lead_pixels < 0:
            raise ValueError("lead_pixels must be >= 0")
        groups = {
            "lamps": lamp_chain(self.lamp_order),
            "buttons": [LAMPS + TOWERS.index(n) for n in self.button_order],
            "seats": [LAMPS + len(TOWERS) + SEATS.index(n) for n in self.seat_order],
        }
        order: list[int | None] = [None] * self.lead_pixels
        for g in self.chain:
            order.extend(groups[g])
        channel = ["RGB".index(c) for c in self.colour_order]
        # Offsets into the flattened logical frame (r0 g0 b0 r1 ...); -1 = a dark lead pixel,
        # served from a zero byte appended to the flattened frame.
        dark = 3 * PIXELS
        index = []
        for logical in order:
            for ch in channel:
                index.append(dark if logical is None else 3 * logical + ch)
        if self.current is not None and len(self.current.byte_ma) != 3 * len(order):
            raise ValueError(f"the current model covers {len(self.current.byte_ma) // 3} LEDs, the chain has {len(order)}")
        object.__setattr__(self, "physical_order", tuple(order))
        object.__setattr__(self, "_index", tuple(index))
        object.__setattr__(self, "_table", gamma_table(self.gamma, self.brightness))

    @classmethod
    def from_config(cls, leds, current: CurrentModel | None = None) -> PixelMap:
        """From a :class:`clacks_hw.config.load.LedConfig` (already validated)."""
        return cls(
            current=current,
            lamp_order=leds.lamp_order,
            chain=tuple(leds.chain),
            button_order=tuple(leds.button_order),
            seat_order=tuple(leds.seat_order),
            colour_order=leds.colour_order,
            brightness=leds.brightness,
            gamma=leds.gamma,
            lead_pixels=leds.lead_pixels,
        )

    @property
    def count(self) -> int:
        """LEDs on the chain, lead pixels included."""
        return len(self.physical_order)  # type: ignore[attr-defined]

    def logical_at(self, position: int) -> int | None:
        """Which logical pixel sits at chain position ``position`` (None for a lead pixel)."""
        return self.physical_order[position]  # type: ignore[attr-defined]

    def to_bytes(self, frame: Frame) -> bytes:
        """Three bytes per chain LED, in wiring and colour order, gamma and brightness applied,
        then scaled down if the frame would draw more than the current model's budget."""
        flat = bytes([c for rgb in frame.pixels for c in rgb]) + b"\0"
        index: tuple[int, ...] = self._index  # type: ignore[attr-defined]
        data = bytes(map(flat.__getitem__, index)).translate(self._table)  # type: ignore[attr-defined]
        return data if self.current is None else self.current.limit(data)
