"""Every finished game counted exactly once, whatever restarts: three boards play fifteen real
games on a real Mosquitto while the broker is restarted twice (losing every retained message
and session: persistence off) and the hall is killed once (SIGKILL) mid-run, with games ending
while each is down. At the end the hall holds exactly the fifteen games the boards journalled,
each once, and every board's outbox is empty (the hall's receipts came back)."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys

from tests.mqtt.rig import Keys, board_overrides, hall_toml, play_game, until
from tests.web.broker import Broker
from tests.web.live import LiveBoard

BOARDS = ("north", "south", "east")


def hall_process(toml):
    exe = os.path.join(os.path.dirname(sys.executable), "clacks-hw")
    log = open(toml.parent / "hall.log", "ab")  # noqa: SIM115 - the child writes it
    return subprocess.Popen([exe, "-v", "hall", "--config", str(toml), "--port", "0"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=log)


def stored(db) -> list[tuple[str, str]]:
    if not db.exists():
        return []
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as c:
        try:
            return c.execute("SELECT board, game FROM results").fetchall()
        except sqlite3.OperationalError:  # the hall has not made its table yet
            return []


def test_fifteen_games_through_two_broker_restarts_and_a_killed_hall(tmp_path):
    keys = Keys(*BOARDS)
    broker = Broker(tmp_path).start()
    toml, db = tmp_path / "hall.toml", tmp_path / "hall.sqlite"
    hall_toml(toml, broker, keys, db)
    hall = hall_process(toml)
    boards = [LiveBoard(tmp_path / b, overrides=board_overrides(broker, b, keys), rng=random.Random(k)).start()
              for k, b in enumerate(BOARDS)]
    played = 0

    def play(n: int) -> None:
        nonlocal played
        for _ in range(n):
            play_game(boards[played % 3])
            played += 1

    try:
        for b in boards:
            b.pair()
            until(lambda: b.daemon.mqtt.connected, "the board on the broker")
        play(3)
        broker.stop()  # restart 1: two games end while it is down
        play(2)
        broker.start()
        play(2)
        hall.send_signal(signal.SIGKILL)  # the hall dies without a word, mid-run
        hall.wait(10)
        play(3)  # three games end while it is dead
        hall = hall_process(toml)
        play(1)
        broker.stop()  # restart 2, with the hall just back
        play(2)
        broker.start()
        play(2)
        assert played == 15

        def journalled():
            return {(b, g) for b, board in zip(BOARDS, boards) for g in board.daemon.mqtt.outbox.known.values()}

        # A board's link finds the journal of a game that just ended on its own thread: give it a moment.
        until(lambda: len(journalled()) >= 15, "every board's link to find its finished games")
        journalled = journalled()
        assert len(journalled) == 15
        until(lambda: len(stored(db)) >= 15 and not any(b.daemon.mqtt.outbox.waiting for b in boards),
              "every game at the hall and every receipt back at its board", timeout=90)
        rows = stored(db)
        assert len(rows) == 15 and set(rows) == journalled  # exactly the fifteen, each once
    finally:
        for b in boards:
            b.stop()
        if hall.poll() is None:
            hall.terminate()
            hall.wait(10)
        broker.stop()


def test_a_board_away_all_day_sends_every_game_through_a_small_queue(tmp_path):
    """Forty games finished while the broker was unreachable, and paho's queue holds eight:
    none is dropped (the first hall lost every game past paho's cap), each counted once."""
    from clacks_hw.hall.page import Hall
    from tests.mqtt.rig import hall_config, play_journal

    keys = Keys("away")
    broker = Broker(tmp_path)  # not started: the board cannot reach it
    board = LiveBoard(tmp_path / "away", overrides={**board_overrides(broker, "away", keys), "mqtt.queue": 8}).start()
    hall = None
    try:
        for seed in range(40):
            play_journal(tmp_path / "away", seed)
        box = board.daemon.mqtt.outbox
        until(lambda: len(box.waiting) == 40, "the forty games in the outbox", timeout=30)
        broker.start()
        hall = Hall(hall_config(tmp_path, broker, keys)).start()
        until(lambda: hall.store.count() == 40 and not box.waiting, "all forty at the hall, and receipted", timeout=90)
        assert sorted(r.game for _, r, _ in hall.store.results()) == sorted(box.known.values())
    finally:
        board.stop()
        if hall is not None:
            hall.close()
        broker.stop()
