"""What each table and card of a Guards! Guards! edition file holds: every field, its type and
its bounds, said once (edition_files.py reads a file by it).

A card is built from its fields alone (``Volunteer(**values)``), and a test holds each card's
fields to its dataclass's, so a field added to a card cannot be left unchecked; a key no field
names is refused as a typo. Each kind of value reads one raw TOML value: the value, or BAD with
the problem told (where, why).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...base.unsafe_chars import toml_key
from .edition import ATTRIBUTES, DECKS, GUILDS, STATS, Dragon, GuildCard, Item, Scroll, Spell, Volunteer

ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,23}")  # a card id: printable, enrollable, short
TO_FILL = "is still to fill in: copy it from the card or the map"
BAD = object()  # a value refused; its problem is told
FACES = 8


def short(value) -> str:
    """A value quoted in a message: its repr (every control escaped), cut to a line's part."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Kind:
    says = ""  # what a good value is, after "must be"

    def read(self, value, where: str, p: list):
        if value == "?":
            p.append((where, TO_FILL))
            return BAD
        good = self.check(value)
        if good is BAD:
            p.append((where, f"{short(value)} must be {self.says}"))
        return good

    def check(self, value):
        raise NotImplementedError


@dataclass(frozen=True)
class Text(Kind):
    most: int = 60

    @property
    def says(self) -> str:
        return f"a name of 1 to {self.most} characters"

    def check(self, value):
        return value if isinstance(value, str) and value.strip() and len(value) <= self.most else BAD


@dataclass(frozen=True)
class Whole(Kind):
    lo: int = 0
    hi: int = 99

    @property
    def says(self) -> str:
        return f"a whole number from {self.lo} to {self.hi}"

    def check(self, value):
        return value if type(value) is int and self.lo <= value <= self.hi else BAD


class Flag(Kind):
    says = "true or false"

    def check(self, value):
        return value if isinstance(value, bool) else BAD


@dataclass(frozen=True)
class OneOf(Kind):
    choices: tuple[str, ...]

    @property
    def says(self) -> str:
        return f"one of {', '.join(self.choices)}" if len(self.choices) > 1 else f'"{self.choices[0]}"'

    def check(self, value):
        return value if isinstance(value, str) and value in self.choices else BAD


class Bribe(Kind):
    says = 'dollars 0 to 20, or "X" (cannot be bribed)'

    def check(self, value):
        if value == "X":
            return None
        return value if type(value) is int and 0 <= value <= 20 else BAD


@dataclass(frozen=True)
class Bonus(Kind):
    """A table of changes, ``{ brawl = 2 }``: each key one of ``allowed``, each change not 0."""

    allowed: tuple[str, ...]
    lo: int = -3
    hi: int = 10

    @property
    def says(self) -> str:
        return f"a table like {{ {self.allowed[0]} = 1 }}"

    def read(self, value, where, p):
        if not isinstance(value, dict):
            p.append((where, f"must be {self.says}"))
            return BAD
        out, before = [], len(p)
        for k, v in value.items():
            if k not in self.allowed:
                p.append((f"{where}.{toml_key(k)}", f"is not one of {', '.join(self.allowed)}"))
            elif type(v) is not int or not self.lo <= v <= self.hi or v == 0:
                p.append((f"{where}.{k}", f"{short(v)} must be a whole number from {self.lo} to {self.hi}, not 0"))
            else:
                out.append((k, v))
        return tuple(sorted(out)) if len(p) == before else BAD


class Dots(Kind):
    """The red dots of a Guild card: ``{ magic = 2, guild = 1, charm = 2 }``."""

    says = "a table like { magic = 2, guild = 1, charm = 2 }"
    each = Whole(0, 12)

    def read(self, value, where, p):
        if not isinstance(value, dict):
            p.append((where, f"must be {self.says}"))
            return BAD
        before = len(p)
        for k in value:
            if k not in ATTRIBUTES:
                p.append((f"{where}.{toml_key(k)}", f"is not one of {', '.join(ATTRIBUTES)}"))
        for a in ATTRIBUTES:
            if a not in value:
                p.append((f"{where}.{a}", f"is missing: it must be {self.each.says}"))
        dots = tuple(self.each.read(value[a], f"{where}.{a}", p) for a in ATTRIBUTES if a in value)
        return dots if len(p) == before else BAD


@dataclass(frozen=True)
class Names(Kind):
    """A list of ``count`` names, each one of ``choices`` (or any card id when None), each
    different unless ``repeats``."""

    count: int
    choices: tuple[str, ...] | None = None
    repeats: bool = False
    says: str = ""

    def check(self, value):
        if not (isinstance(value, list) and len(value) == self.count and all(isinstance(v, str) for v in value)):
            return BAD
        if self.choices is None and not all(ID.fullmatch(v) for v in value):
            return BAD
        if self.choices is not None and not set(value) <= set(self.choices):
            return BAD
        if not self.repeats and len(set(value)) != len(value):
            return BAD
        return tuple(value)


@dataclass(frozen=True)
class Field:
    key: str  # as the file writes it
    kind: Kind
    attr: str = ""  # the dataclass field it fills, when not named as the key
    default: object = BAD  # BAD: the key must be there

    @property
    def name(self) -> str:
        return self.attr or self.key


def _stats(lo: int, hi: int) -> tuple[Field, ...]:
    return tuple(Field(s, Whole(lo, hi)) for s in STATS)


NAME = Field("name", Text())
# Each card: its dataclass, then its fields but ``id`` (read first: it names the card).
CARDS = {
    "spell": (Spell, (NAME,)),
    "guild_card": (GuildCard, (
        Field("guild", OneOf(GUILDS)), Field("attributes", Dots(), "start"),
        Field("spells", Names(5, says="a list of 5 different Great Spells (their ids)")), Field("ability", Text()))),
    "volunteer": (Volunteer, (
        NAME, Field("deck", OneOf(DECKS)), Field("charm", Whole(1, 20)), Field("bribe", Bribe()), *_stats(0, 12),
        *(Field(f, Flag(), default=False) for f in ("brethren", "wanted", "infectious", "fate")),
        Field("bonus", Bonus(ATTRIBUTES + ("dollars",)), default=()), Field("magic_defence", Whole(0, 5), default=0),
        Field("luggage", Whole(0, 12), default=0))),
    "dragon": (Dragon, (NAME, Field("brawl", Whole(1, 40)), Field("toughness", Whole(1, 60)))),
    "item": (Item, (NAME, Field("price", Whole(0, 20)), Field("bonus", Bonus(STATS), default=()))),
    "scroll": (Scroll, (NAME, Field("price", Whole(0, 20)), Field("target", Whole(1, 30)))),
}
CHALLENGE_KEYS = ("1", "2", "3", "4_brawl", "4_streetwise")
# The file's tables: their fields fill the GuardsEdition's (by ``name``), the challenges its
# ``challenges``; ``game`` only says which game the file is for.
TABLES = {
    "edition": (Field("game", OneOf(("guards",))), Field("name", Text()), Field("made_up", Flag(), default=False)),
    "map": (Field("quadrants_clockwise", Names(4, GUILDS, says=f"a list of the four Guild Quadrants ({', '.join(GUILDS)}) "
                                                             "clockwise from the north-west corner"), "quadrants"),),
    "challenges": tuple(Field(k, Whole(2, 60)) for k in CHALLENGE_KEYS),
    "tavern": (Field("faces", Names(FACES, DECKS + ("",), repeats=True,
                                    says=f"a list of what each face 1..{FACES} of the die brings: a deck "
                                         f"({', '.join(DECKS)}) or \"\" (nobody joins)"), "tavern"),),
}


def read_fields(table: dict, fields: tuple[Field, ...], where: str, what: str, p: list) -> dict | None:
    """The values of ``fields`` in ``table`` by their names, or None when any is refused (each
    problem told); a key no field names is refused too, as "is no {what} {the keys}"."""
    known = {f.key for f in fields}
    before = len(p)
    for key in table:
        if key not in known:
            p.append((f"{where}: {toml_key(key)}", f"is no {what} {', '.join(f.key for f in fields)}"))
    out = {}
    for f in fields:
        if f.key not in table and f.default is not BAD:
            out[f.name] = f.default
        elif f.key not in table:
            p.append((f"{where}: {f.key}", f"is missing: it must be {f.kind.says}"))
        else:
            out[f.name] = f.kind.read(table[f.key], f"{where}: {f.key}", p)
    return out if len(p) == before else None
