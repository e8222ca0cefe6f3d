"""The clacks line through a real Mosquitto: a guest's input to the lit frame it brings back from
the host's board, p50 and p99, with 0 and 100 ms added each way on the guest's path (a relay on
loopback, as a far home would be); the bytes a move puts on the wire; and the time from a cut
line coming back to the guest's next input answered.

A move: the guest taps a card of its seat's hand (the host's board previews it on the lamps) or
presses BACK (the preview goes): each changes the host's frame, which the guest waits for.
Targets (the issue's): p99 at most one round trip plus 50 ms; a re-join within 2 s.
"""

from __future__ import annotations

import queue
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clacks_hw.base.clock import SystemClock  # noqa: E402
from clacks_hw.line.follower import Follower  # noqa: E402
from clacks_hw.line.host import LineHost  # noqa: E402
from clacks_hw.line.link import LineLink  # noqa: E402
from clacks_hw.line.referee import Referee  # noqa: E402
from clacks_hw.line.seal import BoxKey  # noqa: E402
from clacks_hw.line.store import LineStore  # noqa: E402
from clacks_hw.mqtt.signing import SigningKey  # noqa: E402
from report import Row, fig, record  # noqa: E402

MOVES = 100
CUTS_S = (1.0, 2.0, 3.0, 4.5, 6.0)  # each cut of the guest's connection, then its input answered


class Relay:
    """A TCP relay on loopback that holds every chunk ``delay`` seconds each way, and can cut."""

    def __init__(self, upstream: int, delay: float) -> None:
        self.upstream, self.delay = upstream, delay
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open = threading.Event()
        self.open.set()
        self.socks: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            client, _ = self.listener.accept()
            if not self.open.is_set():
                client.close()
                continue
            server = socket.create_connection(("127.0.0.1", self.upstream))
            for s in (client, server):  # the relay itself adds nothing but its delay
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.socks += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        held: queue.SimpleQueue = queue.SimpleQueue()  # (due, chunk): each held from its own arrival
        threading.Thread(target=self._send, args=(held, dst), daemon=True).start()
        try:
            while data := src.recv(65536):
                held.put((time.monotonic() + self.delay, data))
        except OSError:
            pass
        held.put((0.0, b""))
        self._close(src, dst)

    def _send(self, held: queue.SimpleQueue, dst: socket.socket) -> None:
        while True:
            due, data = held.get()
            if not data:
                return
            time.sleep(max(0.0, due - time.monotonic()))
            try:
                dst.sendall(data)
            except OSError:
                return

    @staticmethod
    def _close(*socks) -> None:
        for s in socks:
            try:
                s.close()
            except OSError:
                pass

    def cut(self) -> None:
        self.open.clear()
        for s in self.socks:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.socks = []

    def restore(self) -> None:
        self.open.set()


def one_run(tmp: Path, broker, delay: float, cut: bool, nodelay: bool = True) -> dict:
    """``nodelay`` False: the line's clients as before (Nagle's algorithm on), on a broker as it comes."""
    from clacks_hw.line import link as line_link
    from tests.web.live import LiveBoard

    line_link.no_delay = line_link.__dict__.get("_no_delay_kept", line_link.no_delay)
    line_link._no_delay_kept = line_link.no_delay
    if not nodelay:
        line_link.no_delay = lambda client: None

    for d in ("host", "line", "guest"):
        (tmp / d).mkdir(mode=0o700, parents=True)
    board = LiveBoard(tmp / "host", rng=random.Random(0)).start()
    code = "BENCHLINE" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[int(delay * 10) % 26] * 3  # a line of its own each run
    referee = Referee(code, {}, ["N"], ["S"], {"protocol": 1}, SigningKey.generate(), BoxKey.generate())
    host = LineHost(LineLink(referee, LineStore(tmp / "line", referee.line), client_id="bench-host"),
                    board.daemon.events, SystemClock())
    board.observers.append(host.observe)
    board.daemon.controller.remote_seats = frozenset({"S"})
    host.start("127.0.0.1", broker.port)
    relay = Relay(broker.port, delay)
    follower = Follower(code, "bench", {"protocol": 1}, SigningKey.generate(), {"S": (SigningKey.generate(), BoxKey.generate())})
    guest = LineLink(follower, LineStore(tmp / "guest", follower.line), client_id="bench-guest").connect("127.0.0.1", relay.port)
    sent = [0]
    publish = guest.client.publish

    def counted(topic, payload=None, *a, **k):
        sent[0] += len(payload or b"") + len(topic)
        return publish(topic, payload, *a, **k)
    guest.client.publish = counted
    heard = [0]
    take = follower.on_message

    def counting(topic, payload, now):
        heard[0] += len(payload) + len(topic)
        return take(topic, payload, now)
    follower.on_message = counting
    last = [None]

    def wait_frame(timeout=20.0, seq=None, frame=True) -> tuple[float, float | None]:
        """(when the log named input ``seq``, when a new frame came): both (the frame only if
        ``frame``), or RuntimeError."""
        end, logged, framed = time.monotonic() + timeout, None, None if frame else 0.0
        while time.monotonic() < end:
            step = guest.pump(time.monotonic())
            now = time.monotonic()
            if logged is None and (seq is None or any(e.get("seq") == seq for e in step.entries)):
                logged = now
            if framed is None and step.frame and step.frame != last[0]:
                last[0], framed = step.frame, now
            if logged is not None and framed is not None:
                return logged, framed
            time.sleep(0.0005)
        raise RuntimeError("no answer from the host")

    try:
        end = time.monotonic() + 20
        while not follower.open and time.monotonic() < end:
            guest.pump(time.monotonic())
            time.sleep(0.005)
        assert board.admin("new-game", {"mode": "competitive", "seats": ["S", "N"], "computer": []})[0] == 200
        board.wait_for(lambda: board.daemon.controller.in_game and board.state().turn.seat == "S", "S to act")
        try:
            wait_frame(5)
        except RuntimeError:
            pass
        card = board.state().player("S").hand[0]
        logged, framed, start_sent, start_heard = [], [], sent[0], heard[0]

        def move(k):
            if k % 2 == 0:
                guest.act("S", {"tap": card})
            else:
                guest.act("S", {"press": "BACK"})
                guest.act("S", {"release": "BACK", "held": 0.05})
            return follower.next_seq["S"] - 1
        for k in range(MOVES):
            t0 = time.monotonic()
            # a tap lights its preview (a new frame for sure); BACK's frame may equal a blink phase
            at_log, at_frame = wait_frame(seq=move(k), frame=k % 2 == 0)
            logged.append(at_log - t0)
            if k % 2 == 0:
                framed.append(at_frame - t0)
            else:
                time.sleep(0.3)  # the preview's last blink gone before the next tap is timed
                guest.pump(time.monotonic())
                last[0] = None

        def pct(xs, p):
            return 1000 * sorted(xs)[max(0, int(p * len(xs)) - 1)]
        out = {"delay_ms": delay * 1000, "moves": MOVES, "p50_ms": pct(logged, 0.5), "p99_ms": pct(logged, 0.99),
               "max_ms": 1000 * max(logged), "frame_p50_ms": pct(framed, 0.5), "frame_p99_ms": pct(framed, 0.99),
               "bytes_out": (sent[0] - start_sent) / MOVES, "bytes_in": (heard[0] - start_heard) / MOVES}
        if cut:
            out["rejoin_s"] = []
            for k, cut_s in enumerate(CUTS_S):
                relay.cut()
                seq = move(MOVES + k)
                time.sleep(cut_s)
                relay.restore()
                back = time.monotonic()
                out["rejoin_s"].append(wait_frame(30, seq=seq, frame=False)[0] - back)
        return out
    finally:
        guest.close()
        host.close()
        board.stop()
        relay.cut()


def main() -> int:
    from tests.web.broker import Broker

    with tempfile.TemporaryDirectory() as tmp:
        brokers = {}
        for name, nodelay in (("as it comes", False), ("set_tcp_nodelay", True)):
            (Path(tmp) / name).mkdir()
            b = brokers[name] = Broker(Path(tmp) / name)
            if nodelay:  # Mosquitto's own option: no Nagle wait on its sockets (docs/line-protocol.md)
                b.conf.write_text(b.conf.read_text() + "set_tcp_nodelay true\n")
            b.start()
        try:
            before = one_run(Path(tmp) / "before", brokers["as it comes"], 0.0, cut=False, nodelay=False)
            runs = [one_run(Path(tmp) / f"run{k}", brokers["set_tcp_nodelay"], delay, cut=(k == 0))
                    for k, delay in enumerate((0.0, 0.1))]
        finally:
            for b in brokers.values():
                b.stop()
    for label, r in (("before (Nagle on)", before), *((f"+{r['delay_ms']:.0f} ms each way", r) for r in runs)):
        print(f"{label}: answer p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.1f} ms; lit frame "
              f"p50 {r['frame_p50_ms']:.1f} ms; {r['bytes_out']:.0f} bytes out, {r['bytes_in']:.0f} in a move" +
              (f"; re-joined {max(r['rejoin_s']):.2f} s at most after cuts of {', '.join(f'{c:g}' for c in CUTS_S)} s"
               if "rejoin_s" in r else ""))
    record(__file__, rows, {"runs": runs, "before": before, "cuts_s": list(CUTS_S)})
    return 0


def rows(v: dict) -> list[Row]:
    out = []
    for r in v["runs"]:
        rtt = 2 * r["delay_ms"]
        out.append(Row("line", f"move-{r['delay_ms']:.0f}",
                       f"a guest's input to the host's board's answer back at the guest, through Mosquitto with "
                       f"{r['delay_ms']:.0f} ms added each way ({r['moves']} moves: a tap, then BACK); then to the "
                       "next lit frame there (the board's preview blinks: a frame may wait for its next phase)",
                       f"answer p50 {fig(r['p50_ms'])} ms, p99 {fig(r['p99_ms'])} ms (max {fig(r['max_ms'])} ms); "
                       f"lit frame p50 {fig(r['frame_p50_ms'])} ms, p99 {fig(r['frame_p99_ms'])} ms",
                       f"p99 <= {rtt + 50:.0f} ms (a round trip + 50 ms)"))
    b = v["before"]
    out.append(Row("line", "before", "the same, 0 ms added, side by side in the same run: the line's clients "
                   "leaving Nagle's algorithm on (the code before) on a broker as it comes",
                   f"answer p50 {fig(b['p50_ms'])} ms, p99 {fig(b['p99_ms'])} ms: each hop waited for the "
                   "peer's delayed ACK (about 40 ms)", "compared"))
    first = v["runs"][0]
    out.append(Row("line", "bytes", "bytes on the wire a move (topics and payloads: the guest's input sealed and "
                   "signed; the log entry and the frame back)",
                   f"{first['bytes_out']:.0f} out, {first['bytes_in']:.0f} in", ""))
    if "rejoin_s" in first:
        times = sorted(first["rejoin_s"])
        out.append(Row("line", "rejoin", f"from a cut of the guest's connection ending ({', '.join(f'{c:g}' for c in v['cuts_s'])} s) "
                       "to its input made during the cut answered by the host",
                       f"median {times[len(times) // 2]:.2f} s, at most {times[-1]:.2f} s", "<= 2 s"))
    return out


if __name__ == "__main__":
    sys.exit(main())
