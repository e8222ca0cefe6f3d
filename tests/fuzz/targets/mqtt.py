"""MQTT payloads the hall takes from a broker: ``Hall.receive`` (what paho's thread hands the
hall's loop for each message on ``clacks/+/status``, ``state`` and ``events``), the results it
stores and the page's JSON it builds from them.

An input is one or more messages, each its topic, a newline and its payload, separated by
``\\n\\x1e\\n``. The seeds are what a real board's MQTT link publishes during games of every mode."""

from __future__ import annotations

import json
from contextlib import contextmanager
from functools import cache

from hypothesis import strategies as st

from clacks_hw.config import MqttConfig
from clacks_hw.game.edition_files import default_edition
from clacks_hw.web.hall import Hall
from clacks_hw.web.hall_store import HallStore
from clacks_hw.web.mqtt_link import MqttLink
from clacks_hw.web.snapshot import StatusSnapshot

from ..harness import Target, Violation
from ..mutation import HOSTILE_NUMBERS, HOSTILE_TEXT, deep_json, dumps, edited, json_values, mutate, utf8
from ..seeds import games

SEPARATOR = b"\n\x1e\n"
BOARD = "fuzz-board"


def _not_json(name: str):
    raise ValueError(f"{name} is not JSON")


@contextmanager
def session():
    hall = Hall("127.0.0.1", db=":memory:", port=0, wall=lambda: 1_750_000_000.0)
    try:
        def check(data: bytes) -> None:
            hall.boards = {}
            hall.store.close()
            hall.store = HallStore(":memory:")
            for message in data.split(SEPARATOR):
                topic, _, payload = message.partition(b"\n")
                hall.receive(topic.decode("utf-8", "replace"), payload)
            try:
                json.loads(hall.feed.json, parse_constant=_not_json)
            except (ValueError, RecursionError) as exc:
                raise Violation("the hall page's JSON is not JSON a browser reads", str(exc)[:200]) from None
            json.dumps(hall.store.leaderboard(), allow_nan=False)

        yield check
    finally:
        hall.store.close()
        hall.close()


class _Recorder(MqttLink):
    """A board's MQTT link that keeps what it would publish."""

    def __init__(self) -> None:
        super().__init__(MqttConfig(host="broker", board_id=BOARD), edition=default_edition(), wall=lambda: 1_750_000_000.0)
        self.sent: list[bytes] = []

    def _publish(self, what, payload, qos=0, retain=False) -> None:
        data = payload if isinstance(payload, bytes) else json.dumps(payload, separators=(",", ":")).encode()
        self.sent.append(f"clacks/{BOARD}/{what}".encode() + b"\n" + data)


@cache
def seeds() -> list[bytes]:
    out = [f"clacks/{BOARD}/status\nonline".encode(), f"clacks/{BOARD}/status\noffline".encode()]
    for config, states, actions in games():
        link = _Recorder()
        for n, state in enumerate(states):
            link._handle(StatusSnapshot(seq=n, screen="over" if state.over else "game", state=state, actions=n,
                                        recent=tuple(actions[max(0, n - 3):n])))
        out.append(SEPARATOR.join(link.sent[:6] + link.sent[-4:]))  # a game's start and end, on one hall
        out += link.sent[-3:]
    return out


@cache
def _states() -> list:
    return [json.loads(m.partition(b"\n")[2]) for m in seeds()
            if m.startswith(f"clacks/{BOARD}/state\n".encode()) and SEPARATOR not in m]


BOARD_IDS = [BOARD, "b", "a" * 64, "a" * 65, "", "+", "#", "bad id", "é", "..", "board/x"]
number = st.sampled_from(HOSTILE_NUMBERS) | json_values
game_over = st.fixed_dictionaries(
    {"type": st.just("game_over"), "mode": st.sampled_from(["competitive", "race"]) | json_values, "at": number},
    optional={"variants": json_values, "winner": st.sampled_from(["S", "N", "team", "post_office", None]) | json_values,
              "word": st.sampled_from(["AHMED", None] + HOSTILE_TEXT) | json_values, "turns": number, "seconds": number})
payloads = {
    "status": st.sampled_from([b"online", b"offline", b"", b"ONLINE", b"online\x00"]),
    "state": st.deferred(lambda: st.sampled_from(_states()).flatmap(edited)).map(dumps) | json_values.map(dumps),
    "events": game_over.flatmap(lambda e: st.just(e) | edited(e)).map(dumps) | json_values.map(dumps),
}
hostile = deep_json.map(utf8) | st.sampled_from([b'{"a": NaN}', b"[Infinity]", b'{"type":"game_over","at":1e999}'])


@st.composite
def message(draw) -> bytes:
    kind = draw(st.sampled_from([*payloads, "other", ""]))
    payload = draw(payloads.get(kind, hostile) | hostile) if draw(st.integers(0, 4)) == 0 else draw(payloads.get(kind, hostile))
    return f"clacks/{draw(st.sampled_from(BOARD_IDS))}/{kind}".encode() + b"\n" + payload


TARGET = Target(
    "mqtt", "clacks_hw.web.hall.Hall.receive, then the hall page's JSON and leaderboard",
    st.deferred(lambda: st.lists(message() | st.sampled_from(seeds()).flatmap(lambda s: mutate(s, (b"{", b"}", b'"'))),
                                 min_size=1, max_size=6).map(SEPARATOR.join)),
    seeds, session=session)
