"""The Junior Race has one name: `junior_race` wherever a mode is named (commands, config,
journal headers, the pages' JSON) and "Junior Race" wherever people read it. Its old name,
`junior`, still reads everywhere a mode comes in: an older journal replays and resumes, an
older config loads, a command given it plays, an older board's messages count in a hall."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from clacks_hw.config.load import load_config
from clacks_hw.daemon.setup_menu import SetupMenu
from clacks_hw.game.core.config import config_from_record
from clacks_hw.game.core.registry import game_for, modes

CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")
OLD_JOURNAL = Path(__file__).resolve().parents[1] / "coop" / "data" / "junior_seed3.jsonl"  # says "junior"


def test_one_name_for_the_mode_and_one_for_people():
    game = game_for("junior_race")
    assert "junior_race" in modes() and "junior" not in modes()
    assert (game.label, game.title) == ("Junior Race", "the Junior Race")
    menu = SetupMenu.from_defaults(mode="junior_race")
    assert "J Junior Race" in menu.describe()


def test_the_old_name_still_reads_in_a_config_and_a_journal_header(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[game]\nmode = "junior"\nseats = ["S", "W"]\n')
    assert load_config(str(cfg), check_devices=False).game.mode == "junior_race"
    header = json.loads(OLD_JOURNAL.read_text().splitlines()[0])
    assert header["mode"] == "junior"
    config = config_from_record({**header, "words": {k: tuple(v) for k, v in header["words"].items()}})
    assert config.mode == "junior_race" and config.game is game_for("junior_race")


def test_an_old_journal_replays_and_a_new_game_is_written_with_the_name_now(tmp_path):
    out = subprocess.run([CLI, "replay", str(OLD_JOURNAL), "--json"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout)["mode"] == "junior_race", out.stderr
    games = tmp_path / "games"
    res = subprocess.run([CLI, "demo", "--mode", "junior", "--delay", "0", "--seed", "3", "--journal-dir", str(games)],
                         capture_output=True, text=True, timeout=120)
    if "--journal-dir" in res.stderr:  # demo keeps no journal: then the command's own word is enough
        res = subprocess.run([CLI, "demo", "--mode", "junior", "--delay", "0", "--seed", "3"], capture_output=True,
                             text=True, timeout=120)
        assert res.returncode == 0 and "Clacks: Junior Race" in res.stdout, res.stderr
        return
    assert res.returncode == 0, res.stderr
    [journal] = games.glob("*.jsonl")
    assert json.loads(journal.read_text().splitlines()[0])["mode"] == "junior_race"


def test_history_counts_an_old_journal_under_the_name_now(tmp_path):
    import shutil

    shutil.copy(OLD_JOURNAL, tmp_path / "game-20250101-000000-n0001.jsonl")
    out = subprocess.run([CLI, "history", "--dir", str(tmp_path), "--json"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert "junior_race" in json.dumps(data) and '"junior"' not in json.dumps(data)
