"""Two sides of a line on a real Mosquitto, each with its own folder: the line opens, the guest's
actions are taken once each through a broker restart and a guest started again from its disk,
and both folders end with the same chained log."""

from __future__ import annotations

import time

import pytest

from clacks_hw.line.follower import Follower
from clacks_hw.line.link import LineLink
from clacks_hw.line.referee import Referee
from clacks_hw.line.seal import BoxKey
from clacks_hw.line.store import LineStore
from clacks_hw.mqtt.signing import SigningKey
from tests.web.broker import Broker

CODE = "QWERTYUIOPAS"
VERSIONS = {"protocol": 1, "rules": 3, "edition": "default@1a2b"}
GAME = {"game": "clacks", "mode": "competitive", "variants": []}


@pytest.fixture
def broker(tmp_path):
    (tmp_path / "broker").mkdir()
    b = Broker(tmp_path / "broker").start()
    yield b
    b.stop()


class Host:
    """The host's table: applies each guest action (a \"bad\" one the rules refuse) as the daemon would."""

    def __init__(self, folder, broker):
        self.key, self.box = SigningKey(bytes(range(32))), BoxKey(bytes(range(1, 33)))
        self.folder, self.broker, self.applied = folder, broker, []
        folder.mkdir()
        self.start()

    def start(self):
        store = LineStore(self.folder, Referee(CODE, GAME, ["S"], ["N"], VERSIONS, self.key, self.box).line)
        core = Referee(CODE, GAME, ["S"], ["N"], VERSIONS, self.key, self.box, join=store.join, log=store.entries)
        self.link = LineLink(core, store, client_id="line-host").connect("127.0.0.1", self.broker.port)

    def pump(self):
        for incoming in self.link.pump(time.monotonic()).incoming:
            if incoming.action == "bad":
                self.link.refused(incoming, {"code": "not_your_turn", "values": {}})
            else:
                self.applied.append((incoming.seat, incoming.seq, incoming.action))
                self.link.applied("N", incoming.seq, {"act": incoming.action}, {"N": {"hand": ["J26"]}},
                                  {"turn": len(self.applied)})


class Guest:
    def __init__(self, folder, broker):
        self.keys = (SigningKey(bytes(range(2, 34))), {"N": (SigningKey(bytes(range(3, 35))), BoxKey(bytes(range(4, 36))))})
        self.folder, self.broker, self.opened, self.views = folder, broker, False, {}
        folder.mkdir()
        self.start()

    def start(self):
        probe = Follower(CODE, "grandma's", VERSIONS, *self.keys)
        store = LineStore(self.folder, probe.line)
        core = Follower(CODE, "grandma's", VERSIONS, *self.keys, log=store.entries, waiting=store.waiting())
        self.link = LineLink(core, store, client_id="line-guest").connect("127.0.0.1", self.broker.port)

    def pump(self):
        step = self.link.pump(time.monotonic())
        self.opened = self.opened or step.opened
        self.views.update(step.views)


def until(what, sides, done, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for side in sides:
            side.pump()
        if done():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_line_through_a_real_broker_survives_its_restart_and_a_guest_started_again(tmp_path, broker):
    host, guest = Host(tmp_path / "host", broker), Guest(tmp_path / "guest", broker)
    until("the line to open", (host, guest), lambda: guest.opened)
    for action in ("play", "bad", "move"):
        guest.link.act("N", action)
    until("the first actions", (host, guest), lambda: len(guest.link.core.entries) == 3)

    broker.stop()  # the broker goes; the guest goes on acting meanwhile
    guest.link.act("N", "pass")
    broker.start()
    until("the action sent while the broker was down", (host, guest), lambda: len(guest.link.core.entries) == 4)

    guest.link.act("N", "play-again")  # kept on disk, then the guest's machine loses power
    guest.link.close()
    guest.start()
    until("the guest started again to catch up", (host, guest),
          lambda: len(guest.link.core.entries) == 5 and not guest.link.core.pending)

    assert host.applied == [("N", 1, "play"), ("N", 3, "move"), ("N", 4, "pass"), ("N", 5, "play-again")]
    hashes = lambda holder: [e["hash"] for e in holder.entries]  # noqa: E731
    assert len(hashes(host.link.store)) == 5
    assert hashes(host.link.store) == hashes(host.link.core) == hashes(guest.link.core) == hashes(guest.link.store)
    assert guest.views == {"N": {"hand": ["J26"]}}
    host.link.close()
    guest.link.close()


def test_a_side_says_when_it_cannot_reach_the_broker_and_when_it_answers(tmp_path):
    (tmp_path / "broker").mkdir()
    (tmp_path / "guest").mkdir()
    late = Broker(tmp_path / "broker")  # not started yet
    follower = Follower(CODE, "grandma's", VERSIONS, SigningKey.generate(), {"N": (SigningKey.generate(), BoxKey.generate())})
    link = LineLink(follower, LineStore(tmp_path / "guest", follower.line), client_id="late").connect("127.0.0.1", late.port)
    said = []

    def hear(what):
        end = time.monotonic() + 20
        while time.monotonic() < end:
            news = link.pump(time.monotonic()).broker
            if news:
                said.append(news)
            if any(what in s for s in said):
                return
            time.sleep(0.02)
        raise AssertionError(f"never said {what!r}: {said}")

    try:
        hear(f"cannot reach the broker at 127.0.0.1:{late.port}")
        late.start()
        hear(f"the broker at 127.0.0.1:{late.port} answers again")
        assert sum("cannot reach" in s for s in said) == 1  # said once, not at every try
    finally:
        link.close()
        late.stop()
