"""Pairing a phone over HTTP on a running board: the code for a session handed to the page in
the answer (no cookie, which a browser sends to every port of the host) and presented in the
X-Clacks-Session header only, one phone per code, a POST only from the board's own page
(Origin), the session kept over a restart and ended by `clacks-hw admin --forget-phones`, the
board's PREV+BACK gesture, the phone itself, or a new token (`clacks-hw admin --rotate`)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.drivers.debounce import FORGET_CHORD
from clacks_hw.web.pairing_api import SESSION_HEADER
from tests.web.live import LiveBoard


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path).start()
    yield b
    b.stop()


def pair_request(board, code: str, **headers):
    base = {k: v for k, v in board.credentials(None).items()}
    return board.request_raw("api/pair", json.dumps({"code": code}).encode(), {**base, **headers})


@pytest.mark.parametrize("proto", ["http", "https"])
def test_the_code_buys_a_session_in_the_answer_and_no_cookie(board, proto):
    board.gesture()
    code = board.shown_code()
    status, headers, answer = pair_request(board, code.code, **({"X-Forwarded-Proto": "https"} if proto == "https" else {}))
    assert status == 200 and set(answer) == {"ok", "role", "session"} and answer["role"] == "admin"
    assert len(answer["session"]) >= 43  # 256 bits
    assert headers.get_all("Set-Cookie") is None  # nothing a browser would send to another port
    assert code.code not in json.dumps(answer) and board.daemon.pairing.shown() is None
    assert board.phone_status(answer["session"])["paired"] is True


def test_a_session_counts_in_its_header_only_never_in_the_old_cookie(board):
    phone = board.pair()
    assert board.admin("new-game", {"mode": "competitive", "seats": ["S", "N"]}) == (200, {"ok": True})
    seat = board.pair_seat("S")
    own = {"Host": f"127.0.0.1:{board.port}", "Origin": board.origin}
    for name in ("clacks_phone", SESSION_HEADER, "session"):  # the old cookie, or any cookie at all
        cookie = {**own, "Cookie": f"{name}={phone}"}
        status, _, answer = board.request_raw("api/admin/brightness", b'{"value": 0.5}', cookie)
        assert status == 403 and "not paired" in answer["error"]
        assert board.request_raw("api/phone", None, cookie, method="GET")[2]["paired"] is False
        status, _, answer = board.request_raw("api/seat", None, {**own, "Cookie": f"{name}={seat}"}, method="GET")
        assert status == 403 and "hand" not in json.dumps(answer)
    assert board.daemon.leds.brightness == 1.0
    assert board.admin("brightness", {"value": 0.5}, phone=phone) == (200, {"ok": True})  # the header does
    status, page = board.seat_page(seat)
    assert status == 200 and page["seat"] == "S"


def test_a_code_pairs_one_phone_only(board):
    board.gesture()
    code = board.shown_code()
    assert pair_request(board, code.code)[0] == 200
    status, _, answer = pair_request(board, code.code)  # a second phone, the same code
    assert status == 403 and "no pairing code is showing" in answer["error"]
    assert len(board.daemon.pairing.phones.phones()) == 1


def test_a_wrong_code_or_none_showing_is_refused_saying_why(board):
    status, _, answer = pair_request(board, "ABCDEFGH")
    assert status == 403 and "hold TURN and BACK together" in answer["error"]
    board.gesture()
    code = board.shown_code().code
    wrong = ("B" if code[0] == "A" else "A") + code[1:]
    status, _, answer = pair_request(board, wrong)
    assert status == 403 and "not the code shown" in answer["error"]
    assert pair_request(board, code)[0] == 200  # the window stayed open for the right one


def test_pairing_is_a_post_from_the_boards_own_page(board):
    board.gesture()
    code = board.shown_code().code
    for origin in ("http://evil.example", "null"):
        status, _, answer = pair_request(board, code, Origin=origin)
        assert status == 403 and "not from this board's own page" in answer["error"]
    headers = {k: v for k, v in board.credentials(None).items() if k != "Origin"}
    status, _, answer = board.request_raw("api/pair", json.dumps({"code": code}).encode(), headers)
    assert status == 403 and "no Origin header" in answer["error"]
    assert board.daemon.pairing.shown() is not None  # none of them used the code up
    status, _, answer = board.request_raw("api/pair", None, board.credentials(None), method="GET")
    assert status == 405


def test_a_phone_stays_paired_over_a_restart_and_can_unpair_itself(board):
    phone = board.pair()
    assert board.phone_status(phone) == {"paired": True, "role": "admin", "seat": None, "pairing": True}
    board.restart()
    assert board.admin("brightness", {"value": 0.5}, phone=phone) == (200, {"ok": True})
    status, headers, _ = board.request_raw("api/unpair", b"{}", board.credentials(phone))
    assert status == 200 and headers.get_all("Set-Cookie") is None
    assert board.admin("brightness", {"value": 0.5}, phone=phone)[0] == 403
    assert board.phone_status(phone)["paired"] is False


def write_config(tmp_path, token: str | None) -> str:
    path = tmp_path / "config.toml"
    path.write_text(f'[journal]\ndir = "{tmp_path}"\n[status]\nport = 0\n'
                    + (f'admin_token = "{token}"\n' if token else ""))
    return str(path)


def test_forget_phones_from_the_shell_reaches_the_running_board(board, tmp_path):
    phones = [board.pair(), board.pair()]
    result = CliRunner().invoke(cli, ["admin", "--config", write_config(tmp_path, board.config.status.admin_token)])
    assert result.exit_code == 0 and "2 phone(s) paired" in result.output
    result = CliRunner().invoke(cli, ["admin", "--forget-phones", "--config",
                                      write_config(tmp_path, board.config.status.admin_token)])
    assert result.exit_code == 0 and "2 paired phone(s) forgotten" in result.output
    for phone in phones:
        status, answer = board.admin("brightness", {"value": 0.5}, phone=phone)
        assert status == 403 and "not paired" in answer["error"]


def test_the_boards_gesture_forgets_every_phone(board):
    phone = board.pair()
    board.gesture(FORGET_CHORD)
    board.wait_for(lambda: not board.daemon.pairing.phones.phones(), "every phone forgotten")
    assert board.admin("abandon", {}, phone=phone)[0] == 403


def test_rotating_the_token_unpairs_every_phone_and_changes_the_display_key(tmp_path):
    (tmp_path / "admin-token").write_text("the-first-token-0123456789\n")
    board = LiveBoard(tmp_path, token=None).start()
    try:
        phone = board.pair()
        key = board.daemon.pairing.display_key()
        result = CliRunner().invoke(cli, ["admin", "--rotate", "--config", write_config(tmp_path, None)])
        assert result.exit_code == 0 and "1 paired phone(s) forgotten" in result.output
        new = (tmp_path / "admin-token").read_text().strip()
        assert new != "the-first-token-0123456789" and len(new) >= 32 and new not in result.output
        assert oct((tmp_path / "admin-token").stat().st_mode & 0o777) == "0o600"
        assert board.admin("brightness", {"value": 0.5}, phone=phone)[0] == 403
        assert board.daemon.pairing.display_key() != key
        assert board.pair()  # phones pair again under the new token
    finally:
        board.stop()


def test_rotate_refuses_a_token_kept_in_the_config(tmp_path):
    result = CliRunner().invoke(cli, ["admin", "--rotate", "--config", write_config(tmp_path, "a-config-token-0123456789")])
    assert result.exit_code == 2 and "remove status.admin_token" in result.output
