"""The rig's board is the same everywhere: the built-in defaults, never the machine's own
/etc/clacks-hw/config.toml (on a real board that file would change, or break, every script),
and the settings the rig owns (its status page, journal folder, emulated parts) stay its own."""

from clacks_hw.config import load as config
from clacks_hw.testing.fake_time_board import FakeTimeBoard
from clacks_hw.testing.hil_script import parse


def test_the_machines_own_config_is_not_read(tmp_path, monkeypatch):
    etc = tmp_path / "config.toml"
    etc.write_text('[game]\nmode = "race"\n[status\nport = 1\n')  # a board's file, and a broken one
    monkeypatch.setattr(config, "DEFAULT_PATH", etc)
    assert parse('set game.hands "physical"\npress PLAY\n').overrides == {"game.hands": "physical"}
    with FakeTimeBoard(tmp_path / "board") as board:
        assert board.config.game.mode == "competitive" and board.config.source.endswith("default_config.toml")
        assert board.status()["screen"] == "attract"


def test_the_rigs_own_settings_win(tmp_path):
    with FakeTimeBoard(tmp_path, overrides={"status.port": 1, "journal.dir": "/", "game.hands": "physical"}) as board:
        assert board.config.status.port == board.port and board.config.journal.dir == str(tmp_path / "journals")
        assert board.config.game.hands == "physical"
        board.click("PLAY")
        assert board.status()["screen"] == "setup"
