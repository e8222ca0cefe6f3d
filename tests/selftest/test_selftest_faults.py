"""The self-test on the emulated bench, unattended: the emulated person answers from what the
emulated (and deliberately miswired) board really does, and each fault is found and named."""

import json

import pytest

from clacks_hw.config.load import load_config
from clacks_hw.selftest.report import FAIL, PASS
from clacks_hw.selftest.run import run_selftest
from clacks_hw.testing.emulated_bench import EmulatedBench


@pytest.fixture
def config(tmp_path):
    return load_config(overrides={"buttons.pin_factory": "mock", "journal.dir": str(tmp_path),
                                  "reader.type": "hub", "reader.port": "emulated", "reader.seats": ["S", "N"]},
                       check_devices=False)


def selftest(config, parts, **faults):
    bench = EmulatedBench(config, **faults)
    try:
        return run_selftest(config, bench.hardware, bench.person, parts=parts, timeout_s=2)
    finally:
        bench.close()


def failures(report):
    return [(c.what, c.fix) for c in report.checks if c.status == FAIL]


def test_a_well_built_board_passes_every_part(config):
    report = selftest(config, ("buttons", "leds", "readers", "journal"))
    assert report.failed == []
    parts = [c.part for c in report.checks if c.status == PASS]
    assert parts.count("buttons") == 17 and parts.count("readers") == 2
    assert "leds" in parts and "journal" in parts
    assert json.loads(report.json())["passed"] is True


def test_missing_button_is_named_with_gpio_and_header_pin(config):
    [(what, fix)] = failures(selftest(config, ("buttons",), missing=["G3"]))
    assert what == "G3 (GPIO25, header pin 22): no press seen"
    assert "header pin 22" in fix


def test_swapped_buttons_are_recognised_as_a_pair(config):
    [(what, fix)] = failures(selftest(config, ("buttons",), swapped=("R1", "R2")))
    assert what.startswith("R1 and R2 are swapped: R1's switch is wired to GPIO27, header pin 13")
    assert "swap buttons.pins.R1 and buttons.pins.R2" in fix


def test_chattering_button_is_caught_past_the_debounce(config):
    [(what, fix)] = failures(selftest(config, ("buttons",), chatter=["PLAY"]))
    assert what.startswith("PLAY (GPIO3, header pin 5): chattering")
    assert "buttons.debounce_ms (now 30)" in fix


@pytest.mark.parametrize("fault, fix", [
    ({"lamp_order": "serpentine"}, 'set leds.lamp_order = "serpentine" in the config'),
    ({"chain": ("seats", "buttons", "lamps")}, 'set leds.chain = ["seats", "buttons", "lamps"] in the config'),
    ({"colour_order": "RGB"}, 'set leds.colour_order = "RGB" in the config'),
    ({"reversed_chain": True}, "the chain is fed from its far end"),
])
def test_miswired_led_chain_gets_the_config_fix(config, fault, fix):
    [(what, got)] = failures(selftest(config, ("leds",), **fault))
    assert what == "the LED chain is wired differently from the config"
    assert got.startswith(fix)


def test_dead_led_is_named_with_its_chain_position(config):
    [(what, _)] = failures(selftest(config, ("leds",), dead_leds=[5]))
    assert what == "lamp 5 (row 1, col 1): did not light (chain position 5)"


def test_dead_reader_is_named(config):
    [(what, _)] = failures(selftest(config, ("readers",), dead_readers=[1]))
    assert what == "seat N's reader (reader 1): no card seen"


def test_readers_at_the_wrong_seats_get_the_reader_seats_fix(config):
    fails = failures(selftest(config, ("readers",), reader_seats=["N", "S"]))
    assert [w for w, _ in fails] == ["asked at seat S's reader (reader 0), but reader 1 read the card",
                                    "asked at seat N's reader (reader 1), but reader 0 read the card"]
    assert all(f == 'set reader.seats = ["N", "S"] in the config' for _, f in fails)


def test_missing_journal_directory_fails(tmp_path):
    cfg = load_config(overrides={"journal.dir": str(tmp_path / "nope")}, check_devices=False)
    [(what, _)] = failures(selftest(cfg, ("journal",)))
    assert what == f"{tmp_path / 'nope'} (journal.dir) does not exist"


def test_a_break_in_the_led_chain_is_one_failure_and_no_question_behind_it(config):
    bench = EmulatedBench(config, dead_leds=list(range(5, 32)))  # the data line broken into lamp 5
    try:
        report = run_selftest(config, bench.hardware, bench.person, parts=("leds",), timeout_s=2)
        heard = bench.person.heard
    finally:
        bench.close()
    [(what, fix)] = failures(report)
    assert what == "the LED chain is dark from lamp 5 (row 1, col 1) on (chain position 5): it and the 26 LEDs " \
                   "after it never lit"
    assert "data wire into that LED" in fix
    assert [q.split("?")[0] for q in heard if q.startswith("Is ")] == [f"Is lamp {i} (row {i // 4}, col {i % 4}) lit red"
                                                                      for i in range(6)]
    assert not any("whole board" in q for q in heard)  # a colour question the dark part could not pass


def test_clone_readers_holding_miso_without_the_buffer_are_named_with_the_buffer_fix(config):
    fails = failures(selftest(config, ("readers",), unbuffered_clones=True))
    assert fails[0] == ("the reader hub: a deselected card reader drives MISO, so the other readers' answers "
                        "are corrupted", fails[0][1])
    assert "the circuit board's U3-U6" in fails[0][1]
    assert "seat S's reader (reader 0): no card seen" in [w for w, _ in fails]  # what it breaks
