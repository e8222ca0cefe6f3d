"""A broken edition is refused with the file, the key path and the reason."""

import re

import pytest

from clacks_hw.game.clacks.edition_files import EditionError, load_edition
from tests.support.editions import copy_default_edition, edit


@pytest.fixture
def folder(tmp_path):
    return copy_default_edition(tmp_path)


def problems(folder):
    with pytest.raises(EditionError) as err:
        load_edition(folder)
    return err.value, str(err.value)


def test_the_copy_loads_unchanged(folder):
    ed = load_edition(folder)
    assert len(ed.jacquards) == 48 and len(ed.signals) == 28


def test_a_letter_with_five_lamps(folder):
    edit(folder / "alphabet.toml", 'A = "../#./.#"', 'A = "../#./."')
    err, text = problems(folder)
    assert ("alphabet.toml", "signals.A") == err.problems[0][:2]
    assert "alphabet.toml: signals.A:" in text
    assert "5 lamps" in text and "6" in text


def test_a_duplicate_signal(folder):
    edit(folder / "alphabet.toml", 'B = "../.#/#."', 'B = "../#./.#"')
    err, text = problems(folder)
    assert "alphabet.toml: signals.B:" in text
    assert "same signal as A" in text


def test_an_all_off_signal(folder):
    edit(folder / "alphabet.toml", 'C = "../##/.."', 'C = "../../.."')
    _, text = problems(folder)
    assert "alphabet.toml: signals.C:" in text and "all off" in text


def test_a_jacquard_with_seven_holes(folder):
    edit(folder / "jacquards.toml", "holes = [[0, 0], [0, 1]]\n",
         "holes = [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2]]\n")
    err, text = problems(folder)
    assert "jacquards.toml: shapes.domino.holes:" in text
    assert "7 holes" in text and "1 to 6" in text


def test_an_unknown_effect_suggests_the_right_one(folder):
    edit(folder / "cards.toml", 'effects = ["set_all(on)"]', 'effects = ["set_al(on)"]')
    err, text = problems(folder)
    assert "cards.toml: fault[0].effects[0]:" in text
    assert "unknown effect 'set_al'" in text and "did you mean 'set_all'" in text


def test_invalid_toml(folder):
    path = folder / "words.toml"
    path.write_text(path.read_text() + "\nthis is not toml\n")
    err, text = problems(folder)
    assert err.problems[0][0] == "words.toml"
    assert "words.toml:" in text and "not valid TOML" in text
    assert re.search(r"line \d+", text), "the TOML error says where"


def test_several_problems_are_reported_together(folder):
    edit(folder / "alphabet.toml", 'A = "../#./.#"', 'A = "../#./."')
    edit(folder / "cards.toml", 'effects = ["budget(+2)"]', 'effects = ["budget(two)"]')
    err, text = problems(folder)
    files = {f for f, _, _ in err.problems}
    assert {"alphabet.toml", "cards.toml"} <= files
    assert "budget takes a whole number" in text


def test_a_missing_file_and_a_missing_folder(folder, tmp_path):
    (folder / "cards.toml").unlink()
    _, text = problems(folder)
    assert "cards.toml: file is missing" in text
    _, text = problems(tmp_path / "nowhere")
    assert "no such folder" in text


def test_a_cards_text_that_is_not_a_string(folder):
    """It was taken as the str() of whatever it was, and shown so."""
    text = (folder / "cards.toml").read_text()
    first = text[text.index("\ntext = "):].split("\n")[1]
    edit(folder / "cards.toml", first, "text = [1, 2]")
    err, _ = problems(folder)
    assert err.problems == [("cards.toml", "fault[0].text", "[1, 2] must be a string: the card's words")]
