"""enclosure/design.md: the figures behind the enclosure's design, computed from the data the
parts are made from: the card readers' distance and why, the vents' sums, every clearance
the build checks, and how the pieces join and open."""

from __future__ import annotations

from .checks import dist_to_rect
from .joints import lid_inserts, panel_keys
from .layout import Layout
from .scad_baffle import baffle_radii, crossing_depth
from .scad_panel import engraved_labels
from .vents import sizing, vents_md
from .walls import vent_holes


def _readers(lay: Layout) -> list:
    b, part = lay.hw.board, lay.hw.parts["reader"]
    rd = b["readers"]
    r = lay.readers[0]
    gap = lay.z_panel - r.z_top
    reach = gap + b["panel"]["thickness"]
    metal = min(dist_to_rect(x, y, r2.antenna) for r2 in lay.readers for x, y in r2.screws)
    return [
        "## Card readers", "",
        f"Each MFRC522 board ({part['size'][0]:g} x {part['size'][1]:g} mm) drops into a cradle printed with its base "
        f"quarter: fences on its two wall sides {rd['fit']:g} mm away, rails under its edges, two printed pegs "
        f"({part['hole'] - 2 * rd['fit']:g} mm) through its {part['hole']:g} mm holes by the antenna, and two M3 self-tapping "
        f"screws into {part['pilot']:g} mm pilot holes at its far end. Its header end stays open for the wires.",
        "",
        f"**Read range designed for: {rd['read_range']:g} mm from antenna to tag.** NXP rates the MFRC522 for up to "
        "50 mm with a large, tuned antenna; users of the common RC522 module report about 20 mm with a MIFARE card, "
        "and under 10 mm with small passive tags on cheap modules. No figure was found for the 25 mm NTAG213 sticker "
        "the cards carry, whose antenna is smaller than a card's, so the design keeps the tag within the worst reported "
        "range. Paper and plastic pass 13.56 MHz with little loss; metal near the coil detunes it. (NXP MFRC522 data "
        "sheet; reports in the issue trackers of the miguelbalboa/rfid, mxgxw/MFRC522-python and diozero projects.)",
        "",
        "| | |", "|---|---|",
        f"| the reader's tallest part (its crystal) above the board | {part['height']:g} mm |",
        f"| from that part to the panel's underside | {rd['above']:g} mm |",
        f"| panel | {b['panel']['thickness']:g} mm |",
        f"| **antenna to a tag lying on the panel** | **{reach:g} mm** (at most {rd['read_range']:g}) |",
        f"| nearest screw to the antenna area | {metal:.1f} mm |",
        "",
    ]


def _clearances(lay: Layout) -> list:
    b, p = lay.hw.board, lay.hw.parts
    btn, rad, c = p["tower_button"], baffle_radii(lay), b["enclosure"]["clearance"]
    towers = lay.holes_of("tower")
    nut_gap = min(dist_to_rect(t.x, t.y, w) for t in towers for _, w in lay.windows) - btn["nut"] / 2
    bezel_gap = min(dist_to_rect(t.x, t.y, w) for t in towers for _, w in lay.windows) - b["diffuser"]["lip"] - btn["bezel"] / 2
    ring_gap = min(dist_to_rect(t.x, t.y, w) for t in towers for _, w in lay.windows) - rad["ring"]
    j, ins = b["joints"], p["insert_m3"]
    hub = p["hub"]
    return [
        "## Clearances the build checks", "",
        "| what | figure | needs |", "|---|---|---|",
        f"| tower button's nut ({btn['nut']:g} mm wide) to the nearest lamp window | {nut_gap:.2f} mm | "
        f"{c:g} mm |",
        f"| tower button's bezel ({btn['bezel']:g} mm) to the nearest diffuser lip | {bezel_gap:.2f} mm | 0 mm |",
        f"| baffle ring round a button body (hole {2 * rad['body']:g} mm, ring {2 * rad['ring']:g} mm) to the nearest "
        f"window | {ring_gap:.2f} mm | 0 mm |",
        f"| nut zone under the panel, where the rib is cut back round a nut ({2 * rad['nut']:g} mm) | "
        f"{b['baffle']['nut_zone']:g} mm deep | under {crossing_depth(lay) - 0.5:.2f} mm (straight paths cross the rib "
        f"{crossing_depth(lay):.2f} mm down or lower) |",
        f"| the button's nut ({btn['nut_height']:g} mm thick) in the nut zone | {b['baffle']['nut_zone'] - btn['nut_height']:g} mm"
        f" to spare | {c:g} mm |",
        f"| card reader in its cradle, each side | {b['readers']['fit']:g} mm | slide fit |",
        f"| reader hub: the carrier's sockets over its pins ({'with' if hub['headers'] else 'without'} headers) | "
        f"{hub['socket'] - hub['below']:g} mm | 0 mm |",
        f"| dovetail tab in its socket, tongue in its groove, panel key in its socket, each side | {j['fit']:g} mm | "
        "slide fit |",
        f"| dovetail socket's roof (a bridge) | {j['dovetail'][1] + 2 * j['fit']:g} mm | at most "
        f"{b['print']['bridge']:g} mm |",
        f"| plastic round each heat-set insert ({ins['hole']:g} mm hole) | at least {b['lid']['boss_wall']:g} mm | "
        f"{b['lid']['boss_wall']:g} mm |",
        "",
    ]


def _joints(lay: Layout) -> list:
    j, ins = lay.hw.board["joints"], lay.hw.parts["insert_m3"]
    pp, layer = lay.hw.board["panel_print"], lay.hw.board["print"]["layer"]
    n_lid = sum(1 for i in lid_inserts(lay) if i.name.startswith("lid"))
    n_pillar = len(lid_inserts(lay)) - n_lid
    return [
        "## Joints, and opening the box", "",
        f"- The base prints as four corner quarters, each its floor and its two walls in one, so the corners are "
        f"whole and flush with the panel. They meet along the middle lines: {len(j['dovetails'])} dovetail tabs per "
        f"half seam in the bottom {j['dovetail_height']:g} mm of the floor slide under the neighbour's floor, and where "
        f"the walls meet a {j['tongue'][0]:g} mm tongue slides into a groove inside a thickened stretch of wall. Put them "
        "together NW, NE, SW, SE, each lowered straight down onto the last; glue is optional.",
        f"- The panel is screwed down with M3 screws into {n_lid + n_pillar} heat-set inserts ({ins['example']}): "
        f"{n_pillar} atop the pillars under the baffle's corners (through the panel, the grid and the tray) and "
        f"{n_lid} in the thickened walls beside the joints, one per quarter. Undo them and the panel lifts off with "
        "its buttons for service; the microSD card comes out through its slot with the box closed.",
        f"- The printed panel's quarters lock together with {len(panel_keys(lay))} dovetail keys where the middle "
        "lines cross the baffle's ribs; the seams run through the middle of the holes on those lines.",
        f"- Their tops carry what the laser engraves, as pockets open to the top (nothing to support): the card-reader "
        f"outline{'s' if len(lay.readers) > 1 else ''} and {len(engraved_labels(lay))} labels in "
        f"{pp['label_font'].replace(':style=', ' ')} with {pp['label_size']:g} mm capitals, {pp['engrave']:g} mm deep ({round(pp['engrave'] / layer)} layers of "
        f"{layer:g} mm).",
        "",
    ]


def design_md(lay: Layout) -> str:
    s = sizing(lay, lay.heat_w)
    placed = len(vent_holes(lay)[0]) // 2
    v = lay.hw.board["vents"]
    lines = ["# Enclosure design figures", "",
             "Generated by `clacks-hw build-files` from `clacks_hw/hardware/board.toml` and `parts.toml`: do not edit.",
             "Each figure is one the build checks; `enclosure/parts.md` has each printed part's overhang and bridge "
             "figures and the light-leak result.", ""]
    lines += _readers(lay) + _clearances(lay) + _joints(lay)
    lines += ["## Vents", "",
              "All the power the board draws ends up as heat in the box. Some leaves through the walls and the panel "
              f"(U = {v['skin_u']:g} W/m2K: 3 mm of PLA with still air on both sides); the rest rises with air from a "
              "row of low slots to a row of high ones. The slot area A in each row follows from "
              "`Q_air = rho cp dT Cd (A / sqrt 2) sqrt(2 g h dT / T)` with the air inside at most "
              f"{v['delta_t']:g} K warmer than a {v['room']:g} C room ({v['room'] + v['delta_t']:g} C: under the "
              "glass transition of PLA, about 60 C).", "", vents_md(lay, s, placed).rstrip(), ""]
    return "\n".join(lines) + "\n"
