"""The config's [editions]: the owner's own edition of a game's box (editions.guards), read and
checked whole when the config is, handed to every new game through the game itself (the board
names no game), and carried in the journal's header so the game keeps it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from clacks_hw.config.editions import open_editions
from clacks_hw.config.load import ConfigError, load_config
from clacks_hw.daemon.setup_menu import SetupMenu
from clacks_hw.game.core.config import config_from_record
from clacks_hw.game.core.editions import SHIPPED
from clacks_hw.game.core.registry import boxes
from clacks_hw.game.guards.edition_files import demo_edition
from tests.guards.owner_box import MARK, write_owner_box

CLI = [sys.executable, "-c", "from clacks_hw.cli import main; main()"]


def problems(**overrides) -> list:
    with pytest.raises(ConfigError) as err:
        load_config(overrides=overrides, check_devices=False)
    return list(err.value.problems)


def test_by_default_every_game_plays_the_edition_it_ships():
    editions = open_editions(load_config(check_devices=False))
    assert editions.of(boxes()["guards"]) is demo_edition() and editions.chosen(boxes()["guards"]) is None
    assert editions.record("guards") == {} and SHIPPED.record("competitive") == {}
    config = SetupMenu.from_defaults("guards").game_config((), 7, editions=editions)
    assert config.box is demo_edition()


def test_a_new_game_plays_the_owners_edition_and_its_header_carries_it(tmp_path):
    box = write_owner_box(tmp_path / "my-box.toml")
    cfg = load_config(overrides={"editions.guards": str(tmp_path / "my-box.toml")}, check_devices=False)
    editions = open_editions(cfg)
    assert editions.of(boxes()["guards"]).name == box.name == f"{MARK}Box"
    assert editions.chosen(boxes()["guards"]) == str(tmp_path / "my-box.toml")
    assert editions.record("competitive") == {}  # Clacks keeps the board's own cards
    config = SetupMenu.from_defaults("guards").game_config((), 7, editions=editions)
    assert config.box.source == box.source and not config.box.made_up
    header = {**config.record(), **config.options_record()}
    (tmp_path / "my-box.toml").write_text("changed afterwards")  # the header does not care
    again = config_from_record(header)
    assert again.box.source == box.source and again.box.volunteers["YD01"].name == f"{MARK}Lady Demo"


def test_a_missing_file_names_the_key_and_the_close_match(tmp_path):
    write_owner_box(tmp_path / "my-box.toml")
    [p] = problems(**{"editions.guards": str(tmp_path / "my-bx.toml")})
    assert p.key == "editions.guards" and "no such file" in p.message
    assert p.fix == f"did you mean {tmp_path / 'my-box.toml'}?"
    [p] = problems(**{"editions.guards": "my-box.toml"})
    assert p.key == "editions.guards" and "absolute path" in p.message
    [p] = problems(**{"editions.gaurds": str(tmp_path / "my-box.toml")})
    assert p.key == "editions.gaurds" and p.fix == "did you mean editions.guards?"


def test_a_broken_edition_names_the_card_and_the_field(tmp_path):
    path = tmp_path / "my-box.toml"
    write_owner_box(path)
    path.write_text(path.read_text().replace("bribe = 2\n", 'bribe = "two dollars"\n', 1))
    [p] = problems(**{"editions.guards": str(path)})
    assert p.key == "editions.guards"
    assert "volunteer YD01: bribe" in p.message and "is no valid Guards! Guards! edition" in p.message
    assert f"clacks-hw edition check {path}" in p.fix and 'editions.guards = ""' in p.fix


def test_the_board_refuses_to_start_with_a_broken_edition_exit_2(tmp_path):
    path = tmp_path / "my-box.toml"
    write_owner_box(path)
    path.write_text(path.read_text().replace("bribe = 2\n", 'bribe = "two dollars"\n', 1))
    config = tmp_path / "config.toml"
    config.write_text(f'[status]\nport = 0\n[editions]\nguards = "{path}"\n')
    out = subprocess.run([*CLI, "run", "--virtual", "--for", "0", "--journal-dir", str(tmp_path),
                          "--config", str(config)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "editions.guards" in out.stderr and "volunteer YD01: bribe" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_file_broken_after_the_config_was_checked_stops_the_daemon_naming_it(tmp_path):
    """The daemon reads the file again when it starts: a file broken in between is the same
    clear refusal (StartupError, exit 2), never a traceback or the demo in its place."""
    from clacks_hw.daemon.app import Daemon, StartupError

    path = tmp_path / "my-box.toml"
    write_owner_box(path)
    cfg = load_config(overrides={"editions.guards": str(path), "leds.backend": "virtual", "status.port": 0,
                                 "reader.type": "none", "buttons.pin_factory": "mock"}, check_devices=False)
    path.write_text("[edition]\n")
    with pytest.raises(StartupError, match="editions.guards"):
        Daemon(cfg, virtual=True, journal_dir=tmp_path / "journals")
