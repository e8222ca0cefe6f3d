"""The power budget: the weakest link of the supply path sets what the board may draw, the Pi
and the hub are reserved theirs, and the rest is what the LEDs' current limiter allows."""

from types import SimpleNamespace

import pytest

from clacks_hw.config.load import load_config
from clacks_hw.config.errors import ConfigError
from clacks_hw.hardware.data import HardwareError, load_hardware
from clacks_hw.hardware.power import MARGIN, budget, budget_for, track_amps, wire


def _cfg(**overrides):
    return load_config("clacks_hw/default_config.toml", overrides=overrides, check_devices=False)


def test_the_old_board_overdrew_its_supply_and_this_one_cannot():
    # At brightness 1 the LEDs (16 x 60 mA + 16 x 36 mA + 32 x 1 mA) and the Pi (1.8 A) and hub
    # need 3.42 A, 4.1 A with the margin: more than a 4 A supply. The budget never lets them.
    b = budget(load_hardware(), _cfg(**{"leds.brightness": 1.0, "leds.supply_a": 4.0}))
    assert b.full_white_a + b.idle_a + b.pi_a + 0.051 == pytest.approx(3.419, abs=1e-3)
    assert b.total_a * MARGIN <= 4.0
    assert b.board_a == pytest.approx(min(link.amps for link in b.path) / MARGIN)


def test_the_weakest_link_sets_the_budget():
    hw = load_hardware()
    small, big = budget(hw, _cfg(**{"leds.supply_a": 3.0})), budget(hw, _cfg(**{"leds.supply_a": 10.0}))
    assert small.weakest.name == "supply" and small.board_a == pytest.approx(3.0 / MARGIN)
    assert big.weakest.name.startswith("jack lead") and big.board_a == pytest.approx(wire(hw, 16)["amps"] / MARGIN)
    assert small.led_light_a < big.led_light_a


def test_every_link_of_the_path_is_rated_above_what_the_board_draws():
    b = budget(load_hardware(), _cfg())
    for link in b.path:
        assert link.amps >= b.board_a * MARGIN - 1e-9, link
    # the DC-022 jack the board had is rated 3 A: under what the board draws with margin
    assert 3.0 < b.board_a * MARGIN


def test_reserves_and_the_led_share_add_up():
    b = budget(load_hardware(), _cfg())
    assert b.pi_a == pytest.approx(1.8) and b.hub_a == pytest.approx(0.025 + 4 * 0.026)
    assert b.pi_a + b.hub_a + b.idle_a + b.led_light_a == pytest.approx(b.board_a)
    assert b.limit_ma == pytest.approx((b.idle_a + b.led_light_a) * 1000)


def test_a_supply_too_small_for_the_pi_is_refused_naming_the_key():
    with pytest.raises(HardwareError) as err:
        budget_for(load_hardware(), SimpleNamespace(supply_a=2.0, brightness=1.0, lead_pixels=0))
    assert "leds.supply_a = 2 A" in str(err.value) and "at least" in str(err.value)
    with pytest.raises(ConfigError) as err:
        _cfg(**{"leds.supply_a": 2.0})
    assert "leds.supply_a" in str(err.value)


def test_a_track_carries_more_the_wider_it_is():
    assert track_amps(3.0) > 5.0 > track_amps(1.0)  # IPC-2221: 3 mm carries 5.3 A at a 10 C rise
