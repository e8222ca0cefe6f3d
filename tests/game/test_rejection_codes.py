"""One enumeration lists every refusal code; docs/rules.md lists the same codes; the engine and
the board use no code outside it."""

import re
from pathlib import Path

from clacks_hw.game.rejection import Code

ROOT = Path(__file__).resolve().parents[2]


def test_docs_list_every_code_and_no_other():
    doc = (ROOT / "docs" / "rules.md").read_text()
    table = doc[doc.index("## Refusal codes"):]
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE)
    assert listed == [c.value for c in Code]


def test_every_refusal_in_the_code_names_a_constant():
    literal = re.compile(r'Rejection\(\s*"|\.code\s*(==|!=|in)\s*[("\']')
    used = set()
    for path in (ROOT / "clacks_hw").rglob("*.py"):
        text = path.read_text()
        assert not literal.search(text), f"{path.relative_to(ROOT)} uses a code as a string literal"
        used.update(re.findall(r"Code\.([A-Z_]+)", text))
    assert used == {c.name for c in Code}, "every code is used, and only those"
