"""Guards! Guards! is found like every game, and journals, replays and resumes like them."""

from __future__ import annotations

import json

from clacks_hw.game.core.config import config_from_record
from clacks_hw.game.core.registry import board_modes, game_for, modes
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.game import GUARDS
from tests.guards.conftest import BOX


def test_the_registry_finds_guards_through_its_entry_point():
    assert "guards" in modes() and game_for("guards") is GUARDS
    assert GUARDS.seatings() == (("S", "N"), ("S", "W", "N"), ("S", "W", "N", "E"))


def test_the_board_menus_offer_guards_beside_the_other_games():
    """Its board play (board.py) is what the board's screens ask for: the set-up menu, the admin
    page and the attract demo offer it like any game with board screens."""
    assert "guards" in board_modes() and "klackers" in board_modes()
    assert set(board_modes()) == {m for m in modes() if game_for(m).on_board}


def test_the_set_up_goes_into_a_journal_header_and_back_with_the_whole_box():
    config = GuardsConfig(seats=("S", "N"), seed=4, box=BOX, guild_cards={"S": "THIEF"}, target=3)
    record = {**config.record(), **config.options_record()}
    assert json.loads(json.dumps(record)) == record
    again = config_from_record(json.loads(json.dumps(record)))
    assert again == config and again.box.volunteers == BOX.volunteers and again.box.fingerprint == BOX.fingerprint


def test_a_computer_at_the_table_plays_its_own_seat_only():
    import random

    from tests.guards.randomgames import random_game

    for _, s in list(random_game(2, 3, steps=60))[::6]:
        seat = GUARDS.acting_seat(s)
        if seat is None:
            continue
        move = GUARDS.computer_move(s, seat, "normal", random.Random(1))
        assert move.seat == seat and move.action.seat == seat and move.why
        assert GUARDS.validate(s, move.action) is None
