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
