"""``replace`` for the engine's values: named tuples (GameState, Turn, Player) and dataclasses."""

from __future__ import annotations

import dataclasses


def replace(obj, /, **changes):
    """A copy of ``obj`` with ``changes``, like :func:`dataclasses.replace`."""
    fast = getattr(obj, "_replace", None)
    return fast(**changes) if fast is not None else dataclasses.replace(obj, **changes)
