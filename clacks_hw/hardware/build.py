"""`clacks-hw build-files`: every generated file of the physical board, from one source.

OUTPUTS is the registry: a list of named outputs, each a function that writes its files under
the output folder and returns their paths. Adding an output is one line here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..config.load import Config
from ..base.secure_files import write_file
from .data import Hardware, HardwareError
from .layout import Layout, layout


@dataclass
class Context:
    out: Path
    cfg: Config
    hw: Hardware
    render: bool = True  # False: skip the outputs that run an outside tool
    edition_dir: str | None = None  # None: the built-in edition
    echo: Callable[[str], None] = field(default=lambda line: None, repr=False)  # progress lines
    _lay: Layout | None = field(default=None, repr=False)

    @property
    def edition(self):
        from ..game.clacks.edition_files import default_edition, load_edition
        return default_edition() if self.edition_dir is None else load_edition(self.edition_dir)

    @property
    def lay(self) -> Layout:
        if self._lay is None:
            self._lay = layout(self.hw, self.cfg.reader.seats)
        return self._lay

    def write(self, rel: str, text: str | bytes) -> Path:
        path = self.out / rel
        # CI builds as root: never through a link, nor into a folder others control.
        write_file(path, text, 0o644, make_dir=0o755)
        return path


@dataclass(frozen=True)
class Output:
    name: str
    write: Callable[[Context], list]
    renders: bool = False  # runs OpenSCAD or KiCad; committed with a hash of its inputs


def _pins(ctx: Context) -> list:
    from .pins_md import pins_md
    return [ctx.write("wiring/pins.md", pins_md(ctx.cfg))]


def _cards(ctx: Context) -> list:
    try:
        from ..printing.pdf import render
    except ImportError as exc:
        raise HardwareError(f"the cards PDF needs reportlab ({exc}); fix: pip install 'clacks-hw[print]'") from None
    from ..game.clacks.edition_files import default_edition
    from ..printing.sheets import PAPERS
    edition = default_edition()
    return [ctx.write(f"cards/cards-{paper}.pdf", render(edition, paper)[0]) for paper in PAPERS]


def _mainboard(ctx: Context) -> list:
    from .mainboard.outputs import outputs
    return outputs(ctx)


def _case(ctx: Context) -> list:
    from .case.geometry import case
    from .case.outputs import write_all
    from .case.pictures import render
    c = case(ctx.hw)
    return write_all(c, ctx.out) + render(c, ctx.out, ctx.write)


def _mainboard_pcb(ctx: Context) -> list:
    from .mainboard.kicad import outputs
    from .mainboard.outputs import board_for
    return outputs(ctx, board_for(ctx))


OUTPUTS: list[Output] = [
    Output("pin table", _pins),
    Output("print-and-play cards PDF (A4, letter)", _cards),
    Output("circuit board: checks, JLCPCB BOM and CPL, priced build", _mainboard),
    Output("circuit board PCB (routed, KiCad ERC and DRC, Gerbers, pictures)", _mainboard_pcb, renders=True),
    Output("laser-cut case (OpenSCAD: cut files, cut list, pictures)", _case, renders=True),
]


def build(ctx: Context, only=None, echo=print) -> list:
    """Run every output (or those named in ``only``); returns (name, seconds, paths) per output."""
    todo = [o for o in OUTPUTS if (ctx.render or not o.renders) and (only is None or o.name in only)]
    ctx.echo = echo
    done = []
    for k, o in enumerate(todo, 1):
        start = time.perf_counter()
        paths = o.write(ctx)
        took = time.perf_counter() - start
        done.append((o.name, took, paths))
        echo(f"[{k}/{len(todo)}] {o.name}: {len(paths)} file(s) in {took:.2f} s")
    return done
