"""The README's "Where to go next" is the index of the docs: every docs/*.md is in it, and
every doc it names exists, so a new doc cannot go unlisted nor a listed one vanish."""

from __future__ import annotations

import re

from tests.support.imports import ROOT

LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def index_section(text: str) -> str:
    assert "## Where to go next" in text, "the README has no \"## Where to go next\" section: the index of the docs"
    start = text.index("## Where to go next")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def listed(text: str) -> set[str]:
    return set(LINK.findall(index_section(text)))


def test_every_doc_is_in_the_index():
    named = listed((ROOT / "README.md").read_text())
    missing = sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md") if f"docs/{p.name}" not in named)
    assert not missing, f"docs not in the README's \"Where to go next\": {', '.join(missing)}"


def test_every_doc_the_index_names_exists():
    gone = sorted(t for t in listed((ROOT / "README.md").read_text()) if not (ROOT / t).is_file())
    assert not gone, f"the README's \"Where to go next\" names files that do not exist: {', '.join(gone)}"


def test_the_index_check_sees_a_missing_and_a_gone_doc():
    text = "# x\n\n## Where to go next\n\n- [a](docs/a.md)\n- [b](docs/b.md#part)\n\n## Later\n\n[c](docs/c.md)\n"
    assert listed(text) == {"docs/a.md", "docs/b.md"}
