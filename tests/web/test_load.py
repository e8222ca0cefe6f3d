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
    p = WebServer(SnapshotBox(StatusSnapshot(seq=1, screen="attract")), "127.0.0.1", 0, header_timeout=1.0).start()
    yield p
    p.close()


async def visit(address, path=b"/status.json", source="127.0.0.1") -> int:
    reader, writer = await asyncio.wait_for(asyncio.open_connection(*address, local_addr=(source, 0)), 10)
    try:
        writer.write(b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        status = int((await asyncio.wait_for(reader.readline(), 10)).split()[1])
        await asyncio.wait_for(reader.read(), 10)
        return status
    finally:
        writer.close()


def arun(coro):
    """asyncio.run on a thread of its own: the browser tests' Playwright keeps a loop on this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def crowd(address, n):
    """``n`` visitors, each from an address of its own (as phones at a show are)."""
    return await asyncio.gather(*(visit(address, source=f"127.0.{1 + k // 250}.{1 + k % 250}") for k in range(n)))


def test_two_thousand_half_open_connections_leave_the_page_reachable(page):
    held = []
    try:
        for _ in range(HALF_OPEN):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(page.address)
            held.append(s)
        time.sleep(0.5)  # let them land
        for s in held:
            try:
                s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end of the headers
            except OSError:
                pass  # already dropped by the board
        end = time.monotonic() + 3  # held for a while, then a visitor comes
        while time.monotonic() < end:
            assert arun(visit(page.address)) == 200
            time.sleep(0.5)
        assert page.guard.open_connections <= page.max_connections + 1
        deadline = time.monotonic() + 15  # a loaded machine may take a while to let them all go
        while (ended := sum(1 for s in held if _closed_by_peer(s))) < HALF_OPEN - 5:
            if time.monotonic() > deadline:
                break
            time.sleep(0.25)
        assert ended >= HALF_OPEN - 5, f"only {ended} of {HALF_OPEN} half-open connections were let go"
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


def test_two_hundred_visitors_at_once_are_all_served(page):
    assert arun(crowd(page.address, VISITORS)) == [200] * VISITORS


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
