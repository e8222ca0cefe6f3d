"""Secret saboteurs and what they do to a spell run (Planting a Saboteur; Sabotage - Stopping a
Spell Run; Alter Allegiance; Ambush; Combat Rules)."""

from __future__ import annotations

from clacks_hw.game.guards.state import Saboteur
from tests.guards.conftest import act, game, refused, roll


def planted(s, seat, *sabs):
    return s.with_player(s.player(seat)._replace(saboteurs=tuple(Saboteur(*x) for x in sabs)))


def test_planting_is_a_guild_test_of_5_at_the_start_of_a_turn():
    """"'At the beginning' of their turn, a player can attempt to plant a single Saboteur by making
    a Guild Test. ... If the result is 5 or higher they can plant one Saboteur in the quadrant of
    their choice. A roll of 1 is an automatic failure." "Only Volunteers carrying the 'Mark of the
    Brethren' may be planted as Saboteurs.\""""
    s = game(hands={"S": ("B1", "L1")}, S={"items": ("CLUB",)})
    s2 = roll(act(s, "S", "plant", card="B1", quadrant="thieves", item="CLUB"), 3)  # 2 + 3 = 5
    p = s2.player("S")
    assert p.saboteurs == (Saboteur("B1", "thieves", "CLUB"),) and p.hand == ("L1",) and p.items == ()
    assert roll(act(s, "S", "plant", card="B1", quadrant="thieves"), 2).player("S").saboteurs == ()
    assert roll(act(s._replace(players=tuple(p._replace(guild_level=9) for p in s.players)),
                    "S", "plant", card="B1", quadrant="thieves"), 1).player("S").saboteurs == ()
    assert refused(s, "S", "plant", card="L1", quadrant="thieves").code == "wrong_card"
    late = roll(act(s, "S", "recruit", card="M1", quadrant="fools"), 2)
    assert refused(late, "S", "plant", card="B1", quadrant="thieves").code == "too_late"


def test_recall_then_no_replant_the_same_turn():
    """"Players may not recall a saboteur and re-plant the same or another on the same turn.\""""
    s = planted(game(hands={"S": ("B2",)}), "S", ("B1", "fools"))
    s = act(s, "S", "recall", card="B1")
    assert s.player("S").hand == ("B2", "B1") and s.player("S").saboteurs == ()
    assert refused(s, "S", "plant", card="B1", quadrant="fools").code == "too_late"


def test_no_planting_or_moving_by_opponents_once_a_run_is_announced_that_round():
    """"IMPORTANT: ONCE A SPELL RUN HAS BEEN ANNOUNCED BY A PLAYER, NO SABOTEURS MAY BE PLANTED OR
    MOVED BY OPPOSING PLAYERS IN THAT ROUND.\""""
    s = game(3, hands={"S": ("M1",), "W": ("B1",), "N": ("B2",)})
    s = act(act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["fools"]), "S", "end_turn")
    assert refused(s, "W", "plant", card="B1", quadrant="fools").code == "too_late"
    s = act(act(s, "W", "end_turn"), "N", "end_turn")  # a new round
    assert act(s, "S", "end_turn").round == 2 and act(act(s, "S", "end_turn"), "W", "plant", card="B1",
                                                       quadrant="fools").pending


def test_every_opponent_with_a_saboteur_is_asked_privately_at_each_quadrant():
    s = game(3, hands={"S": ("M1",)})
    s = planted(planted(s, "W", ("B1", "assassins")), "N", ("B2", "alchemists"))
    s = act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["alchemists", "thieves", "fools"])
    assert s.prompt.kind == "sabotage" and s.prompt.seats == ("W", "N") and s.prompt.get("quadrant") == "alchemists"
    assert refused(s, "W", "sabotage", card="B1", how="alter").code == "not_here"
    s = act(act(s, "W", "let_pass"), "N", "let_pass")
    assert s.prompt.get("quadrant") == "thieves" and s.run_of("S").at == 1
    s = act(act(s, "W", "let_pass"), "N", "let_pass")
    s = act(act(s, "W", "let_pass"), "N", "let_pass")
    assert s.prompt is None and s.run_of("S").at_gate


def test_alter_allegiance_a_loyalty_test_of_7_or_the_runner_changes_sides():
    """"The targeted player 'must make a Loyalty test of 7 or higher for the chosen Volunteer' ...
    If the Loyalty test fails, the Volunteer ... immediately switch their loyalty to the
    attacking player. ... The Attacking Player may then choose to re-plant their successful
    Saboteur in any Guild Quadrant without making a Guild test\""""
    s = planted(game(hands={"S": ("L2",)}), "N", ("B1", "fools"))
    s = act(s, "S", "spell_run", spell="s1", cards=["L2"], route=["fools"])
    s = act(s, "N", "sabotage", card="B1", how="alter")
    assert s.pending.kind == "loyalty" and s.pending.seat == "S" and s.pending.base == 4 and s.pending.target == 7
    kept = roll(s, 3)
    assert kept.run_of("S").runners == (("L2", None),) and kept.run_of("S").at_gate
    lost = roll(s, 2)
    assert lost.player("N").hand == ("L2",) and lost.prompt.kind == "replant"
    lost = act(lost, "N", "replant", quadrant="assassins")
    assert lost.player("N").saboteurs == (Saboteur("B1", "assassins"),)
    assert lost.run_of("S") is None  # "If they have no remaining Runners, the Spell Run fails"


def test_ambush_attack_beats_toughness_and_the_runner_is_discarded_items_to_the_victor():
    """"If the Saboteur/Attacker's total Brawl Score is greater than the Defenders total Toughness
    Score the attacker's blow hits ... The defeated Volunteer must be discarded. Any Items carried
    by the defeated Volunteer may be taken by the victorious player.\""""
    s = planted(game(hands={"S": ("L1", "M1")}, S={"items": ("HELM",)}), "N", ("B4", "fools", "CLUB"))
    s = act(s, "S", "spell_run", spell="s1", cards=["L1", "M1"], items={"L1": "HELM"}, route=["fools"])
    s = act(s, "N", "sabotage", card="B4", how="ambush")
    assert s.prompt.kind == "defend" and s.prompt.seats == ("S",)
    s = act(s, "S", "defend", card="L1")
    assert s.pending.seat == "N" and s.pending.base == 6 + 2 and s.pending.chain
    s = roll(s, 3)  # blow 11
    assert s.pending.seat == "S" and s.pending.base == 2 + 2  # Helmet: Toughness 4
    s = roll(s, 6)  # guard 10 < 11
    assert s.run_of("S").runners == (("M1", None),) and "HELM" in s.player("N").items
    s = act(s, "N", "replant")
    assert s.player("N").saboteurs == (Saboteur("B4", "fools", "CLUB"),) and s.run_of("S").at_gate


def test_a_failed_blow_gives_the_defender_one_counter_attack():
    """"If the Attackers total Brawl score is lower than the Defender's total Toughness score the
    attacker has failed to strike their opponent. The Defender then gets one chance to strike back
    ... If the counter-attack is successful the Saboteur is defeated. The defeated Saboteur must be
    discarded.\""""
    s = planted(game(hands={"S": ("B3",)}), "N", ("B1", "fools"))
    s = act(act(act(s, "S", "spell_run", spell="s1", cards=["B3"], route=["fools"]), "N", "sabotage", card="B1",
                how="ambush"), "S", "defend", card="B3")
    s = roll(s, 2, 5)  # blow 4 + 2 = 6 against guard 5 + 5 = 10: missed
    assert s.pending.seat == "S" and s.pending.get("step") == "counter" and s.pending.base == 4
    won = roll(s, 4, 3)  # counter 8 against the saboteur's guard 4 + 3 = 7
    assert won.player("N").saboteurs == () and won.run_of("S").at_gate
    held = roll(s, 2, 6)  # counter 6 against 10: "the Saboteur remains in play in the same Guild Quadrant"
    assert held.player("N").saboteurs == (Saboteur("B1", "fools"),)


def test_a_natural_1_blow_misses_and_a_natural_8_rolls_again_in_combat():
    """"During Combat, any roll of a Natural 8 allows the player to re-roll the die and add the
    result to the overall total. A roll of 1 is an automatic failure.\""""
    s = planted(game(hands={"S": ("L1",)}), "N", ("B4", "fools"))
    s = act(act(act(s, "S", "spell_run", spell="s1", cards=["L1"], route=["fools"]), "N", "sabotage", card="B4",
                how="ambush"), "S", "defend", card="L1")
    s = roll(s, 1, 1)  # both natural 1s: the blow fails, so the defender strikes back
    assert s.pending.get("step") == "counter"
    s2 = planted(game(hands={"S": ("B4",)}), "N", ("L2", "fools"))
    s2 = act(act(act(s2, "S", "spell_run", spell="s1", cards=["B4"], route=["fools"]), "N", "sabotage", card="L2",
                 how="ambush"), "S", "defend", card="B4")
    s2 = roll(s2, 8, 8, 2)  # blow 1 + 18 = 19
    assert s2.last.total == 19 and s2.pending.seat == "S"
    s2 = roll(s2, 6)  # guard 6 + 6 = 12
    assert s2.run_of("S").runners == () and s2.prompt.kind == "replant"
    assert act(s2, "N", "replant").run_of("S") is None


def test_two_saboteurs_in_one_quadrant_settle_it_by_a_guild_test_ties_roll_again():
    """"If there is more than one Saboteur active 'in the same Quadrant', all players with a
    Saboteur in the Quadrant must make a Guild Test. Only the Player with the Highest Result may
    attempt to sabotage the Spell Run. In the case of a draw, players should roll again.\""""
    s = game(3, hands={"S": ("L2",)})
    s = planted(planted(s, "W", ("B1", "fools")), "N", ("B2", "fools"))
    s = act(s, "S", "spell_run", spell="s1", cards=["L2"], route=["fools"])
    s = act(act(s, "W", "sabotage", card="B1", how="alter"), "N", "sabotage", card="B2", how="ambush")
    assert s.pending.kind == "tiebreak" and s.pending.seat == "W"
    s = roll(s, 4, 4)  # a draw: both roll again
    assert s.pending.kind == "tiebreak" and s.pending.seat == "W"
    s = roll(s, 2, 5)  # N wins and ambushes
    assert s.prompt.kind == "defend" and s.prompt.get("attacker") == "N"


def test_the_private_question_goes_to_each_asked_phone_and_names_only_its_own_saboteurs():
    """The board "privately asks the owner whether to sabotage": the phone of a seat with a
    saboteur in the quadrant offers its strikes; another asked seat may only let the run pass."""
    from clacks_hw.game.guards.phone import questions

    s = game(3, hands={"S": ("L2",)})
    s = planted(planted(s, "W", ("B1", "thieves")), "N", ("B2", "fools"))
    s = act(s, "S", "spell_run", spell="s1", cards=["L2"], route=["fools"])
    (question, choices), = questions(s, "N")
    assert "fools" in question and [a.to_json() for _, a in choices] == [
        {"seat": "N", "act": "sabotage", "card": "B2", "how": "alter"},
        {"seat": "N", "act": "sabotage", "card": "B2", "how": "ambush"}, {"seat": "N", "act": "let_pass"}]
    (_, w_choices), = questions(s, "W")
    assert [a.act for _, a in w_choices] == ["let_pass"]
    assert questions(s, "S") == ()


def test_the_phone_page_of_a_seat_carries_its_prompts_and_its_secrets_only():
    from clacks_hw.game.core.seat_page import offered, seat_page
    from clacks_hw.game.guards.game import GUARDS

    s = game(3, hands={"S": ("L2",)})
    s = planted(planted(s, "W", ("B1", "thieves")), "N", ("B2", "fools"))
    s = act(s, "S", "spell_run", spell="s1", cards=["L2"], route=["fools"])
    page = seat_page(GUARDS, s, "N")
    assert [c["action"]["act"] for c in page["prompts"][0]["choices"]] == ["sabotage", "sabotage", "let_pass"]
    assert any("in the fools quadrant" in line for sec in page["sections"] for line in sec["lines"])
    assert "B1" not in str(page) and "thieves quadrant" not in str(page)  # W's saboteur stays W's
    strike = GUARDS.parse_action({"seat": "N", "act": "sabotage", "card": "B2", "how": "ambush"})
    assert offered(GUARDS, s, "N", strike) and not offered(GUARDS, s, "W", strike)
