"""MQTT payloads from a broker, both ways: the hall's ``Hall.receive`` (what paho's thread hands
its loop for each board message: topic, size, signed envelope, key, signature, schema, then the
board's card, the results in SQLite and the page's JSON), and a board's ``MqttLink._on_message``
(the hall's receipts and status, which settle the board's outbox of results).

An input is one or more messages, each its topic, a newline and its payload, separated by
``\\n\\x1e\\n``. A payload is signed by the target as its sender would sign it (the hall's one
board ``fuzz-board``, a stranger for any other board, the hall for ``clacks-hall/`` topics), so
the fuzz reaches the schema; one starting with ``=`` is sent as it is, unsigned or forged. The
keys are fixed, so a stored input means the same on every run. The seeds are what a board
publishes during games of every mode."""

from __future__ import annotations

import json
import tempfile
from contextlib import contextmanager
from functools import cache
from types import SimpleNamespace

from hypothesis import strategies as st

from clacks_hw.config.load import MqttConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.mqtt import schema
from clacks_hw.mqtt.projection import hall_state
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.mqtt.topics import HALL_STATUS, receipt_topic
from clacks_hw.hall.page import Hall
from clacks_hw.hall.config import BrokerSettings, HallConfig, PageSettings
from clacks_hw.hall.ingest import Ingest
from clacks_hw.hall.store import HallStore
from clacks_hw.web.mqtt_link import MqttLink
from clacks_hw.web.public import status_json
from clacks_hw.web.snapshot import StatusSnapshot

from ..harness import Target, Violation
from ..mutation import HOSTILE_TEXT, deep_json, dumps, edited, json_values, mutate, utf8
from ..seeds import games

SEPARATOR = b"\n\x1e\n"
BOARD = "fuzz-board"
BOARD_KEY, HALL_KEY, STRANGER = (SigningKey(bytes(range(n, n + 32))) for n in (0, 32, 64))
WALL = 1_750_000_000.0
BOOT = "0123456789abcdef"


def _not_json(name: str):
    raise ValueError(f"{name} is not JSON")


def _sealed(topic: str, payload: bytes) -> bytes:
    if payload.startswith(b"="):
        return payload[1:]
    parts = topic.split("/")
    key = HALL_KEY if parts[0] == "clacks-hall" else BOARD_KEY if parts[1:2] == [BOARD] else STRANGER
    return key.seal(topic, payload)


def _strict(data) -> None:
    try:
        json.loads(json.dumps(data, allow_nan=False), parse_constant=_not_json)
    except (ValueError, RecursionError) as exc:
        raise Violation("the hall page's JSON is not JSON a browser reads", str(exc)[:200]) from None


@contextmanager
def session():
    config = HallConfig(BrokerSettings(), PageSettings(port=0, db=":memory:"), HALL_KEY, {BOARD: BOARD_KEY.public})
    hall = Hall(config, wall=lambda: WALL)
    with tempfile.TemporaryDirectory() as folder:
        board = MqttLink(MqttConfig(host="broker", board_id=BOARD, hall_key=HALL_KEY.public), key=BOARD_KEY,
                         journal_dir=folder, edition=default_edition(), wall=lambda: WALL)
        try:
            def check(data: bytes) -> None:
                hall.store.close()
                hall.store = HallStore(":memory:", wall=hall.wall)
                hall.corrections = hall.store.corrections()  # they live in the same fresh database
                hall.ingest = Ingest(hall.trust, hall.store, hall.wall)
                for message in data.split(SEPARATOR):
                    head, _, payload = message.partition(b"\n")
                    topic = head.decode("utf-8", "replace")
                    if topic.startswith("clacks-hall/"):
                        board._on_message(None, None, SimpleNamespace(topic=topic, payload=_sealed(topic, payload)))
                        while board._receipts:
                            board.outbox.settle(board._receipts.popleft())
                    else:
                        hall.receive(topic, _sealed(topic, payload))
                page = hall.json()
                _strict(page)
                _strict(hall.admin_json())
                shown = {b["id"] for b in page["boards"]} | {w["board"] for w in page["leaderboard"].get("wins", [])}
                if shown - {BOARD}:
                    raise Violation("a board the hall was not given is on its page", repr(sorted(shown))[:200])

            yield check
        finally:
            board.client.loop_stop()
            hall.store.close()
            hall.close()


def _message(topic: str, message) -> bytes:
    return topic.encode() + b"\n" + schema.encode(message)


@cache
def seeds() -> list[bytes]:
    """What a board sends in games of every mode (its status, heartbeats, states, results) and
    what the hall sends it (its status, receipts)."""
    state = f"clacks/{BOARD}/state"
    out = [_message(f"clacks/{BOARD}/status", schema.BoardStatus(status="online", boot=BOOT, key=BOARD_KEY.public)),
           _message(f"clacks/{BOARD}/alive", schema.Alive(boot=BOOT, seq=1, pending=0)),
           _message(HALL_STATUS, schema.HallStatus(status="online", boot=BOOT)),
           _message(receipt_topic(BOARD), schema.Receipt(games=["n1-0000abcd", "n2-12345678"]))]
    for n, (config, states, actions) in enumerate(games(), 1):
        shown = [_message(state, hall_state(status_json(StatusSnapshot(
            seq=k, screen="over" if s.over else "game", state=s, actions=k, recent=tuple(actions[max(0, k - 3):k])),
            default_edition()))) for k, s in enumerate(states)]
        last = states[-1]
        result = schema.convert("result", {"game": f"n{n}-0000{n:04x}", "mode": config.mode, "seats": list(config.seats),
                                           "winner": last.winner if last.over else None, "actions": len(actions),
                                           "variants": sorted(config.variants), "started": WALL - 600, "seconds": 600.0})
        out += [SEPARATOR.join([out[0], *shown[:3], shown[-1], _message(f"clacks/{BOARD}/result", result)])]
        out += [shown[len(shown) // 2], _message(f"clacks/{BOARD}/result", result)]
    return out


@cache
def _bodies(kind: str) -> list:
    return [json.loads(m.partition(b"\n")[2]) for m in seeds() if SEPARATOR not in m and m.startswith(kind.encode())]


BOARD_IDS = [BOARD] * 6 + ["stranger", "a" * 64, "a" * 65, "", "+", "#", "bad id", "é", "hall"]
TOPICS = {"status": "clacks/{}/status", "state": "clacks/{}/state", "alive": "clacks/{}/alive",
          "result": "clacks/{}/result", "receipt": "clacks-hall/receipts/{}", "hall": HALL_STATUS}
hostile = deep_json.map(utf8) | st.sampled_from([b'{"a": NaN}', b"[Infinity]", b'{"game": 1e999}', b"", b"online",
                                                 b'={"v":1,"sig":"' + b"A" * 86 + b'","msg":{}}', b"={}"])


@st.composite
def message(draw) -> bytes:
    kind = draw(st.sampled_from(list(TOPICS)))
    topic = TOPICS[kind].format(draw(st.sampled_from(BOARD_IDS)))
    known = _bodies(TOPICS[kind].format(BOARD))
    if known and draw(st.integers(0, 4)):
        body = dumps(draw(st.sampled_from(known).flatmap(
            lambda b: st.just(b) | edited(b, json_values | st.sampled_from(HOSTILE_TEXT)))))
    else:
        body = draw(json_values.map(dumps) | hostile)
    return topic.encode("utf-8", "replace") + b"\n" + body


TARGET = Target(
    "mqtt", "the hall's Hall.receive (envelope, key, signature, schema, store, page) and a board's receipts",
    st.deferred(lambda: st.lists(message() | st.sampled_from(seeds()).flatmap(lambda s: mutate(s, (b"{", b"}", b'"'))),
                                 min_size=1, max_size=6).map(SEPARATOR.join)),
    seeds, session=session)
