"""Moves by tower buttons, ending a turn, transmission flash."""

from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.board import TOWER_BY_NAME
from clacks_hw.game.clacks.turns import signal_sent as transmitted
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig, script


def game(tmp_path, seed=3):
    rig = Rig(tmp_path, FakeClock(0.0), seed=seed)
    rig.start_game()
    return rig


def red(rig):
    return rig.state.turn.seat in ("S", "N")


def test_moves_are_tentative_until_a_jacquard(tmp_path):
    rig = game(tmp_path)
    a, b = ("R1", "R3") if red(rig) else ("G1", "G5")
    rig.press(a)
    assert rig.state.current.tower == TOWER_BY_NAME[a].index
    frame = render(rig.ctrl.view(rig.clock.now()), rig.clock.now())
    from clacks_hw.daemon.palette import SEAT

    assert frame.tower(a) == SEAT[rig.state.turn.seat]
    rig.press(b)
    assert rig.state.current.tower == TOWER_BY_NAME[b].index
    rig.tap(rig.state.current.hand[0])
    rig.press("PLAY")
    if not rig.state.turn.played:
        return  # that play transmitted and ended the turn
    rig.press(a)  # no moving after a jacquard
    assert rig.state.current.tower == TOWER_BY_NAME[b].index
    assert "cannot move" in rig.ctrl.message


def test_wrong_colour_button_is_rejected(tmp_path):
    rig = game(tmp_path)
    rig.press("G1" if red(rig) else "R1")
    assert rig.state.current.tower is None
    assert rig.ctrl.view(rig.clock.now()).error_since is not None


def test_play_without_preview_ends_the_turn_only_after_a_jacquard(tmp_path):
    rig = game(tmp_path)
    seat = rig.state.turn.seat
    rig.press("PLAY")
    assert rig.state.turn.seat == seat and "At least one jacquard" in rig.ctrl.message
    rig.press("R2" if red(rig) else "G3")
    rig.tap(rig.state.current.hand[0])
    rig.press("PLAY")
    if rig.state.turn.seat == seat:
        rig.press("PLAY")
    assert rig.state.turn.seat != seat


def test_transmission_flashes_the_tower_in_the_senders_colour(tmp_path):
    rig = game(tmp_path, seed=3)
    for _ in range(300):
        before = rig.state
        for kind, what in script(before):
            (rig.press if kind == "button" else rig.tap)(what)
        sent = transmitted(before, rig.state) if rig.state is not before else None
        if sent:
            break
    assert sent, "no transmission in 300 actions"
    flash = rig.ctrl.view(rig.clock.now()).flash
    assert flash is not None
    t = flash.since
    frame = render(rig.ctrl.view(t + 0.05), t + 0.05)
    from clacks_hw.daemon.palette import SEAT
    from clacks_hw.game.clacks.board import TOWERS

    lamps = [i for i in range(16) if TOWERS[sent[1]].mask >> i & 1]
    assert all(frame.lamp(i) == SEAT[sent[0]] for i in lamps)
    rig.tick(2.0)
    assert rig.ctrl.view(rig.clock.now()).flash is None
