"""What a show's network may throw at the page: unknown host names (DNS rebinding), malformed
requests, connections that never finish their headers, more connections than allowed. Every
answer, errors included, carries the security headers."""

from __future__ import annotations

import http.client
import socket
import time

import pytest

from clacks_hw.web.guard import host_allowed
from clacks_hw.web.server import WebServer
from clacks_hw.web.snapshot import SnapshotBox, StatusSnapshot

TIMEOUT = 5
HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options")


@pytest.fixture
def page():
    p = WebServer(SnapshotBox(StatusSnapshot(seq=1, screen="attract")), "127.0.0.1", 0,
                  hosts=("clacks.hall.example",), max_connections=20, header_timeout=0.4).start()
    yield p
    p.close()


def get(page, path="/", host=None, method="GET"):
    conn = http.client.HTTPConnection(*page.address, timeout=TIMEOUT)
    try:
        conn.putrequest(method, path, skip_host=True)
        if host is not None:
            conn.putheader("Host", host)
        conn.endheaders()
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read()
    finally:
        conn.close()


def raw(page, data: bytes) -> bytes:
    with socket.create_connection(page.address, timeout=TIMEOUT) as s:
        s.sendall(data)
        return s.recv(4096)


def test_only_our_names_and_ip_literals_are_answered(page):
    port = page.address[1]
    for host in (f"127.0.0.1:{port}", "127.0.0.1", f"[::1]:{port}", "192.168.1.20:8080", f"localhost:{port}",
                 "clacks.hall.example", f"{socket.gethostname()}.local:{port}"):
        assert get(page, host=host)[0] == 200, host
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", "clacks.hall.example.evil"):
        status, headers, body = get(page, host=host)
        assert status == 421 and b"status.hosts" in body, host
        assert all(h in headers for h in HEADERS)
    status, headers, _ = get(page, host=None)
    assert status == 400 and all(h in headers for h in HEADERS)


def test_host_parsing():
    names = {"clacks.local"}
    assert host_allowed("CLACKS.local:8080", names) and host_allowed("clacks.local.", names)
    assert host_allowed("[fe80::1]:80", names) and not host_allowed("[fe80::1", names)
    assert not host_allowed("", names) and not host_allowed(None, names)


def test_every_error_carries_the_security_headers(page):
    for status, path, method in ((404, "/nope", "GET"), (405, "/", "DELETE"), (404, "/api/nope", "GET")):
        got, headers, _ = get(page, path, host="127.0.0.1", method=method)
        assert got == status and all(h in headers for h in HEADERS), path
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    too_long_url = raw(page, b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    too_long_header = raw(page, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n")
    for answer in (too_long_url, too_long_header):
        head = answer.split(b"\r\n\r\n")[0].decode()
        assert head.split()[1] == "400" and all(f"{h}:" in head for h in HEADERS), head


def test_a_connection_that_never_finishes_its_headers_is_dropped(page):
    with socket.create_connection(page.address, timeout=TIMEOUT) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        start = time.monotonic()
        assert s.recv(100) == b""  # closed by the board, not by us
        assert time.monotonic() - start < 3


def test_held_connections_make_room_for_a_real_visitor(page):
    held = [socket.create_connection(page.address, timeout=TIMEOUT) for _ in range(60)]
    try:
        for s in held:
            s.sendall(b"GET / HTTP/1.1\r\n")  # and never another byte
        status, _, body = get(page, "/status.json", host="127.0.0.1")
        assert status == 200 and body.startswith(b"{")
        assert page.guard.open_connections <= page.max_connections
    finally:
        for s in held:
            s.close()
