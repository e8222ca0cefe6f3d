"""The board's public state cut down to what the hall's schema names (schema.BoardState).

The kiosk page's JSON (web/public.py, where hidden information was already decided) holds far
more than a hall card shows: the alphabet, the jacquards' holes, card labels. The board sends the
hall only the fields the schema describes, picked by walking the schema itself, so the two
cannot drift apart, and checks the result against the same schema the hall uses: a board never
publishes what a hall would refuse.
"""

from __future__ import annotations

import logging

import msgspec
from msgspec import inspect

from .schema import BoardState

log = logging.getLogger(__name__)
_STATE = inspect.type_info(BoardState)


def _pick(value, t):
    if isinstance(value, dict):
        if isinstance(t, inspect.UnionType):  # Struct | None: the struct's fields
            t = next((u for u in t.types if isinstance(u, (inspect.StructType, inspect.DictType))), t)
        if isinstance(t, inspect.StructType):
            # A None where the schema has a default is the default (``"dwarf": null``).
            return {f.encode_name: _pick(value[f.encode_name], f.type) for f in t.fields
                    if f.encode_name in value and (value[f.encode_name] is not None or f.required)}
        if isinstance(t, inspect.DictType):
            return {k: _pick(v, t.value_type) for k, v in value.items()}
    if isinstance(value, list) and isinstance(t, inspect.ListType):
        return [_pick(v, t.item_type) for v in value]
    return value


def hall_state(public: dict) -> BoardState:
    """The hall's view of ``public`` (web/public.status_json); ValueError naming the field when
    the board's own state does not fit the schema (a bug: tests/mqtt check every game's)."""
    data = _pick(public, _STATE)
    data["demo"] = public.get("screen") == "attract"  # the controller's attract screen: its demo game
    try:
        return msgspec.convert(data, BoardState)
    except msgspec.ValidationError as exc:
        raise ValueError(f"the board's state does not fit the hall's schema: {exc}") from None
