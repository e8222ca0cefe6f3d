"""Drawing a game's own lights (game/core/lights.py): each role in its colour, blinking lamps on
the renderer's slow blink, dim ones a quarter as bright. Pure, like the renderer."""

from __future__ import annotations

from ..drivers.frame import Frame
from . import palette as P

BLINK_S = 0.6  # a sabotage attempt's quadrant, a test waiting for its die
DIM = 0.25


def colour(light, now: float):
    role = light.role
    rgb = P.SEAT[role[5:]] if role.startswith("seat:") else P.ROLES.get(role, P.OFF)
    if light.blink and (now % BLINK_S) >= BLINK_S / 2:
        return P.OFF
    return P.scale(rgb, DIM) if light.dim else rgb


def parts(lights, now: float) -> tuple[list, dict, dict]:
    """(16 lamp colours, towers, seats), as the renderer's other drawings give them."""
    lamps = [P.OFF] * 16
    for i, light in lights.lamps.items():
        lamps[i] = colour(light, now)
    return (lamps, {n: colour(light, now) for n, light in lights.towers.items()},
            {s: colour(light, now) for s, light in lights.seats.items()})


def frame(lights, now: float) -> Frame:
    lamps, towers, seats = parts(lights, now)
    return Frame.build(lamps=lamps, towers=towers, seats=seats)


def blinks(lights) -> bool:
    return any(light.blink for part in lights for light in part.values())


def next_edge(now: float) -> float:
    half = BLINK_S / 2
    return (now // half + 1) * half
