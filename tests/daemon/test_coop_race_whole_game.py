"""A whole 2-player Race to Genua played on the board by button presses and card taps, with
swaps from an Incident Report and an Operator's Log card; the button LEDs follow the route."""

from clacks_hw.daemon.renderer import render
from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig, coop_script


def test_a_whole_race_with_swaps_and_the_route_on_the_buttons(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=9, flash_s=0.2)
    rig.start_mode("race", seats=("S", "N"))
    s = rig.state
    assert s.config.mode == "race" and s.config.seats == ("S", "N")
    wanted = [next(r.card for r in s.reports if r.card.startswith(k)) for k in "IL"]
    seats_seen = set()
    for _ in range(800):
        if rig.ctrl.screen != "game":
            break
        s = rig.state
        seats_seen.add(s.turn.seat)
        shown = rig.ctrl.view(rig.clock.now()).preview
        source = wanted[0] if wanted and shown is None and any(r.card == wanted[0] for r in s.reports) else None
        rig.do(coop_script(s, shown, source))
        if wanted and not any(r.card == wanted[0] for r in rig.ctrl.session.state.reports):
            wanted.pop(0)
        now = rig.clock.now()
        frame = render(rig.ctrl.view(now), now)
        lit = [t for t in ("R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2", "G3", "G4", "G5", "G6")
               if frame.tower(t) != (0, 0, 0)]
        if rig.ctrl.screen == "game":
            assert len(lit) == rig.state.signals_sent  # one more lit per signal sent
    assert wanted == [] and seats_seen == {"S", "N"}
    assert rig.ctrl.screen == "over"
    final = rig.ctrl.session.state
    assert final.over and final.signals_sent > 0
    journal = read_journal(rig.ctrl.session.path)
    assert replay(journal, EDITION).state == final
    swaps = [e.action for e in journal.entries if e.action.act == "swap"]
    assert sorted(a.source[0] for a in swaps) == ["I", "L"]
