"""Every check the board must pass, each a message naming the part and the figure it fails.

Circuit checks (a decoupling capacitor at every LED, no net with one pad, the chain visiting
every LED once, the readers' MISO buffered, their chip selects pulled up, the buffers' inputs
pulled down and the shared MISO left unpulled), agreement with the config and the firmware, and
the datasheet-use checks: each switch's pull-up current above its minimum load, each LED's DIN
high level above its VIH and its supply in range, the Pi's 5 V above the undervoltage warning.
"""

from __future__ import annotations

import math

from ..hub_pins import firmware_pins
from ..power import power
from .circuit import PICO_PINS, Board, pixel_map
from .readers_md import pulls_on


def circuit_problems(board: Board) -> list:
    out = []
    nets = board.nets()
    for net, pads in sorted(nets.items()):
        if len(pads) < 2:
            out.append(f"net {net} reaches only {pads[0][0]} pad {pads[0][1]}: connect it or remove it")
    reach = board.data["budget"]["cap_reach_mm"]
    caps = [p for p in board.parts if p.kind == "cap_100n"]
    for ref in board.chain:
        led = board.part(ref)
        vdd = led.pads[board.data["kind"][led.kind]["pins"]["VDD"]]
        near = [c for c in caps if set(c.pads.values()) == {vdd, "GND"} and math.dist(c.at, led.at) <= reach]
        if not near:
            out.append(f"{ref} ({led.role}) has no 100 nF from {vdd} to GND within {reach:g} mm "
                       "(WS2812B application circuit: one at every LED)")
    out += _chain_problems(board, nets)
    for k, (ref, _, _) in enumerate(board.readers):
        if board.part(ref).pads["4"] == "MISO":
            out.append(f"{ref}: the reader's MISO is on the shared line; it must go through its own buffer channel")
        if [other for _, other in pulls_on(board, f"CS{k}")] != ["+3V3R"]:
            out.append(f"CS{k} needs one pull-up to +3V3R, so reader {k} is deselected while the Pico boots")
        if [other for _, other in pulls_on(board, f"MISO{k}")] != ["GND"]:
            out.append(f"MISO{k} needs one pull-down to GND, so an unplugged reader {k} leaves its buffer's input defined")
    if pulls_on(board, "MISO"):
        out.append("the Pico's MISO has a pull resistor: the hub's boot check could no longer see a held line")
    for p in board.parts:
        kind = board.data["kind"][p.kind]
        if p.fitted and kind["smd"] and not kind.get("lcsc"):
            out.append(f"{p.ref} ({kind['value']}) is placed by the assembly service and has no LCSC number")
    return out


def _chain_problems(board: Board, nets: dict) -> list:
    """Follow the data from the shifter's resistor: each LED once, in the pixel map's order."""
    pins = {ref: board.data["kind"][board.part(ref).kind]["pins"] for ref in board.chain}
    din = {board.part(ref).pads[pins[ref]["DIN"]]: ref for ref in board.chain}
    seen, net = [], board.part("R1").pads["2"]
    while net in din and din[net] not in seen:
        ref = din[net]
        seen.append(ref)
        net = board.part(ref).pads[pins[ref]["DOUT"]]
    out = []
    missed = [r for r in board.chain if r not in seen]
    if missed:
        out.append(f"the LED data line never reaches {', '.join(missed)}")
    driven = [board.pixel[r] for r in seen if board.pixel[r] is not None]
    if driven != list(pixel_map(board.data).physical_order):
        out.append("the chain's LEDs are not in the order the daemon's pixel map sends them")
    if any(board.pixel[r] is None for r in seen[:len(driven)]):
        out.append("an LED the daemon does not drive sits before the last driven one: move it to the chain's end")
    return out


def config_problems(board: Board, cfg) -> list:
    """The config's defaults and the firmware's pins against the board's data."""
    d, out = board.data, []
    chain = d["chain"]
    leds = cfg.leds
    want = {"leds.lamp_order": chain["lamp_order"], "leds.chain": list(chain["groups"]),
            "leds.button_order": list(chain["button_order"]), "leds.seat_order": list(chain["seat_order"]),
            "leds.lead_pixels": 0, "leds.ws281x_pin": d["pins"]["data_pwm"]}
    have = {"leds.lamp_order": leds.lamp_order, "leds.chain": list(leds.chain),
            "leds.button_order": list(leds.button_order), "leds.seat_order": list(leds.seat_order),
            "leds.lead_pixels": leds.lead_pixels, "leds.ws281x_pin": leds.ws281x_pin}
    for key, value in want.items():
        if have[key] != value:
            out.append(f"the config's {key} is {have[key]!r}, the board's is {value!r}")
    if dict(cfg.buttons.pins) != d["pins"]["buttons"]:
        diff = sorted(n for n in set(d["pins"]["buttons"]) | set(dict(cfg.buttons.pins))
                      if dict(cfg.buttons.pins).get(n) != d["pins"]["buttons"].get(n))
        out.append(f"the config's buttons.pins differ from the board's at {', '.join(diff)}")
    if d["pins"]["data_spi"] != 10:
        out.append("the spi backend writes MOSI, GPIO10 (/dev/spidev0.0): pins.data_spi must be 10")
    fw = firmware_pins()
    gp_pad = {v: k for k, v in PICO_PINS.items() if isinstance(v, int)}
    pico = {**{str(k): v for k, v in board.part("J3").pads.items()},
            **{str(41 - int(k)): v for k, v in board.part("J4").pads.items()}}
    for k, (ref, _, gp) in enumerate(board.readers):
        cs = board.part(ref).pads["1"]
        if pico.get(str(gp_pad[fw["CS_PINS"][k]])) != cs:
            out.append(f"{ref} (reader {k}): its chip select is not the firmware's CS_PINS[{k}] = GP{fw['CS_PINS'][k]}")
        if board.part(f"U{3 + k}").pads[board.data["kind"]["miso_buffer"]["pins"]["OE"]] != cs:
            out.append(f"U{3 + k} (reader {k}'s MISO buffer): its OE is not reader {k}'s chip select")
    for name in ("SCK", "MOSI", "MISO"):
        if pico.get(str(gp_pad[fw[name]])) != name:
            out.append(f"the Pico's GP{fw[name]} is the firmware's {name} but carries {pico.get(str(gp_pad[fw[name]]))!r}")
    return out


def datasheet_problems(board: Board) -> list:
    d, out = board.data, []
    k, bud = d["kind"], d["budget"]
    pullup_ua = bud["gpio_v"] / bud["pullup_kohm_max"] * 1000
    for key in ("switch", "socket"):
        if pullup_ua < k[key]["min_ua"]:
            out.append(f"{k[key]['value']}: the Pi's pull-up gives {pullup_ua:.0f} uA, below its {k[key]['min_ua']:g} uA "
                       "minimum load; add an external pull-up")
    p = power(d)
    if p["pi_v"] < bud["pi_min_v"]:
        out.append(f"the Pi's 5 V pins get {p['pi_v']:.2f} V at {p['total_a']:.2f} A, below {bud['pi_min_v']:g} V: "
                   "lower budget.led_cap_a or use a shorter or thicker cord")
    if p["total_a"] > k["ptc"]["hold_a"]:
        out.append(f"the board draws {p['total_a']:.2f} A, above the fuse's {k['ptc']['hold_a']:g} A hold current")
    shifter = k["shifter"]
    if bud["pi_voh_min"] < shifter["vih"]:
        out.append(f"U1 ({shifter['value']}): the Pi's {bud['pi_voh_min']:g} V high is below its {shifter['vih']:g} V VIH")
    for ref in board.chain:
        led = k[board.part(ref).kind]
        lo, hi = led["vdd"]
        vdd_max = d["buy"]["supply"]["volts"]  # no load: the rail at the supply's own voltage
        if not lo <= p["rail_v"] <= hi or vdd_max > hi:
            out.append(f"{ref} ({led['value']}): its supply runs {p['rail_v']:.2f}-{vdd_max:.2f} V, outside {lo:g}-{hi:g} V")
        source = shifter["voh"] if ref == board.chain[0] else p["rail_v"]  # later LEDs: the previous LED re-drives
        if source < led["vih"] * vdd_max:
            out.append(f"{ref} ({led['value']}): DIN high {source:.2f} V is below its VIH {led['vih'] * vdd_max:.2f} V "
                       f"({led['vih']:g} x VDD)")
    return out
