"""Every part to print or cut: its OpenSCAD source, where each copy goes in the assembly, what
fastens to it (mating.py says how), and its size on the bed."""

from __future__ import annotations

from dataclasses import dataclass

from . import scad, scad_base
from .layout import Layout
from .mating import DOWN, Insert, Placement, Screw


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

    @property
    def qty(self) -> int:
        return len(self.placements)

    def copy_name(self, k: int) -> str:
        """The name of copy k (0-based) in the assembly: the part's, then the copy's label or number."""
        label = self.placements[k].label or (str(k + 1) if self.qty > 1 else "")
        return f"{self.name} {label}".strip()


def _at(lay: Layout, x: float, y: float, z: float = 0.0, label: str = "", rotate=(0.0, 0.0, 0.0)) -> Placement:
    """A placement from plan coordinates (y south) into the assembly's (y north)."""
    return Placement((x, lay.width - y, z), rotate, label)


CORNER_SCREW = "screw_m3x30"  # through the panel, the baffle grid and the tray into a base pillar


def _corner_screws(lay: Layout) -> tuple:
    """The panel's four corner screws, in the panel's own frame (its underside at z = 0)."""
    t = lay.hw.board["panel"]["thickness"]
    return tuple(Screw(f"corner {h.name.split()[-1]}", (h.x, lay.width - h.y, t), DOWN, CORNER_SCREW)
                 for h in lay.holes_of("screw"))


def _post_pilots(lay: Layout, corner: str) -> tuple:
    """The pilot hole down each post of this base quarter: a board's standoff takes that board's
    screw (parts.toml `screw`), a baffle pillar the panel's corner screw."""
    parts, floor, out = lay.hw.parts, lay.hw.board["enclosure"]["floor"], []
    for p in scad_base.piece_posts(lay, corner):
        if p.pilot:
            board = p.name.split(" standoff")[0]
            screw = parts[board]["screw"] if " standoff" in p.name else CORNER_SCREW
            out.append(Insert(p.name, (p.x, lay.width - p.y, floor + p.height), DOWN, parts[screw]["size"], p.height))
    return tuple(out)


def pieces(lay: Layout) -> list:
    b = lay.hw.board
    enc, bf, d, p = b["enclosure"], b["baffle"], b["diffuser"], b["panel"]
    w, lap, t = lay.width, enc["lap"], enc["wall"]
    g = lay.grid
    reach = bf["boss"] / 2
    zp, zb, zf = lay.z_panel, lay.z_baffle, lay.z_floor
    towers = lay.holes_of("tower")
    out = [
        Piece("top_panel", "top panel (laser-cut top_panel.svg / .dxf; STL for CNC or a large printer)", False,
              (w, w, p["thickness"]), scad.top_panel(lay), (Placement((0, 0, zp)),), screws=_corner_screws(lay)),
        Piece("baffle_grid", "light-baffle grid: one cell per lamp tile (black or white PLA)", True,
              (g.w + 2 * reach, g.h + 2 * reach, bf["height"] - bf["floor"]), scad.baffle_grid(lay),
              (Placement((0, 0, zb + bf["floor"])),), filament="opaque"),
        Piece("baffle_tray", "LED tray under the grid: a lamp LED at each cell centre", True,
              (g.w + 2 * reach, g.h + 2 * reach, bf["floor"]), scad.baffle_tray(lay), (Placement((0, 0, zb)),),
              filament="opaque"),
        Piece("button_sleeve", "sleeve on each tower button body, under the nut (light-tight cells)", True,
              (2 * scad.baffle_radii(lay)["sleeve"],) * 2 + (scad.sleeve_height(lay),), scad.button_sleeve(lay),
              tuple(_at(lay, h.x, h.y, zb + bf["floor"], h.name) for h in towers), filament="opaque"),
        # printed lip down; in the board the lip lies on the panel, the plug fills the window
        Piece("diffuser", "diffuser tile (translucent white), lip down", True,
              (p["tile_window"] + 2 * d["lip"],) * 2 + (d["lip_height"] + d["thickness"],), scad.diffuser(lay),
              tuple(_at(lay, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2, zp + p["thickness"] + d["lip_height"], f"lamp {i}",
                        (180.0, 0.0, 0.0)) for i, r in lay.windows), filament="diffuser"),
    ]
    for corner in ("NW", "NE", "SW", "SE"):
        out.append(Piece(f"base_{corner.lower()}", f"base tray, {corner} quarter (lap joints to its neighbours)", True,
                         (w / 2 + lap, w / 2 + lap, enc["floor"] + max(
                             [x.height for x in scad_base.piece_posts(lay, corner)], default=0)),
                         scad_base.base_piece(lay, corner), (Placement(),), inserts=_post_pilots(lay, corner)))
    openings = scad_base.wall_openings(lay)
    h = enc["inside_height"]
    # Walls print outer face down: x along the wall, y up the wall, z inwards from the outer face.
    north = (Placement((0, w, zf), (90.0, 0.0, 0.0)),)
    for west, name in ((True, "west"), (False, "east")):
        mine = [o for o in openings if (o[1] < w / 2) == west]
        out.append(Piece(f"wall_north_{name}", f"north (rear) wall, {name} half: power jack and USB openings", True,
                         (w / 2 + lap, h, enc["wall"]), scad_base.wall_piece(lay, w, west, mine), north))
    # The second copy of a south or side half is the first turned over: its outer layer inside.
    south = (Placement((w, 0, zf), (90.0, 0.0, 180.0), "east half"), Placement((0, t, zf), (90.0, 0.0, 0.0), "west half"))
    out.append(Piece("wall_south", "south (front) wall half; print 2 (turned over, it is the other half)", True,
                     (w / 2 + lap, h, enc["wall"]), scad_base.wall_piece(lay, w, True, []), south))
    side = scad_base.wall_length(lay, "E")
    sides = (Placement((0, t, zf), (90.0, 0.0, 90.0), "west, south half"),
             Placement((t, w - t, zf), (90.0, 0.0, -90.0), "west, north half"),
             Placement((w, w - t, zf), (90.0, 0.0, -90.0), "east, north half"),
             Placement((w - t, t, zf), (90.0, 0.0, 90.0), "east, south half"))
    out.append(Piece("wall_side", "east or west wall half; print 4 (turned over, it is the other half)", True,
                     (side / 2 + lap, h, enc["wall"]), scad_base.wall_piece(lay, side, True, []), sides))
    return out
