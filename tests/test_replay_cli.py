"""`clacks-hw replay`: the final position, the first refused action, and unusable files."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from clacks_hw.game.clacks.edition_files import default_edition_path
from clacks_hw.journal import encode_line

from .test_replay_games import run_replay, write_lines

HEADER = {"journal": "clacks-hw", "format": 1, "seats": ["S", "N"],
          "words": {"S": ["AHMED"], "N": ["COHEN"]}, "hands": "physical", "seed": 0, "variants": []}
SCRIPT = [  # AHMED comes before COHEN, so S starts
    {"seat": "S", "act": "move", "tower": "R2"},
    {"seat": "S", "act": "play", "card": "J29", "lamps": [0, 1, 4, 5]},  # square, 1 point
    {"seat": "S", "act": "end"},
    {"seat": "N", "act": "play", "card": "J32", "lamps": [12, 13, 14, 15]},  # line4
    {"seat": "N", "act": "end"},
]


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "script.jsonl"
    write_lines(path, [HEADER, *SCRIPT])
    return path


def test_json_final_position(script):
    result = run_replay(script, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # checkerboard start, XOR the square on lamps 0,1,4,5, XOR the line on the south row
    assert out["board"] == "0110100110101010"
    assert out["turn"] == "S" and out["budget_left"] == 5 and out["winner"] is None
    assert out["mode"] == "competitive" and out["actions"] == 5
    assert out["players"]["S"] == {**out["players"]["S"], "word": "AHMED", "sent": 0, "tower": "R2"}
    assert out["players"]["N"]["tower"] is None and out["players"]["N"]["word"] == "COHEN"


def test_budget_left_mid_turn(tmp_path):
    path = tmp_path / "s.jsonl"
    write_lines(path, [HEADER, SCRIPT[0], {"seat": "S", "act": "play", "card": "J01", "lamps": [0, 1]}])
    out = json.loads(run_replay(path, "--json").stdout)
    assert out["budget_left"] == 2 and out["played"] == ["J01"]  # the first move was free


def test_text_final_position(script):
    result = run_replay(script)
    assert result.exit_code == 0
    assert "S to act" in result.stdout and "AHMED" in result.stdout and "R2 S" in result.stdout


def test_first_refused_action_json_and_exit_1(script):
    with open(script, "a") as f:
        f.write(json.dumps({"seat": "N", "act": "end"}) + "\n")  # line 7: it is S's turn
        f.write(json.dumps({"seat": "S", "act": "move", "tower": "G1"}) + "\n")  # never reached
    result = run_replay(script, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {"rejected": {
        "line": 7, "code": "not_your_turn", "message": "It is S's turn, not N's."}}


def test_refused_action_in_text_mode_is_a_sentence(script):
    with open(script, "a") as f:
        f.write(json.dumps({"seat": "S", "act": "play", "card": "J01", "lamps": [0, 5]}) + "\n")
    result = run_replay(script)
    assert result.exit_code == 1
    last = result.stdout.strip().splitlines()[-1]
    assert ":7:" in last and "bad_placement" in last and "J01 (domino) cannot flip lamps 0, 5" in last


def test_a_damaged_middle_line_exits_2_naming_it(script):
    lines = script.read_text().splitlines()
    lines[2] = lines[2][:-5]
    script.write_text("\n".join(lines) + "\n")
    result = run_replay(script, "--json")
    assert result.exit_code == 2
    assert f"{script}:3: " in result.stderr and "not valid JSON" in result.stderr
    assert json.loads(result.stdout)["error"]["line"] == 3


def test_a_malformed_action_exits_2(script):
    with open(script, "a") as f:
        f.write(json.dumps({"seat": "S", "act": "play", "card": "J01", "lamps": [16]}) + "\n")
    result = run_replay(script)
    assert result.exit_code == 2 and ":7: " in result.stderr and "[16]" in result.stderr


def test_a_header_that_sets_up_no_game_exits_2(tmp_path):
    path = tmp_path / "s.jsonl"
    write_lines(path, [{**HEADER, "seats": ["S", "W"], "words": {"S": ["AHMED"], "W": ["COHEN"]}}])
    result = run_replay(path)
    assert result.exit_code == 2 and ":1: " in result.stderr and "seats S W" in result.stderr


def test_a_word_the_alphabet_cannot_send_exits_2(tmp_path):
    path = tmp_path / "s.jsonl"
    write_lines(path, [{**HEADER, "words": {"S": ["AHM3D"], "N": ["COHEN"]}}])
    result = run_replay(path)
    assert result.exit_code == 2 and "no signal for 3" in result.stderr


def test_a_torn_last_line_is_a_warning_on_stderr(script):
    with open(script, "ab") as f:
        f.write(encode_line({"seat": "S", "act": "end"})[:12])
    result = run_replay(script, "--json")
    assert result.exit_code == 0 and "warning: line 7" in result.stderr
    assert json.loads(result.stdout)["actions"] == 5


def test_a_missing_file_exits_2(tmp_path):
    result = run_replay(tmp_path / "nope.jsonl")
    assert result.exit_code == 2 and "cannot read" in result.stderr


def _other_edition(tmp_path):
    folder = tmp_path / "edition"
    shutil.copytree(default_edition_path(), folder)
    words = folder / "words.toml"
    words.write_text(words.read_text().replace('"AHMED"', '"AHMED", "RINCE"', 1))
    return folder


def test_another_edition_is_refused_with_the_fix(script, tmp_path):
    with open(script) as f:
        lines = f.readlines()
    from clacks_hw.game.clacks.edition_files import default_edition
    lines[0] = json.dumps({**HEADER, "edition": default_edition().fingerprint}) + "\n"
    script.write_text("".join(lines))
    folder = _other_edition(tmp_path)
    assert "RINCE" in folder.joinpath("words.toml").read_text()
    result = run_replay(script, "--edition", folder)
    assert result.exit_code == 2
    assert ":1: recorded with edition fingerprint" in result.stderr and "--edition" in result.stderr
    assert run_replay(script, "--edition", folder, "--ignore-edition").exit_code == 0
    assert run_replay(script).exit_code == 0  # the edition it was recorded with


def test_unknown_fingerprint_is_refused(script):
    lines = script.read_text().splitlines()
    lines[0] = json.dumps({**HEADER, "edition": "0123456789abcdef"})
    script.write_text("\n".join(lines) + "\n")
    result = run_replay(script)
    assert result.exit_code == 2 and "0123456789abcdef" in result.stderr
    assert run_replay(script, "--ignore-edition").exit_code == 0


def test_the_installed_command(script):
    # The console script installed beside this Python (the venv's bin/, on PATH or not).
    exe = shutil.which("clacks-hw", path=os.path.dirname(sys.executable)) or shutil.which("clacks-hw")
    assert exe is not None, "clacks-hw is not installed: pip install -e ."
    with open(script, "a") as f:
        f.write(json.dumps({"seat": "S", "act": "move", "tower": "G1"}) + "\n")
    proc = subprocess.run([exe, "replay", "--json", str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert json.loads(proc.stdout)["rejected"]["line"] == 7
