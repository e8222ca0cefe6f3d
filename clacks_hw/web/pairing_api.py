"""Pairing over HTTP, and what every request that changes a game must show.

- ``POST /api/pair`` ``{"code": "ABCD EFGH"}``: the code the board shows, for a session: 200 and
  the session's secret in the JSON answer (``"session"``); 403 when no code is showing or it is
  not this one (the answer says which); 503 when the board has no admin token.
- ``POST /api/unpair``: this phone forgets itself (its session ended).
- ``GET /api/phone``: whether this phone is paired (and as what), and whether the board can
  pair at all: for the admin page.
- ``GET /api/display/pairing``: the board's own display only (its key in the ``X-Clacks-Display``
  header, from this machine itself; pairing/display.py): the code showing, as text and
  as a QR code of the admin page's address with the code in its fragment. Anything else gets
  the same 404 as an unknown address.

The session is no cookie: a browser sends a cookie to every port of the host, so a server of
another user's on 127.0.0.1:Q, or any page at the board's name on another port, would be handed
it. The phone's page keeps the secret in its own origin's ``localStorage`` (scheme, host and
port; assets/phone.js) and sends it in the ``X-Clacks-Session`` header, which only a script of
that origin can add; a ``clacks_phone`` cookie an older version set is never read. A custom
header also makes a cross-site script's request a CORS preflight, which the board never grants.
Every POST must also carry an ``Origin`` header naming this board: browsers always send it with
a POST, and no page elsewhere can forge it, so a forged request fails twice over.
"""

from __future__ import annotations

import base64
import ipaddress
from urllib.parse import urlsplit

from aiohttp import web

from ..pairing import Phone, Refused
from ..pairing.board import MAKE_TOKEN
from ..pairing.codes import page_for
from ..pairing.display import HEADER
from .base import qr_svg, why_svg
from .json_body import BadBody, Text, read_json

SESSION_HEADER = "X-Clacks-Session"
PATHS = ("/api/pair", "/api/unpair", "/api/phone", "/api/display/pairing")  # seat_api.py: a seat's own
SHAPE = {"code": Text(32)}  # POST /api/pair's body (json_body.py)
NOT_PAIRED = ("this phone is not paired with the board: hold TURN and BACK together on the board for 3 s, "
              "then enter the code it shows on this page")


def _json(status: int, data: dict) -> web.Response:
    return web.json_response(data, status=status)


def _netloc(scheme: str, netloc: str) -> str:
    netloc = netloc.lower()
    default = {"http": ":80", "https": ":443"}.get(scheme, "")
    return netloc[: -len(default)] if default and netloc.endswith(default) else netloc


def foreign_origin(request: web.BaseRequest) -> str | None:
    """None when the request's ``Origin`` is this server; else why it will not do."""
    origin = request.headers.get("Origin")
    if not origin:
        return "the request has no Origin header (a browser sends one with every POST): send it from the admin page"
    parts = urlsplit(origin)
    host = request.headers.get("Host", "")
    if parts.scheme not in ("http", "https") or _netloc(parts.scheme, parts.netloc) != _netloc(parts.scheme, host):
        return f"the request comes from a page at {origin[:80]}, not from this board's own page"
    return None


def phone_of(server, request: web.BaseRequest) -> Phone | None:
    pairing = server.pairing
    return pairing.phone(request.headers.get(SESSION_HEADER)) if pairing is not None else None


def _make_token(pairing) -> str:
    """How this board is given a token: a built board's way, or the virtual board's."""
    return MAKE_TOKEN if pairing is None else pairing.make_token


def require(server, request: web.BaseRequest, role: str = "admin") -> Phone | web.Response:
    """The paired phone behind ``request``, or the 403 answer saying why it will not do."""
    if server.pairing is None or not server.pairing.enabled:
        return _json(403, {"error": f"admin is off on this board: it has no admin token ({_make_token(server.pairing)})"})
    why = foreign_origin(request)
    if why is not None:
        return _json(403, {"error": why})
    phone = phone_of(server, request)
    if phone is None:
        return _json(403, {"error": getattr(server, "not_paired", NOT_PAIRED)})
    if phone.role != role:
        return _json(403, {"error": f"this phone is paired as {phone.role}, which may not do this"})
    return phone


def from_this_machine(request: web.BaseRequest) -> bool:
    """A connection from a loopback address, or from the very address it reached (a browser on
    this machine using its network address: no other host can complete a TCP handshake from
    it). What a request's headers claim (X-Forwarded-For, ...) never counts."""
    try:
        remote = ipaddress.ip_address((request.remote or "").split("%")[0])
        if remote.is_loopback:
            return True
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        return bool(sockname) and remote == ipaddress.ip_address(str(sockname[0]).split("%")[0])
    except ValueError:
        return False


async def handle(server, request: web.BaseRequest) -> web.Response:
    path, method = request.path, request.method
    pairing = server.pairing
    if path == "/api/display/pairing":
        return _display(server, request)
    if path == "/api/phone":
        if method not in ("GET", "HEAD"):
            return _json(405, {"error": "use GET"})
        phone = phone_of(server, request)
        return _json(200, {"paired": phone is not None, "role": phone.role if phone else None,
                           "seat": phone.seat if phone else None, "pairing": pairing is not None and pairing.enabled})
    if method != "POST":
        return _json(405, {"error": "use POST"})
    why = foreign_origin(request)
    if why is not None:
        return _json(403, {"error": why})
    if pairing is None or not pairing.enabled:
        return _json(503, {"error": f"pairing is off on this board: it has no admin token ({_make_token(pairing)})"})
    if path == "/api/unpair":
        pairing.unpair(request.headers.get(SESSION_HEADER, ""))
        return _json(200, {"ok": True})
    try:
        body = await read_json(request, SHAPE)
    except BadBody as exc:
        return _json(exc.status, {"error": str(exc)})
    try:
        secret, phone = pairing.redeem(body.get("code", ""))
    except Refused as exc:
        return _json(403, {"error": str(exc)})
    except OSError as exc:
        return _json(503, {"error": f"the board cannot keep the pairing ({exc.strerror or exc}); try again"})
    if server.submit is not None:  # a board: its loop flashes the pairing's end (a hall has no loop)
        from ..daemon.events import PhonePaired

        server.submit(PhonePaired(phone.name, phone.seat))
    # The secret goes to the page that asked, in the answer: its script keeps it for its origin only.
    return _json(200, {"ok": True, "role": phone.role, **({"seat": phone.seat} if phone.seat else {}),
                       "session": secret})


def _display(server, request: web.BaseRequest) -> web.Response:
    pairing = server.pairing
    if (pairing is None or request.method not in ("GET", "HEAD") or not from_this_machine(request)
            or not pairing.is_display(request.headers.get(HEADER))):
        return web.Response(status=404, text="404 not found\n")
    code = pairing.shown()
    if code is None:
        return _json(200, {"code": None})
    # A board's page knows whether a phone can reach it (base/lan.py); a hall's is reached by name.
    base, why = server.phone_url() if hasattr(server, "phone_url") else (server.public_url(request), "")
    url = f"{base}{page_for(code)}#pair={code.code}" if base else None  # never an address only this machine has
    qr = "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url) if url else why_svg(why)).decode()
    return _json(200, {"code": code.grouped, "url": url, "why": why, "qr": qr, "seat": code.seat,
                       "seconds_left": round(code.seconds_left(pairing.clock.now()), 1)})
