"""The fuzzers start from every example the docs show: each journal, config and HIL script a
reader sees is a seed, whatever blocks in other languages stand before it."""

from __future__ import annotations

from tests.support.doc_blocks import fenced
from tests.support.imports import ROOT

from .seeds import config_seeds, hil_seeds, journal_seeds


def test_every_journal_the_docs_show_is_a_seed():
    headers = [line for line in (ROOT / "docs/journal.md").read_text().splitlines() if line.startswith('{"journal"')]
    assert len(headers) >= 3  # the complete example, the old format's, the hand-written script
    seeds = [seed.decode() for seed in journal_seeds()]
    missing = [h for h in headers if not any(seed.startswith(h) for seed in seeds)]
    assert not missing, f"journals in docs/journal.md that are no fuzz seed: {missing}"


def test_the_toml_in_a_list_and_every_hil_script_are_seeds():
    assert "   ```toml" in (ROOT / "docs/shows.md").read_text()  # an indented block, inside a numbered step
    assert any(b'hosts = ["clacks1.local"]' in seed for seed in config_seeds())
    assert len(hil_seeds()) == (ROOT / "docs/hil.md").read_text().count("\n```hil\n")


def test_a_closing_fence_never_opens_a_block():
    text = "```sh\nls\n```\n\nprose\n\n```\n{\"journal\": 1}\n```\n  ```toml\n  a = 1\n  ```\n"
    assert fenced(text) == ['{"journal": 1}\n'] and fenced(text, "sh") == ["ls\n"] and fenced(text, "toml") == ["  a = 1\n"]
