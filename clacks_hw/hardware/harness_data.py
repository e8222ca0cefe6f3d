"""Facts the harness and the carrier share: the LED chain's feed
segments and the length of a wire run between two points of the assembled board."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .data import HardwareError
from .hub_pins import FIRMWARE_CONFIG, firmware_pins  # noqa: F401 (pcb/circuit.py reads it here)
from .power import MARGIN, chain_models, wire

ROUTE_FACTOR = 1.15  # a run is routed around parts, not straight: 15 % more than the straight line
TAIL_MM = 15.0  # at each end: to dress the wire into its connector


def spi_limit_mm(fw: dict | None = None) -> float:
    """The longest SPI wire the firmware's config allows at its SPI_BAUD (SPI_MAX_WIRE_MM)."""
    fw = fw or firmware_pins()
    if "SPI_MAX_WIRE_MM" not in fw:
        raise HardwareError(f"{FIRMWARE_CONFIG}: SPI_MAX_WIRE_MM is missing (the longest reader wire at SPI_BAUD)")
    return float(fw["SPI_MAX_WIRE_MM"])


def chain_names(cfg) -> list:
    """The name of every chain position in wiring order ("lead 0", "lamp 3", "R1", "seat S")."""
    from ..drivers.frame import LAMPS, SEATS, TOWERS
    from ..drivers.pixel_map import PixelMap
    out = []
    for k, logical in enumerate(PixelMap.from_config(cfg.leds).physical_order):
        if logical is None:
            out.append(f"lead {k}")
        elif logical < LAMPS:
            out.append(f"lamp {logical}")
        elif logical < LAMPS + len(TOWERS):
            out.append(TOWERS[logical - LAMPS])
        else:
            out.append(f"seat {SEATS[logical - LAMPS - len(TOWERS)]}")
    return out


@dataclass(frozen=True)
class Segment:
    """A run of the chain fed with 5 V at its first pixel; 5 V is not joined to the next run."""

    first: str
    names: tuple[str, ...]
    amps: float  # every pixel of the run white at full duty, plus idle
    first_jumper_amps: float  # what the wire from its first to its second pixel carries


def feed_gauge(hw) -> int:
    """The chain's wire: the thickest gauge both the XH crimp and an LED's pad take."""
    return max(hw.parts["conn_xh"]["awg"][1], hw.parts["conn_lug"]["awg"][1])


def feed_segments(hw, cfg) -> list:
    """The chain cut into the fewest runs whose full-white current the feed wire carries with
    MARGIN, as even as the pixels allow. Full white, not the limiter's budget: the limiter caps
    the whole chain, so one run may still be lit to the full."""
    names, models = chain_names(cfg), chain_models(hw, cfg.leds)
    amps = [m.full_ma / 1000 for m in models]
    limit = wire(hw, feed_gauge(hw))["amps"] / MARGIN
    if max(amps) > limit:
        raise HardwareError(f"one LED draws {max(amps):.2f} A, more than a {feed_gauge(hw)} AWG feed carries")
    total, n = sum(amps), max(1, math.ceil(sum(amps) / limit))
    cum = [sum(amps[:k]) for k in range(len(amps) + 1)]
    while True:
        bounds = sorted({0, len(amps)} | {next(k for k in range(len(amps) + 1) if cum[k] >= j * total / n - 1e-9)
                                          for j in range(1, n)})
        runs = [range(a, b) for a, b in zip(bounds, bounds[1:])]
        if all(cum[r.stop] - cum[r.start] <= limit for r in runs):
            return [Segment(names[r.start], tuple(names[k] for k in r), cum[r.stop] - cum[r.start],
                            cum[r.stop] - cum[r.start + 1]) for r in runs]
        n += 1


def run_mm(a: tuple, b: tuple) -> float:
    """The wire a run between two points (x, y, z in mm) takes: the plan distance routed,
    the height difference, and a tail at each end."""
    plan = math.hypot(a[0] - b[0], a[1] - b[1])
    return plan * ROUTE_FACTOR + abs(a[2] - b[2]) + 2 * TAIL_MM


def cut_mm(mm: float) -> int:
    """The length to cut: rounded up to the next 10 mm."""
    return int(math.ceil(mm / 10.0) * 10)
