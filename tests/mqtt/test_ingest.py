"""The hall's ingestion, message by message: a board it was not given, or one whose signature
fails, never reaches a card or the leaderboard (logged once, listed with the command that adds
it); a known board's message the schema refuses is dropped with a log line; a result counts
once; a board that stops beating is shown silent within 5 s."""

from __future__ import annotations

import logging

from clacks_hw.mqtt import schema
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.hall.config import HallConfig, PageSettings, Trust
from clacks_hw.hall.ingest import SILENT_S, Ingest
from clacks_hw.hall.store import HallStore
from tests.mqtt.rig import Keys

RESULT = schema.Result(game="n4-1234abcd", mode="competitive", seats=["S", "N"], winner="S", actions=30,
                       turns=11, seconds=60.0)


class Wall:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def hall(tmp_path, keys: Keys):
    wall = Wall()
    cfg = HallConfig(None, PageSettings(), keys.hall, keys.publics())
    return Ingest(Trust(cfg), HallStore(tmp_path / "hall.sqlite", wall=wall), wall), wall


def sealed(key: SigningKey, board: str, kind: str, message) -> tuple[str, bytes]:
    topic = f"clacks/{board}/{kind}"
    return topic, key.seal(topic, message if isinstance(message, bytes) else schema.encode(message))


def status(key, board, status="online"):
    return sealed(key, board, "status", schema.BoardStatus(status=status, boot="0123456789abcdef", key=key.public))


def test_a_known_board_is_shown_and_its_result_counted_once(tmp_path):
    keys = Keys("alpha")
    ingest, wall = hall(tmp_path, keys)
    k = keys.boards["alpha"]
    assert ingest.receive(*status(k, "alpha")) == (True, None)
    assert ingest.receive(*sealed(k, "alpha", "state", schema.BoardState(screen="attract", demo=True)))[0]
    assert ingest.receive(*sealed(k, "alpha", "result", RESULT)) == (True, "alpha")
    assert ingest.receive(*sealed(k, "alpha", "result", RESULT)) == (False, "alpha")  # again: a receipt, no count
    assert ingest.store.count() == 1
    [card] = ingest.boards(wall.now)
    assert card["link"] == "online" and card["state"] == {"screen": "attract", "demo": True}


def test_strangers_and_forgers_never_reach_a_card_or_the_leaderboard(tmp_path, caplog):
    keys = Keys("alpha")
    ingest, wall = hall(tmp_path, keys)
    mallory = SigningKey.generate()
    forged = schema.Result(game="n1-00000000", mode="competitive", seats=["S"], winner="S", actions=203, seconds=1.0)
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            ingest.receive(*status(mallory, "mallory"))  # a made-up board
            ingest.receive(*sealed(mallory, "mallory", "result", forged))
            ingest.receive(*sealed(mallory, "alpha", "result", forged))  # alpha's name, not alpha's key
            ingest.receive("clacks/alpha/result", schema.encode(forged))  # unsigned
    assert ingest.cards == {} and ingest.store.count() == 0
    knocking = {k.board: k.data() for k in ingest.knocking.values()}
    assert knocking["mallory"]["reason"] == "is not one of the hall's boards"
    assert knocking["mallory"]["key"] == mallory.public
    assert knocking["mallory"]["command"] == f"clacks-hw hall trust --config HALL.toml -- mallory {mallory.public}"
    assert knocking["alpha"]["reason"] == "sends unsigned messages"
    lines = [r.getMessage() for r in caplog.records]
    assert len([m for m in lines if "mallory" in m]) == 1  # once per publisher, not per message
    assert len([m for m in lines if "alpha" in m and "another key" in m]) == 1


def test_a_stranger_offers_only_a_key_it_signs_with(tmp_path):
    """The key listed for the exhibitor is one the knocker holds: a status offering someone
    else's key (copied from their status) is listed without a key or a command."""
    ingest, _ = hall(tmp_path, Keys())
    gamma, mallory = SigningKey.generate(), SigningKey.generate()
    copied = schema.BoardStatus(status="online", boot="0123456789abcdef", key=gamma.public)
    ingest.receive(*sealed(mallory, "gamma", "status", copied))
    assert ingest.knocking["gamma"].data()["key"] is None and ingest.knocking["gamma"].data()["command"] is None
    ingest.receive(*sealed(gamma, "gamma", "status", copied))
    assert ingest.knocking["gamma"].data()["key"] == gamma.public


def test_a_known_boards_bad_message_is_dropped_with_one_log_line(tmp_path, caplog):
    keys = Keys("alpha")
    ingest, wall = hall(tmp_path, keys)
    k = keys.boards["alpha"]
    ingest.receive(*sealed(k, "alpha", "state", schema.BoardState(screen="game")))
    bad = b'{"screen":"game","position":{"mode":"competitive","board":5}}'
    with caplog.at_level(logging.WARNING):
        for _ in range(50):
            assert ingest.receive(*sealed(k, "alpha", "state", bad)) == (False, None)
        ingest.receive(*sealed(k, "alpha", "result", b'{"game":"n1-00000000","mode":"competitive","seats":[],'
                                                      b'"winner":null,"actions":1,"seconds":1e999}'))
        ingest.receive("clacks/alpha/state", b"{" * 40_000)
    assert ingest.cards["alpha"].state == {"screen": "game"} and ingest.cards["alpha"].refused == 51
    assert ingest.store.count() == 0
    assert [r.getMessage() for r in caplog.records if "$.position.board" in r.getMessage()] != []
    assert len(caplog.records) == 3  # one per kind of trouble, not one per message


def test_a_board_that_stops_beating_is_silent_then_offline_by_its_will(tmp_path):
    keys = Keys("alpha")
    ingest, wall = hall(tmp_path, keys)
    k = keys.boards["alpha"]
    ingest.receive(*status(k, "alpha"))
    beat = schema.Alive(boot="0123456789abcdef", seq=1)
    for _ in range(5):
        wall.now += 1.0
        ingest.receive(*sealed(k, "alpha", "alive", beat))
        assert ingest.boards(wall.now)[0]["link"] == "online"
    wall.now += SILENT_S + 0.1
    assert SILENT_S + 0.5 <= 5  # shown within 5 s of its last word, with the page's half-second tick
    assert ingest.boards(wall.now)[0]["link"] == "silent"
    ingest.receive(*status(k, "alpha", "offline"))
    assert ingest.boards(wall.now)[0]["link"] == "offline"


def test_a_signed_result_whose_winner_was_not_at_the_table_is_refused_with_the_reason(tmp_path, caplog):
    """Seats S and N, winner E: signed by a known board, and still nobody's result."""
    import msgspec

    keys = Keys("alpha")
    ingest, wall = hall(tmp_path, keys)
    k = keys.boards["alpha"]
    bad = msgspec.json.encode({**schema.to_data(RESULT), "winner": "E"})
    ingest.receive(*status(k, "alpha"))
    with caplog.at_level(logging.WARNING):
        assert ingest.receive(*sealed(k, "alpha", "result", bad)) == (False, None)
    assert ingest.store.count() == 0 and ingest.cards["alpha"].refused == 1
    assert any("alpha: a result message the schema refuses" in r.getMessage() and
               "the winner E is not at the table (seats S N)" in r.getMessage() for r in caplog.records)
    team = msgspec.json.encode({**schema.to_data(RESULT), "winner": "S and N"})  # both at the table: counted
    assert ingest.receive(*sealed(k, "alpha", "result", team)) == (True, "alpha")
