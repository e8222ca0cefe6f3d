"""A flood of messages refused fills no log: 10,000 of them the hall drops (made-up boards by the
thousand, a known board's refused messages, foreign topics) over five minutes of the hall's
clock give a few whole lines a minute and one count line, and the counts add up to every one;
the hall's tick says a minute's count when no more come; a board ignoring messages on the
hall's topics (forged or unsigned) logs them the same way."""

from __future__ import annotations

import logging
import re
from collections import deque
from types import SimpleNamespace

from clacks_hw.config.load import MqttConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.mqtt.topics import HALL_STATUS, receipt_topic
from clacks_hw.testing.clock import FakeClock
from clacks_hw.hall.page import Hall
from clacks_hw.hall.config import BrokerSettings, HallConfig, PageSettings, Trust
from clacks_hw.hall.ingest import Ingest
from clacks_hw.hall.store import HallStore
from clacks_hw.web.mqtt_link import MqttLink
from tests.mqtt.rig import Keys
from tests.mqtt.test_ingest import Wall, sealed

MESSAGES, PER_STEP, STEP_S = 10_000, 100, 3.0
WHOLE_A_MINUTE = 8  # docs/security.md: the first of each kind whole, at most eight a minute
COUNT_LINE = re.compile(r"^hall: and ([\d,]+) more messages? dropped in the last (second|minute|\d+ s|\d+ minutes) \(")


def flood(k: int, key) -> tuple[str, bytes]:
    if k % 3 == 0:
        return f"clacks/stranger{k}/status", b'{"status":"online"}'  # a new name each time, unsigned
    if k % 3 == 1:
        return sealed(key, "alpha", "state", b'{"screen":"game","position":{"mode":"competitive","board":5}}')
    return f"elsewhere/{k}", b"{}"


def test_ten_thousand_dropped_messages_give_a_few_log_lines_with_the_whole_count(tmp_path, caplog):
    keys = Keys("alpha")
    wall = Wall()
    ingest = Ingest(Trust(HallConfig(None, PageSettings(), keys.hall, keys.publics())),
                    HallStore(tmp_path / "hall.sqlite", wall=wall), wall)
    with caplog.at_level(logging.WARNING, logger="clacks_hw.hall.ingest"):
        for k in range(MESSAGES):
            ingest.receive(*flood(k, keys.boards["alpha"]))
            if k % PER_STEP == PER_STEP - 1:
                wall.now += STEP_S
        wall.now += 60
        ingest.receive("elsewhere/last", b"{}")  # a minute on: the last minute's count, and this one
    assert ingest.dropped == MESSAGES + 1 and ingest.store.count() == 0
    lines = [r.getMessage() for r in caplog.records]
    counts = [int(m[1].replace(",", "")) for m in map(COUNT_LINE.match, lines) if m]
    minutes = MESSAGES // PER_STEP * STEP_S / 60 + 1  # and the one after
    assert len(counts) <= minutes and len(lines) - len(counts) <= WHOLE_A_MINUTE * minutes, lines
    assert len(lines) - len(counts) + sum(counts) == MESSAGES + 1  # nothing lost from the count
    assert any("stranger0 sends unsigned messages" in line for line in lines)
    assert any("$.position.board" in line for line in lines) and any("elsewhere/2" in line for line in lines)
    assert all(len(line) < 700 and line.isprintable() for line in lines)


def test_the_halls_tick_says_the_count_of_a_minute_with_no_more_messages(caplog):
    keys = Keys("alpha")
    wall = Wall()
    hall = Hall(HallConfig(BrokerSettings(), PageSettings(port=0, db=":memory:"), keys.hall, keys.publics()), wall=wall)
    try:
        with caplog.at_level(logging.WARNING, logger="clacks_hw.hall.ingest"):
            for k in range(1000):
                hall.receive(f"elsewhere/{k}", b"{}")
            hall._tick()
            assert len(caplog.records) == 1  # the first; the rest wait for their minute
            wall.now += 60
            hall._tick()
    finally:
        hall.close()
    assert [r.getMessage() for r in caplog.records][1:] == [
        "hall: and 999 more messages dropped in the last minute (foreign 999)"]


def test_a_board_logs_messages_on_the_halls_topics_it_ignores_at_a_bounded_rate(tmp_path, caplog):
    keys, mallory, clock = Keys("alpha"), SigningKey.generate(), FakeClock(0.0)
    config = MqttConfig(host="broker", board_id="alpha", hall_key=keys.hall.public)
    board = MqttLink(config, key=keys.boards["alpha"], journal_dir=tmp_path, edition=default_edition(), clock=clock.now)
    topics = (HALL_STATUS, receipt_topic("alpha"))
    with caplog.at_level(logging.WARNING, logger="clacks_hw.web.mqtt_link"):
        for k in range(MESSAGES):
            topic = topics[k % 2]
            payload = mallory.seal(topic, b'{"games":[]}') if k % 3 else b'{"status":"online"}'
            board._on_message(None, None, SimpleNamespace(topic=topic, payload=payload))
            if k % PER_STEP == PER_STEP - 1:
                clock.advance(STEP_S)
        clock.advance(60)
        board._on_message(None, None, SimpleNamespace(topic=HALL_STATUS, payload=b"{}"))  # the count, and this
        board._on_message(None, None, SimpleNamespace(topic=HALL_STATUS, payload=b"{}"))
        board.close()  # the last one's count as the link ends
    lines = [r.getMessage() for r in caplog.records]
    counts = [int(m[1].replace(",", "")) for m in (re.search(r"^MQTT: and ([\d,]+) more messages? ignored", x)
                                                     for x in lines) if m]
    minutes = MESSAGES // PER_STEP * STEP_S / 60 + 1
    assert len(counts) <= minutes and len(lines) - len(counts) <= 2 * minutes, lines
    assert len(lines) - len(counts) + sum(counts) == MESSAGES + 2
    assert lines[-1] == "MQTT: and 1 more message ignored in the last second (refused 1)"
    assert "not signed by the hall's key" in " ".join(lines) and "not a signed message" in " ".join(lines)
    assert board._receipts == deque(maxlen=64)  # none believed
