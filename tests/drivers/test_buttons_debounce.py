"""The input layer: raw edges + a clock -> press, release, long_press and the reset chord."""

import pytest

from clacks_hw.drivers.debounce import BUTTONS, ButtonEvent, Debouncer
from clacks_hw.testing.clock import FakeClock


@pytest.fixture
def rig():
    clock = FakeClock(0.0)
    events: list[ButtonEvent] = []
    deb = Debouncer(BUTTONS, events.append, debounce_s=0.03, long_press_s=3.0)

    def edge(name, pressed, after=0.0):
        clock.advance(after)
        deb.edge(name, pressed, clock.now())

    def wait(seconds, step=0.001):
        # Poll finely, as the daemon loop would.
        end = clock.now() + seconds
        while clock.now() < end - 1e-12:
            clock.advance(min(step, end - clock.now()))
            deb.poll(clock.now())

    return clock, deb, events, edge, wait


def kinds(events):
    return [(e.kind, e.button) for e in events]


def test_bounces_inside_the_window_give_one_press_and_one_release(rig):
    clock, deb, events, edge, wait = rig
    for _ in range(5):  # 5 ms of chatter on the way down
        edge("PLAY", True, 0.001)
        edge("PLAY", False, 0.001)
    edge("PLAY", True, 0.001)
    wait(0.5)
    for _ in range(4):  # and on the way up
        edge("PLAY", False, 0.002)
        edge("PLAY", True, 0.002)
    edge("PLAY", False, 0.001)
    wait(0.5)
    assert kinds(events) == [("press", "PLAY"), ("release", "PLAY")]
    press, release = events
    assert press.t == pytest.approx(0.011 + 0.03)  # last bounce + the stable window
    assert release.held_s == pytest.approx(0.528 - 0.011)  # last bounce down to last bounce up


def test_a_glitch_shorter_than_the_window_is_ignored(rig):
    _, deb, events, edge, wait = rig
    edge("R1", True, 0.1)
    edge("R1", False, 0.02)
    wait(1.0)
    assert events == [] and deb.pressed() == frozenset()


def test_a_press_needs_a_poll_or_a_later_edge_to_be_decided(rig):
    clock, deb, events, edge, _ = rig
    edge("G4", True)
    assert deb.next_deadline() == pytest.approx(0.03)
    clock.advance(0.029)
    deb.poll(clock.now())
    assert events == []
    clock.advance(0.001)
    deb.poll(clock.now())
    assert kinds(events) == [("press", "G4")] and deb.pressed() == {"G4"}


def test_long_press_fires_once_per_hold(rig):
    _, deb, events, edge, wait = rig
    edge("BACK", True)
    wait(2.9)
    assert kinds(events) == [("press", "BACK")]
    wait(5.0)
    assert kinds(events) == [("press", "BACK"), ("long_press", "BACK")]
    assert events[1].t == pytest.approx(3.0)
    edge("BACK", False)
    edge("BACK", True, 0.5)
    wait(3.1)
    assert [k for k, _ in kinds(events)] == ["press", "long_press", "release", "press", "long_press"]


def test_prev_next_chord_fires_once_and_suppresses_their_long_presses(rig):
    _, deb, events, edge, wait = rig
    edge("PREV", True)
    edge("NEXT", True, 0.2)
    wait(10.0)
    assert kinds(events) == [("press", "PREV"), ("press", "NEXT"), ("chord", "PREV+NEXT")]
    assert events[2].t == pytest.approx(3.2)
    edge("NEXT", False)
    wait(5.0)  # PREV still held: no long_press for it, no second chord
    assert kinds(events)[3:] == [("release", "NEXT")]


def test_the_chord_rearms_after_a_release(rig):
    _, deb, events, edge, wait = rig
    edge("PREV", True)
    edge("NEXT", True)
    wait(3.1)
    edge("NEXT", False)
    wait(0.1)
    edge("NEXT", True)
    wait(3.1)
    assert [e for e in kinds(events) if e[0] == "chord"] == [("chord", "PREV+NEXT")] * 2


def test_releasing_before_three_seconds_cancels_the_chord(rig):
    _, deb, events, edge, wait = rig
    edge("PREV", True)
    edge("NEXT", True)
    wait(2.0)
    edge("PREV", False)
    wait(5.0)
    assert ("chord", "PREV+NEXT") not in kinds(events)
    assert ("long_press", "NEXT") in kinds(events)  # NEXT alone kept going: its own long press


def test_a_coarse_poll_gives_the_same_events_as_a_fine_one(rig):
    clock, deb, events, edge, wait = rig
    edge("R3", True)
    edge("R3", False, 3.5)
    clock.advance(10)
    deb.poll(clock.now())  # one late poll decides everything, in time order
    assert kinds(events) == [("press", "R3"), ("long_press", "R3"), ("release", "R3")]
    assert [e.t for e in events] == pytest.approx([0.03, 3.0, 3.53])


def test_a_button_held_at_start_is_seeded_without_events(rig):
    _, deb, events, edge, wait = rig
    deb.seed("PREV", True, 0.0)
    deb.seed("NEXT", True, 0.0)
    wait(5.0)
    assert events == [] and deb.pressed() == {"PREV", "NEXT"}
    edge("PREV", False)
    wait(0.1)
    assert kinds(events) == [("release", "PREV")]


def test_edges_from_many_threads_keep_every_button_consistent():
    import itertools
    import threading

    events: list[ButtonEvent] = []
    deb = Debouncer(BUTTONS, events.append, debounce_s=0.03, long_press_s=3.0)
    names = ["R1", "R2", "G1", "G2", "PLAY", "BACK"]
    ticks = itertools.count(1)  # a shared clock: every reading 50 ms after the previous one

    def hammer(name):
        for _ in range(200):
            deb.edge(name, True, next(ticks) * 0.05)
            deb.edge(name, False, next(ticks) * 0.05)

    threads = [threading.Thread(target=hammer, args=(n,)) for n in names]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    deb.poll(1e6)
    # Threads interleave, so some pairs land inside one debounce window and are (rightly)
    # dropped as bounces; what must hold is that no button's story is ever corrupted.
    for name in names:
        # (a press that waited behind other threads' edges may also have become a long press)
        mine = [e.kind for e in events if e.button == name and e.kind in ("press", "release")]
        assert mine[::2] == ["press"] * len(mine[::2]), name
        assert mine[1::2] == ["release"] * len(mine[1::2]), name
        assert len(mine) % 2 == 0 and mine, name  # every press released, none stuck
    assert deb.pressed() == set()


def test_time_never_runs_backwards_inside_the_machine():
    events: list[ButtonEvent] = []
    deb = Debouncer(BUTTONS, events.append, debounce_s=0.03)
    deb.edge("R1", True, 10.0)
    deb.edge("R2", True, 9.99)  # read the clock earlier, got the lock later
    deb.poll(10.031)
    assert [(e.button, e.t) for e in events] == [("R1", 10.03), ("R2", 10.03)]
