"""Subcommands of `clacks-hw`, one module each; listed here so the CLI finds them."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []


def _load() -> None:
    # Each module appends its command(s) to COMMANDS when imported.
    from . import demo_cmd, edition_cmd  # noqa: F401
    from . import replay_cmd  # noqa: F401
    from . import doctor_cmd, enroll_cmd, leds_cmd, service_cmd  # noqa: F401
    from . import run_cmd  # noqa: F401


_load()
