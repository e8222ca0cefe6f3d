"""Boards and a hall on a real Mosquitto: each board's public state (retained) and events reach
the hall; a killed board is shown offline by its last will; after a broker restart the boards
reconnect and republish; a finished game lands on the leaderboard, which survives a hall restart;
a flooded link drops the oldest snapshots (counted) while the board's loop goes on. The hall
page is checked in the browser too."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from clacks_hw.config import MqttConfig
from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.web.hall import Hall
from clacks_hw.web.mqtt_link import MqttLink
from clacks_hw.web.snapshot import StatusSnapshot
from tests.web.broker import Broker
from tests.web.live import LiveBoard

TIMEOUT = 15
EDITION = default_edition()


def until(predicate, what, timeout=TIMEOUT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def mqtt_overrides(broker, board_id, keepalive=2, queue=64):
    return {"mqtt.host": "127.0.0.1", "mqtt.port": broker.port, "mqtt.board_id": board_id,
            "mqtt.keepalive_s": keepalive, "mqtt.queue": queue}


def board_process(tmp_path, broker, board_id):
    """A board daemon as its own process (`clacks-hw run --virtual`), so it can be killed."""
    cfg = tmp_path / f"{board_id}.toml"
    cfg.write_text(f'[leds]\nbackend = "virtual"\n[buttons]\npin_factory = "mock"\n[reader]\ntype = "none"\n'
                   f'[journal]\ndir = "{tmp_path / board_id}"\n[status]\nport = 0\n'
                   f'[mqtt]\nhost = "127.0.0.1"\nport = {broker.port}\nboard_id = "{board_id}"\nkeepalive_s = 2\n')
    exe = os.path.join(os.path.dirname(sys.executable), "clacks-hw")
    return subprocess.Popen([exe, "run", "--virtual", "--config", str(cfg)], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def played_game(seed=5):
    """Snapshots of a whole competitive game played by the automatic players."""
    state = new_game(EDITION, ClacksConfig(seats=("S", "N"), words={"S": ("STAMP",), "N": ("DORFL",)}, seed=seed))
    actions, out, rng = [], [], random.Random(seed)
    while True:
        out.append(StatusSnapshot(seq=len(out) + 1, screen="over" if state.over else "game", state=state,
                                  actions=len(actions), recent=tuple(actions[-6:])))
        if state.over:
            return out
        action = bot_action(state, rng)
        state = apply(state, action)
        actions.append(action)


@pytest.fixture
def broker(tmp_path):
    b = Broker(tmp_path).start()
    yield b
    b.stop()


def test_boards_and_a_hall_through_kills_and_restarts(tmp_path, broker, browser):
    alpha = LiveBoard(tmp_path / "alpha", overrides=mqtt_overrides(broker, "alpha")).start()
    beta = board_process(tmp_path, broker, "beta")
    hall = Hall("127.0.0.1", broker.port, db=tmp_path / "hall.sqlite", port=0).start()
    gamma = MqttLink(MqttConfig(host="127.0.0.1", port=broker.port, board_id="gamma"), edition=EDITION).start()
    try:
        until(lambda: all(hall.boards.get(b, {}).get("online") and hall.boards[b]["state"] for b in ("alpha", "beta")),
              "both boards online with their state")
        assert hall.boards["alpha"]["state"]["screen"] == "attract"

        for snap in played_game():  # a whole game through the real link, at table speed or faster
            gamma.put(snap)
        until(lambda: hall.store.leaderboard()["fastest"], "the finished game on the leaderboard")
        [best] = hall.store.leaderboard()["fastest"]
        assert best["mode"] == "competitive" and best["board"] == "gamma" and best["winner"] in ("S", "N")

        beta.send_signal(signal.SIGKILL)  # no goodbye: only the broker's last will can tell
        beta.wait(5)
        until(lambda: not hall.boards["beta"]["online"], "beta's last will")
        assert hall.boards["alpha"]["online"] and hall.boards["beta"]["state"]  # its last state stays
        page = browser.new_page()  # the hall page as the hall's screen shows it
        page.goto(hall.url)
        page.wait_for_function("() => document.querySelectorAll('.hallboard').length === 3", timeout=10_000)
        assert "beta" in page.inner_text(".hallboard.offline") and page.locator(".hallboard.offline").count() == 1
        assert "gamma" in page.inner_text("#fastest") and "gamma" in page.inner_text("#wins")
        page.close()

        broker.stop()  # retained messages die with it (persistence off): only a republish restores them
        broker.start()
        until(lambda: hall.client.is_connected() and alpha.daemon.mqtt.connects >= 2, "everyone reconnected")
        hall.boards.clear()
        hall.client.reconnect()  # resubscribe: the retained state must come from the boards' republish
        until(lambda: hall.boards.get("alpha", {}).get("online") and hall.boards["alpha"]["state"],
              "alpha's state republished after the broker restart")
        assert "beta" not in hall.boards  # a dead board is not brought back
    finally:
        gamma.close()
        hall.close()
        alpha.stop()
        if beta.poll() is None:
            beta.kill()

    again = Hall("127.0.0.1", broker.port, db=tmp_path / "hall.sqlite", port=0).start()
    try:  # the leaderboard survives a restart of the hall
        assert again.store.leaderboard()["fastest"] == [best]
        assert again.store.leaderboard()["wins"][0]["board"] == "gamma"
    finally:
        again.close()


def test_a_flooded_link_drops_the_oldest_and_the_loop_goes_on(tmp_path, broker):
    board = LiveBoard(tmp_path, overrides=mqtt_overrides(broker, "flood", queue=8)).start()
    try:
        link = board.daemon.mqtt
        until(lambda: link.connects >= 1 and board.daemon.loop.status.box.get(), "the link connected")
        broker.pause()  # the broker stops reading: the link backs up
        snap = board.daemon.loop.status.box.get()
        for _ in range(20_000):
            link.put(snap)
        assert link.dropped > 0 and len(link._queue) <= 8
        before = board.daemon.loop.iterations
        assert board.admin("brightness", {"value": 0.5}) == (200, {"ok": True})  # the loop answers at once
        until(lambda: board.daemon.loop.iterations > before + 2, "the loop going on")
    finally:
        broker.resume()
        board.stop()
