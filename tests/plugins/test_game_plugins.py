"""Games are found through the ``clacks_hw.games`` entry points: a game from another
distribution (tiny_game.py, installed into a folder on sys.path with its own dist-info, as pip
would install it) is played, journalled and replayed like the built-in ones; a broken one is
left out with a message saying which and why, and the board plays on with the others."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
GROUP = "clacks_hw.games"


def install(tmp_path: Path, entry_points: dict[str, str], name: str = "high-roll") -> Path:
    """A distribution ``name`` holding tiny_game.py as ``high_roll_game``, with its entry points."""
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    shutil.copy(HERE / "tiny_game.py", site / "high_roll_game.py")
    dist = site / f"{name.replace('-', '_')}-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = "".join(f"{k} = {v}\n" for k, v in entry_points.items())
    (dist / "entry_points.txt").write_text(f"[{GROUP}]\n{lines}")
    return site


def run(site: Path, code: str, **env) -> subprocess.CompletedProcess:
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]), **env}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=environ)


LIST = "from clacks_hw.game.core.registry import modes; print(' '.join(modes()))"


def test_a_plugin_game_is_found_set_up_played_and_replayed_from_its_journal(tmp_path):
    site = install(tmp_path, {"high_roll": "high_roll_game:BOX"})
    journal = tmp_path / "g.jsonl"
    play = f"""
import random
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.config import config_from_record
from clacks_hw.game.core.engine import apply, legal_actions, new_game
from clacks_hw.game.core.registry import game_for, modes
from clacks_hw.journal import JournalWriter, make_header
ed = default_edition()
config = config_from_record({{"mode": "high_roll", "seats": ["S", "W", "N"], "words": {{}}, "hands": "tracked",
                              "seed": 4, "variants": []}})
state, rng = new_game(ed, config), random.Random(1)
with JournalWriter.create({str(journal)!r}, make_header(ed, config, created="2025-01-01T00:00:00+00:00")) as w:
    while not state.over:
        action = game_for("high_roll").bot_action(state, rng)
        state = apply(state, action)
        w.append(action)
print(" ".join(modes()), "|", state.winner, game_for("high_roll").returns(state))
"""
    res = run(site, play)
    assert res.returncode == 0, res.stderr
    listed, winner = res.stdout.split("|")
    assert listed.split() == ["competitive", "race", "solitaire", "junior_race", "klackers", "guards", "high_roll"]
    assert winner.split()[0] in ("S", "W", "N")
    replay = run(site, f"from clacks_hw.cli import main; import sys; sys.argv = ['clacks-hw', 'replay', '--json', "
                       f"{str(journal)!r}]; main()")
    assert replay.returncode == 0, replay.stderr
    out = json.loads(replay.stdout)
    assert out["game"] == "high_roll" and out["winner"] == winner.split()[0] and out["turn"] is None


@pytest.mark.parametrize("target, why", [
    ("high_roll_game_missing:BOX", "importing it failed: ModuleNotFoundError"),
    ("high_roll_game:NOT_A_BOX", "it names a dict, not a GameBox"),
    ("high_roll_game:MODES_NOT_GAMES", "its modes must be Game objects, got ['high_roll']"),
    ("high_roll_game:TAKES_A_BUILT_IN_NAME", "mode competitive is already another game's"),
])
def test_a_broken_plugin_is_left_out_with_a_message_and_the_others_play_on(tmp_path, target, why):
    site = install(tmp_path, {"broken": target})
    res = run(site, LIST + "\nfrom clacks_hw.game.core.registry import game_for; print(game_for('competitive').title)")
    assert res.returncode == 0, res.stderr
    assert res.stdout.split("\n")[0].split() == ["competitive", "race", "solitaire", "junior_race", "klackers", "guards"]
    assert f"game plugin 'broken' ({target}, from high-roll) is left out: {why}" in res.stderr
    assert "Traceback" not in res.stderr


def test_a_journal_of_a_game_left_out_is_refused_naming_the_games_there_are(tmp_path):
    site = install(tmp_path, {"high_roll": "high_roll_game_missing:BOX"})
    journal = tmp_path / "g.jsonl"
    journal.write_text('{"journal": "clacks-hw", "format": 1, "mode": "high_roll", "seats": ["S", "N"], "words": {}}\n'
                       '{"seat": "S", "act": "roll"}\n')
    res = run(site, f"from clacks_hw.cli import main; import sys; sys.argv = ['clacks-hw', 'replay', {str(journal)!r}]; "
                    "main()")
    assert res.returncode == 2, res.stderr
    assert "mode 'high_roll': no game 'high_roll': choose from competitive, race" in res.stderr
    assert "Traceback" not in res.stderr


def test_plugins_can_be_switched_off(tmp_path):
    site = install(tmp_path, {"high_roll": "high_roll_game:BOX"})
    assert run(site, LIST).stdout.split()[-1] == "high_roll"
    assert run(site, LIST, CLACKS_HW_PLUGINS="0").stdout.split()[-1] == "guards"


def test_two_games_may_not_share_a_name(tmp_path):
    site = install(tmp_path, {"high_roll": "high_roll_game:BOX"})
    install_again = site / "again-1.0.dist-info"
    install_again.mkdir()
    (install_again / "METADATA").write_text("Metadata-Version: 2.1\nName: again\nVersion: 1.0\n")
    (install_again / "entry_points.txt").write_text(f"[{GROUP}]\nhigh_roll_again = high_roll_game:BOX\n")
    res = run(site, LIST)
    assert res.stdout.split().count("high_roll") == 1
    assert "a game named 'high_roll' is already installed" in res.stderr
