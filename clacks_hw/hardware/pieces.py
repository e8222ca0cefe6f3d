"""Every part to print or cut: its OpenSCAD source, how many, and its size on the bed."""

from __future__ import annotations

from dataclasses import dataclass

from . import scad, scad_base
from .layout import Layout


@dataclass(frozen=True)
class Piece:
    name: str  # file stem: enclosure/scad/NAME.scad, enclosure/stl/NAME.stl
    what: str
    qty: int
    printed: bool  # False: laser-cut (the STL is for CNC or a large printer)
    size: tuple[float, float, float]  # bounding box as printed
    scad: str


def pieces(lay: Layout) -> list:
    b = lay.hw.board
    enc, bf, d, p = b["enclosure"], b["baffle"], b["diffuser"], b["panel"]
    w, lap = lay.width, enc["lap"]
    g = lay.grid
    reach = bf["boss"] / 2
    out = [
        Piece("top_panel", "top panel (laser-cut top_panel.svg / .dxf; STL for CNC or a large printer)", 1, False,
              (w, w, p["thickness"]), scad.top_panel(lay)),
        Piece("baffle_grid", "light-baffle grid: one cell per lamp tile (black or white PLA)", 1, True,
              (g.w + 2 * reach, g.h + 2 * reach, bf["height"] - bf["floor"]), scad.baffle_grid(lay)),
        Piece("baffle_tray", "LED tray under the grid: a lamp LED at each cell centre", 1, True,
              (g.w + 2 * reach, g.h + 2 * reach, bf["floor"]), scad.baffle_tray(lay)),
        Piece("button_sleeve", "sleeve on each tower button body, under the nut (light-tight cells)", 12, True,
              (2 * scad.baffle_radii(lay)["sleeve"],) * 2 + (scad.sleeve_height(lay),), scad.button_sleeve(lay)),
        Piece("diffuser", "diffuser tile (translucent white), lip down", 16, True,
              (p["tile_window"] + 2 * d["lip"],) * 2 + (d["lip_height"] + d["thickness"],), scad.diffuser(lay)),
    ]
    for corner in ("NW", "NE", "SW", "SE"):
        out.append(Piece(f"base_{corner.lower()}", f"base tray, {corner} quarter (lap joints to its neighbours)", 1, True,
                         (w / 2 + lap, w / 2 + lap, enc["floor"] + max(
                             [x.height for x in scad_base.piece_posts(lay, corner)], default=0)), scad_base.base_piece(lay, corner)))
    openings = scad_base.wall_openings(lay)
    h = enc["inside_height"]
    for west, name in ((True, "west"), (False, "east")):
        mine = [o for o in openings if (o[1] < w / 2) == west]
        out.append(Piece(f"wall_north_{name}", f"north (rear) wall, {name} half: power jack and USB openings", 1, True,
                         (w / 2 + lap, h, enc["wall"]), scad_base.wall_piece(lay, w, west, mine)))
    out.append(Piece("wall_south", "south (front) wall half; print 2 (turned over, it is the other half)", 2, True,
                     (w / 2 + lap, h, enc["wall"]), scad_base.wall_piece(lay, w, True, [])))
    side = scad_base.wall_length(lay, "E")
    out.append(Piece("wall_side", "east or west wall half; print 4 (turned over, it is the other half)", 4, True,
                     (side / 2 + lap, h, enc["wall"]), scad_base.wall_piece(lay, side, True, [])))
    return out
