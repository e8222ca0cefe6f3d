"""The edition: ``parse_edition`` (what ``load_edition`` does with the files of a folder), then
a game of every mode set up from it, since a loaded edition promises to deal one.

An input is the default edition with some files replaced: sections ``=== NAME ===`` followed
by that file's bytes; bytes before the first section replace ``cards.toml``."""

from __future__ import annotations

import re
from functools import cache

from hypothesis import strategies as st

from clacks_hw.game.clacks.edition_files import FILES, EditionError, parse_edition
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.errors import SetupError
from clacks_hw.game.core.registry import game_for, modes

from ..harness import Target, Violation, refused
from ..mutation import mutate, utf8
from ..seeds import edition_files, game_config
from ..toml_text import edited

SECTION = re.compile(rb"^=== ([\w.]+) ===\n", re.M)
TOKENS = (b"[[fault]]\n", b"[[incident]]\n", b"[[log]]\n", b"effects = [", b'"flip(', b'"budget(+', b"draw_jacquard(",
          b"cancel_next(", b"holes = [[", b"cost = ", b"shape = ", b'id = "J', b"stamp = ", b"#", b".", b"/",
          b"night_shift = [", b"select = [")
KEYS = ("name", "start", "signals", "cards", "shapes", "holes", "cost", "id", "shape", "stamp", "text",
        "effects", "night_shift", "words", "fault", "incident", "log", "select")


def pack(files: dict[str, bytes]) -> bytes:
    return b"".join(b"=== %s ===\n" % name.encode() + data for name, data in files.items())


def unpack(data: bytes) -> dict[str, bytes]:
    files = dict(edition_files())
    parts = SECTION.split(data)
    if parts[0]:
        files["cards.toml"] = parts[0]
    for name, body in zip(parts[1::2], parts[2::2]):
        files[name.decode()] = body
    return files


def _games(edition) -> None:
    """Every mode, at its most players, dealt from the edition: a game or a SetupError."""
    for mode in modes():
        players = max(len(s) for s in game_for(mode).seatings())
        try:
            new_game(edition, game_config(mode, players, 1, edition=edition))
        except SetupError as exc:
            refused(exc)


def check(data: bytes) -> None:
    try:
        edition = parse_edition(unpack(data), "fuzz-edition")
    except EditionError as exc:
        refused(exc)
        if not exc.problems or not all(reason for _, _, reason in exc.problems):
            raise Violation("an edition error without a reason for each problem", str(exc)[:200]) from None
        return
    _games(edition)


@cache
def seeds() -> list[bytes]:
    files = edition_files()
    return [pack(files)] + [pack({name: files[name]}) for name in FILES]


@st.composite
def _one_file(draw) -> bytes:
    files = edition_files()
    name = draw(st.sampled_from(FILES))
    if draw(st.booleans()):
        body = utf8(draw(edited(files[name].decode(), KEYS)))
    else:
        body = draw(mutate(files[name], TOKENS, tuple(files.values())))
    return pack({name: body})


TARGET = Target("edition", "clacks_hw.game.clacks.edition_files.parse_edition, then a game of every mode from it",
                _one_file() | st.sampled_from(seeds()).flatmap(lambda s: mutate(s, TOKENS)), seeds, check=check)
