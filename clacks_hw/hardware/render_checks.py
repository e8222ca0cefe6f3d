"""What the build checks on the rendered parts themselves, as a maker would before printing:
every printed STL is one watertight body that prints as stored without supports
(mesh.print_problems), and the rendered baffle keeps each lamp's light in its cell
(light.leaks). The laser panel's DXF is rewritten with joined outlines and units (dxf.py).
"""

from __future__ import annotations

from pathlib import Path

from .data import HardwareError
from .dxf import joined
from .layout import Layout
from .mesh import figures, print_problems, read_stl


def printed_problems(lay: Layout, pieces, stl_dir: Path, found: dict) -> list:
    """Each printed part's problems; its figures (steepest overhang, longest bridge) go into ``found``."""
    pr = lay.hw.board["print"]
    out = []
    for p in pieces:
        if p.printed:
            mesh = read_stl((stl_dir / f"{p.name}.stl").read_bytes())
            out += [f"{p.name}: {msg}" for msg in print_problems(mesh, pr["overhang"], pr["bridge"])]
            found[p.name] = figures(mesh, pr["bridge"])
    return out


def baffle_placed(lay: Layout, stl_dir: Path) -> list:
    """The grid and the tray as assembled: the tray on the pillars, the grid on the tray (both
    print as they stand, so only their height changes)."""
    floor = lay.hw.board["baffle"]["floor"]
    return [(read_stl((stl_dir / "baffle_grid.stl").read_bytes()), (0.0, 0.0, lay.z_baffle + floor)),
            (read_stl((stl_dir / "baffle_tray.stl").read_bytes()), (0.0, 0.0, lay.z_baffle))]


def leak_problems(lay: Layout, stl_dir: Path) -> list:
    try:
        from .light import leaks
        found = leaks(lay, baffle_placed(lay, stl_dir))
    except ImportError:
        raise HardwareError("the light-leak check needs numpy: pip install -e '.[build]'") from None
    return [str(leak) for leak in found]


def check_renders(lay: Layout, pieces, out: Path) -> dict:
    """Raise HardwareError naming every problem found in the rendered files; else each printed
    part's figures (steepest overhang, longest bridge)."""
    stl_dir, found = out / "enclosure/stl", {}
    problems = printed_problems(lay, pieces, stl_dir, found) + leak_problems(lay, stl_dir)
    if problems:
        raise HardwareError("the rendered parts fail the maker's checks:\n  " + "\n  ".join(problems))
    return found


def join_dxf(path: Path) -> None:
    """OpenSCAD's DXF (loose LINE segments, no units) rewritten in place as closed polylines in mm."""
    path.write_text(joined(path.read_text(encoding="utf-8")), encoding="utf-8")
