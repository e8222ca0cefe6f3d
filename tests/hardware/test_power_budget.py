"""The power budget follows the chain, the brightness cap and the reader count."""

import pytest

from clacks_hw.config import load_config
from clacks_hw.config_errors import ConfigError
from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.power import brightness_for, budget, gauge_for, supply_needed


def _cfg(**overrides):
    return load_config("clacks_hw/default_config.toml", overrides=overrides, check_devices=False)


def test_worst_case_is_every_led_white_at_the_cap_plus_the_pi_and_hub():
    hw = load_hardware()
    b = budget(hw, _cfg(**{"leds.brightness": 1.0}))
    # 16 x 60 mA + 16 x 36 mA at full, 32 x 1 mA idle, Pi 3.0 - 1.2 A, Pico 25 mA + one reader 26 mA
    assert b.leds_a == pytest.approx(0.96 + 0.576 + 0.032)
    assert b.total_a == pytest.approx(1.568 + 1.8 + 0.051)
    assert budget(hw, _cfg(**{"leds.brightness": 0.5})).leds_a == pytest.approx(0.48 + 0.288 + 0.032)


def test_four_readers_and_lead_pixels_count():
    hw = load_hardware()
    one, four = budget(hw, _cfg()), budget(hw, _cfg(**{"reader.seats": ["S", "W", "N", "E"], "leds.lead_pixels": 1}))
    assert four.hub_a - one.hub_a == pytest.approx(3 * 0.026)
    assert four.leds_a - one.leds_a == pytest.approx(0.001)


def test_supply_fuse_and_gauge_follow_the_current():
    hw = load_hardware()
    assert supply_needed(hw, 2.8) == 4.0 and supply_needed(hw, 3.4) == 5.0
    assert gauge_for(hw, 0.5) == 24 and gauge_for(hw, 3.4) == 16
    cfg = _cfg(**{"leds.brightness": 1.0})
    cap = brightness_for(hw, cfg, 2.5)
    assert budget(hw, _cfg(**{"leds.brightness": cap})).total_a <= 2.5
    assert budget(hw, _cfg(**{"leds.brightness": cap + 0.01})).total_a > 2.5


def test_the_supply_rating_is_validated():
    with pytest.raises(ConfigError) as err:
        _cfg(**{"leds.supply_a": 0})
    assert "leds.supply_a" in str(err.value)
