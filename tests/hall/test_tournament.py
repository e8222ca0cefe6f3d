"""The tournament tables from the hall's results: leaderboards by player and by board for each
game mode, an arbiter's corrections (void, count again, a name) applied and kept as an audit log,
and the export of every result as CSV (no cell a spreadsheet would run) and JSON."""

from __future__ import annotations

import csv
import io
import re
import sqlite3
import threading

import pytest

from clacks_hw.hall.corrections import Corrections, Refused
from clacks_hw.hall.tournament import counted, export_csv, export_json, standings


def result(game, mode="competitive", seats=("S", "N"), winner="S", players=None, seconds=100.0, **more):
    return {"game": game, "mode": mode, "seats": list(seats), "winner": winner, "actions": 30,
            "names": players or {}, "seconds": seconds, **more}


RESULTS = [
    ("alpha", result("n1-00000001", players={"S": "ANN", "N": "BOB"}, seconds=300.0), 10.0),
    ("alpha", result("n2-00000002", players={"S": "Bob", "N": "ann"}, winner="N", seconds=200.0), 20.0),
    ("bravo", result("n1-00000003", players={"S": "EVE", "N": "ANN"}, winner="N", seconds=250.0), 30.0),
    ("bravo", result("n2-00000004", mode="race", seats=("S", "W", "N"), winner="team",
                     players={"S": "EVE", "W": "KAI"}, seconds=900.0), 40.0),
    ("charlie", result("n1-00000005", mode="race", winner="post_office", players={"S": "ANN"}), 50.0),
    ("charlie", result("n2-00000006", mode="klackers", seats=("S", "W", "N"), winner="S and N",
                       players={"S": "JO", "N": "AL"}, seconds=None, turns=3), 60.0),
    ("delta", result("n1-00000007", players={}, seconds=120.0), 70.0),  # nobody named: counts for the board
]


@pytest.fixture
def corrections():
    return Corrections(sqlite3.connect(":memory:"), threading.Lock(), wall=lambda: 1000.0)


def table(games, mode):
    return next(m for m in standings(games) if m["mode"] == mode)


def test_players_and_boards_per_mode(corrections):
    games = counted(RESULTS, [])
    assert [m["mode"] for m in standings(games)] == ["competitive", "race", "klackers"]  # the games' own order
    comp = table(games, "competitive")
    assert comp["label"] == "Competitive" and comp["games"] == 4
    # ANN and ann are one player (shown as first entered): won 3 of 3, the fastest in 200 s; BOB/Bob won 0 of 2
    assert comp["players"][0] == {"name": "ANN", "wins": 3, "games": 3, "best": 200.0}
    assert [(p["name"], p["wins"], p["games"]) for p in comp["players"]] == [("ANN", 3, 3), ("BOB", 0, 2), ("EVE", 0, 1)]
    assert comp["boards"] == [{"board": "alpha", "wins": 2, "games": 2, "best": 200.0},
                              {"board": "delta", "wins": 1, "games": 1, "best": 120.0},
                              {"board": "bravo", "wins": 1, "games": 1, "best": 250.0}]
    race = table(games, "race")
    assert {p["name"]: p["wins"] for p in race["players"]} == {"EVE": 1, "KAI": 1, "ANN": 0}  # the team won; the PO did
    assert table(games, "klackers")["players"] == [{"name": "AL", "wins": 1, "games": 1, "best": None},
                                                  {"name": "JO", "wins": 1, "games": 1, "best": None}]


def test_corrections_apply_and_are_kept_in_order(corrections):
    games = counted(RESULTS, [])
    alpha1 = games[0]
    corrections.add("a1b2c3", alpha1, "void", "played with a marked card")
    corrections.add("a1b2c3", counted(RESULTS, corrections.all())[2], "name", "typo at the table", seat="N", value="ANNA")
    games = counted(RESULTS, corrections.all())
    assert games[0].voided and games[2].players["N"] == "ANNA"
    comp = table(games, "competitive")
    assert comp["games"] == 3 and ("ANNA", 1, 1) in [(p["name"], p["wins"], p["games"]) for p in comp["players"]]
    log = [c.entry()["text"] for c in corrections.all()]
    assert log == ["voided alpha's game n1-00000001, by arbiter a1b2c3: played with a marked card",
                   "bravo's game n1-00000003: seat N's name ANN \u2192 ANNA, by arbiter a1b2c3: typo at the table"]
    corrections.add("d4e5f6", games[0], "count", "the card was fine after all")
    games = counted(RESULTS, corrections.all())
    assert not games[0].voided and len(games[0].corrections) == 2 and table(games, "competitive")["games"] == 4


@pytest.mark.parametrize("kind,seat,value,reason,says", [
    ("void", None, None, "", "give the reason"),
    ("void", None, None, "x" * 201, "give the reason"),
    ("void", None, None, "a\u202eb", "give the reason"),
    ("name", "E", "EVE", "wrong seat", "seat 'E' did not play"),
    ("name", "S", "<b>", "markup", "must start with a letter"),
    ("name", "S", "ANN", "the same", "is ANN in that game already"),
    ("count", None, None, "not voided", "is counted already"),
    ("rename", None, None, "what", "one of void, count, name"),
])
def test_a_correction_that_will_not_do_is_refused(corrections, kind, seat, value, reason, says):
    game = counted(RESULTS, [])[0]
    with pytest.raises(Refused, match=says):
        corrections.add("a1b2c3", game, kind, reason, seat=seat, value=value)
    assert corrections.all() == []


def test_export_csv_and_json(corrections):
    results = RESULTS + [("echo", result("n1-00000008", players={"S": "=cmd", "N": "+1"}), 80.0)]
    corrections.add("a1b2c3", counted(results, [])[0], "void", "=HYPERLINK(\"http://x\")")
    games = counted(results, corrections.all())
    rows = list(csv.reader(io.StringIO(export_csv(games))))
    assert rows[0][:4] == ["board", "game", "mode", "variants"] and len(rows) == 1 + len(results)
    first = dict(zip(rows[0], rows[1]))
    assert first["voided"] == "yes" and first["corrected"] == "1" and first["players"] == "S=ANN; N=BOB"
    echo = dict(zip(rows[0], rows[-1]))
    assert echo["players"] == "S==cmd; N=+1"  # starts with S: no formula
    assert not any(cell and cell[0] in "=+-@" for row in rows for cell in row)
    data = export_json(games)
    assert data["results"][0]["voided"] and data["results"][0]["corrections"][0]["reason"].startswith("=HYPERLINK")
    assert data["results"][1]["winner_names"] == ["ann"]
    assert data["results"][3]["winner_names"] == ["EVE", "KAI"]  # the team: everyone named at the table


def test_the_exports_give_times_in_iso_8601_with_the_halls_offset(corrections):
    # A tournament desk reads times, not Unix seconds (issue 34 item 5).
    from datetime import timedelta, timezone

    cet = timezone(timedelta(hours=1))
    results = [("alpha", dict(result("n1-00000001"), started=1764766800.0), 1764767109.0)]
    corrections.add("a1b2c3", counted(results, [])[0], "void", "a test game")
    games = counted(results, corrections.all())
    head, row = list(csv.reader(io.StringIO(export_csv(games, cet))))
    row = dict(zip(head, row))
    assert (row["started"], row["received"]) == ("2025-12-03T14:00:00+01:00", "2025-12-03T14:05:09+01:00")
    data = export_json(games, cet)
    assert data["version"] == 2 and data["results"][0]["received"] == "2025-12-03T14:05:09+01:00"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+01:00", data["results"][0]["corrections"][0]["at"])
    assert export_json(games)["results"][0]["received"][:4] == "2025"  # the machine's own zone, an offset given
    assert re.search(r"[+-]\d\d:\d\d$", export_json(games)["results"][0]["received"])


def test_the_export_says_whether_the_board_hinted_and_blank_when_not_known():
    results = [("alpha", result("n1-00000001", mode="race", winner="team", hints=True), 10.0),
               ("alpha", result("n2-00000002", mode="race", winner="team", hints=False), 20.0),
               ("bravo", result("n1-00000003", mode="race", winner="team"), 30.0)]  # an older board: not known
    games = counted(results, [])
    head, *body = list(csv.reader(io.StringIO(export_csv(games))))
    rows = [dict(zip(head, row)) for row in body]
    assert [row["hints"] for row in rows] == ["on", "off", ""]
    assert [g["hints"] for g in export_json(games)["results"]] == [True, False, None]
