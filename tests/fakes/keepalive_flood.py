"""Clients that hold a page server's connections the polite way: keep-alive connections that
each ask for something small every few seconds and read every answer, so no idle timer ever
closes them (the tests in tests/web/test_keepalive.py and bench/bench_kiosk.py).

One thread and a selector drive them all, as load generators do. Each connection comes from
``source`` (any 127.x.y.z address reaches a server on 127.0.0.1), so a test can tell an
attacker's address from a visitor's.
"""

from __future__ import annotations

import selectors
import socket
import threading
import time

REQUEST = b"GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def connect(address, source: str, timeout: float = 2.0) -> socket.socket:
    s = socket.socket()
    s.settimeout(timeout)
    try:
        s.bind((source, 0))
        s.connect(address)
    except OSError:
        s.close()
        raise
    return s


class KeepAliveFlood:
    def __init__(self, address, n: int, *, every: float = 3.0, source: str = "127.0.0.1",
                 path: bytes = b"/status.json", reconnect: bool = False) -> None:
        """``reconnect``: a connection the server closes is opened again when it would next have
        asked (as an attacker keeping up the pressure would)."""
        self.address = address
        self.n = n
        self.every = every
        self.source = source
        self.request = REQUEST.replace(b"/status.json", path)
        self.reconnect = reconnect
        self.refused = 0  # connections that could not be made
        self.closed = 0  # connections the server closed
        self.answers = 0  # answers read (status lines seen)
        self._socks: dict[socket.socket, float] = {}  # open connection -> when it next asks
        self._again: list[float] = []  # when each closed connection is opened again
        self._sel = selectors.DefaultSelector()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self) -> KeepAliveFlood:
        now = time.monotonic()
        for k in range(self.n):
            self._open(now + self.every * (1 + k / self.n))  # spread evenly over a period
        self._thread = threading.Thread(target=self._run, name="keepalive-flood", daemon=True)
        self._thread.start()
        return self

    @property
    def open(self) -> int:
        """Connections the server has not closed."""
        with self._lock:
            return len(self._socks)

    def _open(self, next_at: float) -> None:
        try:
            s = connect(self.address, self.source)
            s.sendall(self.request)
        except OSError:
            self.refused += 1
            if self.reconnect:
                self._again.append(next_at)
            return
        s.setblocking(False)
        with self._lock:
            self._socks[s] = next_at
        self._sel.register(s, selectors.EVENT_READ)

    def _close(self, s: socket.socket) -> None:
        with self._lock:
            next_at = self._socks.pop(s, None)
        self._sel.unregister(s)
        s.close()
        self.closed += 1
        if self.reconnect and next_at is not None:
            self._again.append(next_at)

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                due = min((*self._socks.values(), *self._again), default=time.monotonic() + 0.2)
            for key, _ in self._sel.select(max(0.0, min(0.2, due - time.monotonic()))):
                s = key.fileobj
                try:
                    data = s.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    self._close(s)
                    continue
                self.answers += data.count(b"HTTP/1.1 ")
            now = time.monotonic()
            again, self._again = [t for t in self._again if t <= now], [t for t in self._again if t > now]
            for _ in again:
                self._open(now + self.every)
            with self._lock:
                due_now = [s for s, t in self._socks.items() if t <= now]
            for s in due_now:
                try:
                    s.send(self.request)
                    with self._lock:
                        self._socks[s] = now + self.every
                except OSError:
                    self._close(s)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        for s in list(self._socks):
            s.close()
        self._socks.clear()
        self._sel.close()


def visit(address, source: str = "127.0.0.2", path: bytes = b"/", timeout: float = 5.0) -> tuple[int | None, float]:
    """One visitor from ``source``: (HTTP status or None when refused, seconds to the whole answer)."""
    start = time.monotonic()
    try:
        with connect(address, source, timeout) as s:
            s.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
    except OSError:
        return None, time.monotonic() - start
    head = b"".join(chunks).split(b"\r\n", 1)[0].split()
    return (int(head[1]) if len(head) > 1 else None), time.monotonic() - start
