"""Every fuzz target, one per parser the outside world reaches, in the order the table shows."""

from __future__ import annotations

from importlib import import_module

from ..harness import Target

NAMES = ("config", "edition", "guards_edition", "journal", "hil", "hub", "rdm6300", "http", "seat", "admin_json", "mqtt", "hall_config")


def target(name: str) -> Target:
    return import_module(f"{__name__}.{name}").TARGET


def targets(names=NAMES) -> list[Target]:
    return [target(n) for n in names]
