"""Every part to print or cut: its OpenSCAD source, how many, and its size on the bed.

Every printed part is stored as it prints: lying on z = 0, z up (mesh.print_problems checks
each render prints that way without supports, as one watertight body).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import scad, scad_baffle, scad_base, scad_panel
from .joints import QUARTERS
from .layout import Layout
from .walls import wall_holes


@dataclass(frozen=True)
class Piece:
    name: str  # file stem: enclosure/scad/NAME.scad, enclosure/stl/NAME.stl
    what: str
    qty: int
    printed: bool  # False: laser-cut (the STL is for CNC or a large printer)
    size: tuple[float, float, float]  # bounding box as printed
    scad: str
    alternative_to: str = ""  # made instead of that piece, not as well (the printed panel)


def pieces(lay: Layout) -> list:
    b = lay.hw.board
    bf, d, p = b["baffle"], b["diffuser"], b["panel"]
    w = lay.width
    tray = scad_baffle.tray_outline(lay)
    out = [
        Piece("top_panel", "top panel (laser-cut top_panel.svg / .dxf; STL for CNC or a large printer)", 1, False,
              (w, w, p["thickness"]), scad_panel.top_panel(lay)),
        Piece("baffle_grid", "light-baffle grid: one closed cell per lamp tile, a ring round each tower button "
              "(black PLA)", 1, True, (tray.w, tray.h, scad_baffle.grid_height(lay)), scad_baffle.baffle_grid(lay)),
        Piece("baffle_tray", "LED tray under the grid: a lamp LED at each cell centre (black PLA)", 1, True,
              (tray.w, tray.h, bf["floor"]), scad_baffle.baffle_tray(lay)),
        Piece("diffuser", "diffuser tile (translucent white), lip down", 16, True,
              (p["tile_window"] + 2 * d["lip"],) * 2 + (d["lip_height"] + d["thickness"],), scad.diffuser(lay)),
    ]
    holes = wall_holes(lay)
    for corner in QUARTERS:
        out.append(Piece(f"base_{corner.lower()}", f"base, {corner} quarter: floor and corner walls in one, "
                         "dovetails and a tongue and groove to its neighbours", 1, True,
                         scad_base.base_size(lay, corner), scad_base.base_piece(lay, corner, holes)))
    for corner in QUARTERS:
        out.append(Piece(f"panel_{corner.lower()}", f"printed top panel, {corner} quarter (instead of the laser-cut "
                         "panel), keyed to its neighbours", 1, True, scad_panel.panel_size(lay, corner),
                         scad_panel.panel_piece(lay, corner), alternative_to="top_panel"))
    return out
