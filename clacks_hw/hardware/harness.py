"""wiring/harness.yaml: the WireViz harness, every wire from a carrier connector to the device.

The carrier's connectors and their pins come from pcb/circuit.py (which takes the Pi's pins
from the config and the hub's from the firmware's config.py); the currents from the power
budget; the lengths from where both ends sit in the assembled board (layout). Each cable also
carries what the wiring rules (wiring_rules.py) check: the current it carries, what its ends
plug into, whether it is an SPI run.
"""

from __future__ import annotations

from .data import HardwareError
from .harness_data import cut_mm, feed_gauge, feed_segments, run_mm
from .hub_pins import firmware_pins
from .manifest import manifest_text, sha256
from .power import budget

GPIO_MAX_A = 0.016  # a Pi GPIO's most (Raspberry Pi documentation): what a signal wire can carry
RC522_PINS = ["SDA", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3.3V"]  # the reader's header, in order
READER_WIRES = {"CS": 1, "SCK": 2, "MOSI": 3, "MISO": 4, "GND": 6, "RST": 7, "3V3": 8}  # XH name -> RC522 pin
COLOURS = {"+5V": "RD", "GND": "BK", "+5V_IN": "RD", "LED_DIN": "GN", "SCK_T": "YE", "MOSI_T": "GN", "MISO": "BU",
           "RST": "GY", "+3V3R": "OG"}
HEIGHT = {"xh": 9.8, "vh": 12.4, "idc": 18.0, "usbc": 3.3}  # a mated connector's top above the carrier's PCB


def _cable(gauge, colours, mm, **kw) -> dict:
    c = {"wirecount": len(colours), "colors": colours, "length": round(cut_mm(mm) / 1000, 2)}
    if gauge:
        c.update({"gauge": gauge, "gauge_unit": "AWG"})
    c.update(kw)
    return c


def positions(lay, cfg) -> dict:
    """Where each end sits in the board (plan x, y and z, mm): carrier connectors and devices."""
    from .pcb.circuit import carrier
    from .pcb.placement import connector_centre, place, to_plan
    c = carrier(lay.hw, cfg)
    at = place(c, cfg, lay)
    board = next(m for m in lay.mounted if m.name == "power_board")
    top = board.z0 + lay.hw.parts["power_board"]["size"][2]
    out = {}
    for ref, pins in c.connectors.items():
        kind = c.part(ref).footprint.split(":")[1].split("_")[0].lower()
        kind = {"jst": "xh" if "_XH_" in c.part(ref).footprint else "vh", "idc-header": "idc"}.get(kind, "usbc")
        x, y = to_plan(lay, connector_centre(c.part(ref).footprint, at[ref], len(pins)))
        out[ref] = (x, y, top + HEIGHT[kind])
    pi = next(m for m in lay.mounted if m.name == "pi")
    hub = next(m for m in lay.mounted if m.name == "hub")
    o, pz = pi.outline, pi.z0 + lay.hw.parts["pi"]["size"][2]
    out["PI"] = (o.x0 + 32.5, o.y0 + 3.5, pz + 8.5)  # the 40-pin header (Pi 4 drawing: 29 mm from the first holes)
    out["PI_USBC"] = (o.x0 + 11.2, o.y1, pz + 1.6)  # the USB-C power inlet on its south edge
    out["PI_USBA"] = (o.x1, o.y0 + 27.0, pz + 8.0)  # the USB-A ports on its east edge
    out["PICO_USB"] = ((hub.outline.x0 + hub.outline.x1) / 2, hub.outline.y0, hub.z0 + 2.5)
    op, wall = lay.hw.board["openings"]["power"], lay.hw.board["enclosure"]["wall"]
    out["JACK"] = (op["x"], wall + 25.0, op["z"])  # the jack's lugs, its body's length inside the wall
    for k in range(cfg.leds.lead_pixels):  # dark lead pixels sit by the carrier, before the board's first
        out[f"lead {k}"] = out["J4"]
    zp, parts = lay.z_panel, lay.hw.parts
    for i, x, y in lay.lamp_leds:
        out[f"lamp {i}"] = (x, y, lay.z_baffle + lay.hw.board["baffle"]["floor"])
    for h in lay.holes:
        if h.kind == "tower":
            out[h.name] = (h.x, h.y, zp - parts["tower_button"]["depth"])
        elif h.kind == "control":
            out[h.name] = (h.x, h.y, zp - parts["control_button"]["depth"])
        elif h.kind == "seat":
            out[h.name] = (h.x, h.y, zp - parts["small_led"]["length"])
    header_z = zp - parts["reader"]["size"][2] - 8.5  # the header's pins point down from the board
    for r in lay.readers:
        b = r.board
        y = b.y1 - 2.5 if r.corner.startswith("N") else b.y0 + 2.5  # the header at the far end from the corner
        out[f"reader {r.seat or 'shared'}"] = ((b.x0 + b.x1) / 2, y, header_z)
    return out


def harness(hw, cfg, lay) -> dict:
    """The WireViz harness, plus ``meta``: per cable its current, kind and ends (for the rules)."""
    from .pcb.circuit import carrier
    from .pcb.placement import reader_corners
    c, bud, pos, fw = carrier(hw, cfg), budget(hw, cfg), positions(lay, cfg), firmware_pins()
    con, cab, links, meta = {}, {}, [], {}

    def carrier_con(ref):
        if ref not in con:
            labels = [label for _, _, label in c.connectors[ref]]
            con[ref] = {"type": f"carrier {ref}: {c.part(ref).value}", "subtype": c.part(ref).role, "pinlabels": labels}
            meta[ref] = {"kind": _kind(c.part(ref).footprint)}
        return ref

    def device(name, typ, labels, kind):
        con[name] = {"type": typ, "pinlabels": labels}
        meta[name] = {"kind": kind}
        return name

    def link(name, gauge, colours, a, a_pins, b, b_pins, amps, kind, where, rating=None, **extra):
        """A cable from a's pins to b's; ``where``: the position keys of its two ends."""
        mm = run_mm(pos[where[0]], pos[where[1]])
        cab[name] = _cable(gauge, colours, mm, **extra)
        cab[name]["notes"] = f"{amps:.2f} A" if amps >= 0.1 else f"{amps * 1000:.0f} mA"
        links.append([{a: a_pins}, {name: list(range(1, len(a_pins) + 1))}, {b: b_pins}])
        meta[name] = {"amps": round(amps, 4), "kind": kind, "ends": (a, b), "mm": round(mm, 1),
                      **({"rating_a": rating} if rating else {})}

    p = hw.parts
    device("JACK", p["jack"]["example"] + " (rear wall)", ["+5V (centre pin)", "GND (sleeve)"], "jack")
    lead = min(p["conn_vh"]["awg"])
    link("W_POWER", lead, ["RD", "BK"], "JACK", [1, 2], carrier_con("J1"), [1, 2], bud.board_a, "power", ("JACK", "J1"))
    device("PI_USBC", "Raspberry Pi USB-C power inlet", ["VBUS", "GND"], "usb_c")
    link("W_PI_POWER", 0, ["RD", "BK"], carrier_con("J3"), [1, 2], "PI_USBC", [1, 2],
         bud.pi_a + p["hub"]["current_ma"] / 1000, "bought", ("J3", "PI_USBC"), p["usb_c_cable"]["rating_a"],
         type=p["usb_c_cable"]["example"])
    device("PI", "Raspberry Pi 40-pin GPIO header", [f"{pin}: {label}" for pin, _, label in c.connectors["J2"]], "idc")
    con["PI"]["pins"] = list(range(1, 41))
    link("W_RIBBON", 28, ["GY"] * 40, carrier_con("J2"), list(range(1, 41)), "PI", list(range(1, 41)), GPIO_MAX_A,
         "signal", ("J2", "PI"), category="bundle", type="40-way IDC ribbon")
    device("PICO_USB", "reader hub (Pico) micro-USB, on the carrier", ["VBUS", "D-", "D+", "GND"], "usb")
    device("PI_USBA", "Raspberry Pi USB-A port", ["VBUS", "D-", "D+", "GND"], "usb")
    link("W_HUB_USB", 0, ["RD", "WH", "GN", "BK"], "PICO_USB", [1, 2, 3, 4], "PI_USBA", [1, 2, 3, 4],
         p["hub"]["current_ma"] / 1000, "bought", ("PICO_USB", "PI_USBA"), p["usb_cable"]["rating_a"], category="bundle",
         type=p["usb_cable"]["example"])
    # The LED chain: its first pixel gets the data; each run its own 5 V and GND from the carrier.
    gauge = feed_gauge(hw)
    for k, seg in enumerate(feed_segments(hw, cfg)):
        head = f"LED_{seg.first.replace(' ', '_')}"
        if k == 0:
            device(head, f"first pixel ({seg.first}): DIN, 5 V and GND in", ["DIN", "5V", "GND"], "lug")
            pins, ends, cols = [1, 2, 3], [1, 2, 3], ["GN", "RD", "BK"]
        else:
            device(head, f"feed {k + 1}: pixel {seg.first}, 5 V and GND in", ["5V", "GND"], "lug")
            pins, ends, cols = [2 * k + 2, 2 * k + 3], [1, 2], ["RD", "BK"]
        link(f"W_LED{k + 1}", gauge, cols, carrier_con("J4"), pins, head, ends, seg.amps, "power", ("J4", seg.first))
    # Buttons: each its own pair from its connector's SW and GND pins.
    for ref, pins in c.connectors.items():
        if not c.part(ref).role.startswith("buttons"):
            continue
        for pin, net, _ in pins:
            if net.startswith("BTN_"):
                name = net[4:]
                kind = "control" if name in hw.board["panel"]["controls"] else "tower"
                device(name, f"{kind} button {name}", ["NO", "COM"], "lug")
                link(f"W_{name}", 26, ["WH", "BK"], carrier_con(ref), [pin, pin + 1], name, [1, 2], GPIO_MAX_A,
                     "signal", (ref, name))
    # Readers: reader k (chip select CS_PINS[k]) into the carrier's connector at the corner nearest it.
    corners = reader_corners(lay, cfg)
    for k, r in enumerate(lay.readers):
        ref = f"J{12 + k}"
        name = f"RC522_{r.seat or 'shared'}"
        device(name, f"MFRC522 reader ({r.seat or 'shared'}, {r.corner} corner)", RC522_PINS, "dupont")
        xh = [net for _, net, _ in c.connectors[ref]]
        labels = [label for _, _, label in c.connectors[ref]]
        link(f"W_READER{k}", 26, [COLOURS.get(n, "WH") for n in xh], carrier_con(ref), list(range(1, len(xh) + 1)),
             name, [READER_WIRES[label] for label in labels], hw.parts["reader"]["current_ma"] / 1000, "spi",
             (ref, f"reader {r.seat or 'shared'}"), category="bundle")
        meta[f"W_READER{k}"]["corner"] = (corners[k], r.corner)
        meta[f"W_READER{k}"]["cs"] = f"GP{fw['CS_PINS'][k]}"
    return {"connectors": con, "cables": cab, "connections": links, "meta": meta}


def _kind(footprint: str) -> str:
    for key, kind in (("_XH_", "xh"), ("_VH_", "vh"), ("IDC", "idc"), ("USB_C", "usb_c")):
        if key in footprint:
            return kind
    raise HardwareError(f"no connector kind for footprint {footprint}")


def _scalar(v) -> str:
    if isinstance(v, str):
        return '"' + v.replace('"', '\\"') + '"'
    return f"{v:g}" if isinstance(v, float) else str(v)


def to_yaml(h: dict) -> str:
    """The harness as YAML (block style, lists of scalars inline); no YAML library needed."""
    out = ["# Generated by clacks-hw build-files from the carrier's circuit (the config's pins, the hub",
           "# firmware's pins), the power budget and the layout: do not edit. Drawn with WireViz into",
           "# harness.svg and harness.png; wiring/wires.md lists every wire with its current and rating.", ""]
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
