"""The ledger: the Guild House, attribute points, Wanted rewards, Hospitals, the Watch House,
the Pox, and a stopped game's ranking."""

from __future__ import annotations

from tests.guards.conftest import act, game, refused, roll


def test_guild_house_pays_3_and_sells_at_most_2_points_at_8_each():
    """"If you pass through your home Guild House Tile on your turn you may collect payment of 3
    Dollars. You may also buy Attribute points at a cost of 8 dollars each. (maximum 2 points per
    visit)"; "A player may collect payment and buy attribute points on the same turn\""""
    s = act(game(S={"dollars": 13}), "S", "guild_house", collect=True, buy=["magic", "charm"])
    p = s.player("S")
    assert (p.dollars, p.magic, p.charm) == (13 + 3 - 16, 3, 3)
    assert refused(game(S={"dollars": 10}), "S", "guild_house", buy=["magic", "guild"]).code == "no_money"


def test_not_on_two_consecutive_turns_nor_when_sent_home():
    """"You may not do either on 2 consecutive turns"; "or if they are forced to return to their
    Guild House by a Fate card or by another player.\""""
    s = act(game(), "S", "guild_house", collect=True)
    assert refused(s, "S", "guild_house", collect=True).code == "once"
    s = act(act(s, "S", "end_turn"), "N", "end_turn")
    assert refused(s, "S", "guild_house", collect=True).code == "once"  # S's very next turn
    s = act(act(act(s, "S", "end_turn"), "N", "end_turn"), "S", "guild_house", collect=True)
    assert s.player("S").dollars == 5 + 3 + 3
    home = act(game(), "N", "sent", target="S", to="guild_house")
    assert refused(home, "S", "guild_house", collect=True).code == "once"


def test_a_dragon_in_the_guild_quadrant_stops_the_payment():
    s = game()._replace(dragons=(("fools", "D2"),))
    assert refused(s, "S", "guild_house", collect=True).code == "dragon"


def test_wanted_volunteers_fetch_their_bribe_plus_one():
    """"turn in the Volunteer to claim a reward equal to the 'Bribe Value + 1 dollar'"; the worked
    example: "This Volunteer has a bribe value of 4 which means he can be turned in at a Watch
    House for a reward of 5 dollars." (M3's bribe is 4.)"""
    s = act(game(hands={"S": ("M3", "L1")}), "S", "turn_in", cards=["M3"])
    assert s.player("S").dollars == 10 and s.player("S").hand == ("L1",)
    assert refused(game(hands={"S": ("L1",)}), "S", "turn_in", cards=["L1"]).code == "wrong_card"


def test_private_care_costs_a_dollar_an_ailment_and_the_next_turn_is_normal():
    """"pay for Private Health Care (At a cost of 1 dollar per ailment) ... if they have the Pox
    and get hit by the Luggage before they are cured, their private health care will cost 2
    dollars.\""""
    s = game(S={"pox": True})
    s = act(s, "N", "sent", target="S", to="hospital")  # the Luggage hits S: S's turn ends
    assert s.seat == "N" and s.player("S").confined == "hospital"
    s = act(s, "N", "end_turn")
    assert refused(s, "S", "recruit", card="L1", quadrant="fools").code == "confined"
    s = act(s, "S", "hospital", pay=True)
    p = s.player("S")
    assert (p.dollars, p.pox, p.injuries, p.confined, s.seat) == (3, False, 0, "", "S")


def test_the_city_health_service_is_for_those_with_no_money_and_takes_a_turn():
    """"or, if they have no money: 2. trust their care to the City Health Service ... (Their
    current turn ends and they miss their next turn)\""""
    assert refused(game(S={"pox": True}), "S", "hospital", pay=False).code == "limit"
    s = act(game(S={"pox": True, "dollars": 0}), "S", "hospital", pay=False)
    assert s.seat == "N" and not s.player("S").pox
    s = act(s, "N", "end_turn")
    assert (s.seat, s.number, s.round) == ("N", 4, 2)  # turn 3, S's, was missed


def test_the_watch_house_charm_7_or_bail_2_or_a_missed_turn():
    """"On their next turn they can attempt to either talk their way out by making a 'Charm Roll
    of 7' or higher, or failing that pay bail of 2 dollars. If they cannot do either, they simply
    stay in jail and miss one turn.\""""
    s = act(game(), "S", "sent", target="S", to="watch_house")
    assert s.seat == "N"
    s = act(s, "N", "end_turn")
    s = roll(act(s, "S", "charm_out"), 5)  # 2 + 5 = 7
    assert s.player("S").confined == ""
    s = roll(act(act(act(s, "S", "sent", target="S", to="watch_house"), "N", "end_turn"), "S", "charm_out"), 4)
    assert s.player("S").confined == "watch"
    assert refused(s, "S", "charm_out").code == "once"
    assert act(s, "S", "bail").player("S").dollars == 3
    broke = roll(act(act(act(game(S={"dollars": 1}), "S", "sent", target="S", to="watch_house"), "N", "end_turn"),
                     "S", "charm_out"), 1)
    assert refused(broke, "S", "bail").code == "no_money"
    broke = act(broke, "S", "end_turn")
    assert broke.player("S").confined == ""


def test_the_pox_passes_between_neighbours_either_way():
    """"All a player needs to do is land or pass 'within one tile of an opponent' and they
    automatically pass on the Pox ... This rule also applies if a non-infected player (during
    their turn), passes or lands within one tile of an infected player.\""""
    s = act(game(N={"pox": True}), "S", "infect", target="N")
    assert s.player("S").pox
    assert refused(game(), "S", "infect", target="N").code == "limit"


def test_challenge_points_are_spent_on_any_attribute():
    s = act(game(S={"points": 1}), "S", "spend", attribute="guild")
    assert s.player("S").guild_level == 3 and s.player("S").points == 0
    assert refused(s, "S", "spend", attribute="guild").code == "limit"


def test_a_stopped_game_is_ranked_by_spells_then_dollars():
    """"stopping play at any time and judging the winner by; firstly the number of Spells
    collected; and then (or if this is tied between players) by the amount of Dollars\""""
    s = game(3, S={"returned": ("s1",), "dollars": 1}, W={"returned": ("s1",), "dollars": 9},
             N={"dollars": 30})
    s = act(s, "N", "stop")
    assert s.over and s.winners == ("W",)
    tie = act(game(S={"dollars": 7}, N={"dollars": 7}), "S", "stop")
    assert tie.winners == ("S", "N")


def test_a_guild_ability_is_a_guild_test_of_6_on_another_players_turn():
    """"Guild Abilities cannot be used during a Player's own turn." "They then make a Guild test of
    6 or more by rolling the die and adding the current Guild Skill Value" (Guild Abilities); "While
    in a Hospital players may not use, or be targeted by Magic or Guild abilities.\""""
    s = act(game(), "N", "ability", target="S")
    assert s.pending.kind == "ability" and s.pending.seat == "N" and s.pending.target == 6
    s = roll(s, 4)
    assert s.last.passed and s.last.total == 6 and s.seat == "S"
    assert refused(s, "N", "ability", target="S").code == "once"
    assert refused(game(), "S", "ability", target="N").code == "once"
    assert refused(game(S={"confined": "hospital"}), "N", "ability", target="S").code == "confined"


def test_a_scroll_is_a_magic_test_against_its_target_plus_the_targets_defence():
    """The worked example: "If a Scroll's Target Value is 5 and the player they are attempting to
    cast it against has a +2 to defend against Magic; the attacking player requires a total from
    their die roll plus their current Magic Skill Level of 7 or higher to succeed in casting the
    Scroll." A cast scroll is discarded; a failed one kept, but "Players may not attempt to cast
    the same Scroll twice on the same turn." (L3 defends +2 against Magic; the Hex's target is 5.)"""
    s = act(game(hands={"N": ("L3",)}), "S", "buy", item="HEX", quadrant="fools")
    assert s.player("S").scrolls == ("HEX",) and s.player("S").dollars == 3
    s = act(s, "S", "cast", item="HEX", target="N")
    assert s.pending.kind == "cast" and s.pending.target == 7 and s.pending.base == 2
    failed = roll(s, 4)  # 6 < 7: kept
    assert failed.player("S").scrolls == ("HEX",)
    assert refused(failed, "S", "cast", item="HEX", target="N").code == "once"
    cast = roll(s, 5)
    assert cast.last.passed and cast.player("S").scrolls == ()
    assert refused(game(), "S", "cast", item="HEX").code == "not_in_hand"


def test_items_and_scrolls_are_bought_alike_once_each_for_their_price():
    """An Item at a shop and a Scroll at a Temple: bought for the price on the card, not while
    somebody has it, never with too little money, never "in the affected quadrant" of a dragon."""
    for ware, price, held, doing in (("CLUB", 3, "items", "buy an Item"), ("HEX", 2, "scrolls", "buy a Scroll")):
        s = act(game(), "S", "buy", item=ware, quadrant="fools")
        assert getattr(s.player("S"), held) == (ware,) and s.player("S").dollars == 5 - price
        assert "somebody has it" in refused(s._replace(seat="N"), "N", "buy", item=ware, quadrant="fools").message
        poor = refused(game(S={"dollars": price - 1}), "S", "buy", item=ware, quadrant="fools")
        assert poor.code == "no_money" and f"costs {price} dollars" in poor.message
        dragon = refused(game()._replace(dragons=(("fools", "D2"),)), "S", "buy", item=ware, quadrant="fools")
        assert dragon.code == "dragon" and doing in dragon.message
    assert refused(game(), "S", "buy", item="NOPE", quadrant="fools").code == "unknown_card"
