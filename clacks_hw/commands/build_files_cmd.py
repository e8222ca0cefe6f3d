"""`clacks-hw build-files`: regenerate the circuit board's and the laser-cut case's files."""

from __future__ import annotations

import time
from pathlib import Path

import click

from . import COMMANDS
from .common import BAD_CONFIG

BUILTIN_CONFIG = Path(__file__).resolve().parent.parent / "default_config.toml"


@click.command("build-files")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=".", show_default=True,
              help="Folder to write pcb/, bom/, enclosure/laser/ and wiring/ into (the repository's root to update it).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Build for this config (pins, LED chain, reader.seats) instead of the built-in defaults.")
@click.option("--no-render", is_flag=True,
              help="Only the text files: skip OpenSCAD (the case's cut files and pictures) and KiCad (the circuit board).")
def build_files_cmd(out_dir, config_path, no_render):
    """Regenerate every file of the physical board from one source.

    The source is clacks_hw/hardware/mainboard/mainboard.toml (the circuit board),
    case/case.toml (the laser-cut case), board.toml (the panel's layout), parts.toml, the config
    (the pin table) and the engine's tower definitions. Writes the board's checks, bill of
    materials and assembly service files, its KiCad project and Gerbers, the case's cut files
    and pictures, the pin table and the cards PDF, with the time each took. OpenSCAD results
    are cached by their inputs' hash (CLACKS_HW_CACHE=off turns it off); the board is routed
    again only when its source changed.
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
