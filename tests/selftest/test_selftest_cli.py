"""`clacks-hw selftest` as a person runs it: answers typed on standard input, the report
printed and written as JSON, non-zero exit when something failed."""

import json
import os
import subprocess
import sys

from clacks_hw.drivers.frame import PIXELS

CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")


def selftest(tmp_path, *args, answers=""):
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[leds]\nbackend = "virtual"\n[journal]\ndir = "{tmp_path / "journals"}"\n')
    return subprocess.run([CLI, "selftest", "--config", str(cfg), *args], input=answers, capture_output=True,
                          text=True, timeout=60)


def test_led_walk_answered_by_a_person_and_a_missing_journal_dir(tmp_path):
    answers = "\n" * 5 + "lamp 6 green\n" + "\n" * (PIXELS - 6) + "\n"  # lamp 5 shows up elsewhere
    out = selftest(tmp_path, "--part", "leds", "--part", "journal", "--json", str(tmp_path / "r.json"), answers=answers)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Is lamp 0 (row 0, col 0) lit red?" in out.stdout
    assert "FAIL leds     lamp 5 (row 1, col 1): lit as lamp 6 (row 1, col 2) in green" in out.stdout
    assert f"FAIL journal  {tmp_path / 'journals'} (journal.dir) does not exist" in out.stdout
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["passed"] is False and report["failed"] == 2


def test_all_answers_right_passes(tmp_path):
    (tmp_path / "journals").mkdir()
    out = selftest(tmp_path, "--part", "leds", "--part", "journal", answers="\n" * (PIXELS + 1))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "checks, all passed" in out.stdout


def test_bad_config_exits_2(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text("[leds]\nbackend = 3\n")
    out = subprocess.run([CLI, "selftest", "--config", str(cfg)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr and "leds.backend" in out.stderr


def test_buttons_without_a_pin_library_are_our_sentence_and_ask_nothing(tmp_path):
    """Off a Pi (as here) gpiozero finds no pin library: its warnings become one FAIL line in
    our words, no press is asked for, and the other parts still run."""
    (tmp_path / "journals").mkdir()
    out = selftest(tmp_path, "--part", "buttons", "--part", "journal")
    text = out.stdout + out.stderr
    assert out.returncode == 1, text
    assert "PinFactoryFallback" not in text and "warnings.warn" not in text and "Traceback" not in text
    assert "FAIL buttons  the buttons cannot be read: no pin library could open them here (tried lgpio" in text
    assert "Press and release" not in text
    assert "PASS journal" in text


def test_leds_that_cannot_be_driven_are_one_failure_and_no_question(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[leds]\nbackend = "spi"\nspi_device = "{tmp_path / "spidev9.9"}"\n[journal]\ndir = "{tmp_path}"\n')
    out = subprocess.run([CLI, "selftest", "--config", str(cfg), "--part", "leds", "--part", "journal"], input="",
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "FAIL leds     the LEDs could not be driven" in out.stdout and "spidev9.9" in out.stdout
    assert "Is lamp" not in out.stdout and "PASS journal" in out.stdout
