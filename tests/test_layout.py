"""The layout a newcomer reads (docs/architecture.md): no import circles, no module over 400
lines, games that import only the core (never each other), and no file reaching into another
package's private names. Read from the source, every import (also those inside functions)."""

from __future__ import annotations

import textwrap

from tests.support.imports import PACKAGE, circles, modules, private_reaches

MODULES = modules()
GAME = "clacks_hw.game"
CORE = f"{GAME}.core"
GAMES = sorted({m.split(".")[2] for m in MODULES if m.startswith(f"{GAME}.") and not m.startswith(CORE)})
# Modules the engine may use from outside game/: the project's error base and the file reader
# that refuses links and oversized files (an edition is read through it), and the character rules
# every value from a file obeys (an edition's names are checked with them).
BASE = {"clacks_hw.base.errors", "clacks_hw.base.regular_file", "clacks_hw.base.unsafe_chars"}
MAX_LINES = 400


def test_there_is_no_import_circle():
    assert circles(MODULES) == []


def test_no_module_is_over_400_lines():
    over = sorted(f"{name} ({m.lines})" for name, m in MODULES.items() if m.lines > MAX_LINES)
    assert over == [], f"over {MAX_LINES} lines: {over}"


def test_the_games_are_sibling_packages_over_the_core():
    assert GAMES == ["clacks", "guards", "klackers"]
    for name, m in MODULES.items():
        if not name.startswith(f"{GAME}."):
            continue
        own = name.split(".")[2]
        for target in m.imports:
            if target.startswith(f"{GAME}."):
                other = target.split(".")[2]
                assert other in (own, "core"), f"{name} imports {target}: a {own} module may use only the core"
            else:
                assert target in BASE or target == GAME, f"{name} imports {target} from outside the engine"


def test_the_core_names_no_game():
    for name, m in MODULES.items():
        if name.startswith(CORE):
            assert all(t.startswith(CORE) or t in BASE or t == GAME for t in m.imports), (name, m.imports)
            assert not any(g in m.path.read_text() for g in ("clacks_hw.game.clacks", "clacks_hw.game.klackers"))


def test_no_file_takes_a_private_name_from_another_package():
    assert private_reaches(MODULES) == []


def test_the_private_name_check_finds_both_ways_of_reaching_in(tmp_path):
    root = tmp_path / "clacks_hw"
    for folder, files in {"a": {"__init__.py": "", "inner.py": "_SECRET = 1\ndef _helper(): pass\n"},
                          "b": {"__init__.py": "", "near.py": "from ..a.inner import _SECRET\n",
                                "far.py": "from ..a import inner\nx = inner._helper()\n",
                                "fair.py": "from .near import _x\nimport os\ny = os._exit\n"}}.items():
        (root / folder).mkdir(parents=True)
        for fname, text in files.items():
            (root / folder / fname).write_text(textwrap.dedent(text))
    (root / "__init__.py").write_text("")
    found = private_reaches(modules(root))
    assert [f.split(": ", 1)[1] for f in found] == ["inner._helper", "from clacks_hw.a.inner import _SECRET"]


def test_every_package_folder_is_a_package():
    for folder in PACKAGE.rglob("*"):
        if folder.is_dir() and any(folder.glob("*.py")) and "__pycache__" not in folder.parts:
            assert (folder / "__init__.py").exists(), f"{folder.relative_to(PACKAGE.parent)} has no __init__.py"


def test_no_screen_of_the_board_names_a_game():
    """The board's screens ask the game in play what a button or a card means and what to
    light (game/core/board.py); none imports a game of its own accord."""
    screens = {n: m for n, m in MODULES.items() if n.startswith("clacks_hw.daemon.screens")}
    assert len(screens) >= 7
    for name, m in screens.items():
        named = sorted(t for t in m.imports if t.startswith(f"{GAME}.") and not t.startswith(CORE))
        assert named == [], f"{name} imports {named}: ask the game object instead"


# The board's own layers: they run whichever games are installed, so none may name one.
ANY_GAME = ("clacks_hw.daemon", "clacks_hw.web", "clacks_hw.mqtt", "clacks_hw.hall", "clacks_hw.pairing")


def games_named(found) -> list[str]:
    """``importer -> game module`` for every module of the board's own layers that imports a
    game package (a specific game, not the core)."""
    return sorted(f"{name} -> {t}" for name, m in found.items() if name.startswith(ANY_GAME)
                  for t in m.imports if t.startswith(f"{GAME}.") and not t.startswith(CORE))


def test_neither_the_daemon_nor_the_pages_nor_the_hall_import_a_game():
    """The board, its pages and the hall ask the game object (its protocol, its BoardPlay, its
    page) and the registry; a game they named could not be taken out, nor a new one added
    without touching them."""
    assert len([n for n in MODULES if n.startswith(ANY_GAME)]) > 60
    assert games_named(MODULES) == [], "ask the game object or the registry instead"


def test_the_check_for_a_named_game_finds_one_inside_a_function(tmp_path):
    root = tmp_path / "clacks_hw"
    files = {"daemon/__init__.py": "", "daemon/lamps.py": "def f():\n    from ..game.klackers import dice\n",
             "web/__init__.py": "", "web/page.py": "from ..game.core import view\n",
             "game/__init__.py": "", "game/core/__init__.py": "", "game/core/view.py": "",
             "game/klackers/__init__.py": "", "game/klackers/dice.py": ""}
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    assert games_named(modules(root)) == ["clacks_hw.daemon.lamps -> clacks_hw.game.klackers",
                                          "clacks_hw.daemon.lamps -> clacks_hw.game.klackers.dice"]


def test_the_board_never_imports_the_hall():
    """The hall (hall/) stands on the board's web side (its page server, request bodies,
    pairing); a board runs with no hall installed beside it, so nothing of the board leans on it."""
    board = ("clacks_hw.daemon", "clacks_hw.web", "clacks_hw.mqtt", "clacks_hw.pairing")
    hall = [t for n, m in MODULES.items() if n.startswith("clacks_hw.hall.") for t in m.imports]
    assert any(t.startswith("clacks_hw.web.") for t in hall)  # the direction that is allowed is there
    into = sorted(f"{n} -> {t}" for n, m in MODULES.items() if n.startswith(board)
                  for t in m.imports if t == "clacks_hw.hall" or t.startswith("clacks_hw.hall."))
    assert into == [], "the hall imports the board's modules, never the other way"
