"""The bill of materials (bom/bom.csv, bom/bom.md): everything a maker buys, with how many,
where the count comes from, a manufacturer part number or a spec, and an estimated price.

Counts come from the data, never typed in: LEDs from the chain, buttons from the towers and
controls, readers from reader.seats, the carrier's parts from its circuit, wire by gauge and
length from the harness and the chain, screws and inserts from the assembly, filament grams by
colour from the slicer's figures (enclosure/stl/manifest.json) when they are there, stickers
from the edition's cards (rounded up to whole packs).
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import Counter
from pathlib import Path

from ..drivers.frame import LAMPS, SEATS, TOWERS
from ..cards.enrolment import card_ids
from .power import budget

HEADER = ["section", "part", "qty", "unit", "count from", "part number or spec", "each (EUR, est.)",
          "total (EUR, est.)", "source"]
ROOT = Path(__file__).resolve().parents[2]


def _line(section, part, qty, unit, why, spec, each, source="") -> list:
    return [section, part, qty, unit, why, spec, round(each, 2), round(each * qty, 2), source]


def _part(section, p, qty, why, unit="pcs") -> list:
    return _line(section, p["name"], qty, unit, why, p["example"], p["price"], p["source"])


def electronics(hw, cfg) -> list:
    p, out = hw.parts, []
    readers = max(len(cfg.reader.seats), 1) if cfg.reader.type == "hub" else 0
    b = budget(hw, cfg)
    out.append(_part("electronics", p["pi"], 1, "the board's computer"))
    out.append(_part("electronics", p["sdcard"], 1, "the Pi's system"))
    out.append(_part("electronics", p["supply"], 1, f"5 V; the board uses up to {b.board_a:.2f} A of it (wiring/power.md)"))
    out.append(_part("electronics", p["jack"], 1, "rear wall, rated above the jack lead's current"))
    out.append(_part("electronics", p["usb_extension"], 1, "rear wall"))
    if readers:
        out.append(_part("electronics", p["hub"], 1, "plugs into the carrier"))
        out.append(_part("electronics", p["reader"], readers, f"one per seat in reader.seats ({readers})"))
        out.append(_part("electronics", p["usb_cable"], 1, "hub to the Pi"))
    lead = f" + {cfg.leds.lead_pixels} lead" if cfg.leds.lead_pixels else ""
    out.append(_part("electronics", p["lamp_led"], LAMPS + cfg.leds.lead_pixels, f"{LAMPS} lamp tiles{lead}"))
    out.append(_part("electronics", p["small_led"], len(TOWERS) + len(SEATS),
                     f"{len(TOWERS)} tower buttons + {len(SEATS)} seat indicators"))
    out.append(_part("electronics", p["tower_button"], len(TOWERS), "one per tower"))
    out.append(_part("electronics", p["control_button"], len(hw.board["panel"]["controls"]),
                     ", ".join(hw.board["panel"]["controls"])))
    out.append(_part("electronics", p["usb_c_cable"], 1, "the carrier's 5 V to the Pi"))
    return out


def carrier_parts(hw, cfg) -> list:
    """The carrier PCB and what is soldered onto it, counted from its circuit."""
    from .pcb.circuit import carrier
    p, c = hw.parts, carrier(hw, cfg)
    b = budget(hw, cfg)
    out = [_line("carrier", p["power_board"]["name"], 1, "pcs", "pcb/ (board houses sell 5 a batch: one batch "
                 "builds five boards)", p["power_board"]["example"], p["power_board"]["price"], p["power_board"]["source"])]
    counts = Counter(part.bom for part in c.parts if part.bom and not part.bom.startswith("conn_") and part.bom != "usb_c")
    why = {"fuse": f"{b.fuse_a:g} A: the board's {b.board_a:.2f} A is at most 75 % of it", "socket": "the Pico's two rows"}
    for key, n in sorted(counts.items()):
        part = p["header_idc"] if key == "conn_idc" else p[key]
        out.append(_part("carrier", part, n, why.get(key, ", ".join(x.ref for x in c.parts if x.bom == key))))
    out.append(_part("carrier", p["header_idc"], 1, "J2"))
    out.append(_part("carrier", p["usb_c"], 1, "J3"))
    return out


def connectors(hw, cfg, h: dict) -> list:
    """Headers, housings and crimps by kind and size: one of each per harness connector used."""
    from .pcb.circuit import carrier
    p, c = hw.parts, carrier(hw, cfg)
    sizes: Counter = Counter()
    for ref, pins in c.connectors.items():
        kind = h["meta"].get(ref, {}).get("kind")
        if kind in ("xh", "vh") and ref in h["connectors"]:
            sizes[(kind, len(pins))] += 1
    out = []
    for (kind, n), count in sorted(sizes.items()):
        part = p[f"conn_{kind}"]
        spec = part["example"].replace("{n}", str(n))
        if kind == "vh":
            spec = spec.replace("B2P", f"B{n}P").replace("VHR-2N", f"VHR-{n}N")
        out.append(_line("connectors", f"{part['name']}: {n} pins", count, "set", "the harness's connectors on the carrier",
                         spec, part["price"] * n, part["source"]))
    readers = sum(1 for m in h["meta"].values() if m.get("kind") == "spi")
    if readers:
        d = p["conn_dupont"]
        out.append(_line("connectors", d["name"], readers, "set", "one per reader", d["example"], d["price"] * 8, d["source"]))
    out.append(_line("connectors", p["conn_idc"]["name"], 1, "cable", "the Pi to the carrier",
                     p["conn_idc"]["example"], p["conn_idc"]["price"], p["conn_idc"]["source"]))
    return out


def wire_and_sundries(hw, cfg, h: dict, lay) -> list:
    """Wire by gauge (harness and LED chain), heat-shrink and glue."""
    from .harness import positions
    from .harness_data import chain_names, cut_mm, feed_gauge, feed_segments, run_mm
    metres: Counter = Counter()
    joints = 0
    for name, cable in h["cables"].items():
        if "gauge" in cable and h["meta"][name]["kind"] != "bought" and name != "W_RIBBON":
            metres[cable["gauge"]] += cable["length"] * cable["wirecount"]
            ends = (h["meta"][name]["ends"])
            joints += cable["wirecount"] * sum(h["meta"][e]["kind"] in ("lug", "jack") for e in ends)
    pos, names = positions(lay, cfg), [n for n in chain_names(cfg) if not n.startswith("lead")]
    starts = {s.first for s in feed_segments(hw, cfg)}
    chain_mm = 0.0
    for a, b in zip(names, names[1:]):
        wires = 1 if b in starts else 3  # between runs only the data wire continues
        chain_mm += cut_mm(run_mm(pos[a], pos[b])) * wires
        joints += 2 * wires
    metres[feed_gauge(hw)] += chain_mm / 1000
    p, out = hw.parts, []
    for gauge, m in sorted(metres.items()):
        buy = math.ceil(m)
        out.append(_line("wire", f"stranded hook-up wire, {gauge} AWG (several colours)", buy, "m",
                         f"{m:.1f} m in the harness and the LED chain (wiring/power.md)", f"{gauge} AWG stranded, "
                         "PVC or silicone", p["wire"]["price"], p["wire"]["source"]))
    hs = p["heat_shrink"]
    out.append(_line("wire", hs["name"], math.ceil(joints * hs["per_joint"] / 1000), "m",
                     f"{joints} soldered ends x {hs['per_joint']:g} mm", hs["example"], hs["price"], hs["source"]))
    out.append(_part("wire", p["glue"], 1, "the LED tray", unit="pack"))
    return out


def fasteners(parts: list, hw) -> list:
    """Screws and heat-set inserts by size, counted in the assembly."""
    out = []
    for piece in parts:
        key = piece.name.removeprefix("bought/")
        if key.startswith(("screw_", "insert_")) and key in hw.parts:
            out.append(_part("fasteners", hw.parts[key], len(piece.placements), "counted in enclosure/assembly.json"))
    return out


def printed(hw, lay) -> list:
    """Filament by colour, grams from PrusaSlicer's figures when the manifest has them; the panel's sheet."""
    p, out = hw.parts, []
    manifest = ROOT / "enclosure/stl/manifest.json"
    grams: Counter = Counter()
    if manifest.exists():
        for e in json.loads(manifest.read_text(encoding="utf-8")).values():
            if e.get("printed") and "grams" in e:
                grams[e.get("filament", "body")] += e["grams"] * e["qty"]
    fil = p["filament"]
    for key, g in sorted(grams.items()):
        colour = hw.board["filaments"].get(key, {}).get("colour", key)
        out.append(_line("printed", f"PLA filament, {colour}", round(g), "g", "PrusaSlicer's grams per part x copies "
                         "(enclosure/parts.md)", fil["example"], fil["price_per_kg"] / 1000, fil["source"]))
    out.append(_part("printed", p["sheet"], 1, "the laser-cut top panel"))
    return out


def rows(hw, cfg, edition, lay=None, parts=None) -> list:
    from .harness import harness
    from .layout import layout
    lay = lay or layout(hw, cfg.reader.seats)
    if parts is None:
        from .assembly import all_parts
        parts = all_parts(lay)
    h = harness(hw, cfg, lay)
    tags, pack = len(card_ids(edition)), hw.parts["tag"]["pack"]
    cards = [_line("cards", hw.parts["tag"]["name"], math.ceil(tags / pack), "pack",
                   f"{tags} cards in {edition.name}, {pack:g} a pack", hw.parts["tag"]["example"], hw.parts["tag"]["price"],
                   hw.parts["tag"]["source"])]
    return (electronics(hw, cfg) + carrier_parts(hw, cfg) + connectors(hw, cfg, h) + wire_and_sundries(hw, cfg, h, lay)
            + fasteners(parts, hw) + printed(hw, lay) + cards)


def total(table) -> float:
    return round(sum(r[7] for r in table), 2)


def bom_csv(hw, cfg, edition, lay=None, parts=None) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(HEADER)
    table = rows(hw, cfg, edition, lay, parts)
    w.writerows(table)
    w.writerow(["total", "", "", "", "", "", "", total(table), hw.parts["prices"]["date"]])
    return buf.getvalue()


def bom_md(hw, cfg, edition, lay=None, parts=None) -> str:
    table = rows(hw, cfg, edition, lay, parts)
    pr = hw.parts["prices"]
    lines = ["# Bill of materials", "",
             "Generated by `clacks-hw build-files` from `clacks_hw/hardware/parts.toml`, the board, the config, the",
             "assembly and the edition: do not edit. Every count comes from the data (the `count from` column).",
             f"Prices are **estimated** ({pr['note']}; {pr['date']}).", ""]
    section = None
    for sec, name, qty, unit, why, spec, each, tot, _ in table:
        if sec != section:
            section = sec
            lines += ["", f"## {sec.capitalize()}", "", "| part | qty | count from | part number or spec | each | total |",
                      "|---|---|---|---|---|---|"]
        q = f"{qty:g}" if unit == "pcs" else f"{qty:g} {unit}{'s' if qty != 1 and unit in ('set', 'pack', 'cable') else ''}"
        lines.append(f"| {name} | {q} | {why} | {spec} | {each:.2f} | {tot:.2f} |")
    lines += ["", f"**Total, estimated: {total(table):.2f} EUR** ({pr['date']}).", "",
              "Sources for each part's ratings and dimensions: the `source` column of bom.csv."]
    return "\n".join(lines) + "\n"
