"""The hall's SQLite store: each game once; nothing the schema refuses gets in, not even by a
bug (STRICT table, CHECKs); a database from the first hall, holding the rows that broke it
(an infinite time, a made-up board with HTML in its mode), is repaired on opening: the good
rows kept, the bad ones moved aside with the reason, and the hall says so."""

from __future__ import annotations

import json
import logging
import sqlite3

import pytest

from clacks_hw.mqtt.schema import convert
from clacks_hw.hall.store import HallStore

OLD_SCHEMA = """CREATE TABLE results (
    board TEXT NOT NULL, mode TEXT NOT NULL, variants TEXT NOT NULL, winner TEXT,
    word TEXT, turns INTEGER, seconds REAL, at REAL NOT NULL,
    PRIMARY KEY (board, at))"""


def result(game="n1-00c0ffee", **more):
    return convert("result", {"game": game, "mode": "competitive", "seats": ["S", "N"], "winner": "S",
                              "actions": 31, "seconds": 95.5, **more})


def test_a_game_is_stored_once_and_read_back_as_sent(tmp_path):
    store = HallStore(tmp_path / "hall.sqlite", wall=lambda: 1000.0)
    assert store.record("alpha", result())
    assert not store.record("alpha", result())  # QoS 1 again, the outbox again, a hall restart
    assert store.record("beta", result())  # another board's game number 1
    assert store.count() == 2
    assert store.results() == [("alpha", result(), 1000.0), ("beta", result(), 1000.0)]
    assert store.games("alpha") == ["n1-00c0ffee"]
    board = store.leaderboard()
    assert board["fastest"][0]["seconds"] == 95.5 and board["wins"][0] == {"board": "alpha", "wins": 1, "games": 1}
    json.dumps(board, allow_nan=False)


def test_the_table_itself_refuses_an_infinite_time_or_a_result_that_is_not_json(tmp_path):
    db = sqlite3.connect(tmp_path / "hall.sqlite")
    HallStore(tmp_path / "hall.sqlite").close()
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO results VALUES ('a', 'n1-00000000', 'competitive', 'S', ?, 1.0, '{}')", (float("inf"),))
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO results VALUES ('a', 'n1-00000000', 'competitive', 'S', 1.0, 1.0, 'not json')")
    with pytest.raises(sqlite3.Error):
        db.execute("INSERT INTO results VALUES ('a', 'n1-00000000', 'competitive', 'S', 'slow', 1.0, '{}')")


def test_a_database_of_the_first_hall_with_bad_rows_is_repaired_and_says_so(tmp_path, caplog):
    path = tmp_path / "hall.sqlite"
    db = sqlite3.connect(path)
    db.execute(OLD_SCHEMA)
    rows = [("alpha", "competitive", "", "S", "STAMP", 14, 95.5, 1_700_000_000.0),
            ("beta", "race", "quick", "team", None, 20, None, 1_700_000_100.0),
            ("alpha", "competitive", "", "N", "DORFL", 9, float("inf"), 1_700_000_200.0),  # 1e999 that broke /hall.json
            ("evil", "<b>x</b>", "", "S", None, 203, 1.0, 1_700_000_300.0),
            ("evil", "competitive", "", "S", None, 3, -5.0, 1_700_000_400.0),
            ("no/board", "competitive", "", "S", None, 3, 5.0, 1_700_000_500.0)]
    db.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()
    with caplog.at_level(logging.WARNING):
        store = HallStore(path)
    assert [(b, r.mode, r.winner, r.seconds) for b, r, _ in store.results()] == [
        ("alpha", "competitive", "S", 95.5), ("beta", "race", "team", None)]
    assert store.results()[0][1].words == {"S": "STAMP"}
    assert store.repairs == ["results from an older hall: 2 kept, 4 refused (moved to results_refused with the reason)"]
    assert "2 kept, 4 refused" in caplog.text
    json.dumps(store.leaderboard(), allow_nan=False)  # /hall.json parses again
    refused = sqlite3.connect(path).execute("SELECT board, reason FROM results_refused ORDER BY rowid").fetchall()
    assert [b for b, _ in refused] == ["alpha", "evil", "evil", "no/board"]
    assert "$.seconds" in refused[0][1] and "$.mode" in refused[1][1]
    store.close()
    assert HallStore(path).repairs == []  # repaired once, for good


def test_a_stored_row_edited_into_something_the_schema_refuses_is_moved_aside(tmp_path):
    path = tmp_path / "hall.sqlite"
    store = HallStore(path)
    store.record("alpha", result("n1-00000001"))
    store.record("alpha", result("n2-00000002"))
    store.close()
    db = sqlite3.connect(path)
    deep = '{"game":"n2-00000002","mode":' + '{"a":' * 990 + "1" + "}" * 991
    db.execute("UPDATE results SET result = ? WHERE game = 'n2-00000002'", (deep,))
    db.commit()
    again = HallStore(path)
    assert [r.game for _, r, _ in again.results()] == ["n1-00000001"]
    assert "1 stored result(s) the schema refuses" in again.repairs[0]
