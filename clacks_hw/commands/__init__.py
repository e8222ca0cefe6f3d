"""Subcommands of `clacks-hw`, one module each; listed here so the CLI finds them."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []


def _load() -> None:
    # Each module appends its command(s) to COMMANDS when imported.
    from . import (  # noqa: F401
        build_files_cmd,
        cards_cmd,
        demo_cmd,
        doctor_cmd,
        edition_cmd,
        emulate_cmd,
        enroll_cmd,
        hil_cmd,
        leds_cmd,
        replay_cmd,
        run_cmd,
        selftest_cmd,
        service_cmd,
    )


_load()
