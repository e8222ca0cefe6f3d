"""Keep-alive connections cannot lock visitors out: connections are bounded per address (per /64
for IPv6), idle keep-alive connections make room for newcomers, a live page is never closed for
one, and a connection may wait only so long between requests. Functional bounds only (a visitor
is served, within a second); the figures are in bench/bench_kiosk.py."""

from __future__ import annotations

import resource
import socket
import time

import pytest

from clacks_hw.web.guard import address_group
from clacks_hw.web.server import WebServer
from clacks_hw.web.snapshot import SnapshotBox, StatusSnapshot
from tests.fakes.keepalive_flood import KeepAliveFlood, connect, visit

FLOOD = 650


@pytest.fixture(scope="module", autouse=True)
def enough_files():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, 8192) if hard != resource.RLIM_INFINITY else 8192
    if want < 2 * FLOOD + 500:
        pytest.fail(f"this test needs {2 * FLOOD + 500} file descriptors; the hard limit is {hard} (ulimit -Hn)")
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def server(**limits) -> WebServer:
    return WebServer(SnapshotBox(StatusSnapshot(seq=1, screen="attract")), "127.0.0.1", 0, **limits).start()


def visits_in_time(page, source: str, n: int = 4) -> list[tuple]:
    """``n`` visits from ``source`` half a second apart, across the flood's requests."""
    out = []
    for _ in range(n):
        out.append(visit(page.address, source))
        time.sleep(0.5)
    return out


def test_650_keepalive_connections_from_one_address_leave_the_page_to_a_visitor():
    page = server()  # the board's own limits: 600 connections, 64 from one address
    flood = KeepAliveFlood(page.address, FLOOD, every=3.0, source="127.0.0.1").start()
    try:
        deadline = time.monotonic() + 10
        while flood.answers < min(flood.open, page.max_per_address) and time.monotonic() < deadline:
            time.sleep(0.05)
        for status, seconds in visits_in_time(page, "127.0.0.2"):
            assert status == 200 and seconds < 1.0, (status, seconds)
        assert page.guard.connections_from("127.0.0.1") <= page.max_per_address
        assert flood.open <= page.max_per_address  # the rest were turned away at once
    finally:
        flood.stop()
        page.close()


def test_idle_keepalive_connections_make_room_when_the_server_is_full():
    """Many addresses, each under its own bound, fill the server: the longest idle keep-alive
    connection of the address holding the most is closed for a newcomer."""
    page = server(max_connections=40, max_per_address=10)
    floods = [KeepAliveFlood(page.address, 10, every=3.0, source=f"127.0.0.{10 + k}").start() for k in range(4)]
    try:
        time.sleep(0.6)  # every connection has asked once and is idle between requests
        assert page.max_connections == page.guard.open_connections == 40
        for status, seconds in visits_in_time(page, "127.0.0.2"):
            assert status == 200 and seconds < 1.0, (status, seconds)
        assert page.guard.idle_closed >= 1
    finally:
        for f in floods:
            f.stop()
        page.close()


def test_a_live_page_is_never_closed_for_a_newcomer():
    page = server(max_connections=32, max_per_address=32)  # 32: the fewest a page server allows
    viewers = []
    try:
        for _ in range(page.max_connections):
            s = connect(page.address, "127.0.0.3")
            s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert s.recv(4096).startswith(b"HTTP/1.1 200")
            viewers.append(s)
        time.sleep(0.5)
        status, _ = visit(page.address, "127.0.0.2")
        assert status is None and page.guard.refused >= 1  # turned away: every slot is a viewer
        for s in viewers:  # ... and every viewer still has its page
            s.settimeout(0.2)
            try:
                assert s.recv(4096) != b""
            except TimeoutError:
                pass  # open, nothing new to say
    finally:
        for s in viewers:
            s.close()
        page.close()


def test_one_address_is_bounded_but_others_are_not():
    page = server(max_connections=40, max_per_address=5)
    try:
        held = KeepAliveFlood(page.address, 12, every=30.0, source="127.0.0.4").start()
        time.sleep(0.5)
        assert held.open == 5 and page.guard.connections_from("127.0.0.4") == 5
        others = [KeepAliveFlood(page.address, 5, every=30.0, source=f"127.0.0.{20 + k}").start() for k in range(3)]
        time.sleep(0.5)
        assert [f.open for f in others] == [5, 5, 5]
        for f in (held, *others):
            f.stop()
    finally:
        page.close()


def test_a_keepalive_connection_may_wait_only_so_long_between_requests():
    page = server(keepalive_timeout=0.5)
    try:
        with connect(page.address, "127.0.0.1", timeout=5) as s:
            s.sendall(b"GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert s.recv(65536).startswith(b"HTTP/1.1 200")
            start = time.monotonic()
            assert s.recv(100) == b""  # closed by the board after its idle bound
            assert time.monotonic() - start < 3
    finally:
        page.close()


def test_ipv6_addresses_count_per_64_network():
    assert address_group(("2001:db8::1", 80, 0, 0)) == address_group(("2001:db8::ffff:1", 81, 0, 0))
    assert address_group(("2001:db8::1", 80, 0, 0)) == "2001:db8::/64"
    assert address_group(("2001:db8:0:1::1", 80, 0, 0)) != address_group(("2001:db8::1", 80, 0, 0))
    assert address_group(("fe80::1%eth0", 80, 0, 2)) == "fe80::/64"
    assert address_group(("::ffff:192.0.2.7", 80, 0, 0)) == "192.0.2.7"  # IPv4 on a dual-stack socket
    assert address_group(("192.0.2.7", 80)) != address_group(("192.0.2.8", 80))


def test_ipv6_connections_are_bounded_too():
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        page = WebServer(SnapshotBox(StatusSnapshot(seq=1, screen="attract")), "::1", 0, max_per_address=3).start()
    except OSError:
        pytest.skip("cannot listen on ::1 here")
    try:
        held = []
        for _ in range(6):
            s = socket.create_connection(page.address[:2], timeout=2)
            s.sendall(b"GET /status.json HTTP/1.1\r\nHost: [::1]\r\n\r\n")
            held.append(s)
        time.sleep(0.5)
        assert page.guard.connections_from("::/64") == 3
        for s in held:
            s.close()
    finally:
        page.close()
