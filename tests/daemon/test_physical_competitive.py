"""Physical hands, competitive: players tap cards the engine never dealt; a card in the
discard pile is refused with a red flash and the engine's message."""

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import render
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def physical(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, hands="physical")
    rig.start_game()
    assert rig.state.config.hands == "physical"
    assert all(p.hand == () and p.hand_count == 3 for p in rig.state.players)
    return rig


def move_first(rig):
    seat = rig.state.turn.seat
    rig.press("R2" if seat in "SN" else "G3")


def test_a_card_the_engine_never_dealt_is_previewed_and_played(tmp_path):
    rig = physical(tmp_path)
    seat = rig.state.turn.seat
    move_first(rig)
    rig.tap("J05")
    pv = rig.ctrl.preview
    assert pv is not None and pv.card == "J05" and pv.affordable
    board = rig.state.board
    rig.press("PLAY")
    s = rig.state
    assert "J05" in s.discard and s.board == board ^ pv.choice
    assert s.player(seat).hand_count == 2 or s.turn.seat != seat


def test_a_card_in_the_discard_pile_is_refused_with_the_engines_message(tmp_path):
    rig = physical(tmp_path)
    first = rig.state.turn.seat
    move_first(rig)
    rig.tap("J05")
    rig.press("PLAY")
    if rig.state.turn.seat == first:
        rig.press("PLAY")  # end the turn
    assert rig.state.turn.seat != first
    rig.tick(1.0)
    before = rig.state
    rig.tap("J05")  # the next player taps the card that was played
    assert rig.ctrl.preview is None and rig.state is before
    assert "discard pile" in rig.ctrl.message
    now = rig.clock.now()
    assert render(rig.ctrl.view(now), now).seat("S") == P.ERROR


def test_a_whole_physical_turn_then_the_other_player(tmp_path):
    rig = physical(tmp_path)
    first = rig.state.turn.seat
    move_first(rig)
    rig.tap("J12")
    rig.press("PLAY")
    if rig.state.turn.seat == first:
        rig.press("PLAY")  # end the turn
    assert rig.state.turn.seat != first
    second = rig.state.turn.seat
    move_first(rig)
    rig.tap("J20")
    rig.press("PLAY")
    assert "J20" in rig.state.discard and "J12" in rig.state.discard
    assert rig.state.turn.seat == second or rig.state.turn.seat == first
