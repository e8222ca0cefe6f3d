"""Dragons (How Dragons come into play; Fighting a Dragon; The Dragons Win!)."""

from __future__ import annotations

from tests.guards.conftest import act, game, refused, roll


def test_three_brethren_summon_a_dragon_and_everybody_else_must_fight_it():
    """"take a random Dragon card and place it on a Guild House of their choice and discard one
    Brethren Volunteer card from their hand"; "If a player holds three Brethren Volunteers and
    chooses to summon a Dragon they do not have to send a Volunteer to face it. All other players
    must immediately send a Volunteer to fight the Dragon\""""
    s = game(3, hands={"S": ("B1", "B2", "B3"), "W": ("M1",), "N": ("B4",)})
    s = act(s, "S", "summon", quadrant="thieves", cards=["B1", "B2", "B3"], dragon="D1")
    assert s.dragons == (("thieves", "D1"),) and s.player("S").hand == ("B2", "B3")
    assert s.prompt.kind == "muster" and s.prompt.seats == ("W", "N", "S")  # S may send none
    s = act(act(act(s, "W", "send", cards=["M1"]), "N", "send", cards=["B4"]), "S", "send")
    # "The 'player who has sent the Volunteer with the highest Brawl' rolls": N (B4, 6)
    assert s.pending.kind == "dragon" and s.pending.seat == "N" and s.pending.base == 2 + 6
    assert s.pending.target == 15
    won = roll(s, 7)
    assert won.dragons == () and won.player("W").hand == ("M1",) and won.player("W").dollars == 6
    assert won.seat == "W"  # summoning took S's whole turn


def test_a_failed_brawl_means_toughness_tests_against_the_dragons_brawl():
    """"if they fail to wound the Dragon, each Volunteer must make a Toughness test against the
    Dragon's Brawl Value. Any Volunteers who fail must be discarded from the players' hands. The
    Dragon remains in play." Dragon 1's Brawl is 7."""
    s = game(3, hands={"S": ("B1", "B2", "B3"), "W": ("M1",), "N": ("B4",)})
    s = act(s, "S", "summon", quadrant="thieves", cards=["B1", "B2", "B3"], dragon="D1")
    s = roll(act(act(act(s, "W", "send", cards=["M1"]), "N", "send", cards=["B4"]), "S", "send"), 6)  # 14 < 15
    assert s.pending.kind == "scorch" and s.pending.seat == "W" and s.pending.target == 7
    s = roll(s, 4)  # M1: 2 + 4 = 6, discarded
    s = roll(s, 1)  # B4: 6 + 1, but a natural 1 fails
    assert s.player("W").hand == () and s.player("N").hand == () and s.dragons == (("thieves", "D1"),)


def test_one_dragon_per_quadrant_and_summoning_takes_the_whole_turn():
    """"There may only be one Dragon in a quadrant at any time." "This takes 'one full turn' the
    player may not move or take any other actions this round.\""""
    s = game(hands={"S": ("B1", "B2", "B3", "M1")})._replace(dragons=(("fools", "D2"),))
    assert refused(s, "S", "summon", quadrant="fools", cards=["B1", "B2", "B3"]).code == "quadrant"
    busy = roll(act(s, "S", "recruit", card="L1", quadrant="thieves"), 2)
    assert refused(busy, "S", "summon", quadrant="thieves", cards=["B1", "B2", "B3"]).code == "too_late"
    assert refused(s, "S", "summon", quadrant="thieves", cards=["B1", "B2", "M1"]).code == "wrong_card"


def test_players_may_fight_a_dragon_to_clear_the_quadrant():
    """"Players may choose to fight the Dragon again at any time to clear the quadrant." "A
    'maximum of 6 Volunteers' may face the Dragon at any one time." Dragon 2: toughness 16."""
    s = game(hands={"S": ("B4", "B2", "M1")}, S={"items": ("CLUB",)})._replace(dragons=(("alchemists", "D2"),))
    s = act(s, "S", "fight", quadrant="alchemists", cards=["B4", "B2"], items={"B4": "CLUB"})
    assert s.pending.base == 6 + 2 + 5 and s.pending.seat == "S"
    s = roll(s, 3)
    assert s.dragons == () and set(s.player("S").hand) == {"B4", "B2", "M1"} and s.player("S").dollars == 7
    assert s.player("S").items == ("CLUB",) and s.seat == "S"


def test_four_dragons_one_last_fight_and_losing_it_ends_the_game_for_everybody():
    """"If, at any time during the game, there is a Dragon in each of the four quadrants
    simultaneously, the players will have one chance to fight the final Dragon in the usual way.
    If they fail the game ends. - All players lose!\""""
    three = (("fools", "D1"), ("thieves", "D2"), ("alchemists", "D3"))
    s = game(hands={"S": ("B1", "B2", "B3"), "N": ("L2",)})._replace(dragons=three)
    s = act(s, "S", "summon", quadrant="assassins", cards=["B1", "B2", "B3"])
    assert s.fight.final and s.fight.dragon == "D4" and len(s.dragons) == 4
    s = act(act(s, "N", "send", cards=["L2"]), "S", "send")
    lost = roll(roll(s, 2), 6)  # 1 + 2 against toughness 18; then L2's toughness test
    assert lost.over and lost.ended == "dragons" and lost.winners == ()
    saved = roll(s._replace(pending=s.pending._replace(base=17)), 2)
    assert not saved.over and len(saved.dragons) == 3


def test_the_call_of_a_fate_card_brings_a_dragon_to_the_drawers_guild_house_or_the_next_clockwise():
    """"If more than two Brethren members are subsequently placed face up on the board, a Dragon is
    summoned. Take a random Dragon Card and place it on the home Guild House of the player who drew
    the Fate Card. If there is already a Dragon in the targeted Guild Quadrant, the new Dragon is
    summoned to the next available Guild House moving clockwise." The test box's quadrants run
    fools, thieves, alchemists, assassins clockwise; S holds the Fools."""
    from clacks_hw.game.guards.state import Saboteur

    two = game(hands={"S": ("B1",), "N": ("M1",)})
    two = two.with_player(two.player("N")._replace(saboteurs=(Saboteur("B2", "alchemists"),)))
    assert act(two, "S", "call").dragons == ()  # two Brethren are not more than two
    three = game(hands={"S": ("B1", "L1"), "N": ("B3", "M1")})
    three = three.with_player(three.player("N")._replace(saboteurs=(Saboteur("B2", "alchemists"),)))
    three = three._replace(dragons=(("fools", "D1"),))
    s = act(three, "S", "call")
    assert [q for q, _ in s.dragons] == ["fools", "thieves"] and s.prompt.kind == "muster"
    assert s.prompt.seats == ("S", "N")  # "all players must select one Volunteer"
