"""Each LED lit red in turn, the person saying where it lit and in which colour, then the
whole board green. A chain wired in another order (serpentine, groups swapped, reversed) or
with another colour order is recognised from the answers, and the config fix is offered."""

from __future__ import annotations

import itertools
import re

from ..drivers.frame import LAMPS, PIXELS, SEATS, TOWERS, Frame
from ..drivers.pixel_map import COLOUR_ORDERS, GROUPS, LAMP_ORDERS, PixelMap
from .report import FAIL, PASS, Report

PART = "leds"
RED, GREEN = (255, 0, 0), (0, 255, 0)
COLOUR_WORDS = {"red": RED, "green": GREEN, "blue": (0, 0, 255), "white": (255, 255, 255)}
ANSWER = re.compile(r"^(?:(lamp)\s+(\d+)|(button)\s+([RG][1-6])|(seat)\s+([SWNE]))(?:\s+(\w+))?$", re.I)
HELP = "Enter if so; otherwise where it lit and its colour ('lamp 6 green', 'seat S red') or 'none'"


def describe(i: int) -> str:
    if i < LAMPS:
        return f"lamp {i} (row {i // 4}, col {i % 4})"
    if i < LAMPS + len(TOWERS):
        return f"button {TOWERS[i - LAMPS]}"
    return f"seat {SEATS[i - LAMPS - len(TOWERS)]}"


def parse_answer(text: str, i: int, colour=RED):
    """(logical pixel or None, colour or None) from a person's answer about pixel ``i``."""
    t = text.strip().lower()
    if t in ("", "y", "yes", "ok"):
        return i, colour
    if t in ("none", "n", "no", "nothing", "dark"):
        return None, None
    if t in COLOUR_WORDS:
        return i, COLOUR_WORDS[t]
    m = ANSWER.match(t)
    if not m:
        raise ValueError(f"not understood: {text!r} ({HELP})")
    if m.group(1):
        n = int(m.group(2))
        if n >= LAMPS:
            raise ValueError(f"lamp {n}: lamps are 0..15 (4*row + col)")
        where = n
    elif m.group(3):
        where = LAMPS + TOWERS.index(m.group(4).upper())
    else:
        where = LAMPS + len(TOWERS) + SEATS.index(m.group(6).upper())
    word = m.group(7)
    if word is not None and word not in COLOUR_WORDS:
        raise ValueError(f"colour {word!r}: say red, green, blue or white")
    return where, COLOUR_WORDS[word] if word else colour


def seen_colour(sent_rgb, cfg_order: str, real_order: str):
    """What an LED expecting ``real_order`` bytes shows for ``sent_rgb`` sent as ``cfg_order``."""
    wire = [sent_rgb["RGB".index(c)] for c in cfg_order]
    out = [0, 0, 0]
    for k, c in enumerate(real_order):
        out["RGB".index(c)] = wire[k]
    return tuple(out)


def predict(cfg: PixelMap, real: PixelMap | None, reversed_: bool, i: int, rgb):
    """Where lighting logical pixel ``i`` in ``rgb`` shows, if the board is wired as ``real``
    (or as configured but fed from the far end, ``reversed_``)."""
    pos = cfg.physical_order.index(i)
    if reversed_:
        pos, real = cfg.count - 1 - pos, cfg
    if pos >= real.count or real.logical_at(pos) is None:
        return None, None
    return real.logical_at(pos), seen_colour(rgb, cfg.colour_order, real.colour_order)


def candidates(cfg: PixelMap):
    """Wirings a builder plausibly has: every lamp order, group order and colour order, and
    the configured chain fed from its far end."""
    for lamp_order, chain, colour in itertools.product(LAMP_ORDERS, itertools.permutations(GROUPS), COLOUR_ORDERS):
        yield PixelMap(lamp_order=lamp_order, chain=chain, button_order=cfg.button_order,
                       seat_order=cfg.seat_order, colour_order=colour, lead_pixels=cfg.lead_pixels), False
    yield None, True


def fix_for(cfg: PixelMap, real: PixelMap | None, reversed_: bool) -> str:
    if reversed_:
        return ("the chain is fed from its far end: connect the data line to the DIN of the first LED "
                "(the arrows on the strip point away from it)")
    keys = []
    if real.lamp_order != cfg.lamp_order:
        keys.append(f'leds.lamp_order = "{real.lamp_order}"')
    if real.chain != cfg.chain:
        keys.append("leds.chain = [" + ", ".join(f'"{g}"' for g in real.chain) + "]")
    if real.colour_order != cfg.colour_order:
        keys.append(f'leds.colour_order = "{real.colour_order}"')
    return "set " + " and ".join(keys) + " in the config (docs/config.md)"


class LedWalk:
    def __init__(self, output, pixel_map: PixelMap, person, report: Report) -> None:
        self.output = output
        self.map = pixel_map
        self.person = person
        self.report = report

    def _ask(self, question: str, i: int, colour):
        while True:
            try:
                return parse_answer(self.person.ask(question), i, colour)
            except ValueError as exc:
                self.person.tell(str(exc))

    def run(self) -> None:
        seen, dark, broken = {}, [], None
        for i in range(PIXELS):
            if i in seen:
                continue  # dark behind a break in the chain: a question that could not pass
            self.output.show(Frame.blank().with_pixels({i: RED}))
            if not self._driven():
                return
            seen[i] = self._ask(f"Is {describe(i)} lit red? {HELP}.", i, RED)
            if seen[i] == (None, None) and broken is None:
                dark = self._dark_after(i, seen)
                if dark:
                    broken = i
                    seen.update({j: (None, None) for j in dark})
        if broken is not None:
            self.output.show(Frame.blank())
            self.report.add(PART, FAIL, f"the LED chain is dark from {describe(broken)} on (chain position "
                                        f"{self.map.physical_order.index(broken)}): it and the {len(dark)} LEDs "
                                        "after it never lit",
                            "check the data wire into that LED, and its 5 V and GND: after a break in the chain "
                            "every LED stays dark")
            # The LEDs before the break, and no colour question the dark part could not pass.
            self._each({i: a for i, a in seen.items() if i not in dark and i != broken})
            return
        self.output.show(Frame((GREEN,) * PIXELS))
        if not self._driven():
            return
        _, fill = self._ask("Is the whole board green? Enter if so, else the colour you see.", 0, GREEN)
        self.output.show(Frame.blank())
        self._diagnose(seen, fill)

    def _driven(self) -> bool:
        """Are the LEDs being driven? If not, a FAIL instead of questions nobody could answer yes."""
        health = getattr(self.output, "health", None)
        if health is None or health.ok:
            return True
        self.report.add(PART, FAIL, f"the LEDs could not be driven: {health.describe()}",
                        "run clacks-hw doctor: it checks the LED backend and its device")
        return False

    def _dark_after(self, i: int, seen: dict) -> list[int]:
        """``i`` stayed dark: is the chain broken there? Every LED after it in the chain is lit at
        once and the person asked once; the LEDs still dark behind it ([] when any one lit)."""
        order = self.map.physical_order
        later = [j for j in order[order.index(i) + 1:] if j is not None]
        if not later or any(seen.get(j, (None, None))[0] is not None for j in later):
            return []
        self.output.show(Frame.blank().with_pixels({j: RED for j in later}))
        answer = self.person.ask(f"{describe(i).capitalize()} stayed dark. Now the {len(later)} LEDs after it in the "
                                 "chain are lit red: is any of them lit? Enter if so, 'none' if not.")
        return later if answer.strip().lower() in ("none", "n", "no", "nothing", "dark") else []

    def _diagnose(self, seen: dict, fill) -> None:
        if all(seen[i] == (i, RED) for i in seen) and fill == GREEN:
            self.report.add(PART, PASS, f"all {PIXELS} LEDs light in their place, in the right colours")
            return
        for real, reversed_ in candidates(self.map):
            if real == self.map:
                continue
            fill_then = GREEN if reversed_ else seen_colour(GREEN, self.map.colour_order, real.colour_order)
            if fill_then == fill and all(predict(self.map, real, reversed_, i, RED) == seen[i] for i in seen):
                what = "the LED chain is wired differently from the config"
                self.report.add(PART, FAIL, what, fix_for(self.map, real, reversed_))
                return
        self._each(seen)
        if fill != GREEN:
            self.report.add(PART, FAIL, f"the board lit {_colour_name(fill)} for green",
                            "set leds.colour_order to the order of your LEDs (WS2812B: GRB)")

    def _each(self, seen: dict) -> None:
        """A FAIL for each LED that did not light, or lit elsewhere or in another colour."""
        for i in seen:
            where, colour = seen[i]
            if where is None:
                self.report.add(PART, FAIL, f"{describe(i)}: did not light (chain position "
                                            f"{self.map.physical_order.index(i)})",
                                "check that LED and the data wire into it; if every LED after it is dark "
                                "too, the break is just before it")
            elif (where, colour) != (i, RED):
                self.report.add(PART, FAIL, f"{describe(i)}: lit as {describe(where)} in "
                                            f"{_colour_name(colour)}",
                                "check the wiring order against clacks-hw leds (docs/config.md, [leds])")


def _colour_name(rgb) -> str:
    for name, value in COLOUR_WORDS.items():
        if value == rgb:
            return name
    return "no colour" if rgb is None else "#%02X%02X%02X" % rgb
