"""The Guards! Guards! computer players at each strength (game/guards/computer.py): what each does
in the positions that tell them apart, that every action they choose is legal and their words
public, that whole games between them end, and that the stronger wins more often in a small
seeded sample (the bench measures the rates over thousands of games)."""

from __future__ import annotations

import random
from itertools import product

import pytest

from clacks_hw.game.core.computer import FIRST_TIMER, STRENGTHS, choose, move_rng, play_out, to_act
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.dice import judged, rolls_again
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.odds import blow_lands, pass_chance, roll_chances
from clacks_hw.game.guards.state import Run, Saboteur
from tests.guards.conftest import act, game, roll

ALL = (*STRENGTHS, FIRST_TIMER)
SEATINGS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


def move(state, strength, n=0):
    seat = to_act(state)
    return choose(state, seat, strength, move_rng(state, seat, n))


# --- the d8's odds, checked against the engine's own judging ---------------------------------

def _enumerated(base, target, chain, depth=5):
    """The pass chance by walking every die sequence through dice.py's rules."""
    def walk(dice, p):
        if rolls_again(dice, chain) and len(dice) < depth:
            return sum(walk(dice + (d,), p / 8) for d in range(1, 9))
        return p * judged(base, dice, target)[1]
    return sum(walk((d,), 1 / 8) for d in range(1, 9))


@pytest.mark.parametrize("base,target,chain", [(0, 9, True), (4, 12, True), (3, 20, True), (10, 5, True),
                                               (0, 7, False), (10, 5, False), (2, 9, False), (6, 14, True)])
def test_the_odds_are_the_engines_rules_exactly(base, target, chain):
    assert pass_chance(base, target, chain) == pytest.approx(_enumerated(base, target, chain), abs=1e-3)


def test_a_natural_1_fails_and_a_natural_8_chains():
    assert pass_chance(10, 5) == pytest.approx(7 / 8)  # a natural 1 fails whatever the total
    assert pass_chance(0, 9, chain=True) == pytest.approx(1 / 8)  # only an 8 and anything after it
    assert pass_chance(0, 9, chain=False) == 0.0
    assert sum(p for _, p in roll_chances(True)) == pytest.approx(1.0, abs=1e-3)
    assert blow_lands(6, 1) > blow_lands(3, 3) > blow_lands(1, 6)


# --- what each strength does where it matters ---------------------------------------------------

def test_normal_returns_a_great_spell_when_it_can():
    s = game(hands={"S": ("M1", "M4", "L1", "L4")})
    m = move(s, "normal")
    while m.action.act in ("spend", "guild_house", "recruit", "roll", "bribe"):  # the turn's errands first
        s = GUARDS.apply(s, m.action)
        m = move(s, "normal")
    assert m.action.act == "spell_run" and m.action.route[-1] == "fools"
    s = GUARDS.apply(s, m.action)
    m = move(s, "normal")
    assert m.action.act == "challenge" and "chance" in m.why
    s = roll(GUARDS.apply(s, m.action), 5)
    assert s.player("S").returned == (m.action.seat and s.player("S").spells[0],)


def test_the_computer_tries_the_challenge_last_since_a_failure_ends_the_turn():
    s = game(hands={"S": ("M1",)})
    s = s.with_run("S", Run("S", "amber", (("L1", None),), ("fools",), at=1))
    acts = []
    for n in range(12):
        m = move(s, "normal", n)
        acts.append(m.action.act)
        if m.action.act == "challenge":
            break
        s = GUARDS.apply(s, m.action)
        if s.seat != "S":
            break
    assert acts[-1] == "challenge" and "guild_house" in acts and "reinforce" in acts


def test_strong_sends_the_runners_that_return_the_spell_soonest_normal_the_likeliest():
    """Ridcully's Revenge, 12 or more: one runner (loyalty 5) passes 2 in 8, two (9) 6 in 8, three
    (12) all but a natural 1. A runner costs about a turn and a half to recruit again and a failed
    attempt a turn: two runners are 3 + 8/6 turns, three 4.5 + 8/7, one 1.5 + 4."""
    hand = ("L3", "L2", "L1", "L4", "M1")  # loyalty 5, 4, 3, 2, 2
    s = game(hands={"S": hand}, S={"guild_level": 0, "charm": 9})
    s = s.with_player(s.player("S")._replace(returned=s.player("S").spells[:2]))._replace(done=("guild_house",))
    strong, normal = move(s, "strong"), move(s, "normal")
    assert strong.action.act == normal.action.act == "spell_run"
    assert set(strong.action.cards) == {"L3", "L2"} and "a 6 in 8 chance" in strong.why  # 9 + d8: 3 or more
    assert set(normal.action.cards) == {"L3", "L2", "L1"} and "a 7 in 8 chance" in normal.why  # all but a natural 1


def test_normal_raises_charm_first_then_magic_and_guild_for_the_final():
    s = game(S={"charm": 1})._replace(done=("recruit", "guild_house"))
    s = s.with_player(s.player("S")._replace(points=1))
    assert move(s, "normal").action.attribute == "charm"
    s = s.with_player(s.player("S")._replace(charm=6, magic=3, guild_level=2))
    assert move(s, "normal").action.attribute == "guild"


def test_normal_buys_attribute_points_at_the_guild_house_when_it_can():
    s = game(S={"dollars": 13})
    m = move(s, "normal")
    assert m.action.act == "guild_house" and m.action.collect and len(m.action.buy) == 2
    s = game(S={"dollars": 2})
    m = move(s, "normal")
    assert m.action.act == "guild_house" and not m.action.buy  # 5 dollars buy nothing: it only collects


def test_no_computer_walks_into_a_dragon():
    s = game(hands={"S": ("M1",)})._replace(dragons=(("fools", "D1"),))
    for strength in ALL:
        for n in range(20):
            m = move(s, strength, n)
            assert m.action.quadrant != "fools" or m.action.act == "fight", (strength, m.action)
            assert GUARDS.validate(s, m.action) is None


def test_with_a_dragon_at_its_gate_the_run_starts_in_a_quadrant_beside_it():
    s = game(hands={"S": ("M1", "M4", "M3")})._replace(dragons=(("fools", "D4"),))
    for strength in ("normal", "strong"):
        m = move(s, strength)
        assert m.action.act == "spell_run", m
        assert m.action.route[-1] == "fools" and m.action.route[0] != "fools" and len(m.action.route) == 2
        assert GUARDS.validate(s, m.action) is None


def test_in_the_watch_house_it_talks_first_then_pays_bail_the_first_timer_waits():
    s = game(S={"dollars": 5})
    s = s.with_player(s.player("S")._replace(confined="watch"))
    m = move(s, "normal")
    assert m.action.act == "charm_out" and "costs nothing" in m.why
    s = roll(GUARDS.apply(s, m.action), 1)  # a natural 1: still inside
    assert move(s, "normal").action.act == "bail"
    assert move(s, FIRST_TIMER).action.act == "end_turn"
    broke = s.with_player(s.player("S")._replace(dollars=1))
    assert move(broke, "strong").action.act == "end_turn"


def test_in_hospital_it_pays_for_private_care_when_it_can():
    s = game(S={"dollars": 3})
    s = s.with_player(s.player("S")._replace(confined="hospital", injuries=1))
    assert move(s, "normal").action.to_json() == {"seat": "S", "act": "hospital", "pay": True}
    s = s.with_player(s.player("S")._replace(dollars=0))
    assert move(s, "normal").action.pay is False


def _run_passing_a_saboteur(returned_n=1, returned_s=0, runners=("M1", "L1")):
    """N's run passes the fools quadrant, where S's saboteur B4 waits: S is asked."""
    s = game(hands={"N": runners, "S": ("M4",)})
    s = s.with_player(s.player("S")._replace(saboteurs=(Saboteur("B4", "fools"),),
                                             returned=s.player("S").spells[:returned_s]))
    s = s.with_player(s.player("N")._replace(returned=s.player("N").spells[:returned_n]))
    s = s._replace(seat="N")
    s = act(s, "N", "spell_run", spell=s.player("N").spells[returned_n], cards=list(runners),
            route=["fools", "thieves"])
    assert s.prompt is not None and s.prompt.kind == "sabotage" and to_act(s) == "S"
    return s


def test_normal_strikes_a_passing_run_of_a_leader_the_first_timer_lets_it_pass():
    s = _run_passing_a_saboteur()
    m = move(s, "normal")
    assert m.action.act == "sabotage" and m.action.card == "B4"
    assert m.why == "S has answered"  # the answer is private: nothing of it in the words
    assert move(s, FIRST_TIMER).action.act == "let_pass"
    behind = _run_passing_a_saboteur(returned_n=0, returned_s=2)
    assert move(behind, "normal").action.act == "let_pass"  # N is behind: not worth the saboteur's cover
    assert move(behind, "strong").action.act == "sabotage"


def test_strong_ambushes_with_a_heavy_hitter_where_loyal_runners_would_not_turn():
    s = _run_passing_a_saboteur()
    run = s.run_of("N")
    loyal = s.with_run("N", run._replace(runners=(("L3", None),)))  # loyalty 5: turns only on a 1
    m = move(loyal, "strong")
    assert (m.action.act, m.action.how) == ("sabotage", "ambush")
    assert move(loyal, "normal").action.how == "alter"


def test_the_defender_normal_the_toughest_strong_the_least_expected_loss():
    s = _run_passing_a_saboteur(runners=("M3", "L2"))  # toughness 3 and 1 against B4's brawl 6
    s = act(s, "S", "sabotage", card="B4", how="ambush")
    assert s.prompt.kind == "defend" and to_act(s) == "N"
    normal, strong = move(s, "normal"), move(s, "strong")
    assert (normal.action.act, normal.action.card) == ("defend", "M3") and "Toughness" in normal.why
    assert strong.action.act == "defend" and "of the time" in strong.why and "B4" not in strong.why


def test_strong_plants_where_the_leaders_run_must_pass_and_never_says_where():
    s = game(players=3, hands={"S": ("B1", "B2", "M1", "M4")})
    s = s.with_player(s.player("N")._replace(returned=s.player("N").spells[:2]))
    m = move(s, "strong")
    assert m.action.act == "plant" and m.action.quadrant == "thieves"  # N's Start Gate
    assert "thieves" not in m.why and "B1" not in m.why and "B2" not in m.why
    assert move(s, FIRST_TIMER).action.act != "plant"


def test_easy_plays_about_anything_but_never_the_absurd():
    kinds = set()
    for players, seed in product((2, 3), range(6)):
        s = new_game(None, GuardsConfig(seats=SEATINGS[players], seed=seed))
        moves = []
        end = _play(s, "easy", 600, moves)
        kinds |= {m.action.act for m in moves}
        assert moves and end is not None
    assert not kinds & {"sent", "infect", "call", "ability", "stop", "buy", "cast"}
    assert {"recruit", "guild_house", "spell_run", "end_turn"} <= kinds


def _play(state, strength, limit, moves):
    for n in range(limit):
        if state.over:
            break
        m = move(state, strength, n)
        after = GUARDS.apply(state, m.action)
        assert hasattr(after, "config"), (m.action, after)
        moves.append(m)
        state = after
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_at_every_strength_end_with_legal_moves_and_public_words(players):
    box = new_game(None, GuardsConfig(seats=SEATINGS[players], seed=0)).edition
    secrets = {*box.volunteers, *(v.name for v in box.volunteers.values()), *box.quadrants, *box.items}
    private = 0
    for seed in range(3):
        s = new_game(None, GuardsConfig(seats=SEATINGS[players], seed=seed))
        mix = {x: ALL[(k + seed) % len(ALL)] for k, x in enumerate(s.config.seats)}
        moves = []
        end = play_out(s, mix, seed=seed, moves=moves)  # raises on any refused action
        assert end.over and end.ended in ("won", "dragons")
        for m in moves:
            if m.action.act in ("plant", "replant", "sabotage", "let_pass"):
                private += 1
                assert not any(x in m.why for x in secrets), m.why  # a private act says nothing of itself
            assert len(m.why) < 160
    assert private


def _wins(a, b, games, players=2):
    won = 0
    for i in range(games):
        s = new_game(None, GuardsConfig(seats=SEATINGS[players], seed=500 + i))
        seats = s.config.seats
        mix = {x: (a if k == i % players else b) for k, x in enumerate(seats)}
        end = play_out(s, mix, seed=i)
        won += len(end.winners) == 1 and mix[end.winners[0]] == a
    return won


def test_the_stronger_wins_more_often_in_a_seeded_sample():
    assert _wins("normal", "easy", 30) >= 24
    assert _wins("strong", FIRST_TIMER, 60) >= 36
    assert _wins("normal", FIRST_TIMER, 60) >= 33
    assert _wins("strong", "easy", 30, players=3) >= 15  # one strong against two easy: a fair share is 10


def test_a_question_its_plan_does_not_know_is_still_answered_legally(monkeypatch):
    """The spell run's flow may grow new questions: a computer whose plan has no answer for one
    plays a legal answer of its seat rather than stall the table."""
    from clacks_hw.game.guards import answers

    s = _run_passing_a_saboteur()
    s = act(s, "S", "sabotage", card="B4", how="ambush")
    monkeypatch.setattr(answers, "_defend", lambda *a: None)
    for strength in ("normal", "strong", FIRST_TIMER):
        m = move(s, strength)
        assert m.action.act == "defend" and GUARDS.validate(s, m.action) is None
