"""`clacks-hw play` from the command line: it prints the page's address, starts the game asked
for on the emulated board, stops cleanly and says where the game went; bad input (a mode,
variant or seats that do not exist, a port in use) is one clear sentence and exit status 2."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import urllib.request
from urllib.parse import urlsplit

import pytest

from clacks_hw.play.server import KEY_HEADER
from tests.play.run import PlayProcess


def clacks(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "clacks_hw.cli", *args], capture_output=True, text=True, timeout=60)


def state_json(play) -> dict:
    """/state.json as the page asks for it: with the key from the address's fragment in its header."""
    key = urlsplit(play.url).fragment.removeprefix("key=")
    request = urllib.request.Request(play.origin + "/state.json", headers={KEY_HEADER: key})
    with urllib.request.urlopen(request, timeout=10) as r:
        return json.loads(r.read())


def test_it_prints_the_address_starts_the_game_and_stops_with_where_it_went(tmp_path):
    play = PlayProcess(tmp_path, "--mode", "race", "--seats", "SWN", "--seed", "5", "--for", "20")
    try:
        state = {}
        for _ in range(100):
            state = state_json(play)
            if state["screen"] == "game":
                break
        assert state["screen"] == "game" and state["position"]["mode"] == "race"
        assert list(state["position"]["players"]) == ["S", "W", "N"]
        assert state["frame"] is not None and len(state["frame"]) == 32  # what the LEDs show
        assert set(state["hands"]) == {"S", "W", "N"}
    finally:
        code, out, err = play.stop()
    assert code == 0, err
    assert "Traceback" not in err
    assert "resumes when the board starts again" in out and "clacks-hw replay" in out
    journals = list((tmp_path / "journals").glob("*.jsonl"))
    assert len(journals) == 1 and '"race"' in journals[0].read_text().splitlines()[0]


@pytest.mark.parametrize("args", [[], ["--mode", "solitaire", "--seats", "W"]])
def test_an_unfinished_game_resumes_with_the_next_play(tmp_path, args):
    first = PlayProcess(tmp_path, "--mode", "solitaire", "--seats", "W")
    first.stop()
    again = PlayProcess(tmp_path, *args, "--for", "3")  # nothing asked, or the very game
    code, out, err = again.stop()
    assert code == 0 and "An unfinished game resumed" in out
    assert len(list((tmp_path / "journals").glob("*.jsonl"))) == 1


def test_another_game_asked_for_starts_and_the_unfinished_one_is_kept(tmp_path):
    first = PlayProcess(tmp_path, "--mode", "solitaire", "--seats", "W")
    first.stop()
    [old] = (tmp_path / "journals").glob("*.jsonl")
    header = old.read_text().splitlines()[0]
    again = PlayProcess(tmp_path, "--mode", "race", "--computer", "N:normal", "--for", "20")
    try:
        said = "".join(again.lines)
        assert "An unfinished game resumed" not in said
        assert "Started the game asked for (mode race, not solitaire; computer N:normal, not none)" in said
        assert f"its journal is kept as {old.name}.abandoned" in said
        state = state_json(again)
        assert state["position"]["mode"] == "race" and state["computer"]["seats"] == {"N": "normal"}
        assert any("the unfinished solitaire game was not resumed" in line for line in state["said"])  # the page says it too
    finally:
        code, out, err = again.stop()
    assert code == 0, err
    assert (old.parent / f"{old.name}.abandoned").read_text().splitlines()[0] == header  # kept


@pytest.mark.parametrize("args, says", [
    (["--mode", "chess"], "mode 'chess' must be one of competitive, race, solitaire, junior_race, klackers"),
    (["--mode", "race", "--variant", "quick"], "race allows night_shift, long_distance"),
    (["--seats", "SX"], "competitive is played from SN or SWN or SWNE"),
    (["--mode", "solitaire", "--seats", "SN"], "solitaire is played from S or W or N or E"),
])
def test_a_game_that_does_not_exist_is_one_sentence_and_exit_2(tmp_path, args, says):
    r = clacks("play", "--no-browser", "--journal-dir", str(tmp_path), *args)
    assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "journals").exists()


def test_a_port_in_use_is_one_sentence_and_exit_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = clacks("play", "--no-browser", "--port", str(port), "--journal-dir", str(tmp_path / "j"))
    assert r.returncode == 2, r.stderr
    assert f"port {port} on 127.0.0.1 is in use" in r.stderr and "--port 0" in r.stderr
    assert "Traceback" not in r.stderr


def test_help_names_every_mode_and_the_keys():
    from clacks_hw.game.core.registry import board_modes as modes  # the games the board itself runs
    from clacks_hw.game.core.registry import game_for

    r = clacks("play", "--help")
    assert r.returncode == 0
    for mode in modes():
        assert mode in r.stdout if game_for(mode).pass_and_play else "Guards! Guards! needs each" in r.stdout
    assert "Space Enter = PLAY" in r.stdout and "a s d f g h j k l" in r.stdout


def test_a_seat_for_the_computer(tmp_path):
    play = PlayProcess(tmp_path, "--computer", "N:strong", "--seed", "2", "--for", "3")
    code, out, err = play.stop()
    assert code == 0, err
    journal = next((tmp_path / "journals").glob("*.jsonl")).read_text().splitlines()[0]
    assert '"computer":{"N":"strong"}' in journal.replace(" ", "")


@pytest.mark.parametrize("args, says", [
    (["--computer", "X"], "seat 'X' does not exist"),
    (["--computer", "N:hard"], "strength 'hard'"),
    (["--computer", "E"], "seat E cannot be a computer player: it is not in the game (seats: S N)"),
])
def test_a_computer_seat_that_cannot_be_is_one_sentence_and_exit_2(tmp_path, args, says):
    r = clacks("play", "--no-browser", "--journal-dir", str(tmp_path), *args)
    assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_a_game_whose_secrets_need_phones_is_not_offered_on_one_page(tmp_path):
    """Guards! Guards! asks each player privately (plant a saboteur, strike a passing run): one
    shared page cannot, so `play` says where to play it instead, and the page's form leaves it out."""
    from clacks_hw.play.page_json import options_json

    r = clacks("play", "--mode", "guards", "--no-browser", "--port", "0", "--journal-dir", str(tmp_path / "j"))
    assert r.returncode == 2 and "own phone" in r.stderr and "clacks-hw run --virtual" in r.stderr
    assert "Traceback" not in r.stderr
    assert "guards" not in options_json()["modes"] and "klackers" in options_json()["modes"]
