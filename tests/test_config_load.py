"""Loading: built-in defaults, the default path, a user file over the defaults, overrides."""

import dataclasses

import pytest

import clacks_hw.config.load as config_mod
from clacks_hw.config.load import BUILTIN, Config, ConfigError, load_config
from clacks_hw.drivers.debounce import BUTTONS


@pytest.fixture(autouse=True)
def no_system_config(monkeypatch, tmp_path):
    monkeypatch.setattr(config_mod, "DEFAULT_PATH", tmp_path / "absent" / "config.toml")


def test_builtin_defaults_are_valid_and_typed():
    cfg = load_config(check_devices=False)
    assert isinstance(cfg, Config) and cfg.source == BUILTIN
    assert cfg.leds.backend == "spi" and cfg.leds.colour_order == "GRB"
    assert cfg.leds.chain == ("lamps", "buttons", "seats")
    assert isinstance(cfg.leds.brightness, float)
    assert [name for name, _ in cfg.buttons.pins] == list(BUTTONS)
    assert cfg.buttons.pin("PLAY") == 3
    assert cfg.reader.baud == 115200 and cfg.reader.port == "auto"
    assert cfg.game.seats == ("S", "N") and cfg.journal.dir == "/var/lib/clacks-hw"
    assert cfg.status.bind == "127.0.0.1"


def test_config_is_frozen():
    cfg = load_config(check_devices=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.leds.backend = "virtual"  # type: ignore[misc]


def test_the_default_path_is_used_when_it_exists(monkeypatch, tmp_path):
    path = tmp_path / "etc.toml"
    path.write_text('[leds]\nbackend = "virtual"\n')
    monkeypatch.setattr(config_mod, "DEFAULT_PATH", path)
    cfg = load_config(check_devices=False)
    assert cfg.source == str(path) and cfg.leds.backend == "virtual"


def test_a_user_file_only_needs_the_keys_it_changes(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[buttons.pins]\nPLAY = 2\n[game]\nmode = "solitaire"\nseats = ["W"]\n')
    cfg = load_config(path, check_devices=False)
    assert cfg.buttons.pin("PLAY") == 2 and cfg.buttons.pin("BACK") == 4
    assert cfg.game.mode == "solitaire" and cfg.game.seats == ("W",)
    assert cfg.leds.backend == "spi"


def test_seats_come_back_in_turn_order(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[game]\nseats = ["N", "W", "S"]\n')
    assert load_config(path, check_devices=False).game.seats == ("S", "W", "N")


def test_overrides_apply_after_the_file_and_are_validated():
    cfg = load_config(overrides={"leds.backend": "virtual", "reader.type": "none"})
    assert cfg.leds.backend == "virtual"  # and no device check fails: nothing to open
    with pytest.raises(ConfigError) as err:
        load_config(overrides={"leds.backnd": "virtual"}, check_devices=False)
    assert err.value.problems[0].key == "leds.backnd"


def test_rdm6300_defaults_to_the_pi_uart_at_9600():
    cfg = load_config(overrides={"reader.type": "rdm6300"}, check_devices=False)
    assert cfg.reader.port == "/dev/serial0" and cfg.reader.baud == 9600


def test_digest_changes_with_the_settings_not_the_source(tmp_path):
    base = load_config(check_devices=False)
    path = tmp_path / "same.toml"
    path.write_text('[leds]\nbackend = "spi"\n')
    assert load_config(path, check_devices=False).digest == base.digest
    assert load_config(overrides={"leds.brightness": 0.3}, check_devices=False).digest != base.digest
    assert len(base.digest) == 64


def test_an_explicit_missing_file_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.toml")


def test_toml_syntax_errors_name_the_line(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[leds]\nbackend = spi\n')
    with pytest.raises(ConfigError) as err:
        load_config(path)
    (problem,) = err.value.problems
    assert problem.key == str(path) and "line 2" in problem.message


def test_non_utf8_files_are_an_error_not_a_traceback(tmp_path):
    path = tmp_path / "c.toml"
    path.write_bytes(b'[leds]\nbackend = "\xff"\n')
    with pytest.raises(ConfigError, match="UTF-8"):
        load_config(path)
