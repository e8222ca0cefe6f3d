"""Hostile and broken editions: each is refused naming the file and the problem (exit 2 from
`clacks-hw edition`), never a traceback, a hang or a memory blow-up; every number an edition
holds is bounded; a deck too small for a mode's set-up is refused with each mode's minimum."""

from __future__ import annotations

import os
import random
import re
import shutil

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clacks_hw.cli import cli
from clacks_hw.game.clacks.box import CLACKS_MODES  # every game dealt from the jacquard deck
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import FILES, EditionError, deck_minimum, default_edition_path, load_edition
from clacks_hw.game.clacks.modes.team import TEAM
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.registry import game_for


@pytest.fixture
def folder(tmp_path):
    dst = tmp_path / "mine"
    shutil.copytree(default_edition_path(), dst)
    return dst


def refused(folder) -> str:
    result = CliRunner().invoke(cli, ["edition", "--edition", str(folder)])
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_a_toml_file_that_is_a_folder(folder):
    (folder / "words.toml").unlink()
    (folder / "words.toml").mkdir()
    assert "words.toml: is a folder, not a regular file" in refused(folder)


def test_a_toml_file_that_is_a_fifo_does_not_hang(folder):
    (folder / "cards.toml").unlink()
    os.mkfifo(folder / "cards.toml")
    assert "cards.toml: is a device, pipe or socket" in refused(folder)


def test_an_effect_with_a_5000_digit_number(folder):
    edit(folder / "cards.toml", '"budget(+2)"', '"budget(+' + "9" * 5000 + ')"')
    assert "budget takes a number from -20 to +20" in refused(folder)


def test_draw_jacquard_of_a_million(folder):
    edit(folder / "cards.toml", '"draw_jacquard(1)"', '"draw_jacquard(1000000)"')
    assert "draw_jacquard takes a number from 1 to 20" in refused(folder)


def test_a_huge_cost_and_a_huge_toml_integer(folder):
    edit(folder / "jacquards.toml", "cost = 3", "cost = 99999999999")
    assert "must be a whole number of stress points, 0 to 20" in refused(folder)
    edit(folder / "jacquards.toml", "cost = 99999999999", "cost = " + "9" * 5000)
    assert "jacquards.toml: holds a value that cannot be read" in refused(folder)


def test_deep_nesting(folder):
    with open(folder / "edition.toml", "a") as f:
        f.write("deep = " + "[" * 5000 + "]" * 5000 + "\n")
    assert "edition.toml: nests arrays or tables too deeply" in refused(folder)


def _keep_jacquards(folder, n: int) -> None:
    path = folder / "jacquards.toml"
    lines = path.read_text().splitlines()
    cards = [i for i, ln in enumerate(lines) if ln.strip().startswith('{ id = "J')]
    line3 = [i for i in cards if '"line3"' in lines[i]][:1]  # the selected shapes stay dealable
    keep = set(line3 + [i for i in cards if i not in line3][:n - 1])
    path.write_text("\n".join(ln for i, ln in enumerate(lines) if i not in cards or i in keep) + "\n")


@pytest.mark.parametrize("n", [2, 7, 11])
def test_a_deck_too_small_names_each_modes_minimum(folder, n):
    _keep_jacquards(folder, n)
    out = refused(folder)
    assert f"{n} jacquards are too few" in out and "list at least 12" in out
    assert all(f"{mode} {k}" in out for mode, k in deck_minimum().items())


def test_the_smallest_deck_deals_every_mode_with_the_most_players(folder):
    _keep_jacquards(folder, max(deck_minimum().values()))
    ed = load_edition(folder)
    for mode in CLACKS_MODES:
        seats = max(game_for(mode).seatings(), key=len)
        if mode in ("race", "solitaire"):
            words = {TEAM: deal_words(ed, (TEAM,), 2, 1)[TEAM]}
        else:
            words = deal_words(ed, seats, 2 if mode == "junior_race" else 1, 1)
        state = new_game(ed, ClacksConfig(seats=seats, words=words, seed=1, mode=mode))
        held = [c for p in state.players for c in p.hand] + [r.jacquard for r in state.reports]
        assert None not in held and len(held) == game_for(mode).jacquards_dealt(len(seats), 2), mode


FUZZ_RUNS = 150  # malformed editions tried per run


def _mutate(rng: random.Random, text: str) -> str:
    lines = text.splitlines() or [""]
    k = rng.randrange(len(lines))
    kind = rng.choice(["number", "nest", "cut", "junk", "effect"])
    if kind == "number":
        lines[k] = re.sub(r"\d+", lambda m: rng.choice(["9" * 5000, "-7", "1000000", "0"]), lines[k], count=1)
    elif kind == "nest" and " = " in lines[k]:
        n = rng.choice([30, 3000])
        lines[k] = lines[k].split(" = ")[0] + " = " + "[" * n + "]" * n
    elif kind == "junk":
        lines[k] = "".join(chr(rng.randrange(0, 0x250)) for _ in range(rng.randrange(1, 12)))
    elif kind == "effect":
        lines[k] = re.sub(r"\((\+?\d+)\)", lambda m: f"({rng.choice(['1000000', '-' + '9' * 400, ''])})", lines[k])
    else:
        lines = lines[:k]
    return "\n".join(lines) + "\n"


@settings(max_examples=FUZZ_RUNS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**32 - 1))
def test_fuzzed_editions_load_or_name_their_problem(tmp_path_factory, seed):
    rng = random.Random(seed)
    folder = tmp_path_factory.mktemp("ed")
    for name in FILES:
        text = (default_edition_path() / name).read_text()
        if rng.random() < 0.4:
            text = _mutate(rng, text)
        (folder / name).write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        load_edition(folder)
    except EditionError as err:
        assert err.problems and all(reason for _, _, reason in err.problems)
