"""The circuit board's bill of materials, the assembly service's files and the build's cost.

- jlc_bom / jlc_cpl: JLCPCB's BOM (Comment, Designator, Footprint, LCSC Part #) and placement
  (Designator, Mid X, Mid Y, Layer, Rotation) of every fitted surface-mount part, rotations
  corrected by mainboard.toml's fab.rotations (KiCad and JLC count from different zeros).
- costs: the whole build priced with the Pi Zero 2 W, for one build paying a whole board order
  and for the builds sharing one order, every figure from mainboard.toml (estimates labelled there).
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass

from .circuit import Board

JLC_ROW_MAX = 200  # designators per BOM row (JLC "Recommendations for BOM/CPL", 2026-01-19)


def _kicad_name(footprint: str) -> str:
    return footprint.split(":", 1)[1]


def placed(board: Board) -> list:
    """The parts the assembly service places: fitted, surface-mount, not left to the maker
    (`hand`), in reference order."""
    kinds = board.data["kind"]

    def key(p):
        m = re.fullmatch(r"([A-Z]+)(\d+)", p.ref)
        return (m.group(1), int(m.group(2)))
    return sorted((p for p in board.parts if p.fitted and kinds[p.kind]["smd"] and not kinds[p.kind].get("hand")), key=key)


def jlc_bom(board: Board) -> str:
    kinds, rows = board.data["kind"], {}
    for p in placed(board):
        rows.setdefault(p.kind, []).append(p.ref)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["Comment", "Designator", "Footprint", "LCSC Part #"])
    for kind, refs in rows.items():
        k = kinds[kind]
        for i in range(0, len(refs), JLC_ROW_MAX):
            w.writerow([k["value"], ",".join(refs[i:i + JLC_ROW_MAX]), _kicad_name(k["footprint"]), k["lcsc"]])
    return buf.getvalue()


def rotation(board: Board, part) -> float:
    """JLC's rotation of a part: KiCad's plus the correction of the first pattern its footprint matches."""
    name = _kicad_name(board.data["kind"][part.kind]["footprint"])
    fix = next((v for pat, v in board.data["fab"]["rotations"].items() if re.match(pat, name)), 0)
    return (part.rot + fix) % 360


def jlc_cpl(board: Board) -> str:
    """Mid X, Mid Y in mm from the board's south-west corner, y north (as the board house reads it)."""
    x0, _, _, y1 = board.data["board"]["outline"]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["Designator", "Mid X", "Mid Y", "Layer", "Rotation"])
    for p in placed(board):
        w.writerow([p.ref, f"{p.at[0] - x0:.2f}", f"{y1 - p.at[1]:.2f}", "Top", f"{rotation(board, p):g}"])
    return buf.getvalue()


@dataclass(frozen=True)
class Line:
    section: str
    name: str
    qty: float
    each_eur: float
    note: str

    @property
    def total(self) -> float:
        return self.qty * self.each_eur


def _eur(data: dict, item: dict) -> float:
    return item["eur"] if "eur" in item else item["usd"] * data["prices"]["usd_eur"]


def board_area_cm2(data: dict) -> float:
    x0, y0, x1, y1 = data["board"]["outline"]
    return (x1 - x0) * (y1 - y0) / 100


def pcb_order_eur(data: dict, area_cm2: float, qty: int | None = None) -> float:
    """A board house order: the minimum quantity of boards of this area, shipped (estimate)."""
    f = data["fab"]
    qty = qty or f["pcb_min_qty"]
    return (area_cm2 * f["pcb_usd_per_cm2"] * qty + f["pcb_shipping_usd"]) * data["prices"]["usd_eur"]


def costs(board: Board, builds: int = 1) -> dict:
    """Every line of one build with its price, when ``builds`` builds share one board order
    (its boards, its assembly setup and each part line's minimum purchase), and the total."""
    d = board.data
    f, kinds, usd = d["fab"], d["kind"], d["prices"]["usd_eur"]
    n = Counter(p.kind for p in board.parts if p.fitted)
    smd = [k for k in n if kinds[k]["smd"] and not kinds[k].get("hand")]
    lines = []
    for kind in sorted(smd, key=lambda k: kinds[k]["value"]):
        k = kinds[kind]
        bought = max(n[kind] * builds, f["part_min_qty"])
        lines.append(Line("placed by the board house", k["value"], n[kind], _eur(d, k) * bought / n[kind] / builds,
                          f"LCSC {k['lcsc']} ({k['jlc']}); {bought} bought for {builds} board(s)"))
    for kind in sorted((k for k in n if k not in smd and not kinds[k].get("copper")), key=lambda k: kinds[k]["value"]):
        k = kinds[kind]
        lcsc = f"LCSC {k['lcsc']}; " if "lcsc" in k else ""
        lines.append(Line("soldered by hand", k["value"], n[kind], _eur(d, k), lcsc + k["source"].split(";")[0]))
    lines.append(Line("bought", kinds["switch"]["value"], n["socket"], _eur(d, kinds["switch"]), "one per socket"))
    buy = d["buy"]
    for key, qty in (("pi", 1), ("sd", 1), ("supply", 1), ("pico", 1), ("hub_cable", 1), ("reader", len(board.readers)),
                     ("reader_cable", len(board.readers)), ("keycaps", 1), ("case", 1), ("tags", 1)):
        lines.append(Line("bought", buy[key]["name"], qty, buy[key]["eur"], buy[key]["source"]))
    joints = sum(len(kinds[p.kind]["pins"]) for p in placed(board))
    extended = sorted(k for k in smd if kinds[k]["jlc"] == "extended")
    fixed = {
        f"PCB order: {f['pcb_min_qty']} boards, {board_area_cm2(d):.0f} cm2 each, shipped (estimate)": pcb_order_eur(
            d, board_area_cm2(d)),
        "assembly setup and stencil, one side": (f["smt_setup_usd"] + f["smt_stencil_usd"]) * usd,
        f"feeder loading, {len(extended)} extended part types (estimate)": f["extended_fee_usd"] * len(extended) * usd,
    }
    joints_eur = joints * f["smt_joint_usd"] * usd
    parts = sum(x.total for x in lines)
    return {"lines": lines, "fixed": fixed, "joints": joints, "joints_eur": joints_eur, "extended": extended,
            "builds": builds, "parts": parts, "total": parts + sum(fixed.values()) / builds + joints_eur,
            "pi4_delta": buy["pi4"]["eur"] - buy["pi"]["eur"], "target": d["budget"]["target_eur"]}


def modules_compare(board: Board) -> dict:
    """One board against two identical halves for one build: the bare boards the order buys."""
    d = board.data
    area = board_area_cm2(d)
    one = pcb_order_eur(d, area)
    halves = pcb_order_eur(d, area / 2)  # 5 halves: one build uses 2 of them
    return {"one_eur": one, "halves_eur": halves, "saving_eur": one - halves, "area_cm2": area}
