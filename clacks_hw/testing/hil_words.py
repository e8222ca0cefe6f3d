"""What each upper-case word of a HIL script's grammar (:data:`.hil_script.FORMS`) may be: one
reader per word, each taking the word as written (or ``None`` for an optional one left out)
and returning its value or raising :class:`~.script_words.WordError` (a word ending in ``...``
takes the rest of the line; its message is prefixed with the words before it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from clacks_hw.daemon.screen_names import SCREENS
from clacks_hw.drivers.frame import SEATS, TOWERS
from clacks_hw.game.clacks.edition_files import default_edition

from .cards import HEX_UID
from .colours import COLOURS, parse_colour
from .rig_settings import RIG_OWNED, settable_keys
from .script_words import (
    DIGITS,
    WordError,
    did_you_mean,
    duration,
    json_value,
    one_of,
    quote,
    whole_number,
)

BUTTONS = TOWERS + ("PREV", "NEXT", "TURN", "PLAY", "BACK")
MAX_PATH_PARTS = 16
MAX_WAIT_S = 600.0  # one wait or hold: the longest Express turn (game.express_s)


@dataclass(frozen=True)
class Context:
    readers: int  # as set so far: a reader number must be one of the hub's


@cache
def card_ids() -> frozenset[str]:
    e = default_edition()
    return frozenset(e.jacquards) | frozenset(e.cards) | {f"W:{w}" for w in e.words}


def card(word: str, ctx: Context) -> str:
    """A card id of the edition (``J5`` is ``J05``), or a tag's hex uid as given."""
    key = word.upper()
    stem = key.rstrip("0123456789")
    for name in (key, stem + key[len(stem):].zfill(2)):
        if name in card_ids():
            return name
    if HEX_UID.fullmatch(word):
        return key
    raise did_you_mean(key, sorted(card_ids()), "card",
                       "expected a card id of the edition (J05, F03, W:GUILD) or a hex uid of 8, 14 or 20 digits")


def reader(word: str | None, ctx: Context) -> int:
    return 0 if word is None else whole_number(word, 0, ctx.readers - 1, "reader")


def colour(word: str, ctx: Context):
    try:
        return parse_colour(word)
    except ValueError:
        raise did_you_mean(word.lower(), list(COLOURS) + ["lit", "#RRGGBB"], "colour") from None


def row(word: str, ctx: Context) -> str:
    if len(word) == 4 and not set(word) - {"#", "."}:
        return word
    raise WordError(f"lamp row {quote(word)}: expected 4 of # (lit) and . (dark), e.g. #..#")


def key(word: str, ctx: Context) -> str:
    if word in RIG_OWNED:
        raise WordError(f"{word} is set by the rig itself (its emulated parts and status page): "
                        "a script cannot change it")
    if word not in settable_keys():
        raise did_you_mean(word, settable_keys(), "setting")
    return word


def path(word: str, ctx: Context) -> tuple:
    """A dotted path into /status.json: each part a key, or an index where the value is a list."""
    parts = word.split(".")
    if "" in parts or len(parts) > MAX_PATH_PARTS:
        raise WordError(f"path {quote(word)}: expected keys joined by dots, e.g. position.players.S.tower")
    return tuple((p, int(p) if DIGITS.fullmatch(p) and len(p) <= 6 else None) for p in parts)


def json_object(text: str, ctx: Context) -> dict:
    value = json_value(text)
    if not isinstance(value, dict):
        raise WordError('expected a JSON object such as {"act": "move"}')
    return value


WORDS = {
    "SEED": lambda w, ctx: whole_number(w, 0, 2**31, "seed"),
    "READERS": lambda w, ctx: whole_number(w, 1, 4, "readers"),
    "KEY": key,
    "VALUE...": lambda text, ctx: json_value(text),
    "BUTTON": lambda w, ctx: one_of(w, BUTTONS, "button"),
    "DURATION": lambda w, ctx: duration(w, MAX_WAIT_S),
    "CARD": card,
    "READER": reader,
    "SCREEN": lambda w, ctx: one_of(w, SCREENS, "screen", fold=str.lower),
    "ROW": row,
    "LAMP": lambda w, ctx: whole_number(w, 0, 15, "lamp"),
    "COLOUR": colour,
    "TOWER": lambda w, ctx: one_of(w, TOWERS, "lit button"),
    "SEAT": lambda w, ctx: one_of(w, SEATS, "seat"),
    "COUNT": lambda w, ctx: whole_number(w, 0, 10**6, "actions"),
    "OBJECT...": json_object,
    "PATH": path,
    "JSON...": lambda text, ctx: json_value(text),
}
