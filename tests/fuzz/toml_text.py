"""TOML documents edited at the level of their values, for the config and edition targets: a
real file is read, one to three of its values are replaced by hostile ones (or removed, or a key
added), and the result is written back as TOML, so the fuzz gets past the TOML parser into the
checks behind it."""

from __future__ import annotations

import datetime
import re
import tomllib
import unicodedata

from hypothesis import strategies as st

from .mutation import HOSTILE_NUMBERS, HOSTILE_TEXT
from .mutation import edited as json_edited

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _string(text: str) -> str:
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif unicodedata.category(c) == "Cc":
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)  # a lone surrogate stays, and makes the file invalid UTF-8: also hostile
    return '"' + "".join(out) + '"'


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else _string(key)


def value(v) -> str:
    """One value as TOML writes it inline."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return {"inf": "inf", "-inf": "-inf", "nan": "nan"}.get(repr(v), repr(v))
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def _table_array(v) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def document(doc: dict, prefix: tuple[str, ...] = ()) -> str:
    """``doc`` as a TOML file: values first, then [tables] and [[arrays of tables]]."""
    lines = [f"{_key(k)} = {value(v)}" for k, v in doc.items() if not isinstance(v, dict) and not _table_array(v)]
    for k, v in doc.items():
        path = ".".join(_key(p) for p in (*prefix, k))
        if isinstance(v, dict):
            lines += ["", f"[{path}]", document(v, (*prefix, k))]
        elif _table_array(v):
            for item in v:
                lines += ["", f"[[{path}]]", document(item, (*prefix, k))]
    return "\n".join(lines)


toml_scalars = (st.sampled_from(HOSTILE_TEXT) | st.sampled_from(HOSTILE_NUMBERS) | st.booleans() | st.text(max_size=10)
                | st.integers() | st.floats() | st.datetimes(timezones=st.none() | st.timezones()) | st.dates())
toml_values = st.recursive(toml_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)


def edited(text: str, keys: tuple[str, ...] = ()) -> st.SearchStrategy:
    """``text`` (a TOML file) with 1-3 values replaced, removed or wrapped, or a key added
    (``keys``: names worth adding, such as the schema's), written back as TOML."""
    return json_edited(tomllib.loads(text), toml_values, keys).map(lambda doc: document(doc) + "\n")
