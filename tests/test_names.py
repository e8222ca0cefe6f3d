"""Players' names: safe to show anywhere (no markup, no formula, no hidden characters), kept in
the game's journal so a resumed game keeps them, refused with a message saying what is wrong."""

from __future__ import annotations

import pytest

from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.config import config_from_record
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.errors import SetupError
from clacks_hw.game.core.names import name_problem
from clacks_hw.game.klackers.config import KlackersConfig
from clacks_hw.journal.errors import JournalError
from clacks_hw.journal.header import check_header, config_from_header, make_header

EDITION = default_edition()


@pytest.mark.parametrize("name", ["ANN", "Zoë", "Иван", "Ελένη", "O'Neil", "Jean-Luc", "Ann B.", "R2D2", "a" * 16])
def test_names_people_have(name):
    assert name_problem(name) is None


@pytest.mark.parametrize("name,why", [
    ("", "empty"), ("a" * 17, "longer than 16"), ("=1+1", "start with a letter"), ("-ANN", "start with a letter"),
    ("@SUM", "start with a letter"), ("<b>", "start with a letter"), ("A<b>", "holds '<'"), ("ANN ", "spaces"),
    ("A  B", "spaces"), ("A\u202eB", "holds"), ("A\u200bB", "holds"), ("A\nB", "holds"), (7, "must be text"),
])
def test_names_that_will_not_do(name, why):
    assert why in name_problem(name)


def test_a_game_with_bad_names_is_not_set_up():
    config = ClacksConfig(seats=("S", "N"), words={"S": ("STAMP",), "N": ("DORFL",)}, names={"S": "<img>"})
    with pytest.raises(SetupError, match="seat S's name"):
        new_game(EDITION, config)
    with pytest.raises(SetupError, match="seat 'E', which is not in the game"):
        new_game(EDITION, ClacksConfig(seats=("S", "N"), words={"S": ("STAMP",), "N": ("DORFL",)}, names={"E": "EVE"}))
    klackers = KlackersConfig(seats=("S", "N"), names={"N": "=cmd"})
    with pytest.raises(SetupError, match="seat N's name"):
        new_game(EDITION, klackers)


@pytest.mark.parametrize("mode,words", [("competitive", {"S": ("STAMP",), "N": ("DORFL",)}), ("klackers", {})])
def test_names_are_journalled_and_come_back(mode, words):
    def setup(**names):
        return config_from_record({"mode": mode, "seats": ["S", "N"], "words": words, "hands": "tracked", "seed": 0,
                                   "variants": [], **names})

    config = setup(names={"S": "ANN", "N": "Ελένη"})
    state = new_game(EDITION, config)
    assert state.config.names == {"S": "ANN", "N": "Ελένη"}
    header = make_header(EDITION, state.config, created="2025-06-15T12:00:00+00:00")
    assert header["names"] == {"S": "ANN", "N": "Ελένη"}
    assert config_from_header(check_header(header)).names == {"S": "ANN", "N": "Ελένη"}
    assert "names" not in make_header(EDITION, setup())


def test_a_journal_with_bad_names_says_so():
    header = make_header(EDITION, ClacksConfig(seats=("S", "N"), words={"S": ("STAMP",), "N": ("DORFL",)}))
    with pytest.raises(JournalError, match=r"names .*seat S's name: '<script>' must start with a letter"):
        check_header({**header, "names": {"S": "<script>"}})
