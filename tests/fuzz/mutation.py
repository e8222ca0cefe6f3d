"""Strategies every target shares: real inputs mutated the way libFuzzer mutates (bytes flipped,
ranges cut, doubled or spliced, tokens of the format dropped in), and hostile values for the
formats built on JSON and TOML."""

from __future__ import annotations

import copy
import json
from functools import cache

from hypothesis import strategies as st

# Characters that end a line for someone, hide, or break an encoder; numbers at every edge.
HOSTILE_TEXT = ["", " ", "\x00", "\n", "\r", "\r\n", "\x0b", "\x0c", "\x85", "\u2028", "\u2029", "\u202e",
                "\u200b", "\ufeff", "\ud800", "\udfff", "é", "²", "٣", "🂡", "%", "$", "%s", "${x}", "../..", "/",
                "\\", '"', "'", "#", "*", "9" * 400, "-1", "1e999", "NaN", "Infinity", "A" * 300]
HOSTILE_NUMBERS = [0, -1, 1, 2**31, 2**53 + 1, 2**63, 2**64, -(2**63) - 1, 10**400, 0.5, -0.0, 1e308, 1e-320]

json_scalars = (st.none() | st.booleans() | st.sampled_from(HOSTILE_NUMBERS) | st.integers()
                | st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(HOSTILE_TEXT) | st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=8)


def nested(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


deep_json = st.sampled_from([4, 33, 1000, 100_000]).map(nested) | st.sampled_from([
    '{"a":' * 2000 + "1" + "}" * 2000, "[" * 100_000, '{"a": NaN}', "[Infinity, -Infinity]", '{"a": 1e999}',
    '"\\ud800"', '{"a": 1, "a": 2}', "1" * 5000, "-" + "9" * 5000 + ".5e-99999",
])


def dumps(value) -> bytes:
    """JSON of any value the strategies draw (lone surrogates kept as escapes)."""
    return json.dumps(value, ensure_ascii=True).encode()


@cache
def _tokens_of(tokens: tuple[bytes, ...]) -> st.SearchStrategy:
    return st.sampled_from(tokens + tuple(t.encode("utf-8", "surrogatepass") for t in HOSTILE_TEXT))


@st.composite
def mutate(draw, data: bytes, tokens: tuple[bytes, ...] = (), others: tuple[bytes, ...] = ()) -> bytes:
    """``data`` changed 1-4 times: a byte flipped or replaced, a range cut, doubled or moved, a
    token of the format or a hostile string put in, part of another input spliced in, the end cut."""
    for _ in range(draw(st.integers(1, 4))):
        n = len(data)
        at = draw(st.integers(0, n))
        end = draw(st.integers(at, min(n, at + 64)))
        kind = draw(st.sampled_from(["flip", "byte", "cut", "double", "token", "splice", "truncate", "move"]))
        if kind == "flip" and at < n:
            data = data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1:]
        elif kind == "byte" and at < n:
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1:]
        elif kind == "cut":
            data = data[:at] + data[end:]
        elif kind == "double":
            data = data[:end] + data[at:end] * draw(st.sampled_from([1, 2, 100])) + data[end:]
        elif kind == "token":
            data = data[:at] + draw(_tokens_of(tokens)) + data[at:]
        elif kind == "splice" and others:
            other = draw(st.sampled_from(others))
            i = draw(st.integers(0, len(other)))
            data = data[:at] + other[i:i + draw(st.integers(0, 200))] + data[at:]
        elif kind == "truncate":
            data = data[:at]
        elif kind == "move" and end > at:
            piece, rest = data[at:end], data[:at] + data[end:]
            k = draw(st.integers(0, len(rest)))
            data = rest[:k] + piece + rest[k:]
    return data


def mutated(seeds: list[bytes], tokens: tuple[bytes, ...] = ()) -> st.SearchStrategy:
    """A seed as it is, or mutated; random bytes now and then."""
    others = tuple(seeds)
    return (st.sampled_from(seeds).flatmap(lambda s: mutate(s, tokens, others))
            | st.sampled_from(seeds) | st.binary(max_size=300))


@st.composite
def lines_mutated(draw, text: str, pool: st.SearchStrategy) -> str:
    """Text with whole lines replaced, inserted, deleted or doubled (``pool``: new lines)."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        k = draw(st.integers(0, len(lines)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "double"]))
        if kind == "insert" or not lines:
            lines.insert(k, draw(pool))
        elif kind == "replace":
            lines[min(k, len(lines) - 1)] = draw(pool)
        elif kind == "delete":
            del lines[min(k, len(lines) - 1)]
        else:
            lines.insert(k, lines[min(k, len(lines) - 1)])
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n"]))


def paths(node, prefix=()):
    """Every path (keys and indexes) into a JSON or TOML value."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        yield (*prefix, k)
        yield from paths(v, (*prefix, k))


@st.composite
def edited(draw, value, values: st.SearchStrategy = json_values, keys: tuple[str, ...] = ()):
    """A copy of ``value`` (a JSON or TOML document) with 1-3 values replaced, removed or
    wrapped, or a key added (``keys``: names worth adding)."""
    value = copy.deepcopy(value)
    for _ in range(draw(st.integers(1, 3))):
        where = list(paths(value))
        if not where:
            break
        path = draw(st.sampled_from(where))
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        kind = draw(st.sampled_from(["set", "set", "delete", "add", "wrap"]))
        if kind == "set":
            parent[last] = draw(values)
        elif kind == "delete":
            del parent[last]
        elif kind == "wrap":
            parent[last] = draw(st.sampled_from([[parent[last]], {"x": parent[last]}, [parent[last]] * 50]))
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(keys) | st.text(max_size=8)) if keys else draw(st.text(max_size=8))] = draw(values)
    return value


def utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")
