"""The strong computer's errands about the city (game/guards/errands.py): an item bought at a
Merchant's where it pays for the run about to set out, the Tavern where Charm rolls are a poor
bet, and a Wanted volunteer its run can spare turned in for the reward its Guild House turns
into a point (the last two errands the bench measures but no strength runs: they won no more). Each in a
position where it should, each legal, its words public; the Style without the errand (the
strong player before them, the bench's "before") does none of them."""

from __future__ import annotations

from dataclasses import replace

from clacks_hw.game.core.computer import choose, move_rng, play_out, to_act
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.guards.computer import STYLES
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.run_plan import any_run
from clacks_hw.game.guards.actions import GuardsAction
from tests.guards.conftest import game, roll

STRONG = "strong"
SEATINGS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


def before():
    """The strong player without its errands."""
    return replace(STYLES["strong"], buys=False, tavern=False, turns_in=False)


def tavern():
    """The strong player trying the Tavern: no strength does (under rules version 3 the bench
    found it wins no more), the bench measures it."""
    return replace(STYLES["strong"], tavern=True)


def wanted():
    """The strong player turning in Wanted volunteers: no strength does (the bench found it wins
    no more), the bench measures it."""
    return replace(STYLES["strong"], turns_in=True)


def move(state, style, n=0):
    seat = to_act(state)
    m = choose(state, seat, style, move_rng(state, seat, n))
    assert GUARDS.validate(state, m.action) is None, m
    return m


def _one_returned(state):
    """S has returned one spell: Stibbon's Stumper (toughness, 11 or more) is next."""
    return state.with_player(state.player("S")._replace(returned=state.player("S").spells[:1]))


def test_strong_buys_an_item_for_the_run_about_to_set_out_and_equips_it():
    """Two runners of toughness 2 need 7 on the d8 (about 2 in 8 with the 8 rolling again);
    the Helmet (toughness +2, 2 dollars) makes it 5: half the attempts for two dollars."""
    s = _one_returned(game(hands={"S": ("M1", "M4")}, S={"dollars": 5}))._replace(done=("guild_house",))
    m = move(s, STRONG)
    assert m.action.act == "buy" and m.action.item == "HELM"
    assert "HELM" not in m.why and "Helmet" not in m.why  # a purchase stays secret
    s = GUARDS.apply(s, m.action)
    assert s.player("S").items == ("HELM",) and s.player("S").dollars == 3
    m = move(s, STRONG)
    assert m.action.act == "spell_run" and "HELM" in dict(m.action.items).values()
    fresh = _one_returned(game(hands={"S": ("M1", "M4")}, S={"dollars": 5}))._replace(done=("guild_house",))
    assert move(fresh, before()).action.act != "buy"


def test_strong_buys_nothing_the_challenge_does_not_test_or_it_cannot_afford():
    s = _one_returned(game(hands={"S": ("M1", "M4")}, S={"dollars": 1}))._replace(done=("recruit", "guild_house"))
    assert move(s, STRONG).action.act != "buy"  # the Helmet costs 2
    s = game(hands={"S": ("M1", "M4")}, S={"dollars": 9})._replace(done=("recruit", "guild_house"))
    assert move(s, STRONG).action.act != "buy"  # Windel's Wisdom tests streetwise: no item adds to it


def test_with_charm_rolls_a_poor_bet_strong_tries_the_tavern_and_takes_who_it_brings():
    """Charm 0 and no dollars to bribe with after a failure; M1 alone against Stibbon's Stumper
    (toughness, 11) is no run worth starting, so the turn's one stop is a volunteer's."""
    s = _one_returned(game(hands={"S": ("M1",)}, S={"charm": 0, "dollars": 0}))._replace(done=("guild_house",))
    m = move(s, tavern())
    assert m.action.act == "tavern", m
    assert move(s, before()).action.act == "recruit"  # without the errand it rolls Charm whatever its Charm
    assert move(s, STRONG).action.act == "recruit"
    s = roll(GUARDS.apply(s, m.action), 7)  # the table's 7: a Lords & Ladies volunteer
    m = move(s, tavern())
    assert m.action.act == "recruit" and s.edition.volunteers[m.action.card].deck == "lords"
    s = GUARDS.apply(s, m.action)
    assert m.action.card in s.player("S").hand and s.pending is None


def test_with_charm_enough_strong_recruits_by_charm():
    s = _one_returned(game(hands={"S": ("M1",)}, S={"charm": 6}))._replace(done=("guild_house",))
    assert move(s, STRONG).action.act == "recruit"


def test_a_run_worth_starting_is_the_turns_one_stop_before_a_recruit_or_the_tavern():
    """Windel's Wisdom (streetwise, 10) with M1 is a 3 in 8 chance, worth starting: the run is
    the turn's stop, and after it neither the Tavern nor a Charm roll is tried (the rules refuse
    both on the turn of a spell run)."""
    for charm in (0, 6):
        s = game(hands={"S": ("M1",)}, S={"charm": charm, "dollars": 0})._replace(done=("guild_house",))
        m = move(s, tavern())
        assert m.action.act == "spell_run", m
        s = GUARDS.apply(s, m.action)
        assert move(s, tavern()).action.act not in ("recruit", "tavern")


def test_the_wanted_errand_turns_in_a_volunteer_its_run_can_spare_for_a_point():
    """Windel's Wisdom (streetwise, 10): M1 and M2 (4 each) are the run; Wanted M3 (bribe 4)
    brings 5 dollars: with the Guild House's 3, its 3 dollars become a point (and the 3 strong
    keeps for a bribe while its hand is short)."""
    s = game(hands={"S": ("M1", "M2", "M3", "L4")}, S={"dollars": 3})
    m = move(s, wanted())
    assert m.action.act == "turn_in" and m.action.cards == ("M3",) and "5 dollars" in m.why
    assert move(s, before()).action.act != "turn_in"
    s = GUARDS.apply(s, m.action)
    assert s.player("S").dollars == 8 and "M3" not in s.player("S").hand
    m = move(s, wanted())
    assert m.action.act == "guild_house" and m.action.buy and len(m.action.buy) == 1


def test_a_wanted_runner_or_a_reward_that_buys_nothing_is_kept():
    s = game(hands={"S": ("M1", "M3")}, S={"dollars": 2})  # M3 is one of the two runners
    assert move(s, wanted()).action.act != "turn_in"
    s = game(hands={"S": ("M1", "M2", "M3", "L4")}, S={"dollars": 10})  # 13 buy a point with or without it
    assert move(s, wanted()).action.act != "turn_in"


def test_easy_draws_any_route_and_any_runners_the_rules_allow():
    s = game(hands={"S": ("M1", "M2", "M3", "L4", "L1")})
    drawn = GuardsAction("S", "spell_run", spell=s.player("S").spells[0], cards=("M1",), route=("fools",))
    routes, sizes = set(), set()
    for n in range(200):
        run = any_run(s, "S", drawn, move_rng(s, "S", n))
        assert GUARDS.validate(s, run) is None, run
        routes.add(run.route)
        sizes.add(len(run.cards))
    assert len(routes) > 2 and sizes == {1, 2, 3, 4}
    assert ("thieves", "fools") in routes and ("assassins", "fools") in routes


def test_whole_games_with_the_errands_stay_legal_and_seeded():
    """Every move accepted by the real game (play_out raises on a refusal), the errands used,
    and the same seed the same game."""
    used = set()
    for seed in range(12):
        players = (2, 3, 4)[seed % 3]
        s = new_game(None, GuardsConfig(seats=SEATINGS[players], seed=seed))
        mix = {x: ("strong", tavern(), "normal", "easy", "first-timer")[(k + seed) % 5]
               for k, x in enumerate(s.config.seats)}
        moves, again = [], []
        end = play_out(s, mix, seed=seed, moves=moves)
        assert end.over
        play_out(s, mix, seed=seed, moves=again)
        assert [m.action for m in moves] == [m.action for m in again]
        used |= {m.action.act for m in moves if mix[m.seat] in ("strong", tavern())}
    assert {"buy", "tavern"} <= used
