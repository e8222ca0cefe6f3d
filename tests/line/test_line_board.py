"""The host's board at one end of a line, on a real Mosquitto: the guest's seat plays its turn with
its own board's taps and presses (sent as inputs, the host's board deciding what they mean), an
input out of its turn is refused, and the guest's lamps get the host's frames."""

from __future__ import annotations

import random
import time

from clacks_hw.base.clock import SystemClock
from clacks_hw.line.follower import Follower
from clacks_hw.line.host import LineHost
from clacks_hw.line.messages import frame_body
from clacks_hw.line.link import LineLink
from clacks_hw.line.referee import Referee
from clacks_hw.line.seal import BoxKey
from clacks_hw.line.store import LineStore
from clacks_hw.mqtt.signing import SigningKey
from tests.line.test_line_broker import broker  # noqa: F401  (the fixture)
from tests.web.live import LiveBoard

CODE = "LINEBOARDTST"
VERSIONS = {"protocol": 1}


def test_the_guests_seat_plays_its_turn_on_the_hosts_board(tmp_path, broker):  # noqa: F811
    for d in ("host", "line", "guest"):
        (tmp_path / d).mkdir()
    board = LiveBoard(tmp_path / "host", rng=random.Random(0)).start()  # seed 0: S, the guest's seat, begins
    referee = Referee(CODE, {"game": "clacks", "mode": "competitive"}, ["N"], ["S"], VERSIONS,
                      SigningKey.generate(), BoxKey.generate())
    host = LineHost(LineLink(referee, LineStore(tmp_path / "line", referee.line), client_id="host"),
                    board.daemon.events, SystemClock())
    board.observers.append(host.observe)
    board.daemon.controller.remote_seats = frozenset({"S"})
    host.start("127.0.0.1", broker.port)
    follower = Follower(CODE, "grandma's", VERSIONS, SigningKey.generate(), {"S": (SigningKey.generate(), BoxKey.generate())})
    guest = LineLink(follower, LineStore(tmp_path / "guest", follower.line), client_id="guest").connect("127.0.0.1", broker.port)
    frames = []
    try:
        def heard(done, what):
            end = time.monotonic() + 15
            while time.monotonic() < end:
                step = guest.pump(time.monotonic())
                if step.frame:
                    frames.append(step.frame)
                if done():
                    return
                time.sleep(0.02)
            raise AssertionError(f"timed out waiting for {what}")

        heard(lambda: follower.open, "the line to open")
        guest.act("S", {"press": "PLAY"})  # no game yet: the board's set-up is the host's
        heard(lambda: len(follower.entries) == 1, "the refusal")
        assert follower.entries[0]["refused"]["code"] == "not_in_game"

        assert board.admin("new-game", {"mode": "competitive", "seats": ["S", "N"], "computer": []})[0] == 200
        board.wait_for(lambda: board.daemon.controller.in_game, "the game")
        state = board.state()
        assert state.turn.seat == "S"
        board.tap(state.player("S").hand[0])  # at the host's table: S's turn is played at the other place
        board.wait_for(lambda: "S plays at the other place" in board.daemon.controller.message, "the refusal")
        assert board.daemon.controller.preview is None
        for card in state.player("S").hand:  # the guest's table taps its cards until one is affordable
            guest.act("S", {"tap": card})
            preview = board.wait_for(lambda: board.daemon.controller.preview, "a preview")
            if preview.card == card and preview.affordable:
                break
            guest.act("S", {"press": "BACK"})
            guest.act("S", {"release": "BACK", "held": 0.05})
        guest.act("S", {"press": "PLAY"})
        guest.act("S", {"release": "PLAY", "held": 0.05})
        board.wait_for(lambda: board.state().turn.played == (card,), "the card played from the other end")
        sent = follower.next_seq["S"] - 1
        heard(lambda: len(follower.entries) == sent and not follower.pending, "every input's outcome")
        assert sum(e.get("public", {}).get("applied", 0) for e in follower.entries) >= 1  # the play, journaled there
        assert [e["hash"] for e in follower.entries] == [e["hash"] for e in referee.entries]
        shown = frame_body(board.frames[-1][1])["pixels"]
        heard(lambda: frames and frames[-1] == shown, "the host's lamps at the other end")
    finally:
        guest.close()
        host.close()
        board.stop()


def test_an_input_from_a_seat_not_to_act_is_refused_and_changes_nothing(tmp_path):
    import queue

    from clacks_hw.daemon.events import RemoteInput
    from clacks_hw.drivers.debounce import ButtonEvent
    board = LiveBoard(tmp_path, rng=random.Random(0)).start()
    try:
        # KLACKERS has no card another seat may play on one's turn (Clacks' Fault Reports may be)
        assert board.admin("new-game", {"mode": "klackers", "seats": ["S", "N"], "computer": []})[0] == 200
        board.wait_for(lambda: board.daemon.controller.in_game, "the game")
        before, outcome = board.state(), queue.SimpleQueue()
        other = next(s for s in ("S", "N") if s != before.config.game.acting_seat(before))
        board.put(RemoteInput(other, 1, ButtonEvent("press", "PLAY", board.daemon.clock.now()), outcome.put))
        assert outcome.get(timeout=10) == {"refused": "not_your_turn"}
        assert board.state() == before
    finally:
        board.stop()


def test_the_hosts_board_says_when_the_other_place_goes_silent_and_when_it_is_back(tmp_path, broker):  # noqa: F811
    for d in ("host", "line", "guest"):
        (tmp_path / d).mkdir()
    board = LiveBoard(tmp_path / "host").start()
    referee = Referee(CODE, {}, ["N"], ["S"], VERSIONS, SigningKey.generate(), BoxKey.generate())
    host = LineHost(LineLink(referee, LineStore(tmp_path / "line", referee.line), client_id="host"),
                    board.daemon.events, SystemClock(), down_after_s=1.0)
    host.start("127.0.0.1", broker.port)
    keys = (SigningKey.generate(), {"S": (SigningKey.generate(), BoxKey.generate())})

    def guest():
        follower = Follower(CODE, "grandma's", VERSIONS, *keys)
        link = LineLink(follower, LineStore(tmp_path / "guest", follower.line), client_id="guest")
        return link.connect("127.0.0.1", broker.port)

    def until(done, what, link=None):
        end = time.monotonic() + 15
        while time.monotonic() < end:
            if link is not None:
                link.pump(time.monotonic())
            if done():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what}")

    g = guest()
    try:
        until(lambda: g.core.open and host.link.heard is not None, "the line to open", g)
        g.close()  # the other place's power goes
        until(lambda: "line down since" in board.daemon.controller.message, "the board to say the line is down")
        assert "waiting for grandma's" in board.daemon.controller.message
        g = guest()  # back, from its own folder
        until(lambda: "the line to grandma's is back" in board.daemon.controller.message, "the board to say it is back", g)
    finally:
        g.close()
        host.close()
        board.stop()
