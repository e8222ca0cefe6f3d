"""Helpers for the Guards! Guards! tests: the test box (box.toml), a game on it, and actions
written as short dicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.guards.actions import parse_action
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.edition_files import load_guards_edition

BOX = load_guards_edition(Path(__file__).with_name("box.toml"))
SEATS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


def game(players=2, seed=1, hands=None, **changes):
    """A game on the test box: S is the Fools, N the Thieves (W Alchemists, E Assassins); each
    hand as given (default: empty), dollars and attributes as given."""
    cards = {"S": "FOOL", "N": "THIEF", "W": "ALCH", "E": "ASSN"}
    seats = SEATS[players]
    s = new_game(None, GuardsConfig(seats=seats, seed=seed, box=BOX, guild_cards={x: cards[x] for x in seats}))
    for seat in seats:
        p = s.player(seat)._replace(hand=tuple((hands or {}).get(seat, ())))
        start = {"dollars": 5, "magic": 2, "guild_level": 2, "charm": 2, **changes.get(seat, {})}
        s = s.with_player(p._replace(**start))
    return s


def act(state, seat, act_, **keys):
    """Apply one action; fail the test on a refusal."""
    result = apply(state, parse_action({"seat": seat, "act": act_, **keys}))
    assert not isinstance(result, Rejection), result
    return result


def refused(state, seat, act_, **keys) -> Rejection:
    result = apply(state, parse_action({"seat": seat, "act": act_, **keys}))
    assert isinstance(result, Rejection), f"{act_} was accepted"
    return result


def roll(state, *dice):
    """The waiting test's roller types in each die."""
    for d in dice:
        state = act(state, state.pending.seat, "roll", die=d)
    return state


@pytest.fixture
def box():
    return BOX
