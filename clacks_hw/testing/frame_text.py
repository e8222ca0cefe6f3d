"""A frame drawn as text, and two drawn side by side (expected | actual) for a failed check."""

from __future__ import annotations

from clacks_hw.drivers.frame import SEATS, TOWERS

from .colours import LIT, mark_of

LEGEND = (". off  # lamp  S W N E seat colours  d dwarf  p preview  r error  a amber  o route  "
          "+ - setup on/off  w white  x discard  * other  @ any lit  ? not checked")


def draw(pixel) -> list[str]:
    """``pixel(kind, key)`` -> one character; kind is "lamp" (key 0..15), "button" or "seat"."""
    lines = ["lamps     buttons                seats"]
    for row in range(4):
        lamps = " ".join(pixel("lamp", 4 * row + col) for col in range(4))
        towers = "  ".join(f"{t} {pixel('button', t)}" for t in TOWERS[3 * row:3 * row + 3])
        seat = SEATS[row]
        lines.append(f"{lamps}   {towers}   {seat} {pixel('seat', seat)}")
    return lines


def draw_frame(frame) -> list[str]:
    get = {"lamp": frame.lamp, "button": frame.tower, "seat": frame.seat}
    return draw(lambda kind, key: mark_of(get[kind](key)))


def draw_expected(wanted: dict) -> list[str]:
    """``wanted[(kind, key)]`` = an RGB or LIT; anything else is not checked."""
    def pixel(kind, key):
        if (kind, key) not in wanted:
            return "?"
        value = wanted[(kind, key)]
        return "@" if value == LIT else mark_of(value)
    return draw(pixel)


def side_by_side(left: list[str], right: list[str], titles=("expected", "actual")) -> str:
    width = max(len(s) for s in left + [titles[0]]) + 4
    rows = [titles[0].ljust(width) + titles[1]]
    rows += [a.ljust(width) + b for a, b in zip(left, right)]
    return "\n".join(rows)
