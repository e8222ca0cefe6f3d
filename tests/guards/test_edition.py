"""The Guards! Guards! edition file: every problem named by card and field, `clacks-hw edition
check` exiting 2 on any, the template `edition new --game guards` writes, and the made-up demo."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.game.guards.edition_files import (GuardsEditionError, demo_edition, demo_edition_path,
                                                 parse_guards_edition)
from clacks_hw.game.guards.template import template

BOX_TEXT = Path(__file__).with_name("box.toml").read_text()


def problems(text: str) -> list[tuple[str, str]]:
    with pytest.raises(GuardsEditionError) as exc:
        parse_guards_edition(text, "box.toml")
    return exc.value.problems


@pytest.mark.parametrize("change, where, says", [
    (('id = "L1"\nname = "Volunteer L1"\ndeck = "lords"\ncharm = 6', 'id = "L1"\nname = "Volunteer L1"\ndeck = "lords"\ncharm = "six"'),
     "volunteer L1: charm", "'six' must be a whole number from 1 to 20"),
    (('bribe = "X"', 'bribe = "Y"'), "volunteer L3: bribe", "or \"X\""),
    (('deck = "shades"\ncharm = 7', 'deck = "shadows"\ncharm = 7'), "volunteer B4: deck", "must be one of lords"),
    (('id = "D2"\nname = "Dragon 2"\nbrawl = 8', 'id = "D2"\nname = "Dragon 2"\nbrawl = 0'), "dragon D2: brawl", "1 to 40"),
    (('4_brawl = 10', '4_brawl = 10\n5 = 9'), "challenges: 5", "is no challenge"),
    (('spells = ["s1", "s2", "s3", "s4", "s5"]', 'spells = ["s1", "s2", "s3", "s4", "s9"]'), "guild_card FOOL: spells",
     "'s9' is no [[spell]] id"),
    (('bonus = { brawl = 2 }', 'bonus = { punch = 2 }'), "item CLUB: bonus.punch", "is not one of loyalty"),
    (('id = "M4"', 'id = "M3"'), "volunteer M3: id", "is used twice"),
    (('game = "guards"', 'game = "clacks"'), "edition: game", "must be \"guards\""),
])
def test_each_problem_names_the_card_and_the_field(change, where, says):
    old, new = change
    assert old in BOX_TEXT
    found = problems(BOX_TEXT.replace(old, new, 1))
    assert any(w == where and says in why for w, why in found), found


def test_every_problem_is_reported_at_once_and_broken_toml_too():
    text = BOX_TEXT.replace("charm = 6", "charm = 0").replace("toughness = 15", "toughness = 99")
    assert len(problems(text)) >= 5
    assert problems("[edition\n")[0][0] == "file"


def test_the_demo_edition_is_labelled_made_up_and_complete():
    e = demo_edition()
    assert e.made_up and "made up" in e.name.lower()
    assert "MADE-UP" in demo_edition_path().read_text() and len(e.dragons) == 4 and len(e.spells) == 8


def test_edition_new_writes_a_template_check_lists_what_to_fill_and_exits_2(tmp_path):
    out = tmp_path / "my-box.toml"
    res = CliRunner().invoke(cli, ["edition", "new", "--game", "guards", "-o", str(out)])
    assert res.exit_code == 0 and out.read_text() == template()
    res = CliRunner().invoke(cli, ["edition", "check", str(out)])
    assert res.exit_code == 2
    assert "volunteer LL01: charm: is still to fill in" in res.output and "Traceback" not in res.output
    again = CliRunner().invoke(cli, ["edition", "new", "--game", "guards", "-o", str(out)])
    assert again.exit_code == 2 and "exists already" in again.output


def test_a_filled_in_template_checks_clean(tmp_path):
    """Filling every "?" of the template is all an owner has to do (here with made-up numbers)."""
    text = template().replace('name = "?"', 'name = "Filled"').replace('"?", "?", "?", "?", "?", "?", "?", "?"',
                                                                       '"", "lords", "", "shades", "", "man_beast", "", ""')
    text = text.replace('spells = ["?", "?", "?", "?", "?"]', 'spells = ["spell1", "spell2", "spell3", "spell4", "spell5"]')
    text = text.replace('ability = "?"', 'ability = "Its ability"').replace('"?"', "5")
    path = tmp_path / "filled.toml"
    path.write_text(text)
    res = CliRunner().invoke(cli, ["edition", "check", str(path)])
    assert res.exit_code == 0, res.output
    assert "Lords & Ladies:    30 volunteers" in res.output


def test_check_of_the_demo_and_of_a_missing_file(tmp_path):
    res = CliRunner().invoke(cli, ["edition", "check", str(demo_edition_path())])
    assert res.exit_code == 0 and "MADE UP" in res.output
    res = CliRunner().invoke(cli, ["edition", "check", str(tmp_path / "nope.toml")])
    assert res.exit_code == 2 and "no such file" in res.output
    assert CliRunner().invoke(cli, ["edition"]).exit_code == 0  # the Clacks edition's summary, as before
