"""Input events the controller understands, besides the drivers' own ButtonEvent and ReaderEvent.

Drivers put their events on the loop's queue unchanged; the virtual keyboard puts these.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardTap:
    """A card tapped by id (the virtual board's ``:`` prompt), as if its tag were read."""

    card: str
    reader: int | None = None


@dataclass(frozen=True)
class Quit:
    """Stop the loop (the virtual board's ``Ctrl-C``/``Ctrl-D``)."""

    reason: str = ""


@dataclass(frozen=True)
class Wake:
    """A button pin changed: wake the loop so it polls the debouncer on time (nothing else)."""
