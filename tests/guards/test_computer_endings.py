"""Games between computer players end (rules version 3): a discarded volunteer waits in its pile
until its deck runs out (rulebook line 800), so a player who never recruits the weak cards left
in a deck never runs it out, and a table of such players, each with an empty hand and the final
spell to collect (it needs one volunteer at least, line 430), ends its turns for ever."""

from __future__ import annotations

from dataclasses import replace

import pytest

from clacks_hw.game.core.computer import FIRST_TIMER, STRENGTHS, choose, move_rng, play_out
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.guards.computer import STYLES
from clacks_hw.game.guards.config import GuardsConfig
from tests.guards.conftest import game

SEATINGS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
LIMIT = 3000  # actions: the longest of these games takes about 600
# the strong player without the city's errands, as the bench plays it "before the changes": no Tavern
# to bring a volunteer when no card shown is worth a Charm roll
PLAIN = replace(STYLES["strong"], buys=False, tavern=False, turns_in=False)


def _final_next(s, seat="S"):
    p = s.player(seat)
    return s.with_player(p._replace(returned=p.spells[:4]))


@pytest.mark.parametrize("style", [FIRST_TIMER, PLAIN, "normal"], ids=["first-timer", "plain strong", "normal"])
def test_with_an_empty_hand_and_the_final_spell_next_a_card_worth_no_more_than_an_escort_is_recruited(style):
    """Every card left is worth 1 to the final (no bonus, the challenge tests no stat of it): the
    player recruits one all the same, since the final spell needs a volunteer (line 430)."""
    s = _final_next(game(hands={"N": ("M4", "L4")}, S={"charm": 6}))._replace(done=("guild_house",))
    s = s._replace(discards=("M2",))  # the one card worth less, infectious, out of the deck
    m = choose(s, "S", style, move_rng(s, "S", 0))
    assert m.action.act in ("recruit", "tavern"), m
    if m.action.act == "recruit":
        assert m.action.card in {"L1", "L2", "L3", "M1", "M3", "B1", "B2", "B3", "B4"}


def test_with_a_volunteer_in_hand_a_card_worth_no_more_than_an_escort_still_waits():
    """The hand holds the escort already: the card worth no more is left for a better one."""
    s = _final_next(game(hands={"S": ("L1",), "N": ("M4", "L4")}))._replace(done=("guild_house", "spell_run"))
    s = s._replace(discards=("M2",))
    m = choose(s, "S", FIRST_TIMER, move_rng(s, "S", 0))
    assert m.action.act != "recruit", m


def test_the_benchs_stalled_game_now_ends():
    """Seed 3 of the bench's first change (2 players, the plain strong player against it with items
    bought): both players emptied their hands on the way to the final spell and ended every turn
    after, the decks holding only cards worth no more than an escort."""
    s = new_game(None, GuardsConfig(seats=SEATINGS[2], seed=3))
    end = play_out(s, dict(zip(s.config.seats, (PLAIN, replace(PLAIN, buys=True)))), seed=3, limit=LIMIT)
    assert end.over and end.ended in ("won", "dragons")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("strength", [*STRENGTHS, FIRST_TIMER, PLAIN],
                         ids=[*STRENGTHS, FIRST_TIMER, "plain strong"])
def test_seeded_games_of_one_strength_at_every_seat_all_end(players, strength):
    for seed in range(4):
        s = new_game(None, GuardsConfig(seats=SEATINGS[players], seed=30 + seed))
        end = play_out(s, {x: strength for x in s.config.seats}, seed=seed, limit=LIMIT)  # raises if it cannot end
        assert end.over and end.ended in ("won", "dragons"), (seed, end.ended)
