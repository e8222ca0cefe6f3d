"""LED pipeline speed: the SPI encoder alone, and map + gamma + encode of one full frame.

Target (issue 4): encoding the 32-pixel frame for SPI in <= 100 us.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clacks_hw.drivers.frame import PIXELS, Frame  # noqa: E402
from clacks_hw.drivers.leds_spi import decode, encode  # noqa: E402
from clacks_hw.drivers.pixel_map import PixelMap  # noqa: E402
from report import Row, record  # noqa: E402

TARGET_US = 100.0


def per_call_us(fn, arg, repeats: int = 7, number: int = 2000) -> tuple[float, float]:
    """(best, median) microseconds per call over ``repeats`` runs of ``number`` calls."""
    runs = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(number):
            fn(arg)
        runs.append((time.perf_counter() - t0) / number * 1e6)
    return min(runs), statistics.median(runs)


def rows(v: dict) -> list[Row]:
    return [Row("board", "spi", "SPI encode of one 32-pixel frame (median)",
                f"{v['encode_us']:.1f} us; pixel map + gamma {v['map_us']:.1f} us; map + gamma + encode "
                f"{v['full_us']:.1f} us; building (validating) one Frame {v['frame_us']:.1f} us",
                f"map + gamma + encode <= {TARGET_US:.0f} us")]


def main() -> int:
    rng = random.Random(4)
    frame = Frame(tuple((rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(PIXELS)))
    pm = PixelMap(lamp_order="serpentine", colour_order="GRB", brightness=0.6, gamma=2.2)
    wire = pm.to_bytes(frame)
    assert decode(encode(wire)) == wire  # benchmark the real thing, not a broken one

    enc_best, enc_med = per_call_us(encode, wire)
    map_best, map_med = per_call_us(pm.to_bytes, frame)
    full_best, full_med = per_call_us(lambda f: encode(pm.to_bytes(f)), frame)
    new_best, new_med = per_call_us(lambda px: Frame(px), frame.pixels)
    print(f"spi encode (96 bytes -> {len(encode(wire))} SPI bytes): {enc_best:.1f} us best, {enc_med:.1f} us median"
          f" = {1e6 / enc_med:,.0f} frames/s")
    print(f"pixel map + gamma (32 pixels): {map_best:.1f} us best, {map_med:.1f} us median")
    print(f"map + encode one frame: {full_best:.1f} us best, {full_med:.1f} us median"
          f" (target <= {TARGET_US:.0f} us: {'ok' if full_med <= TARGET_US else 'MISSED'})")
    print(f"building (validating) one Frame: {new_best:.1f} us best, {new_med:.1f} us median")
    record(__file__, rows, {"encode_us": enc_med, "map_us": map_med, "full_us": full_med, "frame_us": new_med})
    return 0


if __name__ == "__main__":
    sys.exit(main())
