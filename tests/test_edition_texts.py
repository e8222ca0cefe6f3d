"""No text of an edition reaches a terminal raw: a control character (an OSC or CSI escape, BEL,
NUL, U+0085) or a line or paragraph separator (a line break, U+2028, U+2029) anywhere in any
edition file, a value or a key, of Clacks or of Guards! Guards!, is refused at load, named by
its file, card and field, exit 2, and the message itself holds none of it.

The cases are generated from the shipped editions: every place a string stands in each file
(one of each kind: the first card of a deck, the first word), so a text field added to an
edition is covered the day it is added; and for Guards! Guards! every text field of the
edition's own description (edition_fields.py)."""

from __future__ import annotations

import copy
import itertools
import json
import re
import shutil
import tomllib

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.game.clacks.edition_files import FILES, default_edition_path
from clacks_hw.game.guards.edition_fields import CARDS, TABLES, Text
from clacks_hw.game.guards.edition_files import demo_edition_path
from tests.fuzz.toml_text import document

HOSTILE = ("\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "\nforged: all is well", "\u2028", "\u2029", "\x85", "\x00", "\r")
WHAT = {"\x1b": "a control character", "\n": "a control character", "\u2028": "a line separator",
        "\u2029": "a paragraph separator", "\x85": "a control character", "\x00": "a control character",
        "\r": "a control character"}
BARE = re.compile(r"[A-Za-z0-9_-]+")


def places(node, path=()):
    """(path, is_key) of every string in a TOML document, one of each kind (indexes taken as 0)."""
    seen = set()
    stack = [(path, node)]
    while stack:
        path, node = stack.pop(0)
        kind = tuple(0 if isinstance(p, int) else p for p in path)
        if isinstance(node, str) and (kind, False) not in seen:
            seen.add((kind, False))
            yield path, False
        elif isinstance(node, dict):
            for key, value in node.items():
                if (kind + (key,), True) not in seen:
                    seen.add((kind + (key,), True))
                    yield (*path, key), True
                stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack += [((*path, n), v) for n, v in enumerate(node)]


def spoiled(doc: dict, path: tuple, is_key: bool, bad: str) -> tuple[dict, tuple]:
    """A copy of ``doc`` with ``bad`` put in the string at ``path`` (a key: appended to it), and
    the path to it afterwards."""
    doc = copy.deepcopy(doc)
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    last = path[-1]
    if is_key:
        parent[last + bad] = parent.pop(last)
        return doc, (*path[:-1], last + bad)
    parent[last] = bad + parent[last]
    return doc, path


def keyed(path) -> str:
    """A path as a problem names it: bare keys as they are, others quoted with escapes."""
    return "".join(f"[{p}]" if isinstance(p, int) else "." + (p if BARE.fullmatch(p) else json.dumps(p))
                   for p in path).lstrip(".")


def refused(args) -> str:
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 2, (res.output, res.exception)
    out = res.output
    assert "Traceback" not in out and all(c == "\n" or c.isprintable() for c in out), repr(out)
    return out


def said(bad: str, is_key: bool) -> str:
    what = WHAT[bad[0]]
    return f"is a key holding {what}" if is_key else f"holds {what}"


CLACKS = {name: tomllib.loads((default_edition_path() / name).read_text(encoding="utf-8")) for name in FILES}
CLACKS_PLACES = [(name, path, is_key) for name in FILES for path, is_key in places(CLACKS[name])]


@pytest.mark.parametrize("name, path, is_key, bad", [
    pytest.param(*place, HOSTILE[n % len(HOSTILE)], id=f"{place[0]}:{keyed(place[1])}{':key' * place[2]}")
    for n, place in enumerate(CLACKS_PLACES)])
def test_every_string_of_a_clacks_edition_refuses_controls_and_line_breaks(tmp_path, name, path, is_key, bad):
    folder = tmp_path / "mine"
    shutil.copytree(default_edition_path(), folder)
    doc, where = spoiled(CLACKS[name], path, is_key, bad)
    (folder / name).write_text(document(doc) + "\n", encoding="utf-8")
    for args in (["edition", "--edition", str(folder)], ["edition", "check", str(folder)]):
        assert f"  {name}: {keyed(where)}: {said(bad, is_key)}" in refused(args)


GUARDS = tomllib.loads(demo_edition_path().read_text(encoding="utf-8"))


def guards_where(doc: dict, path: tuple) -> str:
    """Where a Guards! Guards! problem says the string at ``path`` of ``doc`` is: ``volunteer
    LL01: name``, a card by its number when its id is spoiled (``volunteer #1: id``)."""
    head, rest = keyed(path[:1]), path[1:]
    if rest and isinstance(rest[0], int):
        cid = doc[path[0]][rest[0]].get("id")
        head = f"{path[0]} {cid}" if isinstance(cid, str) and BARE.fullmatch(cid) else f"{path[0]} #{rest[0] + 1}"
        rest = rest[1:]
    return f"{head}: {keyed(rest)}" if rest else head


GUARDS_PLACES = [pytest.param(path, is_key, id=f"{keyed(path)}{':key' * is_key}") for path, is_key in places(GUARDS)]


def check_guards(tmp_path, doc) -> str:
    path = tmp_path / "box.toml"
    path.write_text(document(doc) + "\n", encoding="utf-8")
    return refused(["edition", "check", str(path)])


@pytest.mark.parametrize("path, is_key", GUARDS_PLACES)
def test_every_string_of_a_guards_edition_refuses_controls_and_line_breaks(tmp_path, path, is_key):
    for bad in HOSTILE[:3] if not is_key else HOSTILE[2:4]:
        doc, where = spoiled(GUARDS, path, is_key, bad)
        assert f"  {guards_where(doc, where)}: {said(bad, is_key)}" in check_guards(tmp_path, doc)


TEXT_FIELDS = [pytest.param(kind, f.key, id=f"{kind}.{f.key}")
               for kind, fields in itertools.chain(((k, fs) for k, (_, fs) in CARDS.items()), TABLES.items())
               for f in fields if isinstance(f.kind, Text)]


@pytest.mark.parametrize("kind, key", TEXT_FIELDS)
def test_every_text_field_the_guards_edition_describes_refuses_each_kind_of_break(tmp_path, kind, key):
    assert TEXT_FIELDS
    for bad in HOSTILE:
        doc = tomllib.loads(document(GUARDS) + "\n")
        table = doc[kind][0] if kind in CARDS else doc[kind]
        table[key] = "Lady" + bad + "Demo"
        where = f"{kind} {table['id']}: {key}" if kind in CARDS else f"{kind}: {key}"
        assert f"  {where}: {said(bad, False)}" in check_guards(tmp_path, doc)


def test_the_escapes_of_the_issue_never_reach_the_terminal(tmp_path):
    """The name that set the window title, cleared the screen and forged a line in the summary."""
    text = demo_edition_path().read_text(encoding="utf-8").replace(
        'name = "Demo (made up)"', 'name = "Demo\\u001b]0;pwned\\u0007\\u001b[2J\\nguild cards: 8 all checked"')
    path = tmp_path / "box.toml"
    path.write_text(text, encoding="utf-8")
    res = CliRunner().invoke(cli, ["edition", "check", str(path)])
    assert res.exit_code == 2 and res.stdout == ""
    assert "\x1b" not in res.stderr and "\x07" not in res.stderr
    assert not any(line.startswith("guild cards") for line in res.stderr.splitlines())
    assert "edition: name: holds a control character (U+001B)" in res.stderr
