"""The admin API on a running daemon: without a paired phone 403 and nothing changes; from one a
new game, abandoning it and the LED brightness go through the board's own steps (journaled)."""

from __future__ import annotations

import logging
import socket
import time

import pytest

from clacks_hw.web import json_body
from tests.web.live import LiveBoard


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path).start()
    yield b
    b.stop()


def journals(tmp_path):
    return sorted(p.name for p in tmp_path.iterdir() if ".jsonl" in p.name)


def test_without_a_paired_phone_nothing_changes(board, tmp_path):
    paired = board.pair()
    for phone in (None, "", "not-a-session-0123456789", paired + "x", paired.upper(), paired[:-1]):
        status, answer = board.admin("new-game", {"mode": "competitive"}, phone=phone)
        assert status == 403 and "not paired" in answer["error"]
        assert board.admin("abandon", {}, phone=phone)[0] == 403
        assert board.admin("brightness", {"value": 0.1}, phone=phone)[0] == 403
    # A paired phone's session from another site's page (a forged request): its Origin gives it away.
    for origin in ("http://evil.example", "null", f"http://127.0.0.1:{board.port + 1}", "https://127.0.0.1"):
        status, answer = board.post("api/admin/brightness", b'{"value": 0.1}', Origin=origin)
        assert status == 403 and "not from this board's own page" in answer["error"], origin
    headers = {k: v for k, v in board.credentials().items() if k != "Origin"}
    status, answer, _ = board.request("api/admin/brightness", b'{"value": 0.1}', headers)
    assert status == 403 and "no Origin header" in answer["error"]
    assert board.daemon.controller.screen == "attract" and journals(tmp_path) == []
    assert board.daemon.leds.brightness == 1.0


def test_with_the_token_a_game_starts_is_abandoned_and_the_leds_dim(board, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="clacks_hw")
    status, answer = board.admin("new-game", {"mode": "race", "variants": ["long_distance"],
                                              "seats": ["S", "W", "N"], "words": ["GUILD"]})
    assert (status, answer) == (200, {"ok": True})
    state = board.state()
    assert board.daemon.controller.screen == "game" and state.config.mode == "race"
    assert state.config.seats == ("S", "W", "N") and "GUILD" in state.config.words["team"]
    assert len(journals(tmp_path)) == 1  # journaled from its header, like a game set up on the board

    status, answer = board.admin("new-game", {"mode": "competitive"})
    assert status == 409 and "abandon it first" in answer["error"]
    assert board.admin("brightness", {"value": 0.25}) == (200, {"ok": True})
    assert board.daemon.leds.brightness == 0.25
    assert board.admin("abandon", {}) == (200, {"ok": True})
    assert board.daemon.controller.screen == "attract"
    assert journals(tmp_path)[0].endswith(".jsonl.abandoned")  # not resumed after a restart
    phone = board.daemon.pairing.phones.phones()[0].name
    assert any(f"game abandoned by the admin page, phone {phone} (journal now" in r.getMessage()
               for r in caplog.records)
    assert board.admin("abandon", {})[0] == 409


@pytest.mark.parametrize("body, says", [
    ({"mode": "chess"}, "mode 'chess' must be one of"),
    ({"mode": "competitive", "variants": ["night_shift"]}, "competitive allows express"),
    ({"mode": "junior_race", "seats": ["S", "N"]}, "junior_race is played from"),
    ({"mode": "competitive", "words": ["NOTAWORD"]}, "not in this edition's word list"),
    ({"mode": "competitive", "names": ["<b>Ann</b>"]}, "seat S's name: '<b>Ann</b>' must start with a letter"),
    ({"mode": "competitive", "names": ["ANN", "BOB", "EVE"]}, "at most one name a seat"),
])
def test_a_bad_request_says_what_is_wrong_and_changes_nothing(board, tmp_path, body, says):
    status, answer = board.admin("new-game", body)
    assert status == 409 and says in answer["error"]
    assert board.daemon.controller.screen == "attract" and journals(tmp_path) == []


def test_the_phone_names_the_players(board, tmp_path):
    status, answer = board.admin("new-game", {"mode": "klackers", "seats": ["S", "W", "N"], "names": ["Ann", "", "Ελένη"]})
    assert (status, answer) == (200, {"ok": True})
    assert board.state().config.names == {"S": "Ann", "N": "Ελένη"}  # W left unnamed

    def page():  # the page's state once it shows the game (before, it may still show the attract demo's)
        shown = board.request_raw("status.json", None, board.credentials(None), method="GET")[2]
        return shown if shown["screen"] == "game" else None

    assert board.wait_for(page, "the page showing the game")["position"]["names"] == {"S": "Ann", "N": "Ελένη"}


def test_admin_is_off_without_a_token(tmp_path):
    b = LiveBoard(tmp_path, token=None).start()
    try:
        status, answer = b.admin("new-game", {}, phone="anything-at-all-0123456789")
        assert status == 403 and "admin is off" in answer["error"]
        status, answer = b.post("api/pair", b'{"code": "ABCDEFGH"}', phone=None)
        assert status == 503 and "no admin token" in answer["error"]
    finally:
        b.stop()


@pytest.mark.parametrize("body, status, says", [
    (b"[" * 8000 + b"]" * 8000, 400, "nests more than"),  # Python's parser gives up: was a 500
    (b'{"mode": "competitive", "words": ' + b"[" * 3000 + b"]" * 3000 + b"}", 400, "nests more than"),
    (b'{"mode": "competitive", "words": [["GUILD"]]}', 400, "'words' must be a list of strings"),
    (b'{"mode": {"name": "competitive"}}', 400, "'mode' must be a string, not an object"),
    (b'{"mode": "competitive", "sneaky": 1}', 400, "unknown field 'sneaky'"),
    (b'["competitive"]', 400, "must be a JSON object, not a list"),
    (b'{"mode": "competitive", "words": ["' + b"A" * 200 + b'"]}', 400, "longer than 32 characters"),
    (b'{"mode": "competitive", "variants": ' + b'["express"' + b', "express"' * 20 + b"]}", 400, "at most 8"),
    (b'{"mode": "compet', 400, "not JSON"),
    (b'{"mode": "\xff"}', 400, "not UTF-8"),
    (b'{"mode": "' + b"x" * 20_000 + b'"}', 413, "larger than 16 KiB"),
])
def test_a_malformed_body_is_400_naming_what_is_wrong(board, tmp_path, body, status, says):
    got, answer = board.post("api/admin/new-game", body)
    assert (got, says in answer["error"]) == (status, True), answer
    assert board.daemon.controller.screen == "attract" and journals(tmp_path) == []


@pytest.mark.parametrize("body, says", [
    (b'{"value": NaN}', "NaN is not a JSON number"),  # Python's parser takes them: they reached the board
    (b'{"value": -Infinity}', "-Infinity is not a JSON number"),
    (b'{"value": 1e999}', "1e999 is out of range"),
])
def test_a_number_json_has_not_is_400(board, body, says):
    got, answer = board.post("api/admin/brightness", body)
    assert (got, says in answer["error"]) == (400, True), answer


def test_a_body_of_the_wrong_type_is_refused_for_every_command(board):
    assert board.post("api/admin/brightness", b'{"value": "high"}')[0] == 400
    assert board.post("api/admin/brightness", b'{"value": true}')[0] == 400
    assert board.post("api/admin/abandon", b'{"why": "because"}')[0] == 400
    got, answer = board.post("api/admin/abandon", b"{}", content_type="text/plain")
    assert got == 415 and "application/json" in answer["error"]
    assert board.daemon.leds.brightness == 1.0


def test_a_body_trickled_in_too_slowly_is_408(board, monkeypatch):
    monkeypatch.setattr(json_body, "BODY_S", 0.5)
    head = "".join(f"{k}: {v}\r\n" for k, v in board.credentials().items())
    with socket.create_connection(("127.0.0.1", board.port), timeout=5) as s:
        s.sendall(f"POST /api/admin/abandon HTTP/1.1\r\n{head}Content-Type: application/json\r\n"
                  "Content-Length: 100\r\n\r\n{".encode())  # and 99 bytes that never come
        start = time.monotonic()
        answer = s.recv(4096).decode()
    assert answer.startswith("HTTP/1.1 408") and "did not arrive within 0.5 s" in answer
    assert time.monotonic() - start < 3
