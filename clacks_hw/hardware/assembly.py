"""The whole board as placed part copies: every printed piece, every bought part's bounding model
and every screw and insert, each with its STL and its placement, in the build's steps.

enclosure/assembly.json is this list; the assembly check (assembly_check.py) and the pictures
(pictures.py) read the same list, so what is checked is what is drawn.
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass

from .bought import bought_parts, fasteners
from .data import HardwareError
from .layout import Layout
from .mating import Placement
from .pieces import Piece, pieces

FRAME = ("mm; x east, y north, z up from the underside of the base floor; origin at the board's "
         "south-west corner. A placement is OpenSCAD's translate(translate) rotate(rotate): rotate "
         "about x, then y, then z (degrees), then move; matrix is the same as a 4x4 (row-major).")


@dataclass(frozen=True)
class Instance:
    name: str  # unique: the part's name and the copy's label
    part: Piece
    place: Placement
    step: int  # 1-based, into steps()

    @property
    def stl(self) -> str:
        return f"enclosure/stl/{self.part.name}.stl"

    @property
    def kind(self) -> str:
        return "bought" if self.part.bought else "printed" if self.part.printed else "cut"


def all_parts(lay: Layout) -> list:
    """Printed and cut pieces, bought parts, then the screws and inserts they declare."""
    made = pieces(lay) + bought_parts(lay)
    return made + fasteners(lay, made)


def steps(lay: Layout) -> list:
    """board.toml's [[assembly.step]] tables: title and the part names (globs) each adds."""
    return lay.hw.board["assembly"]["step"]


def _step_of(lay: Layout, part: Piece) -> int:
    for k, step in enumerate(steps(lay), 1):
        if any(fnmatch.fnmatchcase(part.name, pattern) for pattern in step["parts"]):
            return k
    raise HardwareError(f"board.toml: no [[assembly.step]] names the part {part.name!r}; add it to the "
                        "parts of the step that puts it in")


def is_fastener(part: Piece) -> bool:
    return part.bought and part.name.split("/")[-1].startswith(("screw_", "insert_"))


def instances(lay: Layout, parts: list | None = None) -> list:
    """Every copy of every part. A screw or an insert comes in the step of the part that declares
    it (its copies are labelled "host copy: feature")."""
    parts = all_parts(lay) if parts is None else parts
    out, step_of = [], {}
    for part in parts:
        for k, place in enumerate(part.placements):
            name = part.copy_name(k)
            if name in step_of:
                raise HardwareError(f"two copies of {part.name} are both named {name!r}: give each placement its own label")
            step = step_of[place.label.split(": ")[0]] if is_fastener(part) else _step_of(lay, part)
            step_of[name] = step
            out.append(Instance(name, part, place, step))
    return out


def assembly_json(lay: Layout, parts: list | None = None) -> str:
    rows = []
    for i in instances(lay, parts):
        rows.append({"name": i.name, "part": i.part.name, "kind": i.kind, "stl": i.stl, "step": i.step,
                     "translate": [float(v) for v in i.place.translate], "rotate": [float(v) for v in i.place.rotate],
                     "matrix": [list(r) for r in i.place.matrix()]})
    head = {"frame": FRAME, "steps": [{"step": k, "title": s["title"]} for k, s in enumerate(steps(lay), 1)]}
    # one part copy a line: easy to read, and a change shows as the lines of the copies it moves
    text = json.dumps(head, indent=1)[:-2] + ',\n "instances": [\n'
    return text + ",\n".join("  " + json.dumps(r) for r in rows) + "\n ]\n}\n"
