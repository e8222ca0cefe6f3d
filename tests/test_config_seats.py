"""Who sits where: per-seat readers and the race's first player, checked like every key."""

import pytest

import clacks_hw.config.load as config_mod
from clacks_hw.config.load import ConfigError, load_config
from clacks_hw.daemon.setup_menu import SetupMenu


@pytest.fixture(autouse=True)
def no_system_config(monkeypatch, tmp_path):
    monkeypatch.setattr(config_mod, "DEFAULT_PATH", tmp_path / "absent.toml")


def load(tmp_path, text):
    path = tmp_path / "c.toml"
    path.write_text(text)
    return load_config(path, check_devices=False)


def problem(tmp_path, text, key):
    with pytest.raises(ConfigError) as err:
        load(tmp_path, text)
    found = {p.key: p for p in err.value.problems}
    assert key in found, str(err.value)
    return found[key]


def test_one_reader_per_seat_is_read_in_reader_order(tmp_path):
    cfg = load(tmp_path, '[reader]\nseats = ["S", "W", "N", "E"]\n')
    assert cfg.reader.seats == ("S", "W", "N", "E")
    assert load(tmp_path, "").reader.seats == ()  # default: one shared reader


def test_an_rdm6300_sits_at_one_seat_at_most(tmp_path):
    p = problem(tmp_path, '[reader]\ntype = "rdm6300"\nseats = ["S", "N"]\n', "reader.seats")
    assert "one reader" in p.message and 'seats = ["S"]' in p.fix


def test_seats_without_a_reader_are_refused(tmp_path):
    p = problem(tmp_path, '[reader]\ntype = "none"\nseats = ["S"]\n', "reader.seats")
    assert "remove reader.seats" in p.fix


def test_a_seat_that_does_not_exist_is_named(tmp_path):
    problem(tmp_path, '[reader]\nseats = ["X"]\n', "reader.seats")


def test_the_race_first_player_comes_from_the_config(tmp_path):
    assert load(tmp_path, '[game]\nfirst = "W"\n').game.first == "W"
    problem(tmp_path, '[game]\nfirst = "Q"\n', "game.first")
    menu = SetupMenu.from_defaults("race", (), ("S", "W", "N"))
    assert menu.game_config(["AHMED", "ADORA"], seed=1, first="W").first == "W"
    assert menu.game_config(["AHMED", "ADORA"], seed=1, first="E").first is None  # E is not playing
    assert SetupMenu.from_defaults("competitive").game_config(["AHMED", "ADORA"], 1, first="N").first is None
