"""The daemon's power budget: what the supply path can carry, what the Pi and the reader hub
are reserved, and what is left for the LEDs, which the daemon's current limiter enforces frame
by frame (drivers/current_limit.py). The limiter, the config's checks and `clacks-hw doctor`
take their numbers from here.

Rule: every part carries its design current plus MARGIN (25 %). The whole board may draw the
weakest link of the supply path (leds.supply_a, parts.toml's jack, lead and power connector, a
2 mm 5 V track) divided by MARGIN; the Pi and the hub are reserved their worst case; the rest
is the LEDs'. The circuit board's own 5 V path (USB-C inlet, resettable fuse, the Pi's ideal
diode) and its LED cap are mainboard/checks.py's power() and led_cap_a(); this budget does
not read them yet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .data import Hardware, HardwareError

MARGIN = 1.25  # every wire, contact, jack and supply carries its current plus 25 %
MAIN_TRACK_MM = 2.0  # the 5 V trunk's track width
READERS_MAX = 4  # the hub takes four readers and powers them all


@dataclass(frozen=True)
class LedModel:
    channel_ma: tuple[float, float, float]  # R, G, B at full duty
    idle_ma: float

    @property
    def full_ma(self) -> float:
        return sum(self.channel_ma) + self.idle_ma


def led_models(hw: Hardware) -> dict:
    """{"lamp": LedModel, "small": LedModel} from parts.toml (lamp_led, small_led)."""
    out = {}
    for kind, key in (("lamp", "lamp_led"), ("small", "small_led")):
        p = hw.parts[key]
        out[kind] = LedModel(tuple(float(v) for v in p["channel_ma"]), float(p["idle_ma"]))
    return out


def wire(hw: Hardware, awg: int) -> dict:
    """{"awg", "amps", "ohm_per_m"} of a gauge in parts.toml's wire table."""
    for g, amps, ohm in hw.parts["wire"]["gauges"]:
        if g == awg:
            return {"awg": g, "amps": amps, "ohm_per_m": ohm}
    raise HardwareError(f"parts.toml: wire.gauges has no {awg} AWG; add [{awg}, amperes, ohm per metre]")


def track_amps(width_mm: float, rise_c: float = 10.0, copper_um: float = 35.0) -> float:
    """IPC-2221's outer-layer current for a track (as KiCad's calculator computes it)."""
    area_mil2 = (width_mm / 0.0254) * (copper_um / 25.4)
    return 0.048 * rise_c ** 0.44 * area_mil2 ** 0.725


@dataclass(frozen=True)
class Link:
    name: str
    amps: float
    why: str


def supply_path(hw: Hardware, supply_a: float) -> list[Link]:
    p = hw.parts
    lead = min(p["conn_vh"]["awg"])  # the jack lead: the heaviest wire the power connector's crimp takes
    return [
        Link("supply", supply_a, "leds.supply_a in the config"),
        Link("DC jack", p["jack"]["rating_a"], p["jack"]["example"]),
        Link(f"jack lead ({lead} AWG)", wire(hw, lead)["amps"], "wire.gauges in parts.toml"),
        Link("power connector J1", p["conn_vh"]["rating_a"], p["conn_vh"]["example"]),
        Link(f"5 V trunk ({MAIN_TRACK_MM:g} mm track)", round(track_amps(MAIN_TRACK_MM), 2),
             "IPC-2221, outer layer, 1 oz, 10 C rise"),
    ]


@dataclass(frozen=True)
class Budget:
    supply_a: float
    path: tuple  # Link, ...
    board_a: float  # what the whole board may draw: the weakest link / MARGIN
    pi_a: float  # reserved for the Pi (its recommended supply less its USB allowance)
    hub_a: float  # the Pico and READERS_MAX readers
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


def budget(hw: Hardware, cfg) -> Budget:
    return budget_for(hw, cfg.leds)


def budget_for(hw: Hardware, leds) -> Budget:
    """The budget for a validated ``leds`` config section (supply_a, brightness, lead_pixels)."""
    from ..drivers.frame import LAMPS, SEATS, TOWERS
    p, models = hw.parts, led_models(hw)
    n_lamp, n_small, n_dark = LAMPS, len(TOWERS) + len(SEATS), leds.lead_pixels
    path = tuple(supply_path(hw, leds.supply_a))
    board = min(link.amps for link in path) / MARGIN
    pi = p["pi"]["supply_a"] - p["pi"]["usb_allowance_a"]
    hub = (p["hub"]["current_ma"] + READERS_MAX * p["reader"]["current_ma"]) / 1000
    idle = (n_lamp * models["lamp"].idle_ma + (n_small + n_dark) * models["small"].idle_ma) / 1000
    light = board - pi - hub - idle
    if light < 0.1:
        need = math.ceil((pi + hub + idle + 0.1) * MARGIN * 10) / 10
        raise HardwareError(
            f"leds.supply_a = {leds.supply_a:g} A leaves the LEDs nothing: the Pi ({pi:.2f} A), the reader hub "
            f"({hub:.2f} A) and the LED chips ({idle:.2f} A) need {need:g} A with the {round((MARGIN - 1) * 100)} % "
            f"margin; use a 5 V supply of at least {need:g} A and set leds.supply_a to its rating")
    white = (n_lamp * sum(models["lamp"].channel_ma) + n_small * sum(models["small"].channel_ma)) / 1000
    return Budget(leds.supply_a, path, board, pi, hub, idle, light, white, leds.brightness,
                  n_lamp, n_small, n_dark)


def chain_models(hw: Hardware, leds) -> list:
    """The LedModel of every chain position, in wiring order (lead pixels count as small LEDs)."""
    from ..drivers.frame import LAMPS
    from ..drivers.pixel_map import PixelMap
    models = led_models(hw)
    order = PixelMap.from_config(leds).physical_order
    return [models["lamp"] if logical is not None and logical < LAMPS else models["small"] for logical in order]


def current_model(hw: Hardware, leds):
    """The daemon's current limiter for ``leds``: the chain's LED models and the LED budget."""
    from ..drivers.current_limit import CurrentModel
    chain = [(m.channel_ma, m.idle_ma) for m in chain_models(hw, leds)]
    return CurrentModel.for_chain(chain, leds.colour_order, budget_for(hw, leds).limit_ma)
