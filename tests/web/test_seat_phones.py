"""A player's own phone, over HTTP on a running board: paired for one seat at the board (the
pairing gesture, then NEXT to the seat), it reads that seat's private view and nothing else,
answers that seat's private prompts only, and can do nothing an admin does; the public pages
never carry what a seat's phone shows."""

from __future__ import annotations

import json
import urllib.request

import pytest

from clacks_hw.game.core.seat_page import Choice, Prompt
from tests.web.live import LiveBoard

SEATS = ("S", "W", "N", "E")


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path).start()
    yield b
    b.stop()


def long_distance(board):
    """A Long Distance race for four: every hand hidden from the table, each seat's its own."""
    assert board.admin("new-game", {"mode": "race", "variants": ["long_distance"], "seats": list(SEATS)}) == \
        (200, {"ok": True})
    return board.state()


def hand_labels(state, seat):
    return [state.edition.card_label(c) for c in state.player(seat).hand]


def test_the_board_shows_a_code_for_each_seat_after_the_gesture_and_next(board):
    board.gesture()
    before = board.shown_code()
    assert before.seat is None  # the admin's phone first, as before
    seen = []
    for _ in range(5):
        board.press("NEXT")
        code = board.wait_for(lambda: (c := board.daemon.pairing.shown()) and c.code != before.code and c,
                              "a new code")
        seen.append(before := code)
        if code.seat is not None:  # only that seat's indicator glows, in its own colour
            lit = lambda f, seat=code.seat: [s for s in SEATS if f.seat(s) != (0, 0, 0)] == [seat]  # noqa: E731
            board.wait_for(lambda: any(lit(f) for _, f in board.frames[-3:]), f"seat {code.seat}'s light")
    assert [c.seat for c in seen] == ["S", "W", "N", "E", None]  # every seat, then the admin's again
    assert len({c.code for c in seen}) == 5  # a new code each time: the one before is void
    assert all(board.frames[-1][1].seat(s) != (0, 0, 0) for s in SEATS)  # the admin's: every seat glows


def test_each_seats_phone_reads_its_own_hand_and_no_other(board):
    state = long_distance(board)
    phones = {seat: board.pair_seat(seat) for seat in SEATS}
    for seat, phone in phones.items():
        status, page = board.seat_page(phone)
        assert status == 200 and page["seat"] == seat and page["game"]
        text = json.dumps(page)
        mine = [c for c in state.player(seat).hand]
        assert mine and all(c in json.dumps(page["view"]) for c in mine)
        hand = next(s for s in page["sections"] if s["title"] == "Your hand")
        assert hand["lines"] == hand_labels(board.state(), seat)
        for other in SEATS:
            if other != seat:
                for card in board.state().player(other).hand:
                    if card not in mine:
                        assert card not in text, f"seat {seat}'s phone sees {card} of seat {other}"
    assert board.phone_status(phones["N"])["seat"] == "N"


def test_a_seats_phone_is_no_admin_and_an_admins_phone_reads_no_seat(board):
    long_distance(board)
    seat_phone = board.pair_seat("S")
    status, answer = board.admin("abandon", {}, phone=seat_phone)
    assert status == 403 and "paired as seat" in answer["error"]
    assert board.daemon.controller.screen == "game"
    status, answer = board.seat_page(board.phone)  # the admin's phone that started the game
    assert status == 403 and "not paired for a seat" in answer["error"]
    assert board.seat_page(None)[0] == 403 and board.seat_page("forged-session-value")[0] == 403


def test_pairing_a_seat_again_lets_the_phone_before_go(board):
    long_distance(board)
    first = board.pair_seat("W")
    second = board.pair_seat("W")
    assert board.seat_page(first)[0] == 403 and board.seat_page(second)[0] == 200
    assert [p.seat for p in board.daemon.pairing.phones.phones()].count("W") == 1


def public_page(board) -> str:
    """status.json once the game in play is on it."""
    board.wait_for(lambda: board.daemon.status_page.box.get().state is not None
                   and board.daemon.status_page.box.get().screen == "game", "the game on the page")
    with urllib.request.urlopen(f"{board.url}status.json", timeout=10) as r:
        return r.read().decode()


def test_the_public_pages_carry_nothing_a_seats_phone_shows(board):
    state = long_distance(board)
    phones = {seat: board.pair_seat(seat) for seat in SEATS}
    public = public_page(board)
    for seat in SEATS:
        for card in state.player(seat).hand:
            assert f'"{card}"' not in public, f"the public page shows {card} of seat {seat}"
        _, page = board.seat_page(phones[seat])
        for line in next(s for s in page["sections"] if s["title"] == "Your hand")["lines"]:
            assert line not in public


def offer_the_first_legal_actions(monkeypatch, state):
    """A game whose rules put a private question to the seat to act (a stand-in for one that has
    them, such as planting a saboteur): its first two legal actions, as answers."""
    game = state.config.game

    def prompts(s, seat):
        legal = [a for a in game.legal_actions(s) if a.seat == seat][:2]
        return (Prompt("Which one?", tuple(Choice(f"{a.act} {a.card or ''}".strip(), a) for a in legal)),) if legal else ()

    monkeypatch.setattr(game, "prompts", prompts)


def act(board, phone, action: dict):
    return board.post("api/seat/act", json.dumps({"action": json.dumps(action)}).encode(), phone=phone)


def test_a_seat_answers_its_own_prompt_and_only_its_own(board, monkeypatch):
    state = long_distance(board)
    offer_the_first_legal_actions(monkeypatch, state)
    phones = {seat: board.pair_seat(seat) for seat in SEATS}
    to_act = state.turn.seat
    other = next(s for s in SEATS if s != to_act)
    _, page = board.seat_page(phones[to_act])
    [prompt] = page["prompts"]
    choice = prompt["choices"][0]["action"]
    assert board.seat_page(phones[other])[1]["prompts"] == []  # the question is that seat's alone

    status, answer = act(board, phones[other], choice)  # another seat's phone, the same answer
    assert status == 403 and f"seat {other} only" in answer["error"]
    not_offered = {**choice, "seat": to_act, "act": "end"} if choice.get("act") != "end" else {**choice, "act": "play"}
    assert act(board, phones[to_act], not_offered)[0] in (400, 409)
    assert board.daemon.controller.session.actions == 0  # nothing of it was applied

    assert act(board, phones[to_act], choice) == (200, {"ok": True})
    assert board.daemon.controller.session.actions == 1  # applied, and journaled
    journal = board.daemon.controller.session.path.read_text().splitlines()
    line = json.loads(journal[-1])
    line.pop("crc")
    assert line == choice  # the journal's last line is the answer the phone chose


@pytest.mark.parametrize("body, status", [(b"{}", 400), (b'{"action": "[[[[[[1]]]]]]"}', 400),
                                          (b'{"action": "{\\"seat\\": \\"S\\", \\"act\\": \\"fly\\"}"}', 400),
                                          (b'{"action": 3}', 400), (b'{"other": "x"}', 400)])
def test_a_bad_answer_is_refused_saying_why(board, body, status):
    long_distance(board)
    phone = board.pair_seat("S")
    got, answer = board.post("api/seat/act", body, phone=phone)
    assert got == status and answer["error"]
    assert board.daemon.controller.session.actions == 0


def guards(board):
    """Guards! Guards! for four: each player's volunteers are that seat's own (hands kept by the
    board), and the saboteurs they plant too."""
    assert board.admin("new-game", {"mode": "guards", "seats": list(SEATS)}) == (200, {"ok": True})
    return board.state()


def test_guards_each_seats_phone_reads_its_own_volunteers_and_the_public_page_none(board):
    state = guards(board)
    box = state.edition
    phones = {seat: board.pair_seat(seat) for seat in SEATS}
    public = public_page(board)
    for seat in SEATS:
        status, page = board.seat_page(phones[seat])
        assert status == 200 and page["seat"] == seat
        text = json.dumps(page)
        mine = state.player(seat).hand
        hand = next(s for s in page["sections"] if s["title"] == "Your hand")["lines"]
        assert len(hand) == len(mine) and all(f"({c})" in " ".join(hand) for c in mine)
        for line in hand:
            assert line not in public, f"the public page shows seat {seat}'s {line}"
        for card in mine:
            assert f'"{card}"' not in public
        for other in SEATS:
            for card in (c for c in state.player(other).hand if c not in mine and other != seat):
                assert f"({card})" not in text and f'"{card}"' not in text, f"{seat}'s phone sees {card} of {other}"
                assert box.volunteers[card].name not in json.dumps(page["sections"]) or any(
                    box.volunteers[c].name == box.volunteers[card].name for c in mine)
