"""A board catching up after an outage sends the hall hundreds of results at once, into a
database already holding thousands: a new result costs the hall the same whatever it holds (the
SQLite work of one is counted, not timed), and the page is answered while a burst is on its
way into SQLite (the database held busy meanwhile: the page never waits for it). Nothing is
acknowledged to the broker before it is stored, and everything is, in the order it came."""

from __future__ import annotations

import sqlite3
import urllib.request

from clacks_hw.mqtt import schema
from clacks_hw.hall.store import HallStore
from tests.mqtt.rig import until
from tests.hall.shown import ShownHall

NAMES = ("ANN", "BOB", "EVE", "KAI", "Zoë", "LEE", "MAX", "IDA")


def result(n: int) -> schema.Result:
    return schema.convert("result", {"game": f"n{n}-{n:08x}", "mode": "competitive", "seats": ["S", "N"],
                                     "winner": "SN"[n % 2], "actions": 40, "seconds": 100.0 + n % 500,
                                     "names": {"S": NAMES[n % 8], "N": NAMES[(n // 8) % 8]}})


def stored_before(db, start: int, stop: int) -> None:
    """Results ``start``..``stop`` of board alpha stored as if they had come long before."""
    HallStore(db).close()  # its tables
    with sqlite3.connect(db) as c:
        c.executemany("INSERT INTO results VALUES ('alpha', ?, ?, ?, ?, 1700000000.0, ?)",
                      [(r.game, r.mode, r.winner, r.seconds, schema.encode(r).decode())
                       for r in map(result, range(start, stop))])


def games_shown(hall) -> int:
    return sum(m["games"] for m in hall.feed.model.get("results", {}).get("modes", []))


def send(shown: ShownHall, numbers, acks: list) -> None:
    """Results handed to the hall as paho's thread hands them over, each with its acknowledgement."""
    for n in numbers:
        payload = shown.signed("alpha", "result", result(n))
        shown.hall._on_message("clacks/alpha/result", payload, lambda n=n: acks.append(n))


def sqlite_work_of_one_result(tmp_path, broker_port: int, n: int) -> int:
    """SQLite's virtual-machine steps (in hundreds) the hall spends on result ``n``, from its
    arrival until it is acknowledged and on the page, the results before it stored already."""
    shown = ShownHall(tmp_path, broker_port, boards=["alpha"])
    steps = []
    try:
        until(lambda: games_shown(shown.hall) == n, "the stored results on the page")
        shown.in_loop(lambda: shown.hall.store._db.set_progress_handler(lambda: steps.append(1) and 0, 100))
        acks: list = []
        send(shown, [n], acks)
        until(lambda: acks == [n] and games_shown(shown.hall) == n + 1, "the new result acknowledged and shown")
        return len(steps)
    finally:
        shown.close()


def test_a_new_results_cost_does_not_grow_with_the_results_stored(tmp_path, module_broker):
    db = tmp_path / "hall.sqlite"
    stored_before(db, 0, 2_000)
    at_2000 = sqlite_work_of_one_result(tmp_path, module_broker.port, 2_000)
    stored_before(db, 2_001, 10_000)  # 10,000 stored, the one counted above among them
    at_10000 = sqlite_work_of_one_result(tmp_path, module_broker.port, 10_000)
    assert at_2000 > 0  # the handler counts the hall's SQLite work at all
    # Counting everything again would cost five times as much (every row read back); a
    # receipt lists the board's newest 1,024 games, which both have.
    assert at_10000 <= at_2000 * 1.2 + 5, (at_2000, at_10000)


def test_the_page_answers_while_a_catch_up_is_on_its_way_into_sqlite(tmp_path, module_broker):
    stored_before(tmp_path / "hall.sqlite", 0, 2_000)
    shown = ShownHall(tmp_path, module_broker.port, boards=["alpha"])
    acks: list = []
    busy = shown.hall.store._lock  # as a transaction does while the disk is slow
    try:
        until(lambda: games_shown(shown.hall) == 2_000, "the stored results on the page")
        with busy:
            send(shown, range(2_000, 2_500), acks)
            for _ in range(3):
                with urllib.request.urlopen(shown.url + "hall.json", timeout=5) as r:
                    assert r.status == 200 and b'"results"' in r.read()
            assert acks == []  # nothing acknowledged before it is in SQLite
        until(lambda: len(acks) == 500 and games_shown(shown.hall) == 2_500, "the burst stored and shown")
        assert acks == list(range(2_000, 2_500))  # each once, in the order they came
        assert shown.hall.writer.batches < 100  # many to a transaction, not one each
    finally:
        shown.close()


def test_a_result_sqlite_cannot_take_yet_is_kept_unacknowledged_until_it_can(tmp_path, module_broker, caplog):
    """Another writer holds the database (a backup, sqlite3 at a prompt): the hall's insert is
    refused after SQLite's wait. The result must not be acknowledged, so it is not lost: it goes
    in once the database is free, and is acknowledged then."""
    db = tmp_path / "hall.sqlite"
    stored_before(db, 0, 10)
    shown = ShownHall(tmp_path, module_broker.port, boards=["alpha"])
    other = sqlite3.connect(db, isolation_level=None)
    acks: list = []
    try:
        until(lambda: games_shown(shown.hall) == 10, "the stored results on the page")
        other.execute("BEGIN EXCLUSIVE")
        send(shown, [10], acks)
        until(lambda: "database is locked" in caplog.text, "the hall saying it cannot store it", timeout=30)
        assert acks == []
        other.execute("COMMIT")
        until(lambda: acks == [10] and games_shown(shown.hall) == 11, "the result stored once the database is free",
              timeout=30)
        assert shown.hall.store.count() == 11
    finally:
        other.close()
        shown.close()
