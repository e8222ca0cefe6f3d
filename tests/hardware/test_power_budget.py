"""The daemon's power budget is the circuit board's: the supply less 25 %, the fuse, the Pi's pins
above their warning and the board's LED cap set what the board may draw; the Pi fitted and the
hub are reserved theirs, and the rest is what the LEDs' current limiter allows."""

import copy
from types import SimpleNamespace

import pytest

from clacks_hw.config.errors import ConfigError
from clacks_hw.config.load import load_config
from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.mainboard.data import load_mainboard
from clacks_hw.hardware.power import MARGIN, budget, budget_for, led_cap_a, power, track_amps


def _cfg(**overrides):
    return load_config("clacks_hw/default_config.toml", overrides=overrides, check_devices=False)


def _leds(**kw):
    return SimpleNamespace(**{"supply_a": 3.0, "pi": "zero-2-w", "brightness": 1.0, "lead_pixels": 0, **kw})


def test_the_default_board_is_held_to_its_led_cap_and_the_pi_4_to_its_pins():
    data = load_mainboard()
    zero = budget(data, _cfg())
    assert zero.weakest.name == "the board's LED cap"
    assert zero.idle_a + zero.led_light_a == pytest.approx(data["budget"]["led_cap_a"])  # 1.4 A of LEDs
    assert zero.pi_a == pytest.approx(0.35) and zero.hub_a == pytest.approx(0.15)
    pi4 = budget(data, _cfg(**{"leds.pi": "pi-4"}))
    assert pi4.weakest.name.startswith("the Pi's pins")
    assert pi4.idle_a + pi4.led_light_a == pytest.approx(led_cap_a(data, data["budget"]["pi4_ma"]))
    assert pi4.led_light_a < zero.led_light_a


def test_at_the_limit_the_pi_keeps_its_voltage_and_the_fuse_holds():
    data = load_mainboard()
    for pi in ("zero-2-w", "pi-4"):
        b = budget_for(data, _leds(pi=pi))
        at = power({**data, "budget": {**data["budget"], "led_cap_a": b.idle_a + b.led_light_a}}, b.pi_a * 1000)
        assert at["pi_v"] >= data["budget"]["pi_min_v"] - 1e-9, pi
        assert at["total_a"] <= data["kind"]["ptc"]["hold_a"] + 1e-9, pi


def test_a_small_supply_is_the_weakest_link_and_gives_the_leds_less():
    data = load_mainboard()
    small, big = budget_for(data, _leds(supply_a=2.0)), budget_for(data, _leds(supply_a=10.0))
    assert small.weakest.name == "supply" and small.board_a == pytest.approx(2.0 / MARGIN)
    assert big.weakest.name != "supply" and small.led_light_a < big.led_light_a
    assert small.pi_a + small.hub_a + small.idle_a + small.led_light_a == pytest.approx(small.board_a)
    assert small.limit_ma == pytest.approx((small.idle_a + small.led_light_a) * 1000)


def test_the_leds_models_are_the_boards_parts():
    data = copy.deepcopy(load_mainboard())
    before = budget_for(data, _leds())
    data["kind"]["lamp_led"]["channel_ma"] = 20.0  # a brighter lamp LED: every white frame draws more
    assert budget_for(data, _leds()).full_white_a == pytest.approx(before.full_white_a + 16 * 3 * 0.008)


def test_a_supply_too_small_for_the_pi_is_refused_naming_the_key():
    with pytest.raises(HardwareError) as err:
        budget_for(load_mainboard(), _leds(supply_a=0.6))
    assert "leds.supply_a = 0.6 A" in str(err.value) and "at least" in str(err.value)
    with pytest.raises(ConfigError) as err:
        _cfg(**{"leds.supply_a": 0.6})
    assert "leds.supply_a" in str(err.value)


def test_an_unknown_pi_is_refused_naming_the_choices():
    with pytest.raises(ConfigError) as err:
        _cfg(**{"leds.pi": "pi-3"})
    assert "leds.pi" in str(err.value) and '"zero-2-w"' in str(err.value)


def test_a_track_carries_more_the_wider_it_is():
    assert track_amps(3.0) > 5.0 > track_amps(1.0)  # IPC-2221: 3 mm carries 5.3 A at a 10 C rise
