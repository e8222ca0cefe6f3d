"""The Guards! Guards! edition: ``parse_guards_bytes`` (what ``load_guards_edition`` does with a
file's bytes, and what a journal's header box goes through), then, since a loaded edition
promises a game, a game of every number of players dealt from it, a few random legal actions
played, what the shared screen and each seat's phone show, and the journal's round trip of the
edition's text (a game resumed plays with the very cards it began with).

An input is the bytes of one edition file."""

from __future__ import annotations

import random
import tomllib
from functools import cache

from hypothesis import strategies as st

from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.errors import SetupError
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.edition_fields import CARDS, TABLES, Bonus, Bribe, Flag, Whole
from clacks_hw.game.guards.edition_files import GuardsEditionError, demo_edition_path, parse_guards_bytes
from clacks_hw.game.guards.legal import random_action
from clacks_hw.game.guards.template import template

from ..harness import ROOT, Target, Violation, refused
from ..mutation import mutated, utf8
from ..toml_text import document, edited, toml_values

SEATINGS = (("S", "N"), ("S", "W", "N"), ("S", "W", "N", "E"))
MOVES = 12  # actions of each game: enough to recruit, move, roll and test with the edition's values
KEYS = ("id", "name", "deck", "charm", "bribe", "loyalty", "streetwise", "toughness", "brawl", "brethren", "wanted",
        "infectious", "fate", "bonus", "magic_defence", "luggage", "guild", "attributes", "spells", "ability", "price",
        "target", "faces", "quadrants_clockwise", "game", "made_up", "spell", "volunteer", "dragon", "item", "scroll")
TOKENS = (b"[[volunteer]]\n", b"[[guild_card]]\n", b"[[spell]]\n", b"[[dragon]]\n", b"[[item]]\n", b"[[scroll]]\n",
          b'id = "', b'name = "', b"spells = [", b"bonus = { ", b"attributes = { ", b'bribe = "X"', b"= [[1]]",
          b'"\\u001b', b"\\n", b"faces = [", b"quadrants_clockwise = [")


def _game(edition, seats, seed: int) -> None:
    try:
        state = new_game(None, GuardsConfig(seats=seats, seed=seed, box=edition))
    except SetupError as exc:
        refused(exc)
        return
    game, rng = state.config.game, random.Random(seed)
    again = type(state.config).options_from_record(state.config.options_record())["box"]
    if again != edition:
        raise Violation("the edition read back from the journal's header is another", edition.name)
    for _ in range(MOVES):
        shown = [game.text(state)] + [line for seat in seats for section in game.seat_sections(state, seat)
                                      for line in (section.title, *section.lines)]
        odd = next((c for text in shown for c in str(text) if not (c.isprintable() or c == "\n")), None)
        if odd is not None:  # what the screen and the phones show comes from the edition's texts
            raise Violation("an unprintable character on a screen", f"U+{ord(odd):04X}")
        action = None if state.over else random_action(state, rng)
        if action is None:
            return
        after = apply(state, action)
        if isinstance(after, Rejection):
            raise Violation("a random legal action was refused", f"{after.code}: {action!r}"[:200])
        state = after


def _place(draw, doc) -> tuple[dict, str, tuple]:
    """A card (or table) of ``doc`` and one of its fields, by the edition's own description,
    drawn evenly (a path drawn from the whole document lands on the first table far more often)."""
    kind = draw(st.sampled_from((*CARDS, *TABLES)))
    fields = CARDS[kind][1] if kind in CARDS else TABLES[kind]
    table = draw(st.sampled_from(doc[kind])) if kind in CARDS else doc[kind]
    return table, kind, fields


@st.composite
def _in_bounds(draw) -> bytes:
    """The demo with one to eight values changed to others its fields take (a volunteer of Brawl
    0 or 12, a dragon of Toughness 60, a Bribe of "X", a flag set): past every check, into the
    rules."""
    doc = tomllib.loads(seeds()[0].decode())
    for _ in range(draw(st.integers(1, 8))):
        card, _, fields = _place(draw, doc)
        field = draw(st.sampled_from(fields))
        if isinstance(field.kind, Whole):
            card[field.key] = draw(st.sampled_from((field.kind.lo, field.kind.hi)) | st.integers(field.kind.lo, field.kind.hi))
        elif isinstance(field.kind, Flag) and field.key != "made_up":
            card[field.key] = draw(st.booleans())
        elif isinstance(field.kind, Bribe):
            card[field.key] = draw(st.just("X") | st.integers(0, 20))
        elif isinstance(field.kind, Bonus):
            card[field.key] = draw(st.dictionaries(st.sampled_from(field.kind.allowed),
                                                   st.integers(field.kind.lo, field.kind.hi).filter(bool), max_size=3))
    return utf8(document(doc) + "\n")


@st.composite
def _hostile(draw) -> bytes:
    """The demo with one to three fields (or one element of a list field) given a hostile value
    or wrapped in a list or a table, or a key no field names added."""
    doc = tomllib.loads(seeds()[0].decode())
    for _ in range(draw(st.integers(1, 3))):
        table, _, fields = _place(draw, doc)
        key = draw(st.sampled_from([f.key for f in fields] + ["id"]) | st.sampled_from(KEYS))
        value = table.get(key)
        if isinstance(value, list) and value and draw(st.booleans()):
            table, key = value, draw(st.integers(0, len(value) - 1))
            value = table[key]
        wrapped = st.nothing() if value is None else st.sampled_from([[value], {"x": value}, [value] * 50])
        table[key] = draw(toml_values | wrapped)
    return utf8(document(doc) + "\n")


def check(data: bytes) -> None:
    try:
        edition = parse_guards_bytes(data, "fuzz-guards.toml")
    except GuardsEditionError as exc:
        refused(exc)
        if not exc.problems or not all(where and why for where, why in exc.problems):
            raise Violation("an edition error without a place and a reason for each problem", str(exc)[:200]) from None
        return
    for n, seats in enumerate(SEATINGS):
        _game(edition, seats, n + 1)


@cache
def seeds() -> list[bytes]:
    return [demo_edition_path().read_bytes(), (ROOT / "tests" / "guards" / "box.toml").read_bytes(), utf8(template())]


TARGET = Target("guards_edition", "clacks_hw.game.guards.edition_files.parse_guards_bytes, then games of 2 to 4 "
                "players dealt from it", st.deferred(lambda: st.sampled_from([s.decode() for s in seeds()[:2]])
                                                     .flatmap(lambda text: edited(text, KEYS)).map(utf8)
                                                     | mutated(seeds(), TOKENS) | _in_bounds() | _hostile()), seeds, check=check)
