"""A Guards! Guards! game on a board linked to a hall (a real Mosquitto): the hall shows the game
as the board's public page does (whose turn, who rolls), and never where a saboteur was planted
nor with which volunteer."""

from __future__ import annotations

import json
import random
from contextlib import contextmanager

import pytest

from clacks_hw.hall.page import Hall
from tests.mqtt.rig import Keys, board_overrides, hall_config, until
from tests.web.broker import Broker
from tests.web.live import LiveBoard

SEED = 5  # the board's generator: S is dealt a Brethren volunteer (a saboteur to plant)


@pytest.fixture
def broker(tmp_path):
    b = Broker(tmp_path).start()
    yield b
    b.stop()


@contextmanager
def guards_at_the_hall(tmp_path, broker):
    """A hall and one board "alpha" on the real broker, a two-player game begun, S's phone
    paired: (hall, board, first state, phone, S's page)."""
    keys = Keys("alpha")
    hall = Hall(hall_config(tmp_path, broker, keys)).start()
    alpha = LiveBoard(tmp_path / "alpha", overrides=board_overrides(broker, "alpha", keys), rng=random.Random(SEED)).start()
    try:
        assert alpha.admin("new-game", {"mode": "guards", "seats": ["S", "N"]}) == (200, {"ok": True})
        state = alpha.state()
        phone = alpha.pair_seat("S")
        _, page = alpha.seat_page(phone)
        yield hall, alpha, state, phone, page
    finally:
        alpha.stop()
        hall.close()


def at_the_hall(hall, what: str) -> None:
    """Wait until the hall's card of alpha shows the board's first action."""
    until(lambda: ((card(hall, "alpha").get("state") or {}).get("position") or {}).get("actions") == 1, what)


def card(hall, board) -> dict:
    return next((b for b in hall.json()["boards"] if b["id"] == board), {})


def test_the_hall_never_learns_a_saboteurs_card_or_quadrant(tmp_path, broker):
    with guards_at_the_hall(tmp_path, broker) as (hall, alpha, state, phone, page):
        ask = next(q for q in page["prompts"] if q["question"].startswith("Plant a saboteur"))
        choice = ask["choices"][2]["action"]
        status, _ = alpha.post("api/seat/act", json.dumps({"action": json.dumps(choice)}).encode(), phone=phone)
        assert status == 200 and alpha.state().pending.kind == "plant"
        at_the_hall(hall, "the plant at the hall")
        seen = json.dumps(card(hall, "alpha"))
        name = state.edition.volunteers[choice["card"]].name
        position = card(hall, "alpha")["state"]["position"]
        assert position["mode"] == "guards" and position["summary"]["doing"] == "to roll"  # S's Guild test
        for secret in (choice["card"], name, choice["quadrant"]):
            assert secret not in seen


def test_the_hall_learns_a_purchase_but_not_the_card_bought(tmp_path, broker):
    """An Item bought from S's phone reaches the hall as the board's public page has it (the
    dollars paid), never which Item ("Players do not need to disclose what Scrolls or Items they
    purchased until they decide to use them", Temples and Shops)."""
    with guards_at_the_hall(tmp_path, broker) as (hall, alpha, state, phone, page):
        turn = next(q for q in page["prompts"] if q["question"].startswith("Your turn"))
        item = next(i for i in state.edition.items.values() if i.price <= state.player("S").dollars)
        choice = next(c["action"] for c in turn["choices"] if c.get("action", {}).get("item") == item.id)
        status, _ = alpha.post("api/seat/act", json.dumps({"action": json.dumps(choice)}).encode(), phone=phone)
        assert status == 200 and alpha.state().player("S").items == (item.id,)
        at_the_hall(hall, "the purchase at the hall")
        seen = json.dumps(card(hall, "alpha"))
        assert item.id not in seen and item.name not in seen
