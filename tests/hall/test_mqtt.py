"""Boards and a hall on a real Mosquitto: a board's signed state reaches the hall; a killed board
is shown offline by its last will; after a broker restart every board is back online by itself;
a broker that stops answering is shown so within 5 s; a real game played on a board lands on
the leaderboard once, and its receipt empties the board's outbox; an attract demo never counts;
a stranger knocks and counts once `clacks-hw hall trust` adds it; the board's loop never waits
on a stuck broker. The hall page is checked in the browser too."""

from __future__ import annotations

import json
import random
import signal
import time
import urllib.request

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.hall.page import Hall
from clacks_hw.hall.config import load
from tests.mqtt.rig import Keys, board_overrides, board_process, hall_config, hall_toml, play_game, until
from tests.web.broker import Broker
from tests.web.live import LiveBoard


@pytest.fixture
def broker(tmp_path):
    b = Broker(tmp_path).start()
    yield b
    b.stop()


def page_json(hall) -> dict:
    with urllib.request.urlopen(hall.url + "hall.json", timeout=5) as r:
        return json.loads(r.read())


def card(hall, board) -> dict:
    return next((b for b in hall.json()["boards"] if b["id"] == board), {})


def test_boards_and_a_hall_through_kills_and_restarts(tmp_path, broker, browser):
    keys = Keys("alpha", "beta")
    alpha = LiveBoard(tmp_path / "alpha", overrides=board_overrides(broker, "alpha", keys), rng=random.Random(2)).start()
    beta = board_process(tmp_path, broker, "beta", keys)
    hall = Hall(hall_config(tmp_path, broker, keys)).start()
    try:
        until(lambda: all(card(hall, b).get("link") == "online" and card(hall, b)["state"] for b in ("alpha", "beta")),
              "both boards online with their state")
        assert card(hall, "alpha")["state"]["screen"] == "attract" and card(hall, "alpha")["state"]["demo"]

        play_game(alpha)  # a whole game on the board, as players play it
        until(lambda: hall.store.count() == 1 and not alpha.daemon.mqtt.outbox.waiting,
              "the finished game on the leaderboard and the hall's receipt back at the board")
        [(board, result, _)] = hall.store.results()
        assert board == "alpha" and result.winner == alpha.daemon.controller.state.winner
        assert result.words == {"S": "STAMP", "N": "DORFL"} and result.actions == alpha.daemon.controller.session.actions
        [best] = hall.store.leaderboard()["fastest"]

        beta.send_signal(signal.SIGKILL)  # no goodbye: only the broker's last will can tell
        beta.wait(5)
        until(lambda: card(hall, "beta")["link"] == "offline", "beta's last will")
        assert card(hall, "alpha")["link"] == "online" and card(hall, "beta")["state"]  # its last state stays
        page = browser.new_page()  # the hall page as the hall's screen shows it
        page.goto(hall.url + "?view=boards")
        page.wait_for_function("() => document.querySelectorAll('.card').length === 2", timeout=10_000)
        assert "beta" in page.inner_text(".card.offline") and page.locator(".card.online").count() == 1
        assert page.inner_text("#broker") == "Broker: connected"
        page.goto(hall.url + "?view=results")  # the results: alpha's game, its board and its players
        page.wait_for_function("() => document.getElementById('rboards').textContent.includes('alpha')", timeout=10_000)
        assert "Competitive" in page.inner_text("#rtitle")
        page.close()

        broker.stop()  # retained messages and sessions die with it (persistence off)
        until(lambda: hall.json()["broker"]["text"] == "lost", "the hall saying the broker is lost", timeout=5)
        broker.start()
        # Nothing helps here: the board announces itself again, and the hall hears it.
        until(lambda: card(hall, "alpha")["link"] == "online" and alpha.daemon.mqtt.connects >= 2
              and hall.json()["broker"]["ok"], "alpha online again after the broker restart")
        time.sleep(1.5)
        assert card(hall, "beta")["link"] == "offline"  # a dead board is not brought back
    finally:
        hall.close()
        alpha.stop()
        if beta.poll() is None:
            beta.kill()

    again = Hall(hall_config(tmp_path, broker, keys)).start()
    try:  # the leaderboard survives a restart of the hall
        assert again.store.leaderboard()["fastest"] == [best]
        assert page_json(again)["results"]["modes"][0]["boards"][0]["board"] == "alpha"
    finally:
        again.close()


def test_a_broker_that_stops_answering_is_shown_within_5_s(tmp_path, broker):
    keys = Keys("alpha")
    hall = Hall(hall_config(tmp_path, broker, keys)).start()
    try:
        until(lambda: hall.json()["broker"]["ok"], "the hall connected")
        broker.pause()  # the connection stays open; nothing answers
        paused = time.monotonic()
        until(lambda: page_json(hall)["broker"]["text"] == "not answering", "the page saying so", timeout=5)
        assert time.monotonic() - paused < 5
        broker.resume()
        until(lambda: page_json(hall)["broker"] == {**page_json(hall)["broker"], "ok": True, "text": "connected"},
              "connected again", timeout=5)
    finally:
        broker.resume()
        hall.close()


def test_an_attract_demo_never_counts(tmp_path, broker):
    keys = Keys("alpha")
    hall = Hall(hall_config(tmp_path, broker, keys)).start()
    alpha = LiveBoard(tmp_path / "alpha", overrides=board_overrides(broker, "alpha", keys)).start()
    try:
        demo = alpha.daemon.controller.demo
        demo.step_s = demo.rest_s = 0.0  # the demo plays as fast as the loop runs
        until(lambda: demo.games >= 4, "four demo games played", timeout=60)
        until(lambda: card(hall, "alpha").get("state"), "alpha's state")
        time.sleep(1)
        assert card(hall, "alpha")["state"]["demo"] is True
        assert hall.store.count() == 0 and alpha.daemon.mqtt.outbox.waiting == {}
    finally:
        alpha.stop()
        hall.close()


def test_a_stranger_knocks_and_counts_once_trusted(tmp_path, broker):
    keys = Keys()
    toml = tmp_path / "hall.toml"
    hall_toml(toml, broker, keys, tmp_path / "hall.sqlite")
    hall = Hall(load(toml), path=toml).start()
    stranger = board_process(tmp_path, broker, "gamma")  # no key in its config: it makes its own
    try:
        knock = until(lambda: next((k for k in hall.admin_json()["knocking"] if k["board"] == "gamma" and k["key"]),
                                   None), "gamma knocking with its key")
        assert hall.json()["boards"] == []  # not on the public page
        assert knock["reason"] == "is not one of the hall's boards"
        argv = knock["command"].split()[1:]
        assert argv == ["hall", "trust", "--config", str(toml), "--", "gamma", knock["key"]]  # as it is, to copy
        r = CliRunner().invoke(cli, argv)
        assert r.exit_code == 0, r.output
        assert knock["fingerprint"] in r.output
        until(lambda: card(hall, "gamma").get("link") == "online" and card(hall, "gamma")["state"],
              "gamma counted, its retained state fetched again")
        assert not [k for k in hall.admin_json()["knocking"] if k["board"] == "gamma"]
    finally:
        stranger.kill()
        hall.close()


def test_a_stuck_broker_never_holds_up_the_board(tmp_path, broker):
    keys = Keys("flood")
    board = LiveBoard(tmp_path, overrides=board_overrides(broker, "flood", keys)).start()
    try:
        link = board.daemon.mqtt
        until(lambda: link.connects >= 1 and board.daemon.loop.status.box.get(), "the link connected")
        broker.pause()  # the broker stops reading: the link backs up
        snap = board.daemon.loop.status.box.get()
        for _ in range(20_000):
            link.put(snap)
        assert link.dropped >= 19_000  # only the newest state matters to a hall
        before = board.daemon.loop.iterations
        assert board.admin("brightness", {"value": 0.5}) == (200, {"ok": True})  # the loop answers at once
        until(lambda: board.daemon.loop.iterations > before + 2, "the loop going on")
    finally:
        broker.resume()
        board.stop()


def test_poisoned_retained_messages_never_stop_a_fresh_hall(tmp_path, broker, browser):
    """The messages that froze the first hall from its first second, left retained on the broker
    (signed by a real board's key, so only the schema can stop them), then a hall starts."""
    import paho.mqtt.client as mqtt

    keys = Keys("alpha", "beta", "gamma")
    poison = {
        ("alpha", "state"): b'{"screen":"game","position":' + b'{"x":' * 990 + b"1" + b"}" * 991,
        ("beta", "state"): b'{"screen":"game","position":{"mode":"competitive","board":5}}',
        ("beta", "status"): b'{"status":"online","boot":"0123456789abcdef","key":"' + keys.boards["beta"].public.encode()
                            + b'","page":"javascript:alert(1)//"}',
        ("alpha", "result"): b'{"game":"n1-00000000","mode":"competitive","seats":["S"],"winner":"S","actions":203,'
                             b'"seconds":1e999}',
    }
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="poisoner")
    c.connect("127.0.0.1", broker.port)
    c.loop_start()
    for (board, kind), msg in poison.items():
        topic = f"clacks/{board}/{kind}"
        c.publish(topic, keys.boards[board].seal(topic, msg), qos=1, retain=True).wait_for_publish(5)
    c.publish("clacks/mallory/state", b"[" * 100_000, qos=1, retain=True).wait_for_publish(5)
    c.loop_stop()
    c.disconnect()
    hall = Hall(hall_config(tmp_path, broker, keys)).start()
    gamma = LiveBoard(tmp_path / "gamma", overrides=board_overrides(broker, "gamma", keys)).start()
    try:
        until(lambda: card(hall, "gamma").get("link") == "online" and card(hall, "gamma")["state"], "gamma at the hall")
        data = page_json(hall)  # /hall.json parses, and holds nothing of the poison
        assert sorted(data["boards"]) == ["alpha", "beta", "gamma"]
        for poisoned in ("alpha", "beta"):  # every message refused: nothing of them shown but "not heard yet"
            assert data["boards"][poisoned] == {"status": "unknown", "seen": None, "page": None, "screen": "no state yet",
                                                "demo": False}
        assert hall.store.count() == 0 and json.dumps(data, allow_nan=False)
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(hall.url + "?view=boards")
        page.wait_for_function("() => document.querySelectorAll('.card').length >= 1", timeout=10_000)
        assert "gamma" in page.inner_text("#boards") and errors == []
        page.close()
    finally:
        gamma.stop()
        hall.close()


def test_a_board_that_freezes_is_shown_silent_then_offline_within_5_s(tmp_path, broker):
    """No goodbye and no closed connection (a pulled cable, a hung Pi): the heartbeat stops, then
    the broker's keep-alive runs out and it says the board's last will."""
    keys = Keys("frozen")
    hall = Hall(hall_config(tmp_path, broker, keys)).start()
    frozen = board_process(tmp_path, broker, "frozen", keys, keepalive=3)  # the default
    try:
        until(lambda: card(hall, "frozen").get("link") == "online", "the board online")
        frozen.send_signal(signal.SIGSTOP)
        until(lambda: card(hall, "frozen")["link"] != "online", "shown silent", timeout=5)  # 4 s without a heartbeat
        assert card(hall, "frozen")["link"] == "silent"
        # Then the broker's judgement: 1.5 keep-alives, checked on its own loop (longer when busy).
        until(lambda: card(hall, "frozen")["link"] == "offline", "shown offline (its last will)", timeout=10)
        frozen.send_signal(signal.SIGCONT)
        until(lambda: card(hall, "frozen")["link"] == "online", "back online by itself")
    finally:
        frozen.send_signal(signal.SIGCONT)
        frozen.kill()
        hall.close()
