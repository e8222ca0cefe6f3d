"""The rules a maker would check the wiring against by hand, checked by the build.

On the harness (harness.py): every wire lands on a pin of its own; every wire's gauge (or a
bought cable's rating) carries its current plus MARGIN; every connector's contacts carry their
wire's current plus MARGIN and take its gauge; every SPI run is within the firmware's length.
On the carrier's circuit (pcb/circuit.py): every IC has its 100 nF at its supply pin; no logic
input is left open; the LED chain's feeds and jumpers carry their runs. Each rule returns its
problems (empty = fine).
"""

from __future__ import annotations

from .harness_data import feed_gauge, feed_segments, spi_limit_mm
from .power import MARGIN, wire

CONNECTOR_PART = {"xh": "conn_xh", "vh": "conn_vh", "idc": "conn_idc", "dupont": "conn_dupont", "lug": "conn_lug",
                  "jack": "jack"}
INPUT_PINS = {"U1": ("1", "2", "4", "5", "9", "10", "12", "13")}  # the 74AHCT125's OE and A inputs
ICS = {"U1": "14", "U2": "3"}  # each IC's supply pin (74AHCT125 VCC, LD1117 VIN)


def _ends(h: dict):
    """(connector, pin, cable) for every wire end in the harness."""
    for a, mid, b in h["connections"]:
        (cable, _), = mid.items()
        for side in (a, b):
            (name, pins), = side.items()
            for pin in pins:
                yield name, pin, cable


def pin_problems(h: dict) -> list:
    seen: dict = {}
    for name, pin, cable in _ends(h):
        seen.setdefault((name, pin), []).append(cable)
    return [f"{name} pin {pin} has {len(cables)} wires ({', '.join(cables)}): one wire per pin"
            for (name, pin), cables in seen.items() if len(cables) > 1]


def gauge_problems(hw, h: dict) -> list:
    out = []
    for name, cable in h["cables"].items():
        m = h["meta"][name]
        need = m["amps"] * MARGIN
        if "gauge" in cable:
            have = wire(hw, cable["gauge"])["amps"]
            what = f"{cable['gauge']} AWG is rated {have:g} A"
        else:
            have = m.get("rating_a", 0.0)
            what = f"the bought cable is rated {have:g} A"
        if have < need:
            out.append(f"{name} carries {m['amps']:.2f} A; {what}, under the {need:.2f} A it needs with "
                       f"{round((MARGIN - 1) * 100)} % margin")
    return out


def connector_problems(hw, h: dict) -> list:
    out = []
    for name, pin, cable in _ends(h):
        kind = h["meta"][name]["kind"]
        part = hw.parts.get(CONNECTOR_PART.get(kind, ""))
        if part is None:
            continue  # a USB plug or socket: its cable's own rating holds (gauge_problems)
        m, gauge = h["meta"][cable], h["cables"][cable].get("gauge")
        if part["rating_a"] < m["amps"] * MARGIN:
            out.append(f"{name} pin {pin}: its contact is rated {part['rating_a']:g} A, under the "
                       f"{m['amps'] * MARGIN:.2f} A {cable} needs")
        thinnest, thickest = part["awg"]
        if gauge and not thickest <= gauge <= thinnest:
            out.append(f"{name} pin {pin}: {cable} is {gauge} AWG, but it takes {thinnest}-{thickest} AWG")
    return out


def spi_problems(h: dict, fw: dict | None = None) -> list:
    limit = spi_limit_mm(fw)
    return [f"{name} is {m['mm']:.0f} mm, over the {limit:.0f} mm the hub's firmware allows at its SPI_BAUD"
            for name, m in h["meta"].items() if m.get("kind") == "spi" and m["mm"] > limit]


def decoupling_problems(c) -> list:
    """Every IC: a 100 nF capacitor between its supply pin's net and GND."""
    out = []
    for ref, pin in ICS.items():
        supply = c.part(ref).pads.get(pin, "")
        caps = [p for p in c.parts if p.ref.startswith("C") and p.value.startswith("100nF")
                and set(p.pads.values()) == {supply, "GND"}]
        if not supply or not caps:
            out.append(f"{ref} has no 100 nF capacitor from its supply pin {pin} ({supply or 'unconnected'}) to GND")
    return out


def input_problems(c) -> list:
    """No logic input open: every gate's A and OE pin on a net (used, or tied to GND or VCC)."""
    out = []
    for ref, pins in INPUT_PINS.items():
        part = c.part(ref)
        out += [f"{ref} pin {pin} (an input) is left open: tie it to GND or VCC" for pin in pins if not part.pads.get(pin)]
    return out


def chain_problems(hw, cfg) -> list:
    """Each run of the LED chain: its feed and its first jumper carry it with MARGIN."""
    rating = wire(hw, feed_gauge(hw))["amps"]
    return [f"LED run from {s.first} draws {s.amps:.2f} A; {feed_gauge(hw)} AWG carries {rating:g} A, under "
            f"{s.amps * MARGIN:.2f} A" for s in feed_segments(hw, cfg) if s.amps * MARGIN > rating]


def harness_problems(hw, cfg, h: dict) -> list:
    return pin_problems(h) + gauge_problems(hw, h) + connector_problems(hw, h) + spi_problems(h) + chain_problems(hw, cfg)


def circuit_problems(c) -> list:
    return decoupling_problems(c) + input_problems(c)
