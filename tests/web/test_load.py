"""Holding up at a show, on loopback and bounded in count and time: 2,000 half-open connections
(slowloris) held open leave the page reachable, and 200 visitors arriving at once are all served.
How fast is measured in bench/bench_kiosk.py, not here."""

from __future__ import annotations

import asyncio
import concurrent.futures
import resource
import select
import socket
import time

import pytest

from clacks_hw.web.server import WebServer
from clacks_hw.web.snapshot import SnapshotBox, StatusSnapshot

HALF_OPEN = 2000
VISITORS = 200
WAVE = 250


@pytest.fixture(scope="module", autouse=True)
def enough_files():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, 8192) if hard != resource.RLIM_INFINITY else 8192
    if want < HALF_OPEN + 1000:
        pytest.fail(f"this test needs {HALF_OPEN + 1000} file descriptors; the hard limit is {hard} (ulimit -Hn)")
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.fixture
def page():
    """The page as a board runs it (its own limits), but letting a half request go after 1 s
    instead of 5, so the slowloris test does not wait long."""
    p = WebServer(SnapshotBox(StatusSnapshot(seq=1, screen="attract")), "127.0.0.1", 0, header_timeout=1.0).start()
    yield p
    p.close()


@pytest.fixture
def show_page():
    """The page with the limits a board runs with (5 s to send a request's headers)."""
    p = WebServer(SnapshotBox(StatusSnapshot(seq=1, screen="attract")), "127.0.0.1", 0).start()
    yield p
    p.close()


REQUEST = b"GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


async def visit(address, path=b"/status.json", source="127.0.0.1") -> int:
    reader, writer = await asyncio.wait_for(asyncio.open_connection(*address, local_addr=(source, 0)), 10)
    try:
        writer.write(b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        status = int((await asyncio.wait_for(reader.readline(), 10)).split()[1])
        await asyncio.wait_for(reader.read(), 10)
        return status
    finally:
        writer.close()


def visit_now(address, source: str) -> int:
    """One visitor with a plain socket: the request goes out the moment the connection is made,
    as from a phone (an asyncio visitor sharing this process with a loaded server may be slower
    to write than the page's 1 s for the headers, and be let go as a half request itself)."""
    with socket.create_connection(address, timeout=10, source_address=(source, 0)) as s:
        s.sendall(REQUEST)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1])


def arun(coro):
    """asyncio.run on a thread of its own: the browser tests' Playwright keeps a loop on this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def source(k: int) -> str:
    """The ``k``th address of 127.0.0.0/8 after 127.0.0.1 (as different machines on a hall's network)."""
    return f"127.0.{1 + k // 250}.{2 + k % 250}"


async def crowd(address, n):
    """``n`` visitors, each from an address of its own (as phones at a show are)."""
    return await asyncio.gather(*(visit(address, source=source(k)) for k in range(n)))


def connect_all(address, sources: list[str], timeout: float = 60.0) -> list[socket.socket]:
    """A connection from each of ``sources``, every one of them made (the handshake done):
    none left to a SYN retry that would reach the page seconds later, whatever the load."""
    made, waiting, poll = [], {}, select.poll()
    for src in sources:
        s = socket.socket()
        made.append(s)
        s.bind((src, 0))
        s.setblocking(False)
        s.connect_ex(address)
        waiting[s.fileno()] = s
        poll.register(s, select.POLLOUT)
    end = time.monotonic() + timeout
    while waiting:
        assert time.monotonic() < end, f"{len(waiting)} of {len(sources)} connections were never made"
        for fd, _ in poll.poll(1000):
            poll.unregister(fd)
            del waiting[fd]
    return made


def test_two_thousand_half_open_connections_leave_the_page_reachable(page):
    """From 40 machines (50 each, under the page's 64 for one address), so the page's limit in
    all (600) is what they meet, in waves of 250 (what the listen queue holds); after each wave
    a visitor comes from a machine of its own and is served."""
    attackers = [f"127.0.200.{1 + k % 40}" for k in range(HALF_OPEN)]
    held = []
    try:
        for k, start in enumerate(range(0, HALF_OPEN, WAVE)):
            wave = connect_all(page.address, attackers[start:start + WAVE])
            held += wave
            for s in wave:
                try:
                    s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end of the headers
                except OSError:
                    pass  # already dropped by the board
            assert visit_now(page.address, source(k)) == 200
            assert page.guard.open_connections <= page.max_connections
        deadline = time.monotonic() + 30  # a loaded machine may take a while to let them all go
        while (ended := sum(1 for s in held if _closed_by_peer(s))) < HALF_OPEN:
            if time.monotonic() > deadline:
                break
            time.sleep(0.25)
        assert ended == HALF_OPEN, f"only {ended} of {HALF_OPEN} half-open connections were let go"
        assert page.guard.dropped >= HALF_OPEN  # each reached the page, and the page let it go
    finally:
        for s in held:
            s.close()


def _closed_by_peer(s: socket.socket) -> bool:
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False  # still open
    except OSError:
        return True  # reset


def test_two_hundred_visitors_at_once_are_all_served(show_page):
    assert arun(crowd(show_page.address, VISITORS)) == [200] * VISITORS


def test_two_hundred_arrivals_wait_in_the_listen_queue_while_the_server_is_busy(page):
    """The kernel completes a connection only while the listen queue has room: with a queue
    of 5 (Python's http.server) the rest wait for a SYN retry, a second or more."""
    assert page._ready.wait(5)
    page._loop.call_soon_threadsafe(time.sleep, 1.0)  # the server is busy for a moment
    time.sleep(0.05)
    socks = []
    try:
        for _ in range(VISITORS):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(page.address)
            socks.append(s)
        _, ready, _ = select.select([], socks, [], 0.5)
        assert len(ready) == VISITORS
    finally:
        for s in socks:
            s.close()
