"""A JSON request body from a phone (or anyone else on the network): bounded in size, depth and
shape before anything reads it.

Every JSON body the page server accepts goes through :func:`read_json` with the shape its
endpoint declares (one per endpoint, beside its handler: ``admin.COMMANDS``, ``seat_api.SHAPES``,
``pairing_api.SHAPE``): a JSON object whose keys are all known, each a string, one of a few
strings, a number, a list, or a string holding JSON text of a declared shape (a phone's answer,
the game's action as it was offered), every length bounded. Anything else is answered 400 with a
sentence naming the field (``'action.act'`` inside such a text) and what it should be, never
500, so no game is handed a value of a type it did not expect; one that has not arrived within a
few seconds is 408 (it would hold a connection for nothing). A body nested thousands of levels deep (which makes
Python's parser give up with a RecursionError) is refused by a scan before it is parsed.
What the values *mean* (a mode, a seat, a word) is the board's business (daemon/screens/admin.py).
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from dataclasses import dataclass

from aiohttp import web

from ..base.errors import ClacksError
from .guard import MAX_BODY

MAX_DEPTH = 3  # an object of lists is two; one more for slack, none for nesting games
BODY_S = 5.0  # a body trickled in slower than this holds a connection for nothing
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


class BadBody(ClacksError, ValueError):
    """The body cannot be used; ``status`` is the HTTP answer, the message says why."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Text:
    max_len: int = 64

    def check(self, name: str, value) -> str:
        if not isinstance(value, str):
            raise BadBody(f"{name!r} must be a string, not {_kind(value)}")
        if len(value) > self.max_len:
            raise BadBody(f"{name!r} is longer than {self.max_len} characters")
        return value


@dataclass(frozen=True)
class Number:
    def check(self, name: str, value) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadBody(f"{name!r} must be a number, not {_kind(value)}")
        return value


@dataclass(frozen=True)
class TextList:
    max_items: int
    max_len: int = 32

    def check(self, name: str, value) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise BadBody(f"{name!r} must be a list of strings, not {_kind(value)}")
        if len(value) > self.max_items:
            raise BadBody(f"{name!r} has {len(value)} items; at most {self.max_items}")
        long = [v for v in value if len(v) > self.max_len]
        if long:
            raise BadBody(f"{name!r}: {long[0][:40]!r}... is longer than {self.max_len} characters")
        return value


@dataclass(frozen=True)
class OneOf:
    values: tuple[str, ...]

    def check(self, name: str, value) -> str:
        if not isinstance(value, str) or value not in self.values:
            shown = repr(value)[:40] if isinstance(value, str) else _kind(value)
            raise BadBody(f"{name!r} must be one of {', '.join(self.values)}, not {shown}")
        return value


@dataclass(frozen=True)
class Items:
    """A list of up to ``max_items`` values, each of ``item``'s shape."""

    item: object
    max_items: int

    def check(self, name: str, value) -> list:
        if not isinstance(value, list):
            raise BadBody(f"{name!r} must be a list, not {_kind(value)}")
        if len(value) > self.max_items:
            raise BadBody(f"{name!r} has {len(value)} items; at most {self.max_items}")
        return [self.item.check(f"{name}[{i}]", v) for i, v in enumerate(value)]


@dataclass(frozen=True)
class Either:
    """A value of one of ``shapes`` (tried in order); ``what`` says them all."""

    shapes: tuple
    what: str

    def check(self, name: str, value):
        for shape in self.shapes:
            try:
                return shape.check(name, value)
            except BadBody:
                continue
        raise BadBody(f"{name!r} must be {self.what}, not {_kind(value)}")


@dataclass(frozen=True)
class Fields:
    """A JSON object of the fields ``shape`` declares, those in ``required`` present. ``open``:
    other fields pass as they are (a game's own action fields: its ``parse_action`` checks them,
    each of the types it names), else an unknown one is refused."""

    shape: dict
    required: tuple[str, ...] = ()
    open: bool = False
    what: str = "a JSON object"

    def check(self, name: str | None, value) -> dict:
        where = "the body" if name is None else repr(name)
        if not isinstance(value, dict):
            raise BadBody(f"{where} must be {self.what}, not {_kind(value)}")
        inner = (lambda key: key) if name is None else (lambda key: f"{name}.{key}")
        missing = [key for key in self.required if key not in value]
        if missing:
            raise BadBody(f"{inner(missing[0])!r} is missing: {where} must be {self.what}")
        unknown = [] if self.open else sorted(set(value) - set(self.shape))
        if unknown:
            expected = ", ".join(self.shape) or "none"
            raise BadBody(f"unknown field {inner(unknown[0])!r} (this request takes: {expected})")
        return {key: self.shape[key].check(inner(key), v) if key in self.shape else v for key, v in value.items()}


@dataclass(frozen=True)
class JsonText:
    """A string holding JSON text (as a phone sends the action it was offered, untouched), whose
    value must be of ``shape``."""

    shape: object
    max_len: int = 2048

    def check(self, name: str, value):
        text = Text(self.max_len).check(name, value)
        try:
            data = strict_loads(text.encode("utf-8", "surrogatepass"))
        except BadBody as exc:
            raise BadBody(f"{name!r} must hold JSON text: {exc}".replace("the body", "it")) from None
        return self.shape.check(name, data)


def _kind(value) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def depth(body: bytes) -> int:
    """How deeply the JSON text ``body`` nests arrays and objects (strings skipped), without
    parsing it."""
    deepest = level = 0
    for m in _BRACKET.finditer(_STRING.sub(b'""', body)):
        level += 1 if m.group() in (b"[", b"{") else -1
        deepest = max(deepest, level)
    return deepest


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # 1e999: JSON, but no number a reply could hold again
        raise ValueError(f"{text[:20]} is out of range")
    return value


def strict_loads(body: bytes, max_depth: int = MAX_DEPTH):
    """The JSON value in ``body``: UTF-8, nested at most ``max_depth`` deep (checked by a scan
    before parsing), and standard JSON (Python's parser takes NaN and Infinity, which a browser's
    ``JSON.parse`` refuses). Anything else is :class:`BadBody` (400) saying what is wrong."""
    if depth(body) > max_depth:
        raise BadBody(f"the body nests more than {max_depth} levels deep; send one flat JSON object")
    try:
        return json.loads(body, parse_constant=_no_constant, parse_float=_finite)
    except UnicodeDecodeError:
        raise BadBody("the body is not UTF-8 text") from None
    except ValueError as exc:  # not JSON; NaN; an integer of thousands of digits
        raise BadBody(f"the body is not JSON: {exc}") from None


def parse(body: bytes, shape: dict) -> dict:
    """``body`` (bytes of JSON) checked against ``shape`` (field name -> Text, OneOf, Number, ...);
    raises :class:`BadBody`. An empty body is an empty object."""
    if len(body) > MAX_BODY:
        raise BadBody(f"the request is larger than {MAX_BODY // 1024} KiB", 413)
    if not body.strip():
        return {}
    return Fields(shape).check(None, strict_loads(body))


async def read_json(request: web.BaseRequest, shape: dict) -> dict:
    """The request's JSON body, checked (see :func:`parse`); raises :class:`BadBody`."""
    if request.content_type != "application/json":
        raise BadBody("send the request as JSON (Content-Type: application/json)", 415)
    try:
        body = await asyncio.wait_for(request.read(), BODY_S)
    except web.HTTPRequestEntityTooLarge:
        raise BadBody(f"the request is larger than {MAX_BODY // 1024} KiB", 413) from None
    except TimeoutError:
        raise BadBody(f"the body did not arrive within {BODY_S:g} s", 408) from None
    return parse(body, shape)
