"""`clacks-hw hil SCRIPT...`: play hardware-in-the-loop scripts on the emulated board.

Exit status: 0 every script passed, 1 an expectation failed (or the board stopped), 2 a
malformed script or option (FILE:LINE: what was expected; nothing runs).
"""

from __future__ import annotations

import click

from . import COMMANDS
from .common import BAD_CONFIG

FAILED = 1


@click.command("hil")
@click.argument("scripts", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Also write the results as JUnit XML to this file (for CI).")
def hil_cmd(scripts, junit_path):
    """Play HIL scripts: the real board daemon against the emulated reader hub, buttons and
    LEDs, on a fake clock, checking what the board shows.

    A script is a text file of lines such as `press PLAY`, `tap J05`, `wait 2s`,
    `expect lamps #... .##. .... ...#`, `expect button R2 seat-s`, `expect journal last
    {"act": "move"}` and `expect status position.turn "N"` (docs/hil.md has the format and an
    example per game mode). Each step is printed as it runs; a script stops at its first failed
    expectation, showing the expected and actual board side by side.
    """
    from ..testing.firmware_files import FirmwareNotFound
    from ..testing.hil_script import ScriptError, parse_file

    parsed = []
    for path in scripts:
        try:
            parsed.append(parse_file(path))
        except ScriptError as exc:
            click.echo(f"{exc}\n  (the script format: docs/hil.md)", err=True)
            raise SystemExit(BAD_CONFIG) from None
    try:
        from ..testing.hil_run import junit_xml, run_script
    except FirmwareNotFound as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(BAD_CONFIG) from None
    results = [run_script(script, echo=click.echo) for script in parsed]
    if junit_path:
        try:
            from ..base.secure_files import write_file

            write_file(junit_path, junit_xml(results), 0o644)  # never through a link (secure_files.py)
        except OSError as exc:
            click.echo(f"cannot write {junit_path}: {exc.strerror or exc}", err=True)
            raise SystemExit(BAD_CONFIG) from None
    passed = sum(r.passed for r in results)
    click.echo(f"{passed} of {len(results)} script(s) passed")
    raise SystemExit(0 if passed == len(results) else FAILED)


COMMANDS.append(hil_cmd)
