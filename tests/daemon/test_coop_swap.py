"""The co-op swap on the board: tap a report card, choose the jacquard to discard (NEXT/PREV
and PLAY, or tap it), then the lifted jacquard is previewed; BACK cancels; refusals flash red
with the engine's message."""

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.board_play.swap_flow import shown_mask
from clacks_hw.game.clacks.state import Report
from clacks_hw.game.core.values import replace
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig

TABLE = (Report("I04", "J01", True), Report("I06", "J15", True),  # FOG, BANSHEE ON THE LINE
         Report("L04", "J29", False), Report("L02", "J45", False))  # TEA BREAK, SPARE PARTS


def race(tmp_path, mode="race", seats=("S", "N"), variants=()):
    rig = Rig(tmp_path, FakeClock(0.0), seed=5)
    rig.start_mode(mode, seats=seats, variants=variants)
    s = rig.state
    p = s.player(s.turn.seat)
    s = s.with_player(replace(p, hand=("J30", "J33"), hand_count=2))
    rig.ctrl.session.state = replace(s, reports=TABLE)
    return rig


def test_tapping_a_report_card_asks_which_jacquard_goes(tmp_path):
    rig = race(tmp_path)
    before = rig.state
    rig.tap("I04")
    flow = rig.ctrl.swap
    assert flow is not None and flow.step == "discard" and flow.candidate == "J30"
    shown = rig.ctrl.view(rig.clock.now()).preview
    assert shown.act == "discard" and shown.mask == shown_mask(EDITION, "J30")
    t = shown.since + 0.1
    frame = render(rig.ctrl.view(t), t)
    assert all(frame.lamp(i) == P.DISCARD for i in range(16) if shown.mask >> i & 1)
    rig.press("NEXT")
    assert rig.ctrl.swap.candidate == "J33"
    rig.press("PREV")
    assert rig.ctrl.swap.candidate == "J30"
    assert rig.state is before  # nothing sent yet


def test_play_discards_the_shown_jacquard_and_previews_the_lifted_one(tmp_path):
    rig = race(tmp_path)
    seat = rig.state.turn.seat
    po = rig.state.post_office
    rig.tap("I04")
    rig.press("NEXT")
    rig.press("PLAY")  # discard J33: FOG needs no choice, the swap is sent
    s = rig.state
    assert rig.ctrl.swap is None
    assert s.turn.swapped and s.turn.lifted == "J01" and "J33" in s.discard
    assert s.player(seat).hand == ("J30", "J01") and s.post_office == po + 2
    pv = rig.ctrl.preview
    assert pv is not None and pv.act == "play" and pv.card == "J01"  # must be played this turn
    rig.press("PLAY")
    assert "J01" in rig.state.turn.played or rig.state.turn.seat != seat


def test_tapping_the_jacquard_picks_it(tmp_path):
    rig = race(tmp_path)
    rig.tap("L04")
    rig.tap("J33")
    s = rig.state
    assert s.turn.swapped and s.turn.lifted == "J29" and "J33" in s.discard
    assert s.turn.card_cost == 1  # lifting from a Log card costs a point
    assert rig.ctrl.preview.card == "J29"


def test_back_cancels_the_swap(tmp_path):
    rig = race(tmp_path)
    before = rig.state
    rig.tap("I04")
    rig.press("BACK")
    assert rig.ctrl.swap is None and rig.ctrl.view(rig.clock.now()).preview is None
    assert rig.state is before
    rig.tap("L02")
    rig.press("PLAY")  # discard J30; SPARE PARTS asks for a lamp
    assert rig.ctrl.swap.step == "choice"
    rig.press("BACK")
    assert rig.ctrl.swap is None and rig.state is before


def test_long_distance_never_shows_nor_names_the_hidden_hand(tmp_path):
    # The hand is hidden from the table: the player taps the jacquard they discard, and the
    # lamps and the notices show none of the hand meanwhile.
    rig = race(tmp_path, variants=("long_distance",))
    said = len(rig.reports)
    rig.tap("I04")
    flow = rig.ctrl.swap
    assert flow is not None and flow.step == "discard" and flow.candidate is None
    assert rig.ctrl.view(rig.clock.now()).preview is None
    rig.press("NEXT")
    assert rig.ctrl.view(rig.clock.now()).preview is None
    told = " ".join(rig.reports[said:])
    assert "tap the jacquard you discard" in told
    assert "J30" not in told and "J33" not in told
    rig.tap("J33")
    s = rig.state
    assert s.turn.swapped and s.turn.lifted == "J01" and "J33" in s.discard


def test_a_jacquard_not_in_hand_is_refused_and_the_swap_waits(tmp_path):
    rig = race(tmp_path)
    rig.tap("I04")
    rig.tap("J40")
    assert rig.flashing_red and "not in" in rig.ctrl.message
    assert rig.ctrl.swap is not None and rig.ctrl.swap.step == "discard"


def test_a_second_swap_is_refused_with_the_engines_message(tmp_path):
    rig = race(tmp_path)
    rig.tap("I04")
    rig.press("PLAY")
    before = rig.state
    rig.press("BACK")  # leave the lifted jacquard's preview for now
    rig.tick(1.0)
    rig.tap("L04")
    assert rig.ctrl.swap is None and rig.state is before
    assert rig.flashing_red and rig.ctrl.message == "Only one swap is allowed each turn."


def test_end_refused_until_the_lifted_jacquard_is_played(tmp_path):
    rig = race(tmp_path)
    rig.tap("I04")
    rig.press("PLAY")
    rig.press("BACK")
    seat = rig.state.turn.seat
    rig.press("PLAY")  # end the turn: refused
    assert rig.state.turn.seat == seat and "must be played" in rig.ctrl.message


def test_solitaire_swaps_too(tmp_path):
    rig = race(tmp_path, mode="solitaire", seats=("S",))
    rig.tap("I04")
    rig.press("PLAY")
    assert rig.state.turn.swapped and rig.ctrl.preview.card == "J01"


def test_report_cards_mean_nothing_in_competitive_and_junior(tmp_path):
    for mode, seats in (("competitive", ("S", "N")), ("junior_race", ("S", "W"))):
        rig = Rig(tmp_path / mode, FakeClock(0.0), seed=5)
        rig.start_mode(mode, seats=seats)
        before = rig.state
        rig.tap("I04")
        assert rig.ctrl.swap is None and rig.state is before and rig.flashing_red
