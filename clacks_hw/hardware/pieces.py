"""Every part to print or cut: its OpenSCAD source, where each copy goes in the assembly, what
fastens to it (mating.py says how), and its size on the bed.

Every printed part is stored as it prints: lying on z = 0, z up (render_checks.py reads each
render back and checks it prints that way without supports, as one watertight body).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import scad, scad_baffle, scad_base, scad_panel
from .joints import QUARTERS, lid_inserts
from .layout import Layout
from .mating import DOWN, Insert, Placement, Screw
from .walls import wall_holes


@dataclass(frozen=True)
class Piece:
    name: str  # file stem: enclosure/scad/NAME.scad, enclosure/stl/NAME.stl
    what: str
    printed: bool  # False: laser-cut (the STL is for CNC or a large printer), or bought
    size: tuple[float, float, float]  # bounding box as printed
    scad: str
    placements: tuple[Placement, ...]  # one per copy, in the assembly frame (mating.py)
    inserts: tuple[Insert, ...] = ()
    screws: tuple[Screw, ...] = ()
    filament: str = "body"  # print.filaments key: what it is printed in
    bought: bool = False  # a bounding model of a bought part (enclosure/stl/bought/)
    alternative_to: str = ""  # made instead of that piece (the printed panel): not in the assembly or the totals
    copies: int = 0  # how many to make, where it has no placements (an alternative)

    @property
    def qty(self) -> int:
        return len(self.placements) or self.copies

    def copy_name(self, k: int) -> str:
        """The name of copy k (0-based) in the assembly: the part's, then the copy's label or number."""
        label = self.placements[k].label or (str(k + 1) if self.qty > 1 else "")
        return f"{self.name} {label}".strip()


def _at(lay: Layout, x: float, y: float, z: float = 0.0, label: str = "", rotate=(0.0, 0.0, 0.0)) -> Placement:
    """A placement from plan coordinates (y south) into the assembly's (y north)."""
    return Placement((x, lay.width - y, z), rotate, label)


GRID_SCREW = "screw_m3x30"  # through the panel, the baffle grid and the tray into a pillar's insert
WALL_SCREW = "screw_m3x8_insert"  # through the panel into an insert in a thickened wall


def _panel_screws(lay: Layout) -> tuple:
    """The panel's screws, in the panel's own frame (its underside at z = 0)."""
    t = lay.hw.board["panel"]["thickness"]
    return tuple(Screw(h.name, (h.x, lay.width - h.y, t), DOWN, GRID_SCREW if h.name.startswith("screw") else WALL_SCREW)
                 for h in lay.holes_of("screw"))


def _quarter_inserts(lay: Layout, corner: str) -> tuple:
    """The holes of this base quarter that take a screw's thread: a pilot down each board
    standoff (for that board's screw), a pilot under each reader's screw holes, and the panel's
    heat-set inserts (atop the baffle pillars and in the thickened walls)."""
    parts, floor, out = lay.hw.parts, lay.hw.board["enclosure"]["floor"], []
    for p in scad_base.piece_posts(lay, corner):
        if p.pilot:
            screw = parts[p.name.split(" standoff")[0]]["screw"]
            out.append(Insert(p.name, (p.x, lay.width - p.y, floor + p.height), DOWN, parts[screw]["size"], p.depth))
    reader = parts["reader"]
    for r in scad_base.piece_readers(lay, corner):
        for k, (x, y) in enumerate(r.screws):
            out.append(Insert(f"reader {r.corner} pilot {k + 1}", (x, lay.width - y, r.z_top - reader["size"][2]), DOWN,
                              parts[reader["screw"]]["size"], scad_base.CRADLE_PILOT))
    ins = parts["insert_m3"]
    for i in lid_inserts(lay):
        if i.quarter == corner:
            out.append(Insert(i.name, (i.x, lay.width - i.y, i.z_top), DOWN, ins["size"], ins["depth"], "insert_m3"))
    return tuple(out)


def pieces(lay: Layout) -> list:
    b = lay.hw.board
    bf, d, p = b["baffle"], b["diffuser"], b["panel"]
    w, zp, zb = lay.width, lay.z_panel, lay.z_baffle
    tray = scad_baffle.tray_outline(lay)
    out = [
        Piece("top_panel", "top panel (laser-cut top_panel.svg / .dxf; STL for CNC or a large printer)", False,
              (w, w, p["thickness"]), scad_panel.top_panel(lay), (Placement((0, 0, zp)),), screws=_panel_screws(lay)),
        Piece("baffle_grid", "light-baffle grid: one closed cell per lamp tile, a ring round each tower button", True,
              (tray.w, tray.h, scad_baffle.grid_height(lay)), scad_baffle.baffle_grid(lay),
              (Placement((0, 0, zb + bf["floor"])),), filament="opaque"),
        Piece("baffle_tray", "LED tray under the grid: a lamp LED at each cell centre", True,
              (tray.w, tray.h, bf["floor"]), scad_baffle.baffle_tray(lay), (Placement((0, 0, zb)),), filament="opaque"),
        # printed lip down; in the board the lip lies on the panel, the plug fills the window
        Piece("diffuser", "diffuser tile, lip down", True,
              (p["tile_window"] + 2 * d["lip"],) * 2 + (d["lip_height"] + d["thickness"],), scad.diffuser(lay),
              tuple(_at(lay, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2, zp + p["thickness"] + d["lip_height"], f"lamp {i}",
                        (180.0, 0.0, 0.0)) for i, r in lay.windows), filament="diffuser"),
    ]
    holes = wall_holes(lay)
    for corner in QUARTERS:
        out.append(Piece(f"base_{corner.lower()}", f"base, {corner} quarter: its floor and corner walls in one, "
                         "dovetails and a tongue and groove to its neighbours", True, scad_base.base_size(lay, corner),
                         scad_base.base_piece(lay, corner, holes), (Placement(),),
                         inserts=_quarter_inserts(lay, corner)))
    for corner in QUARTERS:
        out.append(Piece(f"panel_{corner.lower()}", f"printed top panel, {corner} quarter, keyed to its neighbours "
                         "(instead of the laser-cut panel)", True, scad_panel.panel_size(lay, corner),
                         scad_panel.panel_piece(lay, corner), (), alternative_to="top_panel", copies=1))
    return out
