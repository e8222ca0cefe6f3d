"""The board's circuit from its data: every part, where it sits, and the net on each pad.

Lamps, tower and control switches sit where the panel puts them (layout.py, from board.toml and
the engine's towers); the rest where mainboard.toml says. Pad numbers come from each kind's
`pins` map (pad job -> pad number), so a net is written by what the pad does ("DIN", "VDD").

Nets: VBUS (USB-C inlet), VBUS_F (after the fuse), +5V (after the reverse-polarity FET: the
LEDs, the shifter, the readers' regulator), +5V_PI (after the ideal diode: the Pi's pins 2
and 4), +3V3R (the readers' 3.3 V), GND; the LED data runs DIN_1, DIN_2, ... along the chain.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...drivers.frame import LAMPS, SEATS, TOWERS
from ...drivers.pi import GROUND_PINS, HEADER_PIN
from ...drivers.pixel_map import PixelMap
from ..data import HardwareError
from ..hub_pins import firmware_pins

# The Pico's 40 pads: GP number or a power name, from the Pico datasheet's pinout.
PICO_PINS = {1: 0, 2: 1, 3: "GND", 4: 2, 5: 3, 6: 4, 7: 5, 8: "GND", 9: 6, 10: 7, 11: 8, 12: 9, 13: "GND",
             14: 10, 15: 11, 16: 12, 17: 13, 18: "GND", 19: 14, 20: 15, 21: 16, 22: 17, 23: "GND", 24: 18,
             25: 19, 26: 20, 27: 21, 28: "GND", 29: 22, 30: "RUN", 31: 26, 32: 27, 33: "GND", 34: 28,
             35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS"}
READER_PINS = ("CS", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3V3")  # the RC522 header, pin 1 first
CONTROL_REF = 33  # D33.. for the control keys' LEDs, after the 32 the daemon drives


@dataclass
class Part:
    ref: str
    kind: str  # a [kind.*] table of mainboard.toml
    pads: dict  # pad number -> net ("" = no connection)
    at: tuple  # (x, y) in the panel's plan, mm
    rot: float = 0.0  # degrees, KiCad's sense
    fitted: bool = True  # False: footprint only, not placed or bought (DNP)
    role: str = ""


@dataclass
class Board:
    data: dict
    parts: list
    chain: list  # LED refs in data order, DIN from the shifter first
    pixel: dict  # LED ref -> the daemon's logical pixel (None: not driven yet)
    readers: list = field(default_factory=list)  # (ref, corner, chip-select GP) per reader
    lay: object = None  # the panel's layout it was placed on

    def part(self, ref: str) -> Part:
        return next(p for p in self.parts if p.ref == ref)

    def nets(self) -> dict:
        """net -> [(ref, pad)] over every part, fitted or not (the copper is there)."""
        out: dict = {}
        for p in self.parts:
            for pad, net in p.pads.items():
                if net:
                    out.setdefault(net, []).append((p.ref, pad))
        return out


def chain_mm(board: Board) -> float:
    """The data line's length as the crow flies: the shifter to the first LED, then LED to LED."""
    points = [board.part("U1").at] + [board.part(r).at for r in board.chain]
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def pixel_map(data: dict) -> PixelMap:
    """The daemon's pixel map as the board's chain wires it."""
    c = data["chain"]
    return PixelMap(lamp_order=c["lamp_order"], chain=tuple(c["groups"]), button_order=tuple(c["button_order"]),
                    seat_order=tuple(c["seat_order"]))


def build_board(data: dict, lay) -> Board:
    kinds, b = data["kind"], data["board"]
    parts: list[Part] = []

    def add(ref, kind, nets, at=None, rot=0.0, fitted=True, role=""):
        pins = kinds[kind].get("pins", {})
        pads = {pins.get(job, job): net for job, net in nets.items()}
        if at is None:  # not placed by the panel: mainboard.toml's [place]
            if ref not in data["place"]:
                raise HardwareError(f"mainboard.toml: [place] has no {ref} ({role}); add {ref} = [x, y, rotation]")
            *at, rot = data["place"][ref]
        parts.append(Part(ref, kind, pads, tuple(at), rot, fitted, role))

    holes = {h.name: h for h in lay.holes}
    ox, oy = b["cap_offset"]
    kx, ky = b["key_led_offset"]
    places = {}
    for i, x, y in lay.lamp_leds:
        places[i] = ("lamp_led", (x, y), f"lamp {i}")
    for k, name in enumerate(TOWERS):
        h = holes[name]
        places[LAMPS + k] = ("key_led", (h.x + kx, h.y + ky), f"tower {name}")
    for k, seat in enumerate(SEATS):
        places[LAMPS + 12 + k] = ("key_led", tuple(b["seats"][seat]), f"seat {seat}")
    order = [p for p in pixel_map(data).physical_order]
    controls = [h for h in lay.holes if h.kind == "control"]
    chain, pixel = [], {}
    leds = [(logical, *places[logical]) for logical in order]
    leds += [(None, "key_led", (h.x + kx, h.y + ky), f"control {h.name}") for h in controls]
    for n, (logical, kind, (x, y), role) in enumerate(leds, 1):
        ref = f"D{n}"
        fitted = logical is not None or data["chain"]["controls_fitted"]
        dout = f"DIN_{n + 1}" if n < len(leds) else ""
        add(ref, kind, {"VDD": "+5V", "GND": "GND", "DIN": f"DIN_{n}", "DOUT": dout}, (x, y),
            rot=b["key_led_rot"] if kind == "key_led" else 0.0, fitted=fitted, role=role)
        add(f"C{n}", "cap_100n", {"P": "+5V", "N": "GND"}, (x + ox, y + oy), fitted=fitted, role=f"{ref} decoupling")
        chain.append(ref)
        pixel[ref] = logical
    n = len(leds)
    _switches(add, data, holes, lay)
    _power(add, data, n)
    _pi(add, data)
    readers = _hub(add, data, lay, n)
    return Board(data, parts, chain, pixel, readers, lay)


def _switches(add, data, holes, lay) -> None:
    pins = data["pins"]["buttons"]
    names = [h.name for h in lay.holes if h.kind == "tower"] + [h.name for h in lay.holes if h.kind == "control"]
    for k, name in enumerate(names, 1):
        h = holes[name]
        add(f"SW{k}", "socket", {"A": f"BTN_{name}", "B": "GND"}, (h.x, h.y), role=f"{name} (GPIO{pins[name]})")


def _power(add, data, n) -> None:
    """USB-C sink, fuse, reverse-polarity FET, bulk capacitor, level shifter."""
    usb = {job: job.rstrip("0123456789") for job in data["kind"]["usb_c"]["pins"] if job.startswith(("VBUS", "GND"))}
    add("J1", "usb_c", {**usb, "CC1": "CC1", "CC2": "CC2", "SHIELD": "GND"}, role="5 V in (USB-C sink)")
    add("R3", "r_5k1", {"A": "CC1", "B": "GND"}, role="CC1 Rd")
    add("R4", "r_5k1", {"A": "CC2", "B": "GND"}, role="CC2 Rd")
    add("F1", "ptc", {"A": "VBUS", "B": "VBUS_F"}, role="PTC fuse")
    # Reverse polarity: drain to the input, source to the load, gate to GND (5 V is inside its +-12 V VGS).
    add("Q1", "pfet_reverse", {"D": "VBUS_F", "S": "+5V", "G": "GND"}, role="reverse-polarity FET")
    add("C41", "cap_bulk", {"P": "+5V", "N": "GND"}, role="LED bulk capacitor")
    add("JP1", "jumper", {"1": "DATA_SPI", "2": "DATA_SEL", "3": "DATA_PWM"}, role="LED data source")
    add("R2", "r_10k", {"A": "DATA_SEL", "B": "GND"}, role="data pull-down (a floating pin lights nothing)")
    add("U1", "shifter", {"OE": "GND", "A": "DATA_SEL", "GND": "GND", "Y": "DATA_BUF", "VCC": "+5V"},
        role="level shifter 3.3 -> 5 V")
    add("C40", "cap_100n", {"P": "+5V", "N": "GND"}, role="U1 decoupling")
    add("R1", "r_330", {"A": "DATA_BUF", "B": "DIN_1"}, role="data series resistor")


def _pi(add, data) -> None:
    """The Pi's socket and the HAT guide's ideal diode in front of its 5 V pins."""
    pins = data["pins"]
    gpio_net = {g: f"BTN_{name}" for name, g in pins["buttons"].items()}
    gpio_net[pins["data_spi"]] = "DATA_SPI"
    gpio_net[pins["data_pwm"]] = "DATA_PWM"
    at = {pin: g for g, pin in HEADER_PIN.items()}
    nets = {}
    for pin in range(1, 41):
        nets[str(pin)] = ("GND" if pin in GROUND_PINS else "+5V_PI" if pin in pins["pi_5v"]
                          else gpio_net.get(at.get(pin), ""))
    add("J2", "pi_socket", nets, role="the Pi's 40-pin header (Pi under the board)")
    # Ideal diode (current flows drain -> source): Q3's B half is diode-connected on the input
    # side, its A half senses the output and pulls the gate up when the output is the higher.
    add("Q2", "pfet_ideal", {"D": "+5V", "S": "+5V_PI", "G": "ID_GATE"}, role="ideal diode FET")
    add("Q3", "pnp_pair", {"E2": "+5V", "B2": "ID_BASE", "C2": "ID_BASE", "E1": "+5V_PI", "B1": "ID_BASE",
                           "C1": "ID_GATE"}, role="ideal diode sense (matched PNP)")
    add("R5", "r_47k", {"A": "ID_BASE", "B": "GND"}, role="ideal diode bias")
    add("R6", "r_10k", {"A": "ID_GATE", "B": "GND"}, role="ideal diode gate pull-down")


def _hub(add, data, lay, n) -> list:
    """The Pico in sockets, the readers' regulator, a MISO buffer with its pulls and a header
    per reader."""
    fw = firmware_pins()
    spi = {fw["SCK"]: "SCK", fw["MOSI"]: "MOSI", fw["MISO"]: "MISO", fw["RST_PIN"]: "RST",
           **{gp: f"CS{k}" for k, gp in enumerate(fw["CS_PINS"])}}
    pico = {pad: ("GND" if v == "GND" else spi.get(v, "")) for pad, v in PICO_PINS.items()}
    add("J3", "pico_socket", {str(k): pico[k] for k in range(1, 21)}, role="Pico pins 1-20")
    add("J4", "pico_socket", {str(k): pico[41 - k] for k in range(1, 21)}, role="Pico pins 40-21")
    add("U2", "regulator", {"IN": "+5V", "OUT": "+3V3R", "GND": "GND"}, role="3.3 V for the readers")
    add("C42", "cap_10u", {"P": "+5V", "N": "GND"}, role="U2 input")
    add("C43", "cap_10u", {"P": "+3V3R", "N": "GND"}, role="U2 output")
    for k in range(4):  # OE is active low, as the chip select is: the selected reader alone drives MISO
        add(f"U{3 + k}", "miso_buffer", {"OE": f"CS{k}", "A": f"MISO{k}", "Y": "MISO", "GND": "GND", "VCC": "+3V3R"},
            role=f"reader {k}'s MISO buffer")
        add(f"C{44 + k}", "cap_100n", {"P": "+3V3R", "N": "GND"}, role=f"U{3 + k} decoupling")
        # Pulls: every reader and buffer deselected while the Pico boots (its pins start as
        # inputs), and an unplugged reader's input defined. None on the Pico's MISO: its boot
        # check pulls the line each way itself, and a resistor there would hide a held line.
        add(f"R{7 + k}", "r_10k", {"A": f"CS{k}", "B": "+3V3R"}, role=f"CS{k} pull-up")
        add(f"R{11 + k}", "r_100k", {"A": f"MISO{k}", "B": "GND"}, role=f"U{3 + k} input pull-down")
    corner = lay.hw.board["readers"]["corner"]
    readers = []
    for k, seat in enumerate(SEATS):
        net = {"CS": f"CS{k}", "SCK": "SCK", "MOSI": "MOSI", "MISO": f"MISO{k}", "IRQ": "", "GND": "GND", "RST": "RST",
               "3V3": "+3V3R"}
        pads = {str(i + 1): net[name] for i, name in enumerate(READER_PINS)}
        ref = f"J{5 + k}"
        add(ref, "reader_header", pads, role=f"reader {k} ({seat} seat's corner)")
        readers.append((ref, corner[seat], fw["CS_PINS"][k]))
    return readers
