"""docs/shows.md shows every picture the page tests keep in docs/img/, each one there, and the
commands it names answer --help."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from clacks_hw.cli import cli

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_kept_picture_is_in_the_docs_and_every_picture_there_exists():
    text = (DOCS / "shows.md").read_text()
    linked = set(re.findall(r"\]\((img/[^)]+\.png)\)", text))
    kept = {f"img/{p.name}" for p in (DOCS / "img").glob("*.png") if p.name.startswith(("hall-", "kiosk-"))}
    assert linked - kept == set()  # nothing linked that is not there
    assert kept - linked == set()  # nothing kept that no one sees


def test_the_commands_the_docs_name_answer():
    text = (DOCS / "shows.md").read_text()
    for sub in ("pair", "export", "setup", "trust"):
        assert f"clacks-hw hall {sub}" in text
        run = CliRunner().invoke(cli, ["hall", sub, "--help"])
        assert run.exit_code == 0 and "Usage" in run.output
