"""Every secret stays with its own origin (scheme, host and port), in Chromium: one browser holds
the play page's key and a paired phone's session (the admin's, then a seat's), then visits a
page another user of this machine serves on another loopback port, reached by a redirect and
by a link out of the play page. That server must be handed no cookie and nothing that opens the
play page, the seat's page or the admin commands: everything it received is replayed against
them and refused. A cookie would have gone there: a browser sends one to every port of its host,
SameSite or not."""

from __future__ import annotations

import json
import re
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from clacks_hw.play.server import KEY_HEADER
from clacks_hw.web.pairing_api import SESSION_HEADER
from tests.web.live import LiveBoard
from tests.web.play_table import VIEWPORT, PlayBoard

WAIT_MS = 10_000
TOKEN = re.compile(r"[A-Za-z0-9_\-]{16,}")  # anything long enough to be a key or a session


class Stranger:
    """Another user's server on 127.0.0.1: it answers anything and keeps every request's path and headers."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, list[tuple[str, str]]]] = []
        seen = self.seen

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                seen.append((self.path, list(self.headers.items())))
                if self.path.startswith("/redirect"):
                    self.send_response(302)
                    self.send_header("Location", "/")
                    self.end_headers()
                    return
                body = b'<!DOCTYPE html><title>elsewhere</title><img src="/pixel.gif" alt=""><p>not the board</p>'
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path / "board").start()
    yield b
    b.stop()


@pytest.fixture
def play(tmp_path):
    p = PlayBoard(tmp_path / "play").start(mode="competitive", seats=["S", "N"])
    yield p
    p.stop()


@pytest.fixture
def stranger():
    s = Stranger()
    yield s
    s.close()


def status(url: str, headers: dict, data: bytes | None = None) -> int:
    request = urllib.request.Request(url, data=data, headers=headers, method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def opens_nothing(board, play, headers: dict) -> None:
    """``headers`` sent to the seat's page, an admin command and the play page: each refused."""
    own = {"Origin": board.origin, "Content-Type": "application/json"}
    assert status(f"{board.url}api/seat", headers) in (401, 403), headers
    assert status(f"{board.url}api/admin/brightness", {**headers, **own}, b'{"value": 0.2}') in (401, 403), headers
    assert status(f"{play.server.url}state.json", headers) in (401, 403), headers


def test_no_secret_reaches_another_port_of_the_host(board, play, stranger, browser):
    context = browser.new_context(viewport=VIEWPORT)
    problems: list[str] = []
    context.on("page", lambda p: p.on("pageerror", lambda e: problems.append(str(e))))
    game = context.new_page()
    game.goto(play.url)  # as `clacks-hw play` opens it
    game.wait_for_function("() => window.playFrames > 0 && document.querySelectorAll('#hands button.card').length > 0",
                           timeout=WAIT_MS)

    board.gesture()  # the admin's phone, paired from the board's code
    admin = context.new_page()
    admin.goto(f"{board.url}admin#pair={board.shown_code().code}")
    admin.wait_for_function("() => document.getElementById('answer').textContent.startsWith('Paired')", timeout=WAIT_MS)
    admin.select_option("#mode", "competitive")
    admin.click("#start")
    admin.wait_for_function("() => document.getElementById('answer').textContent === 'Done.'", timeout=WAIT_MS)
    board.wait_for(lambda: board.daemon.controller.screen == "game", "the game the admin's phone started")

    elsewhere = context.new_page()  # a redirect from nowhere to another port of this machine
    elsewhere.goto(f"{stranger.url}redirect")
    elsewhere.wait_for_selector("text=not the board", timeout=WAIT_MS)

    seat = context.new_page()  # a seat's own phone, in the same browser
    seat.goto(f"{board.url}seat#pair={board.seat_code('S').code}")
    seat.wait_for_selector(".section li", timeout=WAIT_MS)

    game.evaluate(f"() => {{ location.href = {json.dumps(stranger.url + 'redirect?from=play')}; }}")  # a link out
    game.wait_for_selector("text=not the board", timeout=WAIT_MS)
    assert len(stranger.seen) >= 4  # two visits, each a redirect, its page and its picture

    for path, headers in stranger.seen:
        names = {name.lower() for name, _ in headers}
        assert "cookie" not in names, (path, headers)
        assert not names & {SESSION_HEADER.lower(), KEY_HEADER.lower()}, (path, headers)
        assert all(v.startswith(stranger.url) for k, v in headers if k.lower() == "referer")  # its own page only
    assert context.cookies() == []  # the jar holds nothing, for this host or any other

    game.go_back()  # the play page again, in its own tab: its key kept for its origin alone
    game.wait_for_function("() => window.playFrames > 0 && document.querySelectorAll('#hands button.card').length > 0",
                           timeout=WAIT_MS)
    key = game.evaluate("() => sessionStorage.getItem('clacks-play-key')")
    session = seat.evaluate("() => localStorage.getItem('clacks-phone')")
    received = json.dumps(stranger.seen)
    assert key and session and key not in received and session not in received

    for path, headers in stranger.seen:  # whatever it received, replayed as it came...
        opens_nothing(board, play, {k: v for k, v in headers if k.lower() != "host"})
        for word in set(TOKEN.findall(path)) | {w for _, v in headers for w in TOKEN.findall(v)}:
            # ...and each long word of it, in every place a secret was ever taken
            opens_nothing(board, play, {SESSION_HEADER: word, KEY_HEADER: word,
                                        "Cookie": f"clacks_phone={word}; clacks_play_{play.server.address[1]}={word}"})
    # The positive control: what the pages hold does open them, so the refusals above could fail.
    assert status(f"{board.url}api/seat", {SESSION_HEADER: session}) == 200
    assert status(f"{play.server.url}state.json", {KEY_HEADER: key}) == 200
    assert problems == []
    context.close()
