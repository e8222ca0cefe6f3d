"""The loop publishes one immutable snapshot per iteration (screen, Express time left, reader and
LED health), and the daemon serves it from config; a busy port never stops the board."""

from __future__ import annotations

import dataclasses
import io
import json
import queue
import socket
import threading
import urllib.request

import pytest

from clacks_hw.base.clock import SystemClock
from clacks_hw.config.load import load_config
from clacks_hw.daemon import app
from clacks_hw.daemon.loop import EventLoop
from clacks_hw.web.public import status_json
from clacks_hw.web.snapshot import SnapshotBox, StatusPublisher
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.drivers.leds import LedOutput
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig
from tests.fakes.failing_leds import FailingLeds
from clacks_hw.testing.recording_leds import RecordingLeds

TIMEOUT = 5


def rig_loop(tmp_path, leds=RecordingLeds, reader=True):
    clock = FakeClock(0.0)
    rig = Rig(tmp_path, clock, seed=3)
    box = SnapshotBox()
    events = queue.Queue()
    loop = EventLoop(events, rig.ctrl, LedOutput(leds(clock), clock), clock,
                     status=StatusPublisher(box, reader=reader))
    return rig, loop, events, box


def test_one_frozen_snapshot_per_iteration(tmp_path):
    rig, loop, _, box = rig_loop(tmp_path)
    assert box.get() is None
    loop.step()
    first = box.get()
    assert first.seq == 1 and first.screen == "attract" and first.state is rig.ctrl.state
    loop.step()
    assert box.get().seq == 2 and box.get() is not first
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.screen = "game"
    assert status_json(first)["screen_label"] == "How to play"


def test_screens_setup_game_reset_question(tmp_path):
    rig, loop, _, box = rig_loop(tmp_path)
    rig.press("PLAY")
    loop.step()
    assert box.get().screen == "setup" and box.get().state is None and box.get().setup.startswith("[mode]")
    for _ in range(4):  # mode, variants, seats, words: the defaults
        rig.press("PLAY")
    loop.step()
    snap = box.get()
    assert snap.screen == "game" and snap.state is rig.state and snap.actions == 0
    assert snap.express_left is None and status_json(snap)["express"] is None
    rig.chord()
    loop.step()
    assert box.get().screen == "confirm" and status_json(box.get())["screen_label"] == "Reset question"


def test_express_seconds_left(tmp_path):
    rig, loop, _, box = rig_loop(tmp_path)
    rig.start_game(express=True)
    rig.clock.advance(15.0)
    loop.step()
    snap = box.get()
    assert snap.express_seconds == 60.0
    assert snap.express_left == pytest.approx(60.0 - (rig.clock.now() - rig.ctrl.turn_started))
    assert 0 < snap.express_left <= 45.0
    assert status_json(snap)["express"]["seconds_left"] == round(snap.express_left, 2)


def test_reader_health_offline_failing_ok_none(tmp_path):
    _, loop, events, box = rig_loop(tmp_path)
    for event, expected in [(ReaderEvent("offline", detail="unplugged"), "offline"),
                            (ReaderEvent("online"), "ok"),
                            (ReaderEvent("fault", 1, detail="antenna"), "failing"),
                            (ReaderEvent("recovered", 1), "ok")]:
        events.put(event)
        loop.step()
        assert box.get().reader == expected, event
    _, loop2, _, box2 = rig_loop(tmp_path / "b", reader=False)
    loop2.step()
    assert box2.get().reader == "none"


def test_failing_leds_are_shown_as_failing(tmp_path):
    _, loop, _, box = rig_loop(tmp_path, leds=lambda clock: FailingLeds(clock, fail_times=None))
    loop.step()
    assert box.get().leds == "failing"
    assert status_json(box.get())["health"] == {"reader": "ok", "leds": "failing"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def daemon_config(tmp_path, port):
    return load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                  "journal.dir": str(tmp_path), "status.port": port}, check_devices=False)


def test_the_daemon_serves_its_status_page_from_config(tmp_path):
    cfg = daemon_config(tmp_path, free_port())
    stop, published, box = threading.Event(), threading.Event(), {}

    def on_ready(d):  # runs in the daemon's thread just before the loop
        box["d"] = d
        publish = d.loop.status.publish

        def publish_and_tell(*args):
            snap = publish(*args)
            published.set()
            return snap

        d.loop.status.publish = publish_and_tell

    seams = app.Seams(clock=SystemClock(), led_backend=RecordingLeds(SystemClock()), stop=stop,
                      output=io.StringIO(), on_ready=on_ready, status_page=True)
    thread = threading.Thread(target=app.run, args=(cfg,), kwargs={"virtual": True, "seams": seams}, daemon=True)
    thread.start()
    try:
        assert published.wait(TIMEOUT)
        d = box["d"]
        with urllib.request.urlopen(d.status_page.url + "status.json", timeout=TIMEOUT) as r:
            data = json.loads(r.read())
        assert d.status_page.address == ("127.0.0.1", cfg.status.port)
        assert data["screen"] == "attract" and data["health"] == {"reader": "none", "leds": "ok"}
        assert data["position"]["board"]
    finally:
        stop.set()
        thread.join(TIMEOUT)
    assert not thread.is_alive() and d.status_page._closed


def test_a_busy_port_logs_and_the_daemon_runs_without_the_page(tmp_path, caplog):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        cfg = daemon_config(tmp_path, busy.getsockname()[1])
        seams = app.Seams(clock=FakeClock(0.0), led_backend=RecordingLeds(FakeClock(0.0)),
                          output=io.StringIO(), status_page=True)
        daemon = app.Daemon(cfg, virtual=True, seams=seams)
        try:
            assert daemon.status_page is None and daemon.loop.status is None
            assert daemon.run(duration=0) == app.EXIT_OK
        finally:
            daemon.close()
    assert "cannot listen" in caplog.text and "runs without it" in caplog.text


def test_test_rigs_get_no_page_unless_they_ask(tmp_path):
    cfg = daemon_config(tmp_path, free_port())
    seams = app.Seams(clock=FakeClock(0.0), led_backend=RecordingLeds(FakeClock(0.0)), output=io.StringIO())
    daemon = app.Daemon(cfg, virtual=True, seams=seams)
    try:
        assert daemon.status_page is None and daemon.loop.status is None
    finally:
        daemon.close()
