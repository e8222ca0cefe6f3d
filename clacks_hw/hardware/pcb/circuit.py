"""The carrier board's circuit, from the same data the code runs on.

The Pi's GPIO numbers come from the config (buttons, the LED data pin of each backend), the
reader hub's pins from the firmware's own config.py, the LED feed points from the chain and
the parts' currents. Every part is a footprint from KiCad's library with a pad -> net map;
the schematic, the PCB, the harness and the bill of materials all read this one circuit.

Nets: +5V_IN (jack to fuse), +5V (after the fuse), GND, +3V3R (the readers' own 3.3 V
regulator: the Pico's 3V3 pin is good for 300 mA, four MFRC522s may draw 466 mA).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...drivers.pi import GROUND_PINS, HEADER_PIN
from ..harness_data import feed_segments, firmware_pins
from ..power import budget

READERS_MAX = 4
BUTTONS_PER_CONNECTOR = 8
# The 74AHCT125's four gates: (OE, A, Y) pads of the DIP-14; VCC 14, GND 7.
GATES = ((1, 2, 3), (4, 5, 6), (10, 9, 8), (13, 12, 11))
# The Pico's 40 pads: GP number or a power name, from the Pico datasheet's pinout.
PICO_PINS = {1: 0, 2: 1, 3: "GND", 4: 2, 5: 3, 6: 4, 7: 5, 8: "GND", 9: 6, 10: 7, 11: 8, 12: 9, 13: "GND",
             14: 10, 15: 11, 16: 12, 17: 13, 18: "GND", 19: 14, 20: 15, 21: 16, 22: 17, 23: "GND", 24: 18,
             25: 19, 26: 20, 27: 21, 28: "GND", 29: 22, 30: "RUN", 31: 26, 32: 27, 33: "GND", 34: 28,
             35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS"}
READER_PINS = ("CS", "SCK", "MOSI", "MISO", "GND", "RST", "3V3")  # XH order = the RC522 header's, IRQ left out
FP = {
    "xh": "Connector_JST:JST_XH_B{n}B-XH-A_1x{n:02d}_P2.50mm_Vertical",
    "vh": "Connector_JST:JST_VH_B{n}P-VH_1x{n:02d}_P3.96mm_Vertical",
    "idc": "Connector_IDC:IDC-Header_2x20_P2.54mm_Vertical",
    "usbc": "Connector_USB:USB_C_Receptacle_GCT_USB4135-GF-A_6P_TopMnt_Horizontal",
    "socket": "Connector_PinSocket_2.54mm:PinSocket_1x20_P2.54mm_Vertical",
    "dip14": "Package_DIP:DIP-14_W7.62mm_Socket",
    "to220": "Package_TO_SOT_THT:TO-220-3_Vertical",
    "fuse": "Fuse:Fuseholder_Clip-5x20mm_Littelfuse_111_Inline_P20.00x5.00mm_D1.05mm_Horizontal",
    "cp10": "Capacitor_THT:CP_Radial_D10.0mm_P5.00mm",
    "cp5": "Capacitor_THT:CP_Radial_D5.0mm_P2.50mm",
    "c": "Capacitor_THT:C_Disc_D5.0mm_W2.5mm_P5.00mm",
    "r": "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P7.62mm_Horizontal",
    "jumper": "Connector_PinHeader_2.54mm:PinHeader_1x03_P2.54mm_Vertical",
    "hole": "MountingHole:MountingHole_3.2mm_M3",
}


@dataclass
class Part:
    ref: str
    footprint: str
    value: str
    symbol: str  # KiCad symbol library name, for the schematic
    role: str  # what it does, in a maker's words (silkscreen legend, BOM, docs)
    pads: dict = field(default_factory=dict)  # pad name -> net ("" = no connection)
    bom: str = ""  # parts.toml table this part is bought as ("" = the PCB itself or a mounting hole)


@dataclass
class Carrier:
    parts: list
    connectors: dict  # ref -> [(pin, net, label)] for the off-board connectors (the harness's)
    data_gpio: dict  # backend -> GPIO routed to the shifter

    def part(self, ref: str) -> Part:
        return next(p for p in self.parts if p.ref == ref)

    def nets(self) -> dict:
        """net -> [(ref, pad)] for every connected pad."""
        out: dict = {}
        for p in self.parts:
            for pad, net in p.pads.items():
                if net:
                    out.setdefault(net, []).append((p.ref, pad))
        return out


def button_groups(cfg) -> list:
    """The buttons by the side of the Pi header their GPIO's pin is on (odd pins one side, even
    the other, so the PCB's tracks leave the header without crossing), in header order, split
    into connectors of at most BUTTONS_PER_CONNECTOR."""
    pins = sorted(cfg.buttons.pins, key=lambda nb: HEADER_PIN[nb[1]])
    groups = []
    for parity in (1, 0):
        side = [name for name, gpio in pins if HEADER_PIN[gpio] % 2 == parity]
        n = -(-len(side) // BUTTONS_PER_CONNECTOR)
        for k in range(n):
            groups.append(side[k * len(side) // n:(k + 1) * len(side) // n])
    return [g for g in groups if g]


def button_pins(cfg) -> dict:
    """name -> (connector, SW pin, GND pin) on the carrier: each button's own pair of pins."""
    out = {}
    for k, group in enumerate(button_groups(cfg)):
        for i, name in enumerate(group):
            out[name] = (f"J{5 + k}", 2 * i + 1, 2 * i + 2)
    return out


def carrier(hw, cfg) -> Carrier:
    fw = firmware_pins()
    parts: list[Part] = []
    connectors: dict = {}

    def add(ref, fp, value, symbol, role, pads, bom=""):
        parts.append(Part(ref, fp, value, symbol, role, {str(k): v for k, v in pads.items()}, bom))

    def connector(ref, kind, pins, role, bom):
        n = len(pins)
        add(ref, FP[kind].format(n=n), f"{kind.upper()} {n}-pin", f"Connector_Generic:Conn_01x{n:02d}", role,
            {k + 1: net for k, (net, _) in enumerate(pins)}, bom)
        connectors[ref] = [(k + 1, net, label) for k, (net, label) in enumerate(pins)]

    # Power entry: the panel jack's lead, the fuse, the bulk capacitor at the LED feeds.
    connector("J1", "vh", [("+5V_IN", "+5V"), ("GND", "GND")], "power in, from the DC jack", "conn_vh")
    add("F1", FP["fuse"], f"{budget(hw, cfg).fuse_a:g} A T", "Device:Fuse", "fuse",
        {1: "+5V_IN", 2: "+5V"}, "fuse")
    add("C1", FP["cp10"], "1000uF 16V", "Device:C_Polarized", "bulk capacitor", {1: "+5V", 2: "GND"}, "capacitor")
    # The Pi: one keyed ribbon for every GPIO and ground; its 5 V comes by USB-C (J3).
    data = {"spi": 10, "ws281x": cfg.leds.ws281x_pin}
    btn_net = {gpio: f"BTN_{name}" for name, gpio in cfg.buttons.pins}
    data_net = {data["spi"]: "DATA_SPI", data["ws281x"]: "DATA_PWM"}
    gpio_at = {pin: gpio for gpio, pin in HEADER_PIN.items()}
    idc = {}
    for pin in range(1, 41):
        gpio = gpio_at.get(pin)
        idc[pin] = "GND" if pin in GROUND_PINS else btn_net.get(gpio) or data_net.get(gpio, "")
    add("J2", FP["idc"], "2x20 box header", "Connector_Generic:Conn_02x20_Odd_Even", "to the Pi's GPIO header (ribbon)",
        idc, "conn_idc")
    connectors["J2"] = [(pin, net, f"GPIO{gpio_at[pin]}" if pin in gpio_at else net or "-") for pin, net in idc.items()]
    add("J3", FP["usbc"], "USB-C power out", "Connector:USB_C_Receptacle_PowerOnly_6P", "5 V to the Pi's USB-C inlet",
        {"A9": "+5V", "B9": "+5V", "A12": "GND", "B12": "GND", "S1": "GND", "A5": "CC1", "B5": "CC2"}, "usb_c")
    connectors["J3"] = [(1, "+5V", "VBUS"), (2, "GND", "GND")]
    for k, cc in enumerate(("CC1", "CC2")):  # Rp: a source offering default USB power
        add(f"R{3 + k}", FP["r"], "56k", "Device:R", f"USB-C {cc} pull-up", {1: "+5V", 2: cc}, "resistor_56k")
    # The level shifter: gate 1 buffers the spi backend's pin, gate 2 the ws281x backend's; a
    # jumper picks which drives the LEDs. Gates 3 and 4 are disabled (OE high) with inputs on GND.
    u1 = {7: "GND", 14: "+5V"}
    for k, (oe, a, y) in enumerate(GATES):
        if k < 2:
            u1.update({oe: "GND", a: ("DATA_SPI", "DATA_PWM")[k], y: f"BUF{k + 1}"})
        else:
            u1.update({oe: "+5V", a: "GND", y: ""})
    add("U1", FP["dip14"], "74AHCT125", "74xx:74LS125", "level shifter 3.3 V -> 5 V", u1, "level_shifter")
    add("C2", FP["c"], "100nF", "Device:C", "U1 decoupling", {1: "+5V", 2: "GND"}, "capacitor_100n")
    for k, net in enumerate(("DATA_SPI", "DATA_PWM")):  # inputs never float, ribbon or not
        add(f"R{5 + k}", FP["r"], "100k", "Device:R", f"{net} pull-down", {1: net, 2: "GND"}, "resistor_100k")
    add("JP1", FP["jumper"], "SPI|PWM", "Connector_Generic:Conn_01x03", "LED data: 1-2 spi, 2-3 ws281x",
        {1: "BUF1", 2: "DATA_BUF", 3: "BUF2"}, "jumper")
    add("R1", FP["r"], "330", "Device:R", "LED data series resistor", {1: "DATA_BUF", 2: "LED_DIN"}, "resistor")
    # The LED chain: data and the first segment's power, then one power pair per feed point.
    led = [("LED_DIN", "DIN")]
    for k, seg in enumerate(feed_segments(hw, cfg)):
        led += [("+5V", f"5V feed {k + 1} ({seg.first})"), ("GND", f"GND feed {k + 1}")]
    connector("J4", "xh", led, "LED chain: data and feeds", "conn_xh")
    # Buttons: SW and GND per button, in header order.
    for k, group in enumerate(button_groups(cfg)):
        pins = []
        for name in group:
            pins += [(f"BTN_{name}", f"{name} SW"), ("GND", f"{name} GND")]
        connector(f"J{5 + k}", "xh", pins, "buttons " + ", ".join(group), "conn_xh")
    # The reader hub: the Pico in two sockets, the readers' regulator, one connector per reader.
    cs = list(fw["CS_PINS"])[:READERS_MAX]
    spi = {fw["SCK"]: "SCK", fw["MOSI"]: "MOSI", fw["MISO"]: "MISO", fw["RST_PIN"]: "RST",
           **{gp: f"CS{k}" for k, gp in enumerate(cs)}}
    pico = {pad: ("GND" if v == "GND" else spi.get(v, "")) for pad, v in PICO_PINS.items()}
    add("J10", FP["socket"], "Pico pins 1-20", "Connector_Generic:Conn_01x20", "Pico socket (pins 1-20)",
        {k: pico[k] for k in range(1, 21)}, "socket")
    add("J11", FP["socket"], "Pico pins 40-21", "Connector_Generic:Conn_01x20", "Pico socket (pins 40-21)",
        {k: pico[41 - k] for k in range(1, 21)}, "socket")
    for k, net in enumerate(("SCK", "MOSI")):  # source termination of the star's shared edges
        add(f"R{7 + k}", FP["r"], "33", "Device:R", f"{net} series termination", {1: net, 2: f"{net}_T"}, "resistor_33")
    add("U2", FP["to220"], "LD1117V33", "Regulator_Linear:LD1117S33TR_SOT223", "3.3 V for the readers",
        {1: "GND", 2: "+3V3R", 3: "+5V"}, "regulator")
    add("C3", FP["c"], "100nF", "Device:C", "U2 input decoupling", {1: "+5V", 2: "GND"}, "capacitor_100n")
    add("C4", FP["cp5"], "10uF 16V", "Device:C_Polarized", "U2 output capacitor", {1: "+3V3R", 2: "GND"},
        "capacitor_10u")
    reader_net = {"SCK": "SCK_T", "MOSI": "MOSI_T", "MISO": "MISO", "GND": "GND", "RST": "RST", "3V3": "+3V3R"}
    for k in range(READERS_MAX):
        pins = [(f"CS{k}" if name == "CS" else reader_net[name], name) for name in READER_PINS]
        connector(f"J{12 + k}", "xh", pins, f"reader {k} (chip select GP{cs[k]})", "conn_xh")
    for k in range(4):
        add(f"H{k + 1}", FP["hole"], "M3", "Mechanical:MountingHole", "mounting hole", {})
    return Carrier(parts, connectors, data)
