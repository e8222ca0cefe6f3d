"""A board that lost its outbox rebuilds it from its journals and sends games again that the hall
stored long ago (mqtt/outbox.py): the hall's receipt names the games it was just sent, held
before or not, so the board stops sending them; the newest-first list alone would name only the
latest 1,024 and leave an old game waiting on the board for ever."""

from __future__ import annotations

from clacks_hw.mqtt.schema import RECEIPT_GAMES
from clacks_hw.hall.store import HallStore
from clacks_hw.hall.writer import ResultWriter
from tests.hall.test_catch_up import result


def test_a_game_sent_again_long_after_it_was_stored_is_on_the_receipt(tmp_path):
    store = HallStore(tmp_path / "hall.db")
    receipts: list[dict] = []
    writer = ResultWriter(store, lambda stored, r: receipts.append(r))
    try:
        for n in range(RECEIPT_GAMES + 200):
            writer.record("alpha", result(n))
        while writer.drain():
            pass
        assert result(0).game not in receipts[-1]["alpha"]  # the oldest is past the newest 1,024
        writer.record("alpha", result(0))  # sent again: the hall holds it already
        writer.record("beta", result(5))
        writer.drain()
        alpha = receipts[-1]["alpha"]
        assert alpha[0] == result(0).game and len(alpha) == RECEIPT_GAMES == len(set(alpha))
        assert alpha[1:] == store.games("alpha")[: RECEIPT_GAMES - 1]  # then the newest held
        assert receipts[-1]["beta"] == [result(5).game]
    finally:
        store.close()
