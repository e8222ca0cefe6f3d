"""The configuration a board on the test rig runs with: the built-in defaults (never the
machine's own ``/etc/clacks-hw/config.toml``, so a script sees the same board everywhere), the
settings the rig itself owns (its LEDs, buttons, reader, journal folder and status page), and
whatever a script or a test sets on top.
"""

from __future__ import annotations

from pathlib import Path

from clacks_hw.config.load import Config, ConfigError, load_config
from clacks_hw.config.errors import ConfigProblem
from clacks_hw.config.schema import schema_keys

BUILTIN = Path(__file__).resolve().parent.parent / "default_config.toml"
# Set by the rig: the emulated parts and a status page on a free loopback port it reads.
RIG_OWNED = ("leds.backend", "buttons.pin_factory", "journal.dir", "reader.type", "reader.port",
             "status.bind", "status.port")


def rig_config(journal_dir: str, port: int, overrides: dict | None = None) -> Config:
    """The rig's config: defaults, then ``overrides``, then what the rig owns (which wins)."""
    rig = {"leds.backend": "virtual", "buttons.pin_factory": "mock", "journal.dir": str(journal_dir),
           "reader.type": "hub", "reader.port": "emulated-hub",
           "status.bind": "127.0.0.1", "status.port": port}
    return load_config(BUILTIN, overrides={**(overrides or {}), **rig}, check_devices=False)


def settable_keys() -> list[str]:
    """The keys a script may ``set``: every key of the config file but those the rig owns."""
    return [k for k in schema_keys() if k not in RIG_OWNED]


def settings_problems(overrides: dict) -> list[ConfigProblem]:
    """What is wrong with these settings (each naming its key and the fix), or nothing."""
    try:
        rig_config("/rig/journals", 1, overrides)
    except ConfigError as exc:
        return list(exc.problems)
    return []
