"""Renderer frames for the team and junior games: the route on the button LEDs, the Post Office
on the seat indicators, both junior players' progress, co-op game over, swap and reveal cues."""

from clacks_hw.daemon import palette as P
from clacks_hw.game.clacks.board_play.play import ClacksPlay
from clacks_hw.game.clacks.board_play.preview import Preview
from clacks_hw.daemon.renderer import animation_deadline, render
from clacks_hw.daemon.view import View
from clacks_hw.drivers.frame import TOWERS
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.values import replace
from tests.fakes.daemon_rig import EDITION
from tests.support.route_leds import junior_leds, route_leds


def race(seats=("S", "W", "N")):
    words = {"team": ("GUILD", "VIMES")}
    return new_game(EDITION, ClacksConfig(seats=seats, words=words, seed=1, mode="race"))


def junior():
    words = {"S": ("AHMED", "COHEN"), "W": ("BINKY", "DEATH")}
    return new_game(EDITION, ClacksConfig(seats=("S", "W"), words=words, seed=1, mode="junior_race"))


def lit(frame):
    return [t for t in TOWERS if frame.tower(t) != P.OFF]


def test_no_pawns_the_buttons_are_the_route_one_more_per_signal():
    s = race()
    for sent in (0, 1, 6, 7, 11, 12):
        frame = render(View("game", replace(s, signals_sent=sent)), 0.0)
        assert lit(frame) == list(TOWERS[:sent])  # R1..R6, then G1..G6
        assert all(frame.tower(t) == P.ROUTE for t in lit(frame))


def test_a_longer_message_is_scaled_to_the_twelve_towers():
    assert len(route_leds(7, 14)) == 6 and len(route_leds(14, 14)) == 12 and route_leds(0, 14) == {}


def test_seat_indicators_go_from_green_to_red_as_the_post_office_nears_genua():
    s = race()
    goal = s.post_office_goal
    seat = s.turn.seat
    colours = [render(View("game", replace(s, post_office=po)), 0.0).seat(seat) for po in (0, goal // 2, goal - 1)]
    assert colours[0] == P.PO_FAR
    reds = [c[0] for c in colours]
    greens = [c[1] for c in colours]
    assert reds == sorted(reds) and greens == sorted(greens, reverse=True)
    frame = render(View("game", replace(s, post_office=goal // 2)), 0.0)
    others = [x for x in s.config.seats if x != seat]
    assert all(sum(frame.seat(x)) < sum(frame.seat(seat)) and frame.seat(x) != P.OFF for x in others)
    assert frame.seat("E") == P.OFF  # not playing


def test_game_over_blinks_the_team_green_or_the_post_office_red():
    s = race(("S", "N"))
    won = render(View("over", replace(s, winner="team"), screen_since=0.0), 0.1)
    lost = render(View("over", replace(s, winner="post_office"), screen_since=0.0), 0.1)
    assert won.seat("S") == won.seat("N") == P.TEAM_WON
    assert lost.seat("S") == lost.seat("N") == P.PO_WON
    assert render(View("over", replace(s, winner="team"), screen_since=0.0), 0.6).seat("S") == P.OFF


def test_junior_each_players_route_on_the_buttons_of_their_colour():
    s = junior()
    s = s.with_player(replace(s.player("S"), sent=3)).with_player(replace(s.player("W"), sent=12))
    frame = render(View("game", s), 0.0)
    assert frame.tower("R1") == P.SEAT["S"]  # towers 1 and 2
    assert frame.tower("R2") == P.scale(P.SEAT["S"], P.JUNIOR_HALF)  # tower 3 of 3-4
    assert all(frame.tower(f"R{k}") == P.OFF for k in range(3, 7))
    assert all(frame.tower(f"G{k}") == P.SEAT["W"] for k in range(1, 7))  # Genua
    assert junior_leds("W", 0, 12) == {} and len(junior_leds("N", 12, 12)) == 6


def test_a_swap_shows_the_jacquard_to_discard_in_orange():
    s = race()
    pv = Preview("S", "discard", "J30", (0b0011,), since=0.0)
    play = ClacksPlay()
    play.preview = pv  # what a swap's discard step shows
    frame = render(View("game", s, play=play), 0.1)
    assert frame.lamp(0) == frame.lamp(1) == P.DISCARD
    assert render(View("game", s, play=play), 0.5).lamp(0) != P.DISCARD


def test_a_waiting_reveal_blinks_the_choosing_seat():
    s = replace(race(), pending=("F03",), pending_seat="N", pending_chained=(False,))
    assert render(View("game", s), 0.1).seat("N") == P.PENDING
    assert render(View("game", s), 0.5).seat("N") == P.OFF
    assert animation_deadline(View("game", s), 0.1) == 0.4
