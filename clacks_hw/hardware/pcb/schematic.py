"""A board's schematic as a KiCad 9 file (.kicad_sch), from the same circuit as its PCB.

Each part is drawn as a box whose pins are its footprint's pads, named for what they do, with
a global label on every connected pin (a global label's net has its bare name, as the board's
nets do) and a no-connect flag on the rest: a netlist you can read and open in KiCad's
schematic editor. Each part's symbol is its own, shipped in a project library
(``symbol_library``) and cached in the schematic as KiCad does: the pins cannot drift from the pads.

``parts``: what the board carries, each with ref, value, footprint, pads ({pad: net}) and, if
the maker leaves it off, ``dnp``, or ``in_bom`` false for copper with nothing to buy (a solder jumper); ``names``: ref -> {pad: what the pin does}.
"""

from __future__ import annotations

import uuid

from .circuit import GATES, PICO_PINS, Carrier

GRID = 2.54
BODY_W = 15.24
PIN_LEN = 2.54
NS = uuid.UUID("6f1d2c7e-8a43-4c51-9d0b-2f6f3b3a9c10")  # stable UUIDs: the same circuit, the same file


def _uid(*parts: str) -> str:
    return str(uuid.uuid5(NS, "/".join(parts)))


def pin_names(c: Carrier) -> dict:
    """The carrier's ref -> {pad: name}: what each pad is, in the words of the part's datasheet or harness."""
    names = {ref: {str(pin): label for pin, _, label in pins} for ref, pins in c.connectors.items()}
    u1 = {"7": "GND", "14": "VCC"}
    for k, (oe, a, y) in enumerate(GATES, 1):
        u1.update({str(oe): f"{k}~OE", str(a): f"{k}A", str(y): f"{k}Y"})
    names["U1"] = u1
    names["U2"] = {"1": "GND", "2": "VOUT", "3": "VIN"}
    names["J3"] = {"A9": "VBUS", "B9": "VBUS", "A12": "GND", "B12": "GND", "S1": "SHIELD", "A5": "CC1", "B5": "CC2"}
    pico = {k: (f"GP{v}" if isinstance(v, int) else v) for k, v in PICO_PINS.items()}
    names["J10"] = {str(k): f"{pico[k]} (pin {k})" for k in range(1, 21)}
    names["J11"] = {str(k): f"{pico[41 - k]} (pin {41 - k})" for k in range(1, 21)}
    names["JP1"] = {"1": "SPI", "2": "COM", "3": "PWM"}
    names["F1"] = {"1": "IN", "2": "OUT"}
    return names


def _pads(part) -> list:
    """The part's pad names in order (from its pad map; mounting holes have none)."""
    def key(name):
        return (0, int(name)) if name.isdigit() else (1, name)
    return sorted(part.pads, key=key)


def _symbol_def(part, names: dict, lib: str = "") -> str:
    """The part's symbol, named ``lib:ref`` as a schematic caches it or ``ref`` in its library."""
    pads = _pads(part)
    half = -(-len(pads) // 2)
    left, right = pads[:half], pads[half:]
    h = max(len(left), len(right)) * GRID + GRID
    x = BODY_W / 2
    name = f"{lib}:{part.ref}" if lib else part.ref
    out = [f'(symbol "{name}" (exclude_from_sim no) (in_bom yes) (on_board yes)',
           f'  (property "Reference" "{part.ref}" (at 0 {h / 2 + 1.27:.2f} 0) (effects (font (size 1.27 1.27))))',
           f'  (property "Value" "{part.value}" (at 0 {-h / 2 - 1.27:.2f} 0) (effects (font (size 1.27 1.27))))',
           f'  (property "Footprint" "{part.footprint}" (at 0 0 0) (effects (font (size 1.27 1.27)) (hide yes)))',
           f'  (symbol "{part.ref}_0_1" (rectangle (start {-x:.2f} {h / 2:.2f}) (end {x:.2f} {-h / 2:.2f}) '
           '(stroke (width 0.254) (type default)) (fill (type background))))',
           f'  (symbol "{part.ref}_1_1"']
    for side, pins, angle, px in (("l", left, 0, -x - PIN_LEN), ("r", right, 180, x + PIN_LEN)):
        for k, pad in enumerate(pins):
            py = h / 2 - GRID * (k + 1)
            name = names.get(pad, pad).replace('"', "'")
            out.append(f'    (pin passive line (at {px:.2f} {py:.2f} {angle}) (length {PIN_LEN}) '
                       f'(name "{name}" (effects (font (size 1.0 1.0)))) (number "{pad}" (effects (font (size 1.0 1.0)))))')
    out.append("  )")
    out.append("  (embedded_fonts no))")
    return "\n".join(out)


def _pin_points(part, at: tuple[float, float]) -> list:
    """(pad, x, y, side) of every pin's connection point on the sheet (y down)."""
    pads = _pads(part)
    half = -(-len(pads) // 2)
    h = max(half, len(pads) - half) * GRID + GRID
    out = []
    for k, pad in enumerate(pads):
        left = k < half
        row = k if left else k - half
        px = -BODY_W / 2 - PIN_LEN if left else BODY_W / 2 + PIN_LEN
        py = h / 2 - GRID * (row + 1)
        out.append((pad, at[0] + px, at[1] - py, "l" if left else "r"))
    return out


def _drawn(parts: list) -> list:
    """The parts the schematic draws: those with pads (mounting holes are the board's alone)."""
    return [p for p in parts if p.pads]


def symbol_library(parts: list, names: dict, lib: str) -> str:
    """The project's symbol library (lib.kicad_sym): every drawn part's symbol, as cached."""
    out = ['(kicad_symbol_lib (version 20241209) (generator "clacks-hw") (generator_version "9.0")']
    out += ["  " + line for p in _drawn(parts) for line in _symbol_def(p, names.get(p.ref, {})).splitlines()]
    return "\n".join(out + [")"]) + "\n"


def schematic(parts: list, names: dict, title: str, lib: str, project: str) -> str:
    """The schematic of ``parts``; their symbols from library ``lib``, in KiCad project ``project``."""
    parts = _drawn(parts)
    # Columns of parts, each column as tall as the sheet allows; coordinates on a 2.54 mm grid.
    at, col_x, y, col_w, top = {}, 30 * GRID, 20 * GRID, 40 * GRID, 20 * GRID
    for p in parts:
        rows = -(-len(p.pads) // 2) + 2
        if y + rows * GRID > 300:
            col_x, y = col_x + col_w, top
        at[p.ref] = (col_x, y + rows * GRID / 2)
        y += rows * GRID + 4 * GRID
    root = _uid("sheet")
    out = ['(kicad_sch (version 20250114) (generator "clacks-hw") (generator_version "9.0")', f'  (uuid "{root}")',
           '  (paper "A1")',
           f'  (title_block (title "{title}") (comment 1 "Generated by clacks-hw build-files from the pins and parts data: '
           'do not edit"))', "  (lib_symbols"]
    out += ["    " + line for p in parts for line in _symbol_def(p, names.get(p.ref, {}), lib).splitlines()]
    out.append("  )")
    for p in parts:
        x, y = at[p.ref]
        out.append(f'  (symbol (lib_id "{lib}:{p.ref}") (at {x:.2f} {y:.2f} 0) (unit 1) (exclude_from_sim no) '
                   f'(in_bom {"yes" if getattr(p, "in_bom", True) else "no"}) (on_board yes) '
                   f'(dnp {"yes" if getattr(p, "dnp", False) else "no"}) (uuid "{_uid(p.ref)}")')
        out.append(f'    (property "Reference" "{p.ref}" (at {x:.2f} {y - 3:.2f} 0) (effects (font (size 1.27 1.27))))')
        out.append(f'    (property "Value" "{p.value}" (at {x:.2f} {y + 3:.2f} 0) (effects (font (size 1.27 1.27))))')
        out.append(f'    (property "Footprint" "{p.footprint}" (at {x:.2f} {y:.2f} 0) '
                   "(effects (font (size 1.27 1.27)) (hide yes)))")
        out += [f'    (pin "{pad}" (uuid "{_uid(p.ref, pad)}"))' for pad in _pads(p)]
        out.append(f'    (instances (project "{project}" (path "/{root}" (reference "{p.ref}") (unit 1))))')
        out.append("  )")
        for pad, px, py, side in _pin_points(p, (x, y)):
            net = p.pads.get(pad, "")
            if net:
                angle, just = (180, "right") if side == "l" else (0, "left")
                out.append(f'  (global_label "{net}" (shape passive) (at {px:.2f} {py:.2f} {angle}) '
                           f'(effects (font (size 1.27 1.27)) (justify {just})) (uuid "{_uid(p.ref, pad, "label")}"))')
            else:
                out.append(f'  (no_connect (at {px:.2f} {py:.2f}) (uuid "{_uid(p.ref, pad, "nc")}"))')
    out.append('  (sheet_instances (path "/" (page "1")))')
    out.append("  (embedded_fonts no)")
    out.append(")")
    return "\n".join(out) + "\n"


def no_connect_nets(parts: list, names: dict) -> dict:
    """ref -> {pad: net}: the net KiCad gives each pin flagged no-connect (its own, named for
    the pin as KiCad names it); the board's pad must carry it for DRC's schematic parity."""
    out = {}
    for p in _drawn(parts):
        for pad in _pads(p):
            if not p.pads.get(pad):
                name = names.get(p.ref, {}).get(pad, pad).replace('"', "'")
                shown = f"-{name}" if name and name != pad else ""
                out.setdefault(p.ref, {})[pad] = f"unconnected-({p.ref}{shown}-Pad{pad})".replace(" ", "_")
    return out


def symbol_ids(parts: list) -> dict:
    """ref -> the uuid of the part's symbol: the board's footprints carry it, so KiCad pairs them."""
    return {p.ref: _uid(p.ref) for p in _drawn(parts)}


def read_back(parts: list, text: str) -> dict:
    """A written schematic read back: {(ref, pad): net label at that pin, or ""}."""
    from .kicad_lib import parse
    tree = parse(text)
    placed = {}
    for n in tree:
        if isinstance(n, list) and n and n[0] == "symbol":
            lib = next(x for x in n if isinstance(x, list) and x[0] == "lib_id")[1]
            pos = next(x for x in n if isinstance(x, list) and x[0] == "at")
            placed[lib.split(":")[1]] = (float(pos[1]), float(pos[2]))
    labels = {}
    for n in tree:
        if isinstance(n, list) and n and n[0] == "global_label":
            pos = next(x for x in n if isinstance(x, list) and x[0] == "at")
            labels[(round(float(pos[1]), 2), round(float(pos[2]), 2))] = n[1]
    out = {}
    for p in parts:
        if p.ref in placed:
            for pad, x, y, _ in _pin_points(p, placed[p.ref]):
                out[(p.ref, pad)] = labels.get((round(x, 2), round(y, 2)), "")
    return out
