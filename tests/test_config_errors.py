"""Validation: every problem in the file at once, each with its full key and a fix."""

import pytest

import clacks_hw.config.load as config_mod
from clacks_hw.config.load import ConfigError, load_config, reserved_pins


@pytest.fixture(autouse=True)
def no_system_config(monkeypatch, tmp_path):
    monkeypatch.setattr(config_mod, "DEFAULT_PATH", tmp_path / "absent.toml")


def problems(tmp_path, text, check_devices=False):
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(path, check_devices=check_devices)
    return {p.key: p for p in err.value.problems}, str(err.value)


def test_every_problem_is_listed_at_once(tmp_path):
    found, text = problems(
        tmp_path,
        """
[leds]
brightnes = 0.5
gamma = "2"
[buttons]
debounce_ms = 0
[buttons.pins]
PLAY = 4
[game]
mode = "competitve"
""",
    )
    assert set(found) == {"leds.brightnes", "leds.gamma", "buttons.debounce_ms", "buttons.pins.PLAY", "game.mode"}
    assert text.startswith(f"{tmp_path / 'c.toml'}: 5 problems in the configuration:")
    assert "fix:" in text


def test_unknown_keys_get_a_did_you_mean(tmp_path):
    found, _ = problems(tmp_path, "[leds]\nbrightnes = 0.5\n[buttons.pins]\nBAKC = 4\n[jornal]\ndir = '/x'\n")
    assert found["leds.brightnes"].fix == "did you mean leds.brightness?"
    assert found["buttons.pins.BAKC"].fix == "did you mean buttons.pins.BACK?"
    assert "did you mean journal?" in found["jornal"].fix


def test_wrong_types_say_what_was_expected(tmp_path):
    found, _ = problems(
        tmp_path,
        "[leds]\nlead_pixels = 1.5\nbrightness = true\nchain = 'lamps'\n[game]\nseats = 'S'\n[status]\nport = '80'\n",
    )
    assert "expected an integer, got a number 1.5" in found["leds.lead_pixels"].message
    assert "expected a number, got a boolean" in found["leds.brightness"].message
    assert "expected a list of strings" in found["leds.chain"].message
    assert "expected a list of strings" in found["game.seats"].message
    assert "expected an integer" in found["status.port"].message


def test_values_out_of_range_give_the_range(tmp_path):
    found, _ = problems(tmp_path, "[leds]\nbrightness = 1.5\n[buttons]\nlong_press_s = 0.1\n[game]\nexpress_s = 5\n")
    assert found["leds.brightness"].fix == "use a value from 0.0 to 1.0"
    assert found["buttons.long_press_s"].message == "0.1 is out of range"
    assert "10 to 600" in found["game.express_s"].fix


def test_a_section_given_as_a_value(tmp_path):
    found, _ = problems(tmp_path, "leds = 3\n")
    assert "expected a section" in found["leds"].message


def test_a_pin_used_twice_names_both_buttons_and_free_pins(tmp_path):
    found, _ = problems(tmp_path, "[buttons.pins]\nNEXT = 19\n")
    p = found["buttons.pins.NEXT"]
    assert p.message == "GPIO19 is also used by buttons.pins.PREV"
    assert "GPIO2" in p.fix and "GPIO20" in p.fix  # the spare and the one NEXT left


@pytest.mark.parametrize(
    "backend, pin, reason",
    [("spi", 10, "SPI0 MOSI"), ("spi", 11, "SPI0 SCLK"), ("spi", 8, "SPI0 CE0"), ("virtual", 0, "ID EEPROM")],
)
def test_pins_reserved_by_the_led_backend(tmp_path, backend, pin, reason):
    found, _ = problems(tmp_path, f'[leds]\nbackend = "{backend}"\n[buttons.pins]\nPLAY = {pin}\n')
    assert reason in found["buttons.pins.PLAY"].message


def test_ws281x_reserves_its_own_pin_and_spi_pins_are_then_allowed(tmp_path):
    found, _ = problems(tmp_path, '[leds]\nbackend = "ws281x"\nws281x_pin = 12\n[buttons.pins]\nPLAY = 10\n')
    assert set(found) == {"buttons.pins.G4"}  # G4 sits on GPIO12 by default; PLAY on 10 is fine
    assert "ws281x LED data line" in found["buttons.pins.G4"].message
    found, _ = problems(tmp_path, '[leds]\nbackend = "ws281x"\nws281x_pin = 4\n')
    assert "rpi-ws281x cannot drive GPIO4" in found["leds.ws281x_pin"].message


def test_the_rdm6300_reserves_the_uart(tmp_path):
    assert 14 not in reserved_pins("spi", 18, "hub")
    found, _ = problems(tmp_path, '[reader]\ntype = "rdm6300"\nbaud = 115200\n[buttons.pins]\nPLAY = 15\n')
    assert "UART RX" in found["buttons.pins.PLAY"].message
    assert "9600" in found["reader.baud"].message


def test_missing_devices_are_reported_with_the_fix(tmp_path):
    found, _ = problems(
        tmp_path,
        f'[leds]\nspi_device = "{tmp_path}/spidev9.9"\n[reader]\nport = "/dev/serial/by-id/usb-no-such-hub"\n',
        check_devices=True,
    )
    assert "dtparam=spi=on" in found["leds.spi_device"].fix
    assert "does not exist" in found["reader.port"].message and "plug the reader hub in" in found["reader.port"].fix


def test_existing_devices_pass(tmp_path):
    spi, tty = tmp_path / "spidev0.0", tmp_path / "ttyACM0"
    spi.touch()
    tty.touch()
    path = tmp_path / "c.toml"
    path.write_text(f'[leds]\nspi_device = "{spi}"\n[reader]\nport = "{tty}"\n')
    assert load_config(path).reader.port == str(tty)


@pytest.mark.parametrize(
    "game, key, words",
    [
        ('mode = "solitaire"\nseats = ["S", "N"]', "game.seats", "exactly one seat"),
        ('seats = ["S", "W"]', "game.seats", "S+N or S+W+N"),
        ('mode = "junior_race"\nseats = ["S", "N"]', "game.seats", "right angles"),
        ('variants = ["night_shift"]', "game.variants", "not a variant of competitive"),
        ('seats = ["S", "S"]', "game.seats", "listed twice"),
        ('variants = ["turbo"]', "game.variants", "not allowed"),
    ],
)
def test_game_defaults_must_be_playable(tmp_path, game, key, words):
    found, _ = problems(tmp_path, f"[game]\n{game}\n")
    assert words in found[key].message


def test_the_cli_text_never_contains_a_traceback(tmp_path):
    _, text = problems(tmp_path, "[leds]\nbackend = 5\n")
    assert "Traceback" not in text and "leds.backend: expected a string, got an integer 5" in text
