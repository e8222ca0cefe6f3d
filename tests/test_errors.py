"""One exception root: every kind of error clacks-hw raises on purpose is a ClacksError, and
also the builtin it stands for, so callers can catch either."""

import ast
from pathlib import Path

import pytest

from clacks_hw.config.errors import ConfigError
from clacks_hw.base.errors import ClacksError
from clacks_hw.game.clacks.actions import parse_action
from clacks_hw.game.clacks.edition_files import EditionError
from clacks_hw.game.core.errors import MalformedAction, SetupError
from clacks_hw.journal import JournalError

ROOT = Path(__file__).resolve().parent.parent / "clacks_hw"
BUILTINS = {"ValueError", "OSError", "RuntimeError", "Exception"}


def exception_classes():
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                bases = {b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                         if isinstance(b, (ast.Name, ast.Attribute))}
                named = node.name.endswith(("Error", "Failure", "Failed", "Conflict", "Mismatch", "Rejected",
                                            "Action"))
                # an error kind: named as one, or raised as a ValueError/OSError/RuntimeError
                # (a bare Exception subclass not named as an error is control flow, like Quit)
                if named and bases & (BUILTINS | {"ClacksError"}) or bases & (BUILTINS - {"Exception"}):
                    yield path.relative_to(ROOT.parent), node.name, bases


def test_every_project_error_is_a_clacks_error():
    found = list(exception_classes())
    assert len(found) >= 10
    for path, name, bases in found:
        assert "ClacksError" in bases or name == "ClacksError", f"{path}: {name} does not derive from ClacksError"


@pytest.mark.parametrize("kind, builtin", [(SetupError, ValueError), (MalformedAction, ValueError),
                                           (EditionError, ValueError), (ConfigError, ValueError),
                                           (JournalError, ValueError)])
def test_each_kind_is_also_its_builtin(kind, builtin):
    assert issubclass(kind, ClacksError) and issubclass(kind, builtin)


def test_callers_can_catch_either():
    for catch in (ClacksError, ValueError):
        with pytest.raises(catch):
            parse_action({"seat": "X", "act": "play"})
