"""Guards! Guards! at the table, on a running board (the daemon with its status page, phones
paired as players pair them): each player's own phone shows that seat's ledger and secret
volunteers and asks that seat alone to plant a saboteur; PLAY on the board rolls the Guild test,
the die runs round the face buttons and the face it landed on shows the result; nothing of the
seat's secret reaches the other phone, the public page, its recent moves or the log (the
journal, the owner's own file, keeps the whole action)."""

from __future__ import annotations

import json
import logging
import random
import urllib.request

import pytest

from clacks_hw.daemon import palette as P
from clacks_hw.game.core.registry import game_for
from clacks_hw.game.guards.board import FACE_BUTTONS
from tests.web.live import LiveBoard

GUARDS = game_for("guards")
SEED = 5  # the board's generator: S is dealt a Brethren volunteer (a saboteur to plant)


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path, rng=random.Random(SEED)).start()
    yield b
    b.stop()


def start(board, seats=("S", "N")):
    assert board.admin("new-game", {"mode": "guards", "seats": list(seats)}) == (200, {"ok": True})
    return board.state()


def act(board, phone, action: dict):
    return board.post("api/seat/act", json.dumps({"action": json.dumps(action)}).encode(), phone=phone)


def public_page(board) -> str:
    with urllib.request.urlopen(f"{board.url}status.json", timeout=10) as r:
        return r.read().decode()


def test_a_saboteur_planted_from_the_phone_and_its_test_rolled_on_the_board(board, caplog):
    caplog.set_level(logging.DEBUG, logger="clacks_hw")
    state = start(board)
    phones = {seat: board.pair_seat(seat) for seat in ("S", "N")}
    names = {c: state.edition.volunteers[c].name for p in state.players for c in p.hand}
    _, south = board.seat_page(phones["S"])
    _, north = board.seat_page(phones["N"])
    [ask] = [q for q in south["prompts"] if q["question"].startswith("Plant a saboteur")]
    assert north["prompts"] == []  # not N's turn: nothing to ask N
    for card in state.player("S").hand:
        assert names[card] in json.dumps(south["sections"]) and names[card] not in json.dumps(north)
    choice = ask["choices"][1]["action"]  # a Brethren volunteer, in the second quadrant
    assert act(board, phones["N"], choice)[0] == 403  # N cannot plant for S
    assert act(board, phones["S"], choice) == (200, {"ok": True})
    test = board.state().pending
    assert test.kind == "plant" and test.seat == "S"

    board.wait_for(lambda: board.daemon.controller.phones_flash is None, "the paired flash to end")
    before = len(board.frames)
    board.press("PLAY")  # the board rolls the Guild test
    board.wait_for(lambda: board.state().pending is None and board.state().last is not None, "the judged test")
    judged = board.state().last
    face = FACE_BUTTONS[judged.dice[-1] - 1]
    colour = P.ROLES["passed" if judged.passed else "failed"]
    board.wait_for(lambda: board.frames[-1][1].tower(face) == colour, "the face lit with the result")
    running = [f for _, f in board.frames[before:] if sum(f.tower(b) == P.ROLLING for b in FACE_BUTTONS) == 1]
    assert len({next(b for b in FACE_BUTTONS if f.tower(b) == P.ROLLING) for f in running}) >= 3  # it ran round
    lines = board.daemon.controller.session.path.read_text().splitlines()
    assert json.loads(lines[-2]) | {"crc": 0} == choice | {"crc": 0} and '"act":"roll"' in lines[-1]

    _, south = board.seat_page(phones["S"])
    _, north = board.seat_page(phones["N"])
    secret = f"{names[choice['card']]} in the {choice['quadrant']} quadrant"
    assert (secret in json.dumps(south["sections"])) == judged.passed
    board.wait_for(lambda: board.daemon.status_page.box.get().actions == 2, "the page's snapshot")
    public = public_page(board)
    assert json.loads(public)["recent"][:2] == [{"seat": "S", "act": "plant"}, {"seat": "S", "act": "roll"}]
    assert "accepted: S plant" in caplog.text
    for text in (json.dumps(north), public, caplog.text):
        assert secret not in text and names[choice["card"]] not in text and choice["card"] not in text


def test_the_physical_die_typed_on_the_face_buttons(board):
    start(board)
    phone = board.pair_seat("S")
    _, page = board.seat_page(phone)
    plant = next(q for q in page["prompts"] if q["question"].startswith("Plant a saboteur"))
    assert act(board, phone, plant["choices"][0]["action"])[0] == 200
    board.press("G1")  # the table's own die showed a 7
    board.wait_for(lambda: board.state().last is not None, "the judged test")
    assert board.state().last.dice == (7,) and board.state().last.passed  # Guild 2 + 7 >= 5
    assert '"die":7' in board.daemon.controller.session.path.read_text().splitlines()[-1]


def test_the_phone_page_asks_its_seat_to_plant_a_saboteur(board, browser, artefacts):
    """Chromium on the phone: the seat's ledger and volunteers, and the planting question with a
    button for each volunteer and quadrant; a tap plants it (test_guards_phone_moves.py keeps its
    picture)."""
    start(board)
    page = browser.new_context(viewport={"width": 390, "height": 1100}).new_page()
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.goto(f"{board.url}seat#pair={board.seat_code('S').code}")
    page.wait_for_selector("#promptpanel:not(.hidden) button.choice", timeout=10_000)
    assert "Plant a saboteur" in page.inner_text("#prompts")
    page.wait_for_function("() => document.getElementById('answer').textContent.includes(\"seat S's own\")")
    page.click("button.choice >> nth=1")
    page.wait_for_function("() => document.getElementById('answer').textContent === 'Done.'", timeout=10_000)
    assert board.state().pending.kind == "plant"
    assert problems == []


def test_the_set_up_screen_offers_guards_and_starts_it(board):
    """On the board itself, no phone: PLAY opens the set-up, NEXT steps through the games to
    Guards! Guards!, PLAY through its pages starts it; its lamps then show the turn."""
    board.press("PLAY")
    board.wait_for(lambda: board.daemon.controller.screen == "setup", "the set-up screen")
    menu = lambda: board.daemon.controller.current.menu  # noqa: E731
    for _ in range(12):
        if menu().mode == "guards":
            break
        before = menu().mode
        board.press("NEXT")
        board.wait_for(lambda: menu().mode != before, "the next game in the menu")
    assert menu().mode == "guards"
    for _ in range(6):
        before = menu()
        board.press("PLAY")
        board.wait_for(lambda: board.daemon.controller.screen == "game" or menu() != before, "the next page")
        if board.daemon.controller.screen == "game":
            break
    board.wait_for(lambda: board.daemon.controller.screen == "game", "the game in play")
    state = board.state()
    assert state.config.game is GUARDS and GUARDS.current_player(state) == state.seat
    board.wait_for(lambda: board.frames[-1][1].seat(state.seat) == P.SEAT[state.seat], "the turn's seat lit")


def test_a_volunteer_tapped_at_the_board_is_recruited_in_the_quadrant_chosen(board):
    """The turn's player taps a volunteer card, moves the blinking quadrant with NEXT, PLAY tries
    to recruit it and PLAY again rolls the Charm test: the journal has both, and a passed test
    puts the volunteer in the seat's hand."""
    from clacks_hw.game.guards.gate import held_anywhere

    state = start(board)
    card = next(c for c in state.edition.volunteers if held_anywhere(state, c) is None)
    board.tap(card)
    play = board.daemon.controller.current.play
    board.wait_for(lambda: play.recruiting is not None, "the tapped volunteer")
    board.press("NEXT")
    board.wait_for(lambda: play.recruiting.at == 1, "the next quadrant")
    second = state.edition.quadrants[1]
    board.wait_for(lambda: any(all(f.lamp(i) == P.PREVIEW for i in board_quadrant(state, second))
                               for _, f in board.frames[-10:]), "the chosen quadrant blinking")
    board.press("PLAY")
    board.wait_for(lambda: (t := board.state().pending) is not None and t.kind == "charm", "the Charm test")
    board.press("PLAY")
    judged = board.wait_for(lambda: board.state().last, "the judged Charm test")
    lines = [json.loads(x) for x in board.daemon.controller.session.path.read_text().splitlines()[1:]]
    assert [{k: v for k, v in x.items() if k != "crc"} for x in lines] == [
        {"seat": "S", "act": "recruit", "card": card, "quadrant": second}, {"seat": "S", "act": "roll"}]
    assert (card in board.state().player("S").hand) == judged.passed


def board_quadrant(state, quadrant):
    from clacks_hw.game.guards.board import quadrant_lamps

    return quadrant_lamps(state)[quadrant]


def test_the_turns_public_moves_are_played_from_the_seats_own_phone(board):
    """A move the board's buttons do not make (the Guild House), then the end of the turn, from
    S's phone: journalled and applied; N's phone is offered none of it."""
    start(board)
    phones = {seat: board.pair_seat(seat) for seat in ("S", "N")}
    _, south = board.seat_page(phones["S"])
    _, north = board.seat_page(phones["N"])
    [turn] = [q for q in south["prompts"] if q["question"].startswith("Your turn")]
    assert not [q for q in north["prompts"] if q["question"].startswith("Your turn")]
    house = next(c["action"] for c in turn["choices"] if c["label"] == "Takes 3 dollars")
    dollars = board.state().player("S").dollars
    assert act(board, phones["N"], house)[0] == 403
    assert act(board, phones["S"], house) == (200, {"ok": True})
    assert board.state().player("S").dollars == dollars + 3
    _, south = board.seat_page(phones["S"])
    [turn] = [q for q in south["prompts"] if q["question"].startswith("Your turn")]
    assert not any(c.get("group") == "At your Guild House" for c in turn["choices"])  # once a turn
    end = next(c["action"] for c in turn["choices"] if c["label"] == "Ends the turn")
    assert act(board, phones["S"], end) == (200, {"ok": True})
    assert board.state().seat == "N"


def test_a_purchase_is_public_but_the_card_bought_is_not(board, caplog):
    """Bought from S's phone (Temples and Shops: "Players do not need to disclose what Scrolls or
    Items they purchased until they decide to use them. However they should show other players
    the dollar price"): S's own phone shows the card; the log, the board's notice, the status
    page (its recent moves and position, which the kiosk draws and the hall is sent) and N's
    phone say that S bought an Item and for how much, never which; so does what the board says."""
    caplog.set_level(logging.DEBUG, logger="clacks_hw")
    state = start(board)
    phones = {seat: board.pair_seat(seat) for seat in ("S", "N")}
    _, south = board.seat_page(phones["S"])
    [turn] = [q for q in south["prompts"] if q["question"].startswith("Your turn")]
    item = next(i for i in state.edition.items.values() if i.price <= state.player("S").dollars)
    choice = next(c["action"] for c in turn["choices"]  # (a spell run is a plan: no action of its own)
                  if "action" in c and c["action"]["act"] == "buy" and c["action"]["item"] == item.id)
    assert act(board, phones["S"], choice) == (200, {"ok": True})
    assert board.state().player("S").items == (item.id,)
    board.wait_for(lambda: board.daemon.status_page.box.get().actions == 1, "the page's snapshot")
    public = json.loads(public_page(board))
    assert public["recent"][-1] == {"seat": "S", "act": "buy", "quadrant": choice["quadrant"],
                                    "bought": "item", "price": item.price}
    said = board.daemon.out.getvalue()  # what the board said of it, on its screen and in its log
    assert f"S buys an Item for {item.price} dollars in the {choice['quadrant']} quadrant" in said
    _, south = board.seat_page(phones["S"])
    _, north = board.seat_page(phones["N"])
    assert item.name in json.dumps(south["sections"])  # the buyer's own phone
    assert "accepted: S buy" in caplog.text
    for text in (json.dumps(public), json.dumps(north), caplog.text, said):
        assert item.name not in text and item.id not in text


@pytest.mark.parametrize("odd", [{}, {"plant": 1}, [], ["plant"]])
def test_an_answer_whose_act_is_an_object_or_a_list_is_400_naming_it(board, odd):
    start(board)
    phone = board.pair_seat("S")
    _, page = board.seat_page(phone)
    choice = next(q for q in page["prompts"] if q["question"].startswith("Plant a saboteur"))["choices"][0]["action"]
    status, answer = act(board, phone, {**choice, "act": odd})  # was a TypeError in the game: 500
    assert status == 400 and "'action.act' must be a string" in answer["error"], answer
    assert board.daemon.controller.session.actions == 0
    assert act(board, phone, choice) == (200, {"ok": True})  # the board goes on
