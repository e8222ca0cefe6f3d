"""Each game's enumeration lists every refusal code it can give (the core's four and its own);
its docs list the same codes (docs/rules.md for Clacks, docs/klackers.md for KLACKERS,
docs/guards-rules.md for Guards! Guards!); the
engine and the board use no code outside them."""

import re
from pathlib import Path

from clacks_hw.game.clacks.rejection import Code
from clacks_hw.game.core.rejection import CoreCode
from clacks_hw.game.guards.rejection import Code as GuardsCode
from clacks_hw.game.klackers.rejection import Code as KlackersCode

ROOT = Path(__file__).resolve().parents[2]


def test_docs_list_every_code_and_no_other():
    doc = (ROOT / "docs" / "rules.md").read_text()
    table = doc[doc.index("## Refusal codes"):]
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE)
    assert listed == [c.value for c in Code]


def test_the_klackers_docs_list_its_codes_and_no_other():
    doc = (ROOT / "docs" / "klackers.md").read_text()
    table = doc[doc.index("## Actions and rejections"):]
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE)
    assert sorted(listed) == sorted(c.value for c in KlackersCode)


def test_the_guards_docs_list_its_codes_and_no_other():
    doc = (ROOT / "docs" / "guards-rules.md").read_text()
    table = doc[doc.index("## Refusal codes"):]
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE)
    assert sorted(listed) == sorted(c.value for c in GuardsCode)


def test_every_game_gives_the_core_codes_under_their_names():
    for codes in (Code, KlackersCode, GuardsCode):
        assert [c.value for c in codes][:len(CoreCode)] == [c.value for c in CoreCode]
        assert all(codes[c.name] == c for c in CoreCode)  # equal, so either compares


def test_every_refusal_in_the_code_names_a_constant():
    literal = re.compile(r'Rejection\(\s*"|\.code\s*(==|!=|in)\s*[("\']')
    used = set()
    for path in (ROOT / "clacks_hw").rglob("*.py"):
        text = path.read_text()
        assert not literal.search(text), f"{path.relative_to(ROOT)} uses a code as a string literal"
        used.update(re.findall(r"Code\.([A-Z_]+)", text))
    assert used == {c.name for c in (*Code, *KlackersCode, *GuardsCode)}, "every code is used, and only those"
