"""The status page over HTTP: GET and HEAD only, 404 elsewhere, a self-contained HTML page,
nothing that changes anything, and a busy port is a logged message, never a crash."""

from __future__ import annotations

import http.client
import logging
import re
import socket
import urllib.error
import urllib.request

import pytest

from clacks_hw.config.load import StatusConfig
from clacks_hw.web.server import WebServer as StatusPage
from clacks_hw.web.server import open_status_page
from clacks_hw.web.snapshot import SnapshotBox, StatusSnapshot
from tests.support.tools import require_module

TIMEOUT = 5


@pytest.fixture
def page():
    box = SnapshotBox(StatusSnapshot(seq=1, screen="attract"))
    p = StatusPage(box, "127.0.0.1", 0).start()
    yield p
    p.close()


def request(page, method: str, path: str, body: bytes | None = None):
    host, port = page.address
    conn = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
    try:
        conn.request(method, path, body=body)
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read()
    finally:
        conn.close()


def test_the_page_and_its_assets_are_served_from_the_package(page):
    with urllib.request.urlopen(page.url, timeout=TIMEOUT) as r:
        assert r.status == 200
        assert r.headers["Content-Type"] == "text/html; charset=utf-8"
        csp = r.headers["Content-Security-Policy"]
        html = r.read().decode("utf-8")
    assert "script-src 'self'" in csp and "style-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp
    assert html.startswith("<!DOCTYPE html>") and 'name="viewport"' in html
    assert "<script>" not in html and "<style>" not in html and " style=" not in html  # nothing inline
    assert re.findall(r'<script src="([^"]*)"', html) == ["kiosk-parts.js", "kiosk-panels.js", "kiosk-dice.js",
                                                             "kiosk.js", "kiosk-pairing.js"]
    assert not re.search(r"https?:|//[a-z0-9]|@import|url\(", html, re.IGNORECASE)  # no external assets
    for asset, ctype in (("kiosk.js", "text/javascript"), ("kiosk-parts.js", "text/javascript"),
                         ("kiosk-panels.js", "text/javascript"),
                         ("kiosk-dice.js", "text/javascript"), ("kiosk-pairing.js", "text/javascript"),
                         ("kiosk.css", "text/css"), ("qr.svg", "image/svg+xml")):
        with urllib.request.urlopen(page.url + asset, timeout=TIMEOUT) as r:
            assert r.headers["Content-Type"].startswith(ctype) and r.read()


def test_unknown_paths_are_404(page):
    for path in ("/nope", "/index.html", "/status.json/x", "/../etc/passwd", "/static/app.js"):
        status, _, _ = request(page, "GET", path)
        assert status == 404, path
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(page.url + "favicon.ico", timeout=TIMEOUT)
    assert err.value.code == 404


def test_head_is_get_without_the_body(page):
    status, headers, body = request(page, "HEAD", "/status.json")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 0
    assert headers["Cache-Control"] == "no-store"


def test_every_other_method_is_405_and_changes_nothing(page):
    before = request(page, "GET", "/status.json")[2]
    snapshot = page.box.get()
    status, headers, _ = request(page, "BREW", "/")  # not an HTTP method at all
    assert status == 400 and "Content-Security-Policy" in headers
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        for path in ("/", "/status.json", "/nope"):
            status, headers, _ = request(page, method, path, body=b'{"screen": "game"}')
            assert status == 405, (method, path)
            assert headers["Allow"] == "GET, HEAD"
    assert page.box.get() is snapshot
    assert request(page, "GET", "/status.json")[2] == before


def test_a_query_string_is_ignored(page):
    assert request(page, "GET", "/status.json?seat=S")[2] == request(page, "GET", "/status.json")[2]


def test_malformed_requests_are_logged_at_debug_level_only(page, caplog):
    with caplog.at_level(logging.DEBUG):
        with socket.create_connection(page.address, timeout=TIMEOUT) as s:
            s.sendall(b"GET /" + b"x" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert s.recv(100).startswith((b"HTTP/1.1 400", b"HTTP/1.0 400"))
    web = [r for r in caplog.records if r.name.startswith(("clacks_hw.web", "aiohttp"))]
    assert web and {r.levelno for r in web} == {logging.DEBUG}


def test_a_port_in_use_is_logged_and_the_board_goes_on(caplog):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with caplog.at_level(logging.ERROR):
            assert open_status_page(StatusConfig("127.0.0.1", port), SnapshotBox()) is None
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1
    text = errors[0].getMessage()
    assert f"127.0.0.1 port {port}" in text and "in use" in text and "status.port" in text
    assert errors[0].exc_info is None  # a message, not a traceback


def test_port_zero_in_the_config_means_no_page():
    assert open_status_page(StatusConfig("127.0.0.1", 0), SnapshotBox()) is None


def test_close_is_prompt_and_idempotent():
    p = StatusPage(SnapshotBox(), "127.0.0.1", 0).start()
    port = p.address[1]
    p.close()
    p.close()
    assert not p._thread.is_alive()
    with socket.socket() as s:  # the port is released
        s.bind(("127.0.0.1", port))


def test_the_page_runs_on_uvloop_where_it_is_installed(page):
    # uvloop is a dependency on 64-bit Linux (pyproject.toml): the crowd figures in docs/benchmarks.md
    # are measured with it, so losing it silently would lose them.
    require_module("uvloop")
    import uvloop

    assert page._ready.wait(5)
    assert isinstance(page._loop, uvloop.Loop)
    assert request(page, "GET", "/status.json")[0] == 200


def test_without_uvloop_asyncio_serves_the_page(monkeypatch):
    import asyncio
    import builtins

    real_import = builtins.__import__

    def no_uvloop(name, *args, **kwargs):
        if name == "uvloop":
            raise ImportError("no uvloop here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvloop)
    p = StatusPage(SnapshotBox(StatusSnapshot(seq=1, screen="attract")), "127.0.0.1", 0).start()
    try:
        assert p._ready.wait(5)
        assert type(p._loop).__module__.startswith("asyncio")
        assert request(p, "GET", "/status.json")[0] == 200
    finally:
        p.close()
