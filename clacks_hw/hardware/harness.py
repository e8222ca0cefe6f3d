"""wiring/harness.yaml: the WireViz harness, drawn from the pin map.

The Pi's header pins come from the config (buttons, LED data pin), the reader hub's pins from
the firmware's own config (firmware/config.py), the number of readers from reader.seats and
the wire gauges from the power budget.
"""

from __future__ import annotations

import ast
from pathlib import Path

from ..drivers.pi import GROUND_PINS, HEADER_PIN, POWER_PINS
from .data import HardwareError
from .manifest import manifest_text, sha256
from .pins_md import nearest_ground
from .power import budget, gauge_for

FIRMWARE_CONFIG = Path(__file__).resolve().parents[2] / "firmware" / "config.py"
COLOURS = ["RD", "OG", "YE", "GN", "BU", "VT", "GY", "WH", "BN", "PK"]
RC522_PINS = ["SDA", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3.3V"]  # the board's header, in order


def firmware_pins(path: Path = FIRMWARE_CONFIG) -> dict:
    """The constants of the hub firmware's config.py (SCK, MOSI, MISO, CS_PINS, RST_PIN)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except OSError:
        raise HardwareError(f"{path} is missing: run build-files from a checkout of the repository") from None
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


def _cable(gauge: int, colours: list, length: float = 0.3, category: str = "") -> dict:
    c = {"wirecount": len(colours), "gauge": gauge, "gauge_unit": "AWG", "length": length, "colors": colours}
    if category:
        c["category"] = category
    return c


def harness(hw, cfg) -> dict:
    bud = budget(hw, cfg)
    fw = firmware_pins()
    readers = max(len(cfg.reader.seats), 1)
    data_gpio = 10 if cfg.leds.backend != "ws281x" else cfg.leds.ws281x_pin
    data_pin = HEADER_PIN[data_gpio]
    buttons = list(cfg.buttons.pins)
    pi_pins = sorted({HEADER_PIN[g] for _, g in buttons} | {nearest_ground(HEADER_PIN[g]) for _, g in buttons}
                     | {data_pin, *POWER_PINS["5V"], 6})
    gpio_of = {v: k for k, v in HEADER_PIN.items()}
    labels = ["GND" if p in GROUND_PINS else "5V" if p in POWER_PINS["5V"] else f"GPIO{gpio_of[p]}" for p in pi_pins]
    con: dict = {
        "PI": {"type": "Raspberry Pi 40-pin header", "subtype": "female", "pins": pi_pins, "pinlabels": labels},
        "PI_USB": {"type": "Pi USB-A port", "pinlabels": ["VBUS", "D-", "D+", "GND"]},
        "JACK": {"type": "DC jack 5.5/2.1 mm (rear wall)", "pinlabels": ["+5V", "GND"]},
        "FUSE": {"type": f"fuse {cfg.leds.supply_a:g} A slow-blow", "pinlabels": ["in", "out"]},
        "CAP": {"type": "1000 uF bulk capacitor", "pinlabels": ["+", "-"]},
        "SHIFT": {"type": "74AHCT125 level shifter", "pins": [1, 2, 3, 7, 14], "pinlabels": ["1OE", "1A", "1Y", "GND", "VCC"]},
        "RES": {"type": "330 ohm series resistor", "pinlabels": ["1", "2"]},
        "LAMPS": {"type": "LED chain start (first pixel)", "pinlabels": ["5V", "DIN", "GND"]},
        "INJECT": {"type": "power injection: first button LED", "pinlabels": ["5V", "GND"]},
        "PICO_USB": {"type": "Pico micro-USB", "pinlabels": ["VBUS", "D-", "D+", "GND"]},
        "PICO": {"type": "Pico reader hub", "pinlabels": [f"GP{fw['SCK']} SCK", f"GP{fw['MOSI']} MOSI", f"GP{fw['MISO']} MISO",
                                                         *[f"GP{cs} CS{k}" for k, cs in enumerate(fw["CS_PINS"][:readers])],
                                                         f"GP{fw['RST_PIN']} RST", "3V3(OUT)", "GND"]},
    }
    cab: dict = {}
    links: list = []

    def link(name, cable, a, a_pins, b, b_pins):
        cab[name] = cable
        links.append([{a: a_pins}, {name: list(range(1, len(a_pins) + 1))}, {b: b_pins}])

    for k, (name, gpio) in enumerate(buttons):
        kind = "control" if name in hw.board["panel"]["controls"] else "tower"
        con[name] = {"type": f"{kind} button {name}", "pinlabels": ["SW", "GND"]}
        pin = HEADER_PIN[gpio]
        link(f"W_{name}", _cable(26, [COLOURS[k % len(COLOURS)], "BK"]), "PI", [pin, nearest_ground(pin)], name, [1, 2])
    main, half, pi_g = gauge_for(hw, bud.total_a), gauge_for(hw, bud.leds_a / 2), gauge_for(hw, bud.pi_a)
    link("W_IN", _cable(main, ["RD"], 0.1), "JACK", [1], "FUSE", [1])
    link("W_5V", _cable(main, ["RD"], 0.05), "FUSE", [2], "CAP", [1])
    link("W_GND", _cable(main, ["BK"], 0.1), "JACK", [2], "CAP", [2])
    link("W_LEDPWR", _cable(half, ["RD", "BK"], 0.3), "CAP", [1, 2], "LAMPS", [1, 3])
    link("W_INJECT", _cable(half, ["RD", "BK"], 0.4), "CAP", [1, 2], "INJECT", [1, 2])
    link("W_PIPWR", _cable(pi_g, ["RD", "RD", "BK"], 0.2), "CAP", [1, 1, 2], "PI", [2, 4, 6])
    link("W_SHIFTPWR", _cable(26, ["RD", "BK", "BK"], 0.05), "CAP", [1, 2, 2], "SHIFT", [14, 7, 1])
    link("W_DATA", _cable(26, ["GN"], 0.2), "PI", [data_pin], "SHIFT", [2])
    link("W_DOUT", _cable(26, ["GN"], 0.02), "SHIFT", [3], "RES", [1])
    link("W_DIN", _cable(26, ["GN"], 0.3), "RES", [2], "LAMPS", [2])
    link("W_USB", _cable(28, ["RD", "WH", "GN", "BK"], 0.25, "bundle"), "PI_USB", [1, 2, 3, 4], "PICO_USB", [1, 2, 3, 4])
    spi = [1, 2, 3]
    for k in range(readers):
        seat = cfg.reader.seats[k] if cfg.reader.seats else "shared"
        name = f"RC522_{seat}"
        con[name] = {"type": f"MFRC522 reader ({seat})", "pinlabels": RC522_PINS}
        hub_pins = [*spi, 4 + k, 4 + readers, 5 + readers, 6 + readers]  # SCK MOSI MISO CS RST 3V3 GND
        board_pins = [2, 3, 4, 1, 7, 8, 6]
        link(f"W_SPI{k}", _cable(26, ["YE", "GN", "BU", "WH", "GY", "RD", "BK"], 0.4), "PICO", hub_pins, name, board_pins)
    return {"connectors": con, "cables": cab, "connections": links}


def _scalar(v) -> str:
    if isinstance(v, str):
        return '"' + v.replace('"', '\\"') + '"'
    return f"{v:g}" if isinstance(v, float) else str(v)


def to_yaml(h: dict) -> str:
    """The harness as YAML (block style, lists of scalars inline); no YAML library needed."""
    out = ["# Generated by clacks-hw build-files from the config, the hub firmware's pins and the",
           "# power budget: do not edit. Drawn with WireViz into harness.svg and harness.png.", ""]
    for section in ("connectors", "cables"):
        out.append(f"{section}:")
        for name, attrs in h[section].items():
            out.append(f"  {name}:")
            for k, v in attrs.items():
                out.append(f"    {k}: " + ("[" + ", ".join(_scalar(x) for x in v) + "]" if isinstance(v, list) else _scalar(v)))
    out.append("connections:")
    for chain in h["connections"]:
        out.append("  -")
        for step in chain:
            (name, pins), = step.items()
            out.append(f"    - {name}: [" + ", ".join(_scalar(p) for p in pins) + "]")
    return "\n".join(out) + "\n"


def draw(ctx) -> list:
    """harness.svg and harness.png with WireViz; the YAML's hash goes in wiring/renders.json."""
    try:
        from wireviz.wireviz import parse
    except ImportError:
        raise HardwareError("WireViz is not installed: pip install -e '.[build]' (or run build-files --no-render)") from None
    source = (ctx.out / "wiring/harness.yaml").read_text(encoding="utf-8")
    try:
        svg, png = parse(source, return_types=("svg", "png"))
    except Exception as exc:  # graphviz missing or a harness WireViz cannot draw
        raise HardwareError(f"WireViz could not draw wiring/harness.yaml ({type(exc).__name__}: {exc}); "
                            "is graphviz installed (`make system-deps`)?") from None
    return [ctx.write("wiring/harness.svg", svg), ctx.write("wiring/harness.png", png),
            ctx.write("wiring/renders.json", manifest_text({"harness.yaml": sha256(source)}))]
