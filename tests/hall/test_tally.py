"""The hall's tables kept up to date a game at a time (hall/tally.py) say exactly what counting
every result again says (tournament.standings, the hall's tables before): after any sequence
of results, the same game sent again, an arbiter's voids, counts and names, and restarts of the
hall on its database. The results go the whole way a board's do: signed, checked, queued for
the writer, stored in SQLite in batches, then shown."""

from __future__ import annotations

import hypothesis.strategies as st
from hypothesis import HealthCheck, given, settings

from clacks_hw.mqtt import schema
from clacks_hw.hall import tournament
from clacks_hw.hall.corrections import Refused
from clacks_hw.hall.page import Hall
from clacks_hw.hall.config import BrokerSettings, HallConfig, PageSettings
from clacks_hw.hall.tally import Tally
from tests.mqtt.rig import Keys

BOARDS = ("alpha", "bravo")
KEYS = Keys(*BOARDS)
NAMES = ("ANN", "ann", "Ann", "BOB", "Zoë", "ZOË", "KAI")
SEATS = ("S", "W", "N", "E")
WINNERS = (None, "team", "post_office", "S", "N", "S and N", "W")

results = st.fixed_dictionaries({
    "board": st.sampled_from(BOARDS),
    "game": st.integers(1, 4).map(lambda n: f"n{n}-0000000{n}"),
    "mode": st.sampled_from(("competitive", "competitive", "klackers")),
    "seats": st.lists(st.sampled_from(SEATS), min_size=0, max_size=4, unique=True),
    "winner": st.sampled_from(WINNERS),
    "names": st.dictionaries(st.sampled_from(SEATS), st.sampled_from(NAMES), max_size=4),
    "seconds": st.sampled_from((None, 60.0, 90.0, 60.0, 300.0)),
}).filter(lambda r: not r["seats"] or r["winner"] in (None, "team", "post_office")
          or set(r["winner"].split(" and ")) <= set(r["seats"]))  # a winner not at the table is no result (schema)
steps = st.lists(st.one_of(
    st.tuples(st.just("result"), results, st.sampled_from((1000.0, 1000.0, 999.0, 1002.0))),
    st.tuples(st.just("fix"), st.sampled_from(BOARDS), st.integers(1, 4), st.sampled_from(("void", "count", "name")),
              st.sampled_from(SEATS), st.sampled_from(NAMES + ("",))),
    st.tuples(st.just("batch")),  # the writer takes what is queued: one transaction for several results
    st.tuples(st.just("restart")),
), max_size=40)


class Wall:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


def open_hall(db, wall) -> Hall:
    """A hall on ``db``, not started: its writer is drained by hand (drain), in the test's thread."""
    config = HallConfig(BrokerSettings(), PageSettings(port=0, db=str(db)), KEYS.hall, KEYS.publics())
    return Hall(config, wall=wall)


def shown(hall: Hall):
    return hall.feed.model.get("results", {}).get("modes", [])


def recount(hall: Hall):
    """Every result read back and counted again, the way the hall did for every result before."""
    return tournament.standings(hall.games(hall.corrections.all()))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps)
def test_the_tables_kept_up_to_date_equal_a_whole_recount(tmp_path_factory, steps):
    db = tmp_path_factory.mktemp("tally") / "hall.sqlite"
    wall = Wall()
    hall = open_hall(db, wall)
    hall._show_results()
    try:
        for step in steps:
            if step[0] == "result":
                _, r, now = step
                wall.now = now
                topic = f"clacks/{r['board']}/result"
                data = {k: v for k, v in r.items() if k != "board"}
                payload = KEYS.boards[r["board"]].seal(topic, schema.encode(schema.convert("result", {**data, "actions": 9})))
                hall.receive(topic, payload)
            elif step[0] == "fix":
                _, board, n, kind, seat, name = step
                hall.writer.drain()
                game = hall.find_game(board, f"n{n}-0000000{n}")
                if game is not None:
                    try:
                        hall.correct("a1b2c3", game, kind, "the arbiter says so", seat=seat, value=name)
                    except Refused:
                        pass  # refused, as a phone would be told; the tables stay as they were
            elif step[0] == "batch":
                hall.writer.drain()
            else:
                hall.writer.drain()
                hall.store.close()
                hall.close()
                hall = open_hall(db, wall)
                hall._show_results()
            if step[0] != "result":  # results wait in the writer's queue until a batch
                assert shown(hall) == recount(hall)
        hall.writer.drain()
        assert shown(hall) == recount(hall)
        assert shown(hall) == Tally(hall.games()).table()  # and what a restart would count
    finally:
        hall.store.close()
        hall.close()


def test_a_correction_taking_out_a_rows_fastest_win_and_spelling_finds_the_next():
    """The rows' fastest win and first spelling came from the games voided: the next ones stand."""
    def game(n, name, seconds, received):
        return tournament.counted([("alpha", {"game": f"n{n}-0000000{n}", "mode": "competitive", "seats": ["S", "N"],
                                              "winner": "S", "names": {"S": name}, "seconds": seconds}, received)], [])[0]

    games = [game(1, "ANN", 90.0, 1.0), game(2, "ann", 60.0, 2.0), game(3, "Ann", 75.0, 3.0)]
    tally = Tally(games)
    assert tally.table()[0]["players"][0]["name"] == "ANN"  # as first entered, whatever came later
    for k in (1, 0):
        games[k].voided = True
        tally.put(games[k])
    assert tally.table() == tournament.standings(games)
    [row] = tally.table()[0]["players"]
    assert row == {"name": "Ann", "wins": 1, "games": 1, "best": 75.0}
