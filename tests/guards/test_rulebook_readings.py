"""The rules a careful referee found read wrong, and the readings docs/guards-rules.md takes where
the rulebook leaves a choice: each test quotes the rulebook's words and names its line."""

from __future__ import annotations

from clacks_hw.game.guards.state import Saboteur
from tests.guards.conftest import act, game, refused, roll


def planted(s, seat, *sabs):
    return s.with_player(s.player(seat)._replace(saboteurs=tuple(Saboteur(*x) for x in sabs)))


def waiting_at_the_gate(hand=("M1",), **changes):
    """S's run with M1 failed Windel's Wisdom; it is S's next turn."""
    s = game(hands={"S": hand}, **changes)
    s = roll(act(act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["fools"]), "S", "challenge"), 3)
    assert s.seat == "N" and s.run_of("S").at_gate
    return act(s, "N", "end_turn")


def test_a_volunteer_recruited_while_the_run_waits_must_be_sent_to_the_gate_at_once():
    """Line 422: "Players must complete the Spell Run as soon as possible. They may only move away
    from the Spell tile to recruit additional Volunteers to send to the Gate. (Any Volunteers
    recruited in this way must be sent immediately to assist in completing the Spell Run)\""""
    s = roll(act(waiting_at_the_gate(), "S", "recruit", card="L1", quadrant="fools"), 4)  # Charm 2 + 4 = 6
    assert s.player("S").hand == ("L1",)
    assert refused(s, "S", "end_turn").code == "run_on"  # kept in hand: refused
    assert refused(s, "S", "challenge").code == "run_on"  # tried without it: refused
    assert refused(s, "S", "turn_in", cards=["L1"]).code == "run_on"
    s = act(s, "S", "reinforce", cards=["L1"])
    assert s.run_of("S").runners == (("M1", None), ("L1", None))
    assert act(s, "S", "end_turn").seat == "N"


def test_with_six_runners_at_the_gate_there_is_nobody_to_recruit_for():
    """Line 418: "A maximum of 6 Runners in total are allowed at a Start Gate"; with line 422 a
    recruit while the run waits is only for the gate, so with six there it is refused."""
    s = waiting_at_the_gate(hand=("M1", "M2", "M3", "M4", "L1", "L2"))
    s = act(s, "S", "reinforce", cards=["M2", "M3", "M4", "L1", "L2"])
    assert refused(s, "S", "recruit", card="L3", quadrant="fools").code == "limit"
    assert refused(s, "S", "tavern", quadrant="fools").code == "limit"


def test_the_gate_keeps_a_place_for_each_volunteer_owed_to_it():
    """Lines 418 and 422: "A maximum of 6 Runners in total are allowed at a Start Gate"; "(Any
    Volunteers recruited in this way must be sent immediately to assist in completing the Spell
    Run)". With four at the gate and L1 recruited for it, sending two others from the hand would
    leave L1 owed with no place: refused; one other and L1 fit."""
    s = waiting_at_the_gate(hand=("M1", "M2", "M3", "M4", "L2", "L3"))
    s = act(s, "S", "reinforce", cards=["M2", "M3", "M4"])
    s = roll(act(s, "S", "recruit", card="L1", quadrant="fools"), 4)  # Charm 2 + 4 = 6
    assert len(s.run_of("S").runners) == 4 and "L1" in s.player("S").hand
    why = refused(s, "S", "reinforce", cards=["L2", "L3"])
    assert why.code == "limit" and "L1" in why.message
    s = act(act(s, "S", "reinforce", cards=["L2"]), "S", "reinforce", cards=["L1"])
    assert len(s.run_of("S").runners) == 6 and act(s, "S", "end_turn").seat == "N"


def test_a_final_spell_walked_home_may_recruit_on_the_way_and_keep_them():
    """Line 426: "'On their next turn' they can begin to move their playing piece back to their
    Start Gate ... They can, if they wish to do so, stop along the way to collect money, or recruit
    Volunteers etc." The obligation of line 422 is a waiting run's, not the final walk's."""
    s = game(hands={"S": ("L2",)}, S={"returned": ("s1", "s2", "s3", "s4")})
    s = act(act(s, "S", "spell_run", spell="s5", cards=["L2"], route=["fools"]), "N", "end_turn")
    s = roll(act(act(s, "S", "walk"), "S", "recruit", card="L1", quadrant="fools"), 4)
    assert act(s, "S", "end_turn").player("S").hand == ("L1",)


def test_a_run_left_without_runners_fails_and_a_new_one_waits_for_the_next_turn():
    """Line 599: "If they have no remaining Runners, the Spell Run fails and they may begin a new
    Spell Run on their next turn.\""""
    s = planted(game(hands={"S": ("L2", "L1")}), "N", ("B1", "fools"))
    s = act(s, "S", "spell_run", spell="s1", cards=["L2"], route=["fools"])
    s = roll(act(s, "N", "sabotage", card="B1", how="alter"), 2)  # loyalty 4 + 2 < 7: L2 joins N
    s = act(s, "N", "replant")
    assert s.run_of("S") is None and s.seat == "S"
    why = refused(s, "S", "spell_run", spell="s1", cards=["L1"], route=["fools"])
    assert why.code == "once" and "next turn" in why.message
    s = act(act(s, "S", "end_turn"), "N", "end_turn")
    assert act(s, "S", "spell_run", spell="s1", cards=["L1"], route=["fools"]).run_of("S") is not None


def test_a_saboteur_recalled_before_summoning_leaves_the_turn_to_the_summons():
    """Line 683: "If a player has only two Brethren in their hand, they may recall a planted
    Saboteur to their hand before summoning a Dragon. Subsequently they then have to wait until
    their next turn to re-plant a Saboteur.\""""
    s = planted(game(hands={"S": ("B1", "B2")}), "S", ("B3", "thieves"))
    s = act(s, "S", "recall", card="B3")
    assert refused(s, "S", "plant", card="B1", quadrant="thieves").code == "too_late"
    s = act(s, "S", "summon", quadrant="thieves", cards=["B1", "B2", "B3"], dragon="D1")
    assert s.dragons == (("thieves", "D1"),)


def test_after_the_call_a_player_with_an_empty_hand_recalls_a_saboteur_to_fight():
    """Line 687: "If the Grand Master summons a Dragon all players must select one Volunteer from
    their hand to fight the Dragon. Each may be equipped with one Item. (This may mean recalling a
    planted Saboteur if they have no available Volunteers in their hand).\""""
    s = planted(game(3, hands={"S": ("B1", "B2", "B3")}, N={"items": ("CLUB",)}), "N", ("B4", "thieves", "HELM"))
    s = act(s, "S", "call")
    assert s.prompt.kind == "muster" and s.prompt.seats == ("S", "N")  # W holds nobody at all
    assert refused(s, "N", "send").code == "limit"  # must send one
    s = act(act(s, "S", "send", cards=["B1"]), "N", "send", cards=["B4"], items={"B4": "HELM"})
    assert s.player("N").saboteurs == () and ("N", "B4", "HELM") in s.fight.sent
    assert s.player("N").items == ("CLUB",)
    has_hand = planted(game(3, hands={"S": ("B1", "B2", "B3"), "N": ("M1",)}), "N", ("B4", "thieves"))
    has_hand = act(has_hand, "S", "call")
    assert refused(has_hand, "N", "send", cards=["B4"]).code == "not_in_hand"  # from the hand first


def test_a_natural_8_on_a_charm_roll_wins_the_chosen_volunteer_whatever_the_total():
    """Line 287: "If they roll a Natural 8 on the die when making a Charm Roll, it means their
    impassioned plea for support has not only won over the chosen Volunteer, but others around
    them have gathered to listen. That player may lift another Volunteer card from the same
    Volunteer deck\". L3's Charm is 9; S's Charm 0 + 8 is 8."""
    s = roll(act(game(S={"charm": 0}), "S", "recruit", card="L3", quadrant="fools"), 8)
    assert s.player("S").hand == ("L3",) and s.last.passed and s.bonus == "lords"
    s = roll(act(s, "S", "recruit", card="L2", quadrant="fools"), 7)  # 0 + 7 against 7: joins as any roll
    assert s.player("S").hand == ("L3", "L2")


def test_the_final_challenge_rolls_guild_after_a_failed_magic_roll():
    """Lines 432-436: "first rolling the die and adding the result to their character's current
    Magic Level and then roll again and add the result to their character's current Guild Level.
    They must achieve a score of 9 or above in both cases ... If either roll fails, they must wait
    and re-attempt only the failed roll on their next turn.\""""
    s = game(hands={"S": ("L1",)}, S={"returned": ("s1", "s2", "s3", "s4")})
    s = act(act(s, "S", "spell_run", spell="s5", cards=["L1"], route=["fools"]), "N", "end_turn")
    s = roll(act(act(s, "S", "walk"), "S", "challenge"), 3)  # Magic 2 + 3 = 5: failed
    assert s.seat == "S" and s.pending.get("stat") == "guild"  # then roll again, for Guild
    s = roll(s, 7)  # Guild 2 + 7 = 9: passed, and kept
    assert s.seat == "N" and s.run_of("S").passed == ("guild",)
    s = act(act(s, "N", "end_turn"), "S", "challenge")
    assert s.pending.get("stat") == "magic"
    assert roll(s, 7).winners == ("S",)


def test_one_stop_a_turn_a_volunteer_tile_or_a_spell_tile():
    """Line 229: "There are certain tiles on the playing board where players 'must stop' on to
    perform specific actions": a Volunteer tile or Tavern, a Great Spell tile, a Hospital. A piece
    moves "up to a maximum of 6 spaces per turn" (line 222) and stops once."""
    s = roll(act(game(hands={"S": ("M1",)}), "S", "recruit", card="L1", quadrant="fools"), 5)
    assert refused(s, "S", "spell_run", spell="s1", cards=["M1"], route=["fools"]).code == "once"
    s = act(game(hands={"S": ("M1", "L1")}), "S", "spell_run", spell="s1", cards=["M1"], route=["fools"])
    assert refused(s, "S", "recruit", card="L2", quadrant="fools").code == "once"
    assert refused(s, "S", "tavern", quadrant="fools").code == "once"
    s = roll(act(s, "S", "challenge"), 6)  # the spell is returned on this turn
    assert s.run_of("S") is None and s.player("S").returned == ("s1",)
    assert refused(s, "S", "spell_run", spell="s2", cards=["L1"], route=["fools"]).code == "once"


def test_every_player_with_a_saboteur_in_the_quadrant_rolls_the_tie_break_striking_or_not():
    """Line 583: "If there is more than one Saboteur active 'in the same Quadrant', all players with
    a Saboteur in the Quadrant must make a Guild Test. Only the Player with the Highest Result may
    attempt to sabotage the Spell Run.\""""
    s = planted(planted(game(3, hands={"S": ("L2",)}), "W", ("B1", "fools")), "N", ("B2", "fools"))
    s = act(s, "S", "spell_run", spell="s1", cards=["L2"], route=["fools"])
    s = act(act(s, "W", "sabotage", card="B1", how="alter"), "N", "let_pass")
    assert s.pending.kind == "tiebreak" and s.pending.seat == "W"
    passed = roll(s, 2, 5)  # N, who let it pass, rolls highest: nobody strikes
    assert passed.pending is None and passed.prompt is None and passed.run_of("S").at_gate
    struck = roll(s, 5, 2)  # W rolls highest and strikes
    assert struck.pending.kind == "loyalty" and struck.pending.get("attacker") == "W"
    elsewhere = planted(planted(game(3, hands={"S": ("L2",)}), "W", ("B1", "fools")), "N", ("B2", "thieves"))
    elsewhere = act(elsewhere, "S", "spell_run", spell="s1", cards=["L2"], route=["fools"])
    elsewhere = act(act(elsewhere, "W", "sabotage", card="B1", how="alter"), "N", "let_pass")
    assert elsewhere.pending.kind == "loyalty"  # N's saboteur is not in the quadrant: no tie-break


def test_the_summoner_may_send_volunteers_against_its_own_dragon_or_none():
    """Line 695: "If a player holds three Brethren Volunteers and chooses to summon a Dragon they
    do not have to send a Volunteer to face it. All other players must immediately send a
    Volunteer to fight the Dragon as above.\""""
    s = game(hands={"S": ("B1", "B2", "B3", "M1"), "N": ("L2",)})
    s = act(s, "S", "summon", quadrant="thieves", cards=["B1", "B2", "B3"], dragon="D1")
    assert s.prompt.seats == ("N", "S")
    assert refused(s, "N", "send").code == "limit"  # N must send one
    sent = act(act(s, "N", "send", cards=["L2"]), "S", "send", cards=["M1"])
    assert {c for _, c, _ in sent.fight.sent} == {"L2", "M1"} and sent.pending.kind == "dragon"
    none = act(act(s, "N", "send", cards=["L2"]), "S", "send")
    assert [c for _, c, _ in none.fight.sent] == ["L2"] and none.pending.kind == "dragon"


def test_once_the_spell_is_returned_a_volunteer_recruited_on_that_turn_is_the_players_to_keep():
    """Line 422's obligation lasts while the run waits: once the spell is returned, its runners
    discarded ("Discard their Runners", line 400; "placed in the relevant discard pile", line
    804), the natural 8's extra volunteer recruited on that turn is the player's own."""
    s = roll(act(waiting_at_the_gate(), "S", "recruit", card="L1", quadrant="fools"), 8)  # and one more
    s = roll(act(act(s, "S", "reinforce", cards=["L1"]), "S", "challenge"), 7)  # 4 + 2 + 7 = 13
    assert s.run_of("S") is None and s.player("S").returned == ("s1",) and s.discards == ("L1", "M1")
    assert refused(s, "S", "recruit", card="L1", quadrant="fools").code == "wrong_card"  # in the pile
    s = roll(act(s, "S", "recruit", card="L2", quadrant="fools"), 5)  # the natural 8's extra volunteer
    assert s.player("S").hand == ("L2",) and act(s, "S", "end_turn").seat == "N"
