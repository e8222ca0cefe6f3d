"""HTTP requests, as raw bytes at the real board's real socket: a board daemon on emulated
hardware with its status page and a paired phone (tests/web/live.py), and each input sent on a
fresh connection, read until the server closes it or goes quiet.

The page server must answer every request (or close the connection) in time, with the security
headers, never 500 or a traceback, never the admin token; and afterwards still serve the page
and keep the board running. In an input, ``@HOST@`` stands for the board's host and port,
``@ORIGIN@`` for its origin and ``@PHONE@`` for the paired phone's session (its header's
value), so a stored input means the same on every run; the phone is paired again when an input
unpaired it."""

from __future__ import annotations

import re
import socket
import tempfile
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from time import monotonic

from hypothesis import strategies as st

from tests.web.live import TOKEN, LiveBoard

from ..harness import TIME_BOUND_S, Target, Violation
from ..mutation import HOSTILE_TEXT, deep_json, dumps, json_values, mutated, utf8
from .admin_json import body_for

ANSWER_S = 0.4 * TIME_BOUND_S  # the input's answer, then the page's (PAGE_S), within the input's bound
PAGE_S = 0.5 * TIME_BOUND_S
FIRST_S = 0.25  # no answer this long after the bytes: the server waits for the rest of the request
GAP_S = 0.03  # quiet this long after an answer: the connection is kept alive for another request
STATUS = re.compile(rb"(?:^|\n)HTTP/1\.[01] (\d{3})[ \r\n]")
PATHS = ["/", "/status.json", "/events", "/qr.svg", "/admin", "/admin.js", "/kiosk.css", "/kiosk.js", "/api/options",
         "/api/phone", "/api/pair", "/api/unpair", "/api/admin/new-game", "/api/admin/abandon",
         "/api/admin/brightness", "/api/display/pairing", "/admin-qr.svg", "/api/", "/nothing"]
POSTS = ["/api/pair", "/api/unpair", "/api/admin/new-game", "/api/admin/abandon", "/api/admin/brightness"]


def _exchange(port: int, data: bytes, first_s: float = FIRST_S, within: float = ANSWER_S) -> bytes:
    """Send ``data`` and read what comes back: until the server closes, a live stream begins,
    or it goes quiet (FIRST_S before any answer: it waits for the rest of a request; GAP_S after
    one: the connection is kept alive for the next). A browser never half-closes a connection,
    and aiohttp drops one that does, so neither does this."""
    got = b""
    with socket.create_connection(("127.0.0.1", port), timeout=within) as s:
        end = monotonic() + within
        try:
            s.sendall(data)
            while monotonic() < end:
                s.settimeout(GAP_S if STATUS.search(got) else first_s)
                chunk = s.recv(65536)
                if not chunk or b"text/event-stream" in got + chunk:
                    return got + chunk
                got += chunk
        except (ConnectionResetError, BrokenPipeError, TimeoutError):
            return got  # dropped, or waiting for more: both are answers to a half request
    raise Violation("an answer that never ends", f"{within:g} s, {len(got)} bytes")


def _answers_ok(answer: bytes) -> None:
    for code in STATUS.findall(answer):
        if code.startswith(b"5") and code != b"503":
            raise Violation(f"an answer {code.decode()}", answer[:300].decode("latin-1"))
    for head in re.split(rb"(?=HTTP/1\.[01] \d{3})", answer):
        if STATUS.match(head) and b"\r\nContent-Security-Policy: " not in head.split(b"\r\n\r\n")[0]:
            raise Violation("an answer without the security headers", head[:300].decode("latin-1"))
    if b"Traceback" in answer or b"got itself in trouble" in answer:
        raise Violation("a traceback in an answer", answer[:300].decode("latin-1"))
    if TOKEN.encode() in answer:
        raise Violation("the admin token in an answer", answer[:300].decode("latin-1"))


def still_serves(board) -> None:
    """After an input: the board still serves its page, and still runs."""
    probe = b"GET /status.json HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % board.port
    after = _exchange(board.port, probe, PAGE_S, PAGE_S)
    if not after.startswith(b"HTTP/1.1 200 "):
        raise Violation("the page is not served after the request", after[:200].decode("latin-1"))
    if not board._thread.is_alive():
        raise Violation("the board stopped")


@contextmanager
def session():
    with tempfile.TemporaryDirectory() as folder:
        board = LiveBoard(Path(folder)).start()
        try:
            board.pair()

            def check(data: bytes) -> None:
                pairing = board.daemon.pairing
                if pairing.phone(board.phone) is None:
                    board.pair()
                data = (data.replace(b"@HOST@", f"127.0.0.1:{board.port}".encode())
                        .replace(b"@ORIGIN@", board.origin.encode()).replace(b"@PHONE@", board.phone.encode()))
                _answers_ok(_exchange(board.port, data))
                still_serves(board)

            yield check
        finally:
            board.stop()


def request(method: str, path: str, headers: list[tuple[str, str]], body: bytes = b"", eol: str = "\r\n",
            version: str = "HTTP/1.1") -> bytes:
    head = f"{method} {path} {version}{eol}" + "".join(f"{k}: {v}{eol}" for k, v in headers) + eol
    return head.encode("utf-8", "surrogatepass") + body


def _post(path: str, body: bytes) -> bytes:
    return request("POST", path, [("Host", "@HOST@"), ("Origin", "@ORIGIN@"), ("X-Clacks-Session", "@PHONE@"),
                                  ("Content-Type", "application/json"), ("Content-Length", str(len(body)))], body)


@cache
def seeds() -> list[bytes]:
    """What the kiosk page and the admin page ask, as a browser sends it."""
    gets = [request(m, p, [("Host", "@HOST@"), ("Accept", "*/*")]) for p in PATHS[:10] for m in ("GET", "HEAD")]
    bodies = {"/api/pair": b'{"code":"ABCD EFGH"}', "/api/unpair": b"{}", "/api/admin/abandon": b"{}",
              "/api/admin/brightness": b'{"value":0.5}',
              "/api/admin/new-game": b'{"mode":"competitive","variants":[],"seats":["S","N"],"route":"easy","words":[]}'}
    return gets + [_post(p, b) for p, b in bodies.items()] + [gets[1] + gets[2]]


def usually(normal, *odd) -> st.SearchStrategy:
    """``normal`` four times in five, else one of ``odd``: one hostile part at a time gets a
    request past the HTTP parser into the board's own code."""
    return st.sampled_from([normal] * 4 * len(odd) + list(odd)) if odd else st.just(normal)


HEADERS = {
    "Host": usually("@HOST@", "@HOST@", "@HOST@", "localhost", "evil.example", "", "127.0.0.1:1", "[::1]", "@HOST@.", "a" * 300),
    "Origin": usually("@ORIGIN@", "null", "http://evil.example", "", "@ORIGIN@:80", "file://", "https://@HOST@"),
    "X-Clacks-Session": usually("@PHONE@", "@PHONE@x", "", " @PHONE@", '"', "A" * 5000, "@PHONE@, x", "\u00e9@PHONE@"),
    "Cookie": usually("clacks_phone=@PHONE@", "clacks_phone=", "a=b; clacks_phone=@PHONE@", '"',
                      "clacks_phone=" + "A" * 5000),  # what an older board's phone still holds: never read
    "Content-Type": usually("application/json", "application/json; charset=utf-8", "text/plain",
                            "multipart/form-data; boundary=x", "", "application/json; charset=latin-1"),
    "Content-Length": st.sampled_from(["0", "5", "-1", "99999999999999999999", "1e3", " 12", "0x10"]),
    "Transfer-Encoding": st.sampled_from(["chunked", "gzip, chunked", "identity", "chunked, chunked"]),
    "Connection": st.sampled_from(["close", "keep-alive", "Upgrade", ""]),
    "Upgrade": st.sampled_from(["websocket", "h2c"]),
    "Expect": st.sampled_from(["100-continue", "x"]),
    "X-Forwarded-Proto": st.sampled_from(["https", "http"]),
    "X-Forwarded-For": st.sampled_from(["127.0.0.1", "::1"]),
    "X-Clacks-Display": st.sampled_from(["", "x" * 64]),
    "Accept": st.sampled_from(["text/event-stream", "*/*"]),
    "Range": st.sampled_from(["bytes=0-1", "bytes=-1"]),
}
CREDENTIALS = ("Host", "Origin", "X-Clacks-Session", "Content-Type")


@st.composite
def structured(draw) -> bytes:
    """One request: a browser's, with a few of its parts made hostile."""
    method = draw(usually("GET", "HEAD", "POST", "POST", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE",
                          "CONNECT", "get", "G\x00T", "X" * 40))
    path = draw(st.sampled_from(POSTS if method == "POST" else PATHS))
    path += draw(usually("", "?a=1", "?" + "a" * 3000, "/", "%2e%2e/", "/../admin", "#x", "%00", "%", "//", "\u2028"))
    path = draw(usually(path, "*", "http://@HOST@/status.json", "", "a" * 5000, "/\x7f"))
    headers = [(name, draw(HEADERS[name])) for name in CREDENTIALS if draw(usually(True, False, True, True))]
    headers += [(name, draw(HEADERS[name])) for name in draw(st.lists(st.sampled_from(list(HEADERS)), max_size=3))
                if draw(st.integers(0, 2)) == 0]
    headers += draw(usually([], [("X" * 5000, "y")], [("Bad Header", "x")], [("X", "a\x00b")], [("", "x")],
                            [("X", "y\r\n folded")], [("X", HOSTILE_TEXT[9])]))
    body = draw(draw(usually(body_for(path).map(dumps), json_values.map(dumps), deep_json.map(utf8),
                             st.binary(max_size=40))))
    if method not in ("POST", "PUT", "PATCH") and draw(usually(True, False)):
        body = b""
    if any(n == "Transfer-Encoding" for n, _ in headers) and draw(st.booleans()):
        body = b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
    elif body and not any(n == "Content-Length" for n, _ in headers):
        headers.append(("Content-Length", str(len(body))))
    eol = draw(usually("\r\n", "\r\n", "\n"))
    version = draw(usually("HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/0.9", "HTTP/1.1x"))
    return request(method, path, headers, body, eol, version)


TARGET = Target(
    "http", "the status page's server: raw requests at the real socket of a running board",
    st.deferred(lambda: st.lists(structured(), min_size=1, max_size=3).map(b"".join)
                | mutated(seeds(), (b"\r\n", b": ", b"@HOST@", b"@PHONE@", b"@ORIGIN@", b"Content-Length: ",
                                    b"Transfer-Encoding: chunked\r\n", b"/api/admin/", b"HTTP/1.1"))),
    seeds, session=session)
