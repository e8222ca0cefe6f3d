"""The Junior Race on the board: a turn by presses and taps, both players' progress on the
button LEDs, and a whole game to its winner."""

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import render
from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig, coop_script, play_coop


def junior(tmp_path, seed=3):
    rig = Rig(tmp_path, FakeClock(0.0), seed=seed, flash_s=0.2)
    rig.start_mode("junior_race", seats=("S", "W"))
    return rig


def test_a_junior_turn_by_taps_and_presses(tmp_path):
    rig = junior(tmp_path)
    s = rig.state
    assert s.config.mode == "junior_race" and s.config.seats == ("S", "W")
    seat = s.turn.seat
    for _ in range(10):
        if rig.state.turn.seat != seat:
            break
        rig.do(coop_script(rig.state, rig.ctrl.view(rig.clock.now()).preview))
    assert rig.state.turn.seat != seat
    actions = [e.action for e in read_journal(rig.ctrl.session.path).entries]
    assert actions and {a.seat for a in actions} == {seat}
    assert actions[0].act == "play" and actions[-1].act in ("play", "end")
    now = rig.clock.now()
    frame = render(rig.ctrl.view(now), now)
    assert frame.seat(rig.state.turn.seat) == P.SEAT[rig.state.turn.seat]


def test_a_whole_junior_race_shows_both_routes_and_ends_with_the_winner(tmp_path):
    rig = junior(tmp_path)
    for _ in range(400):
        if rig.ctrl.screen != "game":
            break
        rig.do(coop_script(rig.state, rig.ctrl.view(rig.clock.now()).preview))
        now = rig.clock.now()
        frame = render(rig.ctrl.view(now), now)
        for p in rig.state.players:
            buttons = [f"{'R' if p.seat in 'SN' else 'G'}{k}" for k in range(1, 7)]
            full = sum(frame.tower(b) == P.SEAT[p.seat] for b in buttons)
            dim = sum(frame.tower(b) not in (P.OFF, P.SEAT[p.seat]) for b in buttons)
            assert 2 * full + dim == p.sent  # two route towers a button, 5-letter words
    assert rig.ctrl.screen == "over"
    final = rig.ctrl.session.state
    assert final.winner in ("S", "W")
    assert replay(read_journal(rig.ctrl.session.path), EDITION).state == final
    t = rig.ctrl.screen_since + 0.1
    assert render(rig.ctrl.view(t), t).seat(final.winner) == P.SEAT[final.winner]


def test_play_coop_plays_junior_too(tmp_path):
    rig = junior(tmp_path, seed=10)
    play_coop(rig)
    faults = [e.action for e in read_journal(rig.ctrl.session.path).entries if e.action.act == "fault"]
    assert rig.ctrl.screen == "over" and faults  # reveals on towers 3, 6, 9 chosen on the board
