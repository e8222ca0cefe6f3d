"""The 5 V budget, from the circuit board's own data (mainboard/mainboard.toml): what the path
from the USB-C inlet to the Pi's pins carries, what the Pi and the reader hub are reserved, and
what is left for the LEDs, which the daemon's current limiter enforces frame by frame
(drivers/current_limit.py). The board's checks and bill of materials, the config's checks,
`clacks-hw doctor` and the limiter all read their figures from here, so they cannot disagree.

The board may draw the least of: the supply's rating less MARGIN (25 %), the fuse's hold
current, what keeps the Pi's pins above its undervoltage warning (every amp crosses the cord,
the fuse, the reverse-polarity FET and the tracks), and the LED cap the board is designed for
(budget.led_cap_a) with the Pi and the hub. The Pi is reserved the draw of the model fitted
(leds.pi), the hub the Pico and four readers; the rest is the LEDs'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .data import HardwareError

MARGIN = 1.25  # a supply is loaded to its rating less 25 %
# leds.pi: the Pi on the board, and the mainboard.toml budget key of its worst-case draw
PI_MODELS = {"zero-2-w": ("pi_ma", "Raspberry Pi Zero 2 W"), "pi-4": ("pi4_ma", "Raspberry Pi 4")}


@dataclass(frozen=True)
class LedModel:
    channel_ma: tuple[float, float, float]  # R, G, B at full duty
    idle_ma: float

    @property
    def full_ma(self) -> float:
        return sum(self.channel_ma) + self.idle_ma


def led_models(data: dict) -> dict:
    """{"lamp": LedModel, "small": LedModel}: the lamp tiles' LEDs and the keys' and seats' LEDs,
    as mainboard.toml's kinds give their datasheets' currents."""
    out = {}
    for kind, key in (("lamp", "lamp_led"), ("small", "key_led")):
        k = data["kind"][key]
        out[kind] = LedModel((float(k["channel_ma"]),) * 3, float(k["idle_ma"]))
    return out


def track_amps(width_mm: float, rise_c: float = 10.0, copper_um: float = 35.0) -> float:
    """IPC-2221's outer-layer current for a track (as KiCad's calculator computes it)."""
    area_mil2 = (width_mm / 0.0254) * (copper_um / 25.4)
    return 0.048 * rise_c ** 0.44 * area_mil2 ** 0.725


# -- the 5 V path: drops and the most it carries ------------------------------------------------
def shared_ohm(data: dict) -> float:
    """The resistance every amp of the board crosses: the cord both ways, fuse, FET, tracks."""
    k, sup = data["kind"], data["buy"]["supply"]
    return (2 * sup["cord_m"] * sup["cord_ohm_per_m"] + k["ptc"]["r_max"] + k["pfet_reverse"]["rds_on"]
            + data["budget"]["track_mohm"] / 1000)


def power(data: dict, pi_ma: float | None = None) -> dict:
    """The 5 V path from the supply to the Pi's pins at the LED cap: currents, drops (V), what is left."""
    k, bud, sup = data["kind"], data["budget"], data["buy"]["supply"]
    pi_a = (bud["pi_ma"] if pi_ma is None else pi_ma) / 1000
    total = pi_a + bud["hub_ma"] / 1000 + bud["led_cap_a"]
    drops = {
        "cord": total * 2 * sup["cord_m"] * sup["cord_ohm_per_m"],
        "fuse": total * k["ptc"]["r_max"],
        "reverse FET": total * k["pfet_reverse"]["rds_on"],
        "tracks": total * bud["track_mohm"] / 1000,
    }
    rail = sup["volts"] - sum(drops.values())
    drops["ideal diode"] = pi_a * k["pfet_ideal"]["rds_on"]
    return {"total_a": total, "drops": drops, "rail_v": rail, "pi_v": rail - drops["ideal diode"]}


def pins_limit_a(data: dict, pi_ma: float) -> float:
    """The most the whole board may draw with the Pi's pins at its undervoltage warning."""
    bud, k = data["budget"], data["kind"]
    headroom = data["buy"]["supply"]["volts"] - bud["pi_min_v"] - pi_ma / 1000 * k["pfet_ideal"]["rds_on"]
    return headroom / shared_ohm(data)


def led_cap_a(data: dict, pi_ma: float) -> float:
    """The most the LEDs may draw with a Pi drawing ``pi_ma``: the Pi's pins stay at the
    warning voltage and the board under the fuse's hold current."""
    total = min(pins_limit_a(data, pi_ma), data["kind"]["ptc"]["hold_a"])
    return max(total - pi_ma / 1000 - data["budget"]["hub_ma"] / 1000, 0.0)


# -- the daemon's budget -------------------------------------------------------------------------
@dataclass(frozen=True)
class Link:
    name: str
    amps: float  # what the whole board may draw through this link
    why: str


@dataclass(frozen=True)
class Budget:
    supply_a: float
    pi: str  # leds.pi
    path: tuple  # Link, ...
    board_a: float  # what the whole board may draw: the weakest link
    pi_a: float  # reserved for the Pi (its model's worst case)
    hub_a: float  # the Pico and four readers
    idle_a: float  # every LED chip's own draw, dark
    led_light_a: float  # left for the LEDs' light: what the limiter allows above idle
    full_white_a: float  # every LED white at full duty (light only)
    brightness: float  # leds.brightness
    lamp_leds: int
    small_leds: int
    dark_leds: int

    @property
    def weakest(self) -> Link:
        return min(self.path, key=lambda link: link.amps)

    @property
    def limit_ma(self) -> float:
        """The current limiter's budget for the LED chain, idle included (mA)."""
        return (self.idle_a + self.led_light_a) * 1000

    @property
    def leds_a(self) -> float:
        """The most the LEDs draw: all white at the brightness, cut to what the limiter allows."""
        return self.idle_a + min(self.full_white_a * self.brightness, self.led_light_a)

    @property
    def total_a(self) -> float:
        return self.leds_a + self.pi_a + self.hub_a

    @property
    def white_cap(self) -> float:
        """The brightness every LED white at once is dimmed to (1 = never dimmed)."""
        return min(1.0, self.brightness, self.led_light_a / self.full_white_a)


def budget(data: dict, cfg) -> Budget:
    return budget_for(data, cfg.leds)


def budget_for(data: dict, leds) -> Budget:
    """The budget for a validated ``leds`` config section (supply_a, pi, brightness, lead_pixels)
    on the board ``data`` (load_mainboard())."""
    from ..drivers.frame import LAMPS, SEATS, TOWERS
    models, bud, ptc = led_models(data), data["budget"], data["kind"]["ptc"]
    key, model = PI_MODELS[leds.pi]
    pi_ma = bud[key]
    n_lamp, n_small, n_dark = LAMPS, len(TOWERS) + len(SEATS), leds.lead_pixels
    pi, hub = pi_ma / 1000, bud["hub_ma"] / 1000
    path = (
        Link("supply", leds.supply_a / MARGIN, f"leds.supply_a = {leds.supply_a:g} A, less {round((MARGIN - 1) * 100)} %"),
        Link("fuse F1", ptc["hold_a"], f"{ptc['value']} hold current"),
        Link(f"the Pi's pins at {bud['pi_min_v']:g} V", pins_limit_a(data, pi_ma),
             f"{model}: the cord, fuse, FET and tracks' drop"),
        Link("the board's LED cap", bud["led_cap_a"] + pi + hub, "budget.led_cap_a in mainboard.toml, with the Pi and the hub"),
    )
    board = min(link.amps for link in path)
    idle = (n_lamp * models["lamp"].idle_ma + (n_small + n_dark) * models["small"].idle_ma) / 1000
    light = board - pi - hub - idle
    if light < 0.1:
        need = math.ceil((pi + hub + idle + 0.1) * MARGIN * 10) / 10
        if path[0].amps > board:
            raise HardwareError(f"the {model} leaves the LEDs nothing on this board ({board:.2f} A in all, "
                                f"the Pi {pi:.2f} A, the hub {hub:.2f} A); fit a Pi Zero 2 W")
        raise HardwareError(
            f"leds.supply_a = {leds.supply_a:g} A leaves the LEDs nothing: the {model} ({pi:.2f} A), the reader hub "
            f"({hub:.2f} A) and the LED chips ({idle:.2f} A) need {need:g} A with the {round((MARGIN - 1) * 100)} % "
            f"margin; use a 5 V supply of at least {need:g} A and set leds.supply_a to its rating")
    white = (n_lamp * sum(models["lamp"].channel_ma) + n_small * sum(models["small"].channel_ma)) / 1000
    return Budget(leds.supply_a, leds.pi, path, board, pi, hub, idle, light, white, leds.brightness,
                  n_lamp, n_small, n_dark)


def chain_models(data: dict, leds) -> list:
    """The LedModel of every chain position, in wiring order (lead pixels count as small LEDs)."""
    from ..drivers.frame import LAMPS
    from ..drivers.pixel_map import PixelMap
    models = led_models(data)
    order = PixelMap.from_config(leds).physical_order
    return [models["lamp"] if logical is not None and logical < LAMPS else models["small"] for logical in order]


def current_model(data: dict, leds):
    """The daemon's current limiter for ``leds``: the chain's LED models and the LED budget."""
    from ..drivers.current_limit import CurrentModel
    chain = [(m.channel_ma, m.idle_ma) for m in chain_models(data, leds)]
    return CurrentModel.for_chain(chain, leds.colour_order, budget_for(data, leds).limit_ma)
