"""`clacks-hw build-files`: regenerate the enclosure, wiring and bill of materials."""

from __future__ import annotations

import time
from pathlib import Path

import click

from . import COMMANDS
from .common import BAD_CONFIG

BUILTIN_CONFIG = Path(__file__).resolve().parent.parent / "default_config.toml"


@click.command("build-files")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=".", show_default=True,
              help="Folder to write enclosure/, wiring/ and bom/ into (the repository's root to update it).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Build for this config (pins, LED chain, reader.seats) instead of the built-in defaults.")
@click.option("--no-render", is_flag=True,
              help="Only the text files: skip OpenSCAD (STL, DXF, pictures), PrusaSlicer and graphviz (harness drawings).")
def build_files_cmd(out_dir, config_path, no_render):
    """Regenerate every file of the physical board from one source.

    The source is clacks_hw/hardware/board.toml (geometry), parts.toml (real part sizes),
    the config (pins, LED chain, reader.seats) and the engine's tower definitions. Writes the
    top panel (SVG, DXF), the OpenSCAD model and STL of every part, the pin table, the
    harness drawing, the power budget and the bill of materials, with the time each took.
    Long steps (renders, slicing, pictures) print each part as it finishes; OpenSCAD and
    PrusaSlicer results are cached by their inputs' hash (CLACKS_HW_CACHE=off turns it off).
    """
    from ..config.load import ConfigError, load_config
    from ..game.clacks.edition_files import EditionError
    from ..hardware.build import Context, build
    from ..hardware.data import HardwareError, load_hardware

    start = time.perf_counter()
    try:
        cfg = load_config(config_path or BUILTIN_CONFIG, check_devices=False)
        ctx = Context(Path(out_dir), cfg, load_hardware(), render=not no_render)
        done = build(ctx, echo=click.echo)
    except (ConfigError, HardwareError, EditionError) as exc:
        click.echo(f"build-files: {exc}", err=True)
        raise SystemExit(BAD_CONFIG)
    click.echo(f"{sum(len(p) for _, _, p in done)} files in {time.perf_counter() - start:.1f} s in all")


COMMANDS.append(build_files_cmd)
