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
from .panel_svg import panel_svg
from .pieces import pieces
from .pins_md import pins_md


@dataclass
class Context:
    out: Path
    cfg: Config
    hw: Hardware
    render: bool = True  # False: skip the outputs that run an outside tool
    edition_dir: str | None = None  # None: the built-in edition
    echo: Callable[[str], None] = field(default=lambda line: None, repr=False)  # progress lines
    _lay: Layout | None = field(default=None, repr=False)
    _parts: list | None = field(default=None, repr=False)

    @property
    def edition(self):
        from ..game.clacks.edition_files import default_edition, load_edition
        return default_edition() if self.edition_dir is None else load_edition(self.edition_dir)

    @property
    def lay(self) -> Layout:
        if self._lay is None:
            from .heat import heat_w
            self._lay = layout(self.hw, self.cfg.reader.seats, heat_w(self.hw, self.cfg))
        return self._lay

    @property
    def parts(self) -> list:
        """Every part of the assembly: printed, cut, bought, screws and inserts."""
        if self._parts is None:
            from .assembly import all_parts
            self._parts = all_parts(self.lay)
        return self._parts

    def write(self, rel: str, text: str | bytes) -> Path:
        path = self.out / rel
        # CI builds as root: never through a link, nor into a folder others control.
        write_file(path, text, 0o644, make_dir=0o755)
        return path


@dataclass(frozen=True)
class Output:
    name: str
    write: Callable[[Context], list]
    renders: bool = False  # runs OpenSCAD or graphviz; committed with a hash of its inputs


def _panel(ctx: Context) -> list:
    return [ctx.write("enclosure/top_panel.svg", panel_svg(ctx.lay))]


def _pins(ctx: Context) -> list:
    return [ctx.write("wiring/pins.md", pins_md(ctx.cfg))]


def _scad(ctx: Context) -> list:
    from .render import drop_stale
    from .scad_panel import top_panel_2d
    out = [ctx.write(f"enclosure/scad/{p.name}.scad", p.scad) for p in ctx.parts]
    out.append(ctx.write("enclosure/scad/top_panel_2d.scad", top_panel_2d(ctx.lay)))
    drop_stale(ctx.out / "enclosure/scad", "**/*.scad", out)
    return out


def _design(ctx: Context) -> list:
    from .design_md import design_md
    return [ctx.write("enclosure/design.md", design_md(ctx.lay))]


def _assembly(ctx: Context) -> list:
    from .assembly import assembly_json
    from .pictures import assembly_scad
    return [ctx.write("enclosure/assembly.json", assembly_json(ctx.lay, ctx.parts)),
            ctx.write("enclosure/assembly.scad", assembly_scad(ctx.lay, ctx.parts))]


def _profile(ctx: Context) -> list:
    from .slicing import profile_ini
    return [ctx.write("enclosure/print_profile.ini", profile_ini(ctx.hw))]


def _cards(ctx: Context) -> list:
    try:
        from ..printing.pdf import render
    except ImportError as exc:
        raise HardwareError(f"the cards PDF needs reportlab ({exc}); fix: pip install 'clacks-hw[print]'") from None
    from ..game.clacks.edition_files import default_edition
    from ..printing.sheets import PAPERS
    edition = default_edition()
    return [ctx.write(f"cards/cards-{paper}.pdf", render(edition, paper)[0]) for paper in PAPERS]


def _renders(ctx: Context) -> list:
    from .render import render_stls
    return render_stls(ctx, ctx.parts)


def _check(ctx: Context) -> list:
    from .assembly_check import check, report_md
    report = check(ctx.out, ctx.lay, ctx.parts)
    ctx.echo(f"    {report.instances} part copies, {report.tested} of {report.pairs} pairs intersected, "
             f"{len(report.fastenings)} screws, {len(report.clearances)} clearances in "
             f"{sum(report.seconds.values()):.2f} s")
    if report.problems:
        raise HardwareError("the assembly check failed:\n  " + "\n  ".join(report.problems))
    return [ctx.write("enclosure/assembly_check.md", report_md(report))]


def _pictures(ctx: Context) -> list:
    from .pictures import render_views
    return render_views(ctx, ctx.parts)


def _sliced(ctx: Context) -> list:
    from .slicing import slice_parts
    return slice_parts(ctx, ctx.parts)


def _chain(ctx: Context) -> list:
    from .led_chain import led_chain_svg
    return [ctx.write("wiring/led_chain.svg", led_chain_svg(ctx.lay, ctx.cfg))]


def _power(ctx: Context) -> list:
    from .harness import harness
    from .power_md import power_md
    return [ctx.write("wiring/power.md", power_md(ctx.hw, ctx.cfg, harness(ctx.hw, ctx.cfg, ctx.lay)))]


def _harness(ctx: Context) -> list:
    from .harness import harness, to_yaml
    return [ctx.write("wiring/harness.yaml", to_yaml(harness(ctx.hw, ctx.cfg, ctx.lay)))]


def _docs_power(ctx: Context) -> list:
    from dataclasses import replace

    from .harness import harness
    from .power_md import docs_section, with_docs_section
    seats = ("S", "W", "N", "E")
    four = replace(ctx.cfg, reader=replace(ctx.cfg.reader, seats=seats))
    section = docs_section(ctx.hw, ctx.cfg, harness(ctx.hw, four, layout(ctx.hw, seats)))
    doc = ctx.out / "docs/hardware.md"
    template = doc if doc.exists() else Path(__file__).resolve().parents[2] / "docs/hardware.md"
    return [ctx.write("docs/hardware.md", with_docs_section(template.read_text(encoding="utf-8"), section))]


def _perfboard(ctx: Context) -> list:
    from .pcb.perfboard import perfboard_svg
    return [ctx.write("pcb/perfboard.svg", perfboard_svg(ctx.hw, ctx.cfg))]


def _harness_drawing(ctx: Context) -> list:
    from .harness import draw
    return draw(ctx)


def _pcb(ctx: Context) -> list:
    from .pcb.build import outputs
    return outputs(ctx)


def _bom(ctx: Context) -> list:
    from .bom import bom_csv, bom_md
    args = (ctx.hw, ctx.cfg, ctx.edition, ctx.lay, ctx.parts)
    return [ctx.write("bom/bom.csv", bom_csv(*args)), ctx.write("bom/bom.md", bom_md(*args))]


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
    Output("top panel SVG (laser)", _panel),
    Output("pin table", _pins),
    Output("OpenSCAD sources", _scad),
    Output("enclosure design figures", _design),
    Output("assembly placements", _assembly),
    Output("print profile (PrusaSlicer)", _profile),
    Output("print-and-play cards PDF (A4, letter)", _cards),
    Output("STL and DXF (OpenSCAD)", _renders, renders=True),
    Output("assembly check (meshes)", _check, renders=True),
    Output("grams and hours per part (PrusaSlicer)", _sliced, renders=True),
    Output("pictures: parts, exploded board, assembly steps (OpenSCAD)", _pictures, renders=True),
    Output("LED chain order (SVG)", _chain),
    Output("power budget", _power),
    Output("harness (WireViz source)", _harness),
    Output("harness drawing (WireViz, graphviz)", _harness_drawing, renders=True),
    Output("carrier PCB (routed, KiCad DRC, Gerbers, picture)", _pcb, renders=True),
    Output("carrier on perfboard (SVG)", _perfboard),
    Output("bill of materials", _bom),
    Output("circuit board: checks, JLCPCB BOM and CPL, priced build", _mainboard),
    Output("circuit board PCB (routed, KiCad ERC and DRC, Gerbers, pictures)", _mainboard_pcb, renders=True),
    Output("laser-cut case (OpenSCAD: cut files, cut list, pictures)", _case, renders=True),
    Output("power figures in docs/hardware.md", _docs_power),
]


def build(ctx: Context, only=None, echo=print) -> list:
    """Run every output (or those named in ``only``); returns (name, seconds, paths) per output."""
    from .checks_fit import all_problems
    problems = all_problems(ctx.lay, pieces(ctx.lay))
    if problems:
        raise HardwareError("the board does not assemble:\n  " + "\n  ".join(problems))
    from .harness import harness
    from .pcb.circuit import carrier
    from .wiring_rules import circuit_problems, harness_problems
    problems = harness_problems(ctx.hw, ctx.cfg, harness(ctx.hw, ctx.cfg, ctx.lay)) + circuit_problems(carrier(ctx.hw, ctx.cfg))
    if problems:
        raise HardwareError("the wiring cannot be built as drawn:\n  " + "\n  ".join(problems))
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
