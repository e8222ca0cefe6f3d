"""The words HIL scripts and the emulators' consoles are made of: numbers, durations, JSON
values and names, each read by one function that accepts exactly what the docs say.

Numbers are ASCII digits only (``str.isdigit`` also passes ``²`` and ``٣``, which ``int`` then
refuses or reads as something else) and their length is checked before ``int`` sees them (a
300-digit wait, a 5,000-digit count). JSON is depth-checked before ``json.loads`` (deep nesting
overflows its recursion) and refuses NaN and Infinity. Every refusal is a :class:`WordError`
whose message says what was expected; the caller adds where (file and line, or nothing at a
prompt).
"""

from __future__ import annotations

import difflib
import json
import re

from ..base.errors import ClacksError
from ..web.json_body import depth  # the scan request bodies are refused by, before parsing

MAX_JSON_DEPTH = 32  # the deepest value a check needs is a few levels; the status JSON has 4
MAX_QUOTE = 40  # characters of a bad word quoted back in a message
DIGITS = re.compile(r"[0-9]+")
# ASCII digits, an optional fraction of up to 3 digits (a millisecond is the fake clock's
# smallest step), then the unit.
DURATION = re.compile(r"([0-9]+)(?:\.([0-9]{1,3}))?(ms|s|m)")
UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0}


class WordError(ClacksError, ValueError):
    """A word that is not what was expected; the message says what was."""


def quote(word: str) -> str:
    """``repr`` of ``word``, shortened: messages quote what was written, not a megabyte of it."""
    return repr(word if len(word) <= MAX_QUOTE else word[:MAX_QUOTE] + "...")


def whole_number(word: str, lo: int, hi: int, what: str) -> int:
    """``word`` as a whole number in ``lo..hi``: ASCII digits only, no sign, no spaces."""
    if DIGITS.fullmatch(word) and len(word.lstrip("0")) <= len(str(hi)):
        value = int(word)
        if lo <= value <= hi:
            return value
    raise WordError(f"{what} {quote(word)}: expected a whole number {lo}..{hi}")


def duration(word: str, most_s: float) -> float:
    """``250ms``, ``2s``, ``1.5s``, ``1m`` as seconds, at most ``most_s``."""
    m = DURATION.fullmatch(word)
    if not m:
        raise WordError(f"duration {quote(word)}: expected a number with ms, s or m (e.g. 250ms, 2s, 1.5s, 1m)")
    whole, fraction, unit = m.groups()
    longest = f"{most_s:g} s" if most_s < 60 else f"{most_s / 60:g} min"
    if len(whole.lstrip("0")) > 7:  # more than any limit here, and int() stays cheap
        raise WordError(f"duration {quote(word)}: at most {longest}")
    seconds = (int(whole) + int(fraction or "0") / 10 ** len(fraction or "")) * UNITS[unit]
    if seconds > most_s:
        raise WordError(f"duration {word}: at most {longest}")
    return seconds


def did_you_mean(word: str, known, what: str, otherwise: str = "") -> WordError:
    """An unknown ``what``, with the closest known word, else ``otherwise`` or the whole list."""
    known = list(known)
    close = difflib.get_close_matches(word[:MAX_QUOTE], known, n=1, cutoff=0.5)
    if close:
        return WordError(f"unknown {what} {quote(word)}: did you mean {close[0]}?")
    if otherwise:
        return WordError(f"unknown {what} {quote(word)}: {otherwise}")
    listed = ", ".join(known) if len(known) <= 20 else ", ".join(known[:20]) + ", ..."
    return WordError(f"unknown {what} {quote(word)}: one of {listed}")


def one_of(word: str, known, what: str, *, fold=str.upper) -> str:
    """``word`` (compared after ``fold``) if it is one of ``known``, else a did-you-mean."""
    key = fold(word)
    if key in known:
        return key
    raise did_you_mean(key, known, what)


def json_value(text: str):
    """``text`` as one JSON value, nested at most MAX_JSON_DEPTH deep, without NaN or Infinity."""
    levels = depth(text.encode("utf-8", "surrogatepass"))
    if levels > MAX_JSON_DEPTH:
        raise WordError(f"expected JSON nested at most {MAX_JSON_DEPTH} deep, found {levels} levels")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise WordError(f"expected JSON ({exc.msg} at column {exc.colno}): {quote(text)}") from None
    except ValueError as exc:  # NaN, Infinity; an integer of thousands of digits
        raise WordError(f"expected JSON ({exc}): {quote(text)}") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")
