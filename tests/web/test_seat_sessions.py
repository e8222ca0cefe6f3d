"""A player's own phone belongs to one seat of one game, on a running board: the next game (a
new deal, or the computer now playing that seat) asks each seat to pair again, and a phone of
the game before reads and answers nothing of it; the computer's seat pairs no phone; a phone
paired before a game joins it, and a restart that resumes the game keeps it."""

from __future__ import annotations

import json
import random

import pytest

from tests.web.live import LiveBoard

SEED = 5  # the board's generator: S is dealt a volunteer to plant as a saboteur


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path, rng=random.Random(SEED)).start()
    yield b
    b.stop()


def guards(board, computer=()):
    assert board.admin("new-game", {"mode": "guards", "seats": ["S", "N"], "computer": list(computer)}) == \
        (200, {"ok": True})
    return board.state()


def secrets_of(state, seat) -> list[str]:
    """What only ``seat`` may know of ``state``: its volunteers' ids and names."""
    box = state.edition
    return [c for c in state.player(seat).hand] + [box.volunteers[c].name for c in state.player(seat).hand]


def refused_everything(board, phone) -> list[dict]:
    """Every seat request ``phone`` can make, each answered 403; the answers."""
    answers = []
    for path, body in (("api/seat/act", {"action": json.dumps({"seat": "S", "act": "roll"})}),
                       ("api/seat/plan", {"plan": "spell_run", "answers": "[]"})):
        status, answer = board.post(path, json.dumps(body).encode(), phone=phone)
        assert status == 403, (path, status, answer)
        answers.append(answer)
    status, page = board.seat_page(phone)
    assert status == 403 and "hold TURN and BACK" in page["error"], page  # it says how to pair again
    return [*answers, page]


def test_a_seat_phone_of_one_game_reads_and_answers_nothing_of_the_next(board):
    guards(board)
    old = {seat: board.pair_seat(seat) for seat in ("S", "N")}
    assert all(board.seat_page(p)[0] == 200 for p in old.values())
    assert board.admin("abandon", {}) == (200, {"ok": True})
    second = guards(board, computer=["N:normal"])  # a new deal, and the computer plays N now
    for seat, phone in old.items():
        text = json.dumps(refused_everything(board, phone))
        assert not any(s in text for s in secrets_of(second, seat)), f"seat {seat}'s old phone sees game 2"
    lines = board.daemon.controller.session.path.read_text().splitlines()
    assert not any('"act":"roll"' in line for line in lines)  # nothing the old phones sent was applied
    assert board.daemon.pairing.phones.phones() == [p for p in board.daemon.pairing.phones.phones()
                                                    if p.seat is None]  # the board let them go
    again = board.pair_seat("S")  # the new game asks the seat to pair again
    status, page = board.seat_page(again)
    assert status == 200 and all(c in json.dumps(page) for c in second.player("S").hand)


def test_the_computers_seat_pairs_no_phone_and_the_board_says_so(board):
    board.pair()  # the admin's phone, which deals the game
    code = board.seat_code("N")  # with no game on the board, a code for N (for the next game)
    guards(board, computer=["N:strong"])  # ... but the game dealt meanwhile gives N to the computer
    status, answer, _ = board.request("api/pair", json.dumps({"code": code.code}).encode(),
                                      board.credentials(None))
    assert status == 403 and "seat N is played by the computer" in answer["error"] and "session" not in answer
    board.press("BACK")
    board.wait_for(lambda: board.daemon.pairing.shown() is None, "the window to close")

    board.gesture()
    first = board.shown_code()
    seen = []
    for _ in range(3):
        board.press("NEXT")
        code = board.wait_for(lambda: (c := board.daemon.pairing.shown()) and c.code != first.code and c, "a code")
        seen.append(first := code)
    assert [c.seat for c in seen] == ["S", None, "S"]  # N is passed over
    said = board.daemon.out.getvalue()
    assert "Seat N is played by the computer in this game: no phone pairs for it." in said
    assert [p.seat for p in board.daemon.pairing.phones.phones() if p.seat] == []


def test_a_phone_paired_before_the_game_joins_it_a_restart_keeps_it_and_it_ends_with_the_game(board):
    phone = board.pair_seat("S")  # in attract: for the next game
    state = guards(board)
    status, page = board.seat_page(phone)
    assert status == 200 and all(c in json.dumps(page) for c in state.player("S").hand)
    board.restart()  # the same game resumed from its journal: the same game, the same phone
    assert board.wait_for(lambda: board.seat_page(phone)[0] == 200, "the resumed game's page")
    assert board.admin("abandon", {}) == (200, {"ok": True})
    board.wait_for(lambda: board.seat_page(phone)[0] == 403, "the phone to end with its game")
