"""No public page or JSON endpoint carries the admin token, a pairing code or the display key:
asked from this machine, from another address and through a proxy's forwarding headers, by a
stranger and by a paired phone, while the board shows a code. Only the board's own display (its
key, from this machine) is told the code; a claim of being local in a header changes nothing."""

from __future__ import annotations

import json
import socket

import pytest
from aiohttp.test_utils import make_mocked_request

from clacks_hw.pairing.display import HEADER
from clacks_hw.web import pairing_api
from clacks_hw.web.base import qr_svg
from clacks_hw.base.lan import lan_address
from tests.web.live import TOKEN, LiveBoard

PAGES = ["/", "/kiosk.css", "/kiosk.js", "/kiosk-parts.js", "/kiosk-panels.js", "/kiosk-dice.js",
         "/kiosk-pairing.js", "/admin", "/admin.js", "/phone.js", "/status.json", "/qr.svg", "/api/options", "/api/phone",
         "/admin-qr.svg", "/api/display/pairing", "/api/pair", "/api/admin/abandon", "/nope", "/events"]
FORWARDED = [{}, {"X-Forwarded-For": "127.0.0.1"}, {"X-Real-IP": "127.0.0.1"}, {"Forwarded": "for=127.0.0.1"},
             {"X-Forwarded-For": "127.0.0.1", "X-Forwarded-Host": "localhost", "X-Forwarded-Proto": "https"}]


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    b = LiveBoard(tmp_path_factory.mktemp("board"), overrides={"status.bind": "0.0.0.0"}).start()
    b.press("PLAY")  # setup: where the old page handed out the admin link
    b.wait_for(lambda: b.daemon.controller.screen == "setup", "setup")
    b.pair()  # a paired phone exists...
    b.gesture()  # ... and a code shows now
    b.shown_code()
    yield b
    b.stop()


def addresses() -> list[str]:
    lan = lan_address()
    return ["127.0.0.1"] + ([lan] if lan and not lan.startswith("127.") else [])


def fetch(port: int, address: str, path: str, headers: dict) -> bytes:
    """The whole answer (head and body; the live page's first event) to a GET from ``address``."""
    with socket.create_connection((address, port), timeout=5) as s:
        extra = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {address}:{port}\r\n{extra}Connection: close\r\n\r\n".encode())
        chunks = []
        try:
            while chunk := s.recv(65536):
                chunks.append(chunk)
                if path == "/events" and b"\n\n" in b"".join(chunks).split(b"\r\n\r\n", 1)[-1]:
                    break  # the first state is in; the stream would go on for ever
        except TimeoutError:
            pass
    return b"".join(chunks)


def secrets_in(board, text: bytes) -> list[str]:
    code = board.daemon.pairing.shown()
    assert code is not None, "the test must run while a code shows"
    key = board.daemon.pairing.display_key()
    found = []
    for secret in (TOKEN, code.code, code.grouped, code.code.lower(), key):
        if secret.encode() in text or secret.lower().encode() in text.lower():
            found.append(secret)
    return found


@pytest.mark.parametrize("address", addresses())
@pytest.mark.parametrize("forwarded", FORWARDED, ids=lambda h: ",".join(h) or "direct")
@pytest.mark.parametrize("who", ["stranger", "paired phone"])
def test_no_page_or_endpoint_carries_a_secret(board, address, forwarded, who):
    headers = dict(forwarded)
    if who == "paired phone":
        headers[pairing_api.SESSION_HEADER] = board.phone
    for path in PAGES:
        answer = fetch(board.port, address, path, headers)
        assert answer.startswith(b"HTTP/1.1 "), (path, answer[:80])
        assert secrets_in(board, answer) == [], (path, address, forwarded, who)
    assert fetch(board.port, address, "/admin-qr.svg", headers).split()[1] == b"404"
    assert fetch(board.port, address, "/api/display/pairing", headers).split()[1] == b"404"


@pytest.mark.parametrize("address", addresses())
def test_the_qr_code_of_the_page_holds_its_address_only(board, address):
    body = fetch(board.port, address, "/qr.svg", {}).split(b"\r\n\r\n", 1)[1]
    assert body == qr_svg(board.daemon.status_page.public_url())
    code = board.daemon.pairing.shown().code
    assert body != qr_svg(f"{board.daemon.status_page.public_url()}admin#pair={code}")


def test_only_the_boards_own_display_is_told_the_code(board):
    key = board.daemon.pairing.display_key()
    answer = fetch(board.port, "127.0.0.1", "/api/display/pairing", {HEADER: key})
    data = json.loads(answer.split(b"\r\n\r\n", 1)[1])  # the positive control: this is where it shows
    code = board.daemon.pairing.shown()
    assert data["code"] == code.grouped and data["url"].endswith(f"/admin#pair={code.code}")
    assert data["qr"].startswith("data:image/svg+xml;base64,") and TOKEN not in json.dumps(data)
    for wrong in (key[:-1] + ("A" if key[-1] != "A" else "B"), TOKEN, "", key.lower() if key != key.lower() else "x"):
        assert fetch(board.port, "127.0.0.1", "/api/display/pairing", {HEADER: wrong}).split()[1] == b"404"
    for address in addresses()[1:]:  # this machine's network address is this machine too
        assert fetch(board.port, address, "/api/display/pairing", {HEADER: key}).split()[1] == b"200"


@pytest.mark.parametrize("remote", ["203.0.113.9", "192.168.1.20", "2001:db8::7", "fe80::1"])
def test_the_display_key_is_refused_from_any_other_address(board, remote):
    """The right key from another machine (which a test on one machine can only pretend to be, on
    the handler itself), or claiming in a header to come from this one: 404."""
    key = board.daemon.pairing.display_key()

    class Transport:
        def get_extra_info(self, name, default=None):
            return {"peername": (remote, 40000), "sockname": ("192.0.2.50", board.port)}.get(name, default)

    for forwarded in FORWARDED:
        request = make_mocked_request("GET", "/api/display/pairing", headers={HEADER: key, **forwarded},
                                      transport=Transport())
        assert pairing_api._display(board.daemon.status_page, request).status == 404
