"""`clacks-hw hil` as a builder runs it: steps printed, the first failed expectation with the
expected and actual boards side by side, JUnit XML, and malformed scripts named by file and
line with exit 2 and no traceback."""

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from clacks_hw.testing.hil_script import ScriptError, parse

CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")

GOOD = """seed 3
press PLAY
expect screen setup
"""

FAILING = """seed 3
press PLAY           # to setup
expect lamp 0 error  # the setup screen shows no error: this fails
press PLAY           # never reached
"""


def hil(*args, cwd=None):
    return subprocess.run([CLI, "hil", *args], capture_output=True, text=True, timeout=60, cwd=cwd)


def test_failure_is_drawn_side_by_side_and_written_as_junit(tmp_path):
    (tmp_path / "good.hil").write_text(GOOD)
    (tmp_path / "bad.hil").write_text(FAILING)
    out = hil("good.hil", "bad.hil", "--junit", "out.xml", cwd=tmp_path)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "     2  press PLAY" in out.stdout
    assert "FAIL line 3: expect lamp 0 error" in out.stdout
    assert "lamp 0: expected error, found" in out.stdout
    assert "expected" in out.stdout and "actual" in out.stdout and "r ? ? ?" in out.stdout
    assert "never reached" not in out.stdout and "1 of 2 script(s) passed" in out.stdout
    suite = ET.parse(tmp_path / "out.xml").getroot()
    assert (suite.get("tests"), suite.get("failures")) == ("2", "1")
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert cases["good"].find("failure") is None
    assert cases["bad"].find("failure").get("message").startswith("line 3: lamp 0: expected error")


@pytest.mark.parametrize("text, message", [
    ("press PLAY\npres NEXT\n", "bad.hil:2: unknown command 'pres': did you mean press?"),
    ("press PLAI\n", "bad.hil:1: unknown button 'PLAI': did you mean PLAY?"),
    ("tap W:GILD\n", "bad.hil:1: unknown card 'W:GILD': did you mean W:GUILD?"),
    ("expect seat SS lit\n", "bad.hil:1: unknown seat 'SS': did you mean S?"),
    ("expect lamp 3 prevew\n", "bad.hil:1: unknown colour 'prevew': did you mean preview?"),
    ("wait 2 seconds\n", "bad.hil:1: expected: wait DURATION"),
    ("wait 2x\n", "bad.hil:1: duration '2x': expected a number with ms, s or m"),
    ("expect lamps #... #\n", "bad.hil:1: expected: expect lamps ROW ROW ROW ROW"),
    ("expect lamps #... #### .... ..#\n", "bad.hil:1: lamp row '..#': expected 4 of # (lit) and . (dark)"),
    ("expect journal last {act}\n", "bad.hil:1: expect journal last: expected JSON"),
    ("press PLAY\nseed 4\n", "bad.hil:2: 'seed' must come before the first input"),
    ("tap J05 at 1\n", "bad.hil:1: reader '1': expected a whole number 0..0"),
    ("# nothing\n", "bad.hil:1: the script has no steps"),
])
def test_malformed_script_names_file_line_and_expectation(text, message):
    with pytest.raises(ScriptError) as err:
        parse(text, "bad.hil")
    assert message in str(err.value)


def test_malformed_or_missing_script_exits_2_before_anything_runs(tmp_path):
    (tmp_path / "good.hil").write_text(GOOD)
    (tmp_path / "bad.hil").write_text("press PLAY\ntap J05 at\n")
    out = hil("good.hil", "bad.hil", "nope.hil", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.startswith("bad.hil:2: expected: tap CARD [at READER]")
    assert "READER missing after 'at'" in out.stderr
    assert out.stdout == "" and "Traceback" not in out.stderr
    out = hil("nope.hil", cwd=tmp_path)
    assert out.returncode == 2 and "nope.hil: cannot read the script: No such file" in out.stderr


@pytest.mark.parametrize("text, message", [
    ("seed ²\npress PLAY\n", "bad.hil:1: seed '²': expected a whole number"),
    ("tap J05 at ²\n", "bad.hil:1: reader '²': expected a whole number"),
    ("set game.hands " + "[" * 2000 + "]" * 2000 + "\npress PLAY\n", "bad.hil:1: set game.hands: expected JSON nested"),
    ('set game.hands "nonsense"\npress PLAY\n', 'bad.hil:1: set game.hands: "nonsense" is not one of'),
    ("set status.port 0\npress PLAY\n", "bad.hil:1: status.port is set by the rig itself"),
    ('set game.hand "physical"\npress PLAY\n', "bad.hil:1: unknown setting 'game.hand': did you mean game.hands?"),
    ("press PLAY\nwait " + "9" * 300 + "s\n", "bad.hil:2: duration '9999"),
])
def test_hostile_scripts_exit_2_naming_the_line_without_a_traceback(tmp_path, text, message):
    (tmp_path / "bad.hil").write_text(text)
    out = hil("bad.hil", cwd=tmp_path)
    assert out.returncode == 2 and out.stderr.startswith(message), out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_a_fifo_or_a_huge_file_is_not_read_for_ever(tmp_path):
    os.mkfifo(tmp_path / "fifo.hil")  # opening it for reading would wait for a writer
    (tmp_path / "huge.hil").write_bytes(b"# " + b"x" * (2 << 20) + b"\npress PLAY\n")
    out = hil("fifo.hil", cwd=tmp_path)
    assert out.returncode == 2 and "fifo.hil: cannot read the script: is a device, pipe or socket" in out.stderr
    out = hil("huge.hil", cwd=tmp_path)
    assert out.returncode == 2 and "huge.hil: larger than 1024 KiB: not a script" in out.stderr


def test_status_paths_and_json_values_compare_as_json(tmp_path):
    """``²`` in a path is a key (int() of it crashed the run); ``true`` is not ``1``, nor ``false`` 0."""
    (tmp_path / "a.hil").write_text("expect status position.players.S.sabotaged false\n"
                                    "expect status position.players.S.sabotaged 0\n")
    (tmp_path / "b.hil").write_text("expect status position.played.² 1\n")
    out = hil("a.hil", "b.hil", cwd=tmp_path)
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stdout + out.stderr
    assert "FAIL line 2: expect status position.players.S.sabotaged 0" in out.stdout
    assert "position.players.S.sabotaged: expected 0, found false" in out.stdout
    assert "FAIL line 1: expect status position.played.² 1" in out.stdout
    assert "the status JSON has no position.played.² (no '²' there)" in out.stdout
