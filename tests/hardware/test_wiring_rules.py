"""The harness and the carrier obey the rules a maker would check by hand, and each rule
catches the fault the earlier perfboard harness had."""

import copy

import pytest

from clacks_hw.hardware.harness import harness
from clacks_hw.hardware.harness_data import spi_limit_mm
from clacks_hw.hardware.pcb.circuit import carrier
from clacks_hw.hardware.wiring_rules import (
    circuit_problems,
    connector_problems,
    decoupling_problems,
    gauge_problems,
    harness_problems,
    input_problems,
    pin_problems,
    spi_problems,
)

from .conftest import make_context

CONFIGS = [{}, {"reader.seats": ["S", "W", "N", "E"]}, {"reader.seats": ["N"], "leds.lead_pixels": 1},
           {"leds.backend": "ws281x", "leds.supply_a": 6.0}]


@pytest.mark.parametrize("overrides", CONFIGS)
def test_the_generated_harness_and_carrier_keep_every_rule(tmp_path, overrides):
    ctx = make_context(tmp_path, overrides=overrides)
    h = harness(ctx.hw, ctx.cfg, ctx.lay)
    assert harness_problems(ctx.hw, ctx.cfg, h) == []
    assert circuit_problems(carrier(ctx.hw, ctx.cfg)) == []


def _harness(tmp_path, **overrides):
    ctx = make_context(tmp_path, overrides=overrides)
    return ctx, harness(ctx.hw, ctx.cfg, ctx.lay)


def test_three_wires_on_one_ground_pin_are_caught(tmp_path):
    _, h = _harness(tmp_path)
    bad = copy.deepcopy(h)
    # the old harness: two buttons' grounds and the Pi's ground all on the Pi's pin 6
    bad["connections"] += [[{"PI": [6]}, {"W_X": [1]}, {"R1": [2]}], [{"PI": [6]}, {"W_Y": [1]}, {"R2": [2]}]]
    assert any("PI pin 6 has 3 wires" in p for p in pin_problems(bad))
    assert pin_problems(h) == []


def test_18_awg_on_a_2_54_mm_header_is_caught(tmp_path):
    ctx, h = _harness(tmp_path, **{"reader.seats": ["S"]})
    bad = copy.deepcopy(h)
    bad["cables"]["W_READER0"]["gauge"] = 18
    assert any("RC522_S pin" in p and "18 AWG, but it takes 28-22 AWG" in p for p in connector_problems(ctx.hw, bad))


def test_a_feed_thinner_than_its_current_is_caught(tmp_path):
    ctx, h = _harness(tmp_path)
    bad = copy.deepcopy(h)
    bad["cables"]["W_LED1"]["gauge"] = 24  # the old feed's gauge, 0.577 A, under the run's current + 25 %
    assert any(p.startswith("W_LED1 carries") for p in gauge_problems(ctx.hw, bad))
    bad["meta"]["W_PI_POWER"]["amps"] = 2.5  # more than the USB-C cable's 3 A with margin
    assert any(p.startswith("W_PI_POWER") for p in gauge_problems(ctx.hw, bad))


def test_spi_runs_stay_within_the_firmware_s_length(tmp_path):
    _, h = _harness(tmp_path, **{"reader.seats": ["S", "W", "N", "E"]})
    runs = {n: m["mm"] for n, m in h["meta"].items() if m["kind"] == "spi"}
    assert len(runs) == 4 and max(runs.values()) <= spi_limit_mm() == 200
    bad = copy.deepcopy(h)
    bad["meta"]["W_READER2"]["mm"] = 400.0  # the old star of 0.4 m runs
    assert spi_problems(bad) == ["W_READER2 is 400 mm, over the 200 mm the hub's firmware allows at its SPI_BAUD"]
    assert spi_problems(h, {"SPI_MAX_WIRE_MM": 150}) != []  # the firmware's own figure decides


def test_each_reader_plugs_into_the_carrier_corner_nearest_it(tmp_path):
    _, h = _harness(tmp_path, **{"reader.seats": ["S", "W", "N", "E"]})
    for name, m in h["meta"].items():
        if m["kind"] == "spi":
            assert m["corner"][0] == m["corner"][1], name


def test_an_open_input_and_a_missing_decoupling_capacitor_are_caught(tmp_path):
    ctx = make_context(tmp_path)
    c = carrier(ctx.hw, ctx.cfg)
    u1 = c.part("U1").pads
    assert {u1[p] for p in ("9", "12")} == {"GND"} and {u1[p] for p in ("10", "13")} == {"+5V"}  # spare gates tied
    old = copy.deepcopy(c)
    old.part("U1").pads.update({"9": "", "10": "", "12": "", "13": ""})  # gates 3 and 4 floating, as on the perfboard
    assert len(input_problems(old)) == 4
    old.parts = [p for p in old.parts if p.ref not in ("C2", "C3")]
    assert {p.split()[0] for p in decoupling_problems(old)} == {"U1", "U2"}
