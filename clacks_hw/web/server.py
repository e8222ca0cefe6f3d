"""The kiosk page's web server (a :class:`~.base.PageServer`: aiohttp on its own thread).

Nothing a visitor does can cost the game loop anything: the loop only drops a snapshot in the
box and rings (see feed.py); JSON, Server-Sent Events, QR codes and admin requests all happen
in the server's thread.

Endpoints: ``/`` the kiosk page (``kiosk.css``, ``kiosk.js``), ``/events`` the live state as
Server-Sent Events, ``/status.json`` the same once, ``/qr.svg`` the page's own address,
``/admin`` the phone's admin page, ``/seat`` a player's own phone page (their seat's private
view) and ``/api/...`` their requests (admin.py, pairing_api.py, seat_api.py).
Nothing here ever carries the admin token or a pairing code: the code shows only on the board's
own outputs (daemon/screens/pairing.py) and its own kiosk screen (pairing_api.py).
"""

from __future__ import annotations

import logging
import socket

from aiohttp import web

from . import admin
from ..base.lan import phone_url
from .base import PageServer, qr_svg, text, why_svg
from .feed import Feed
from .public import status_json

log = logging.getLogger(__name__)


class WebServer(PageServer):
    name = "status page"
    assets = {"/": "kiosk.html", "/kiosk.css": "kiosk.css", "/kiosk.js": "kiosk.js",
              "/kiosk-parts.js": "kiosk-parts.js", "/kiosk-panels.js": "kiosk-panels.js",
              "/kiosk-dice.js": "kiosk-dice.js", "/kiosk-pairing.js": "kiosk-pairing.js",
              "/admin": "admin.html", "/admin.js": "admin.js", "/seat": "seat.html", "/seat.js": "seat.js",
              "/phone.js": "phone.js"}

    def __init__(self, box, bind: str = "127.0.0.1", port: int = 0, *, hosts=(), pairing=None,
                 submit=None, edition=None, **limits) -> None:
        """``limits``: the connection limits of :class:`~.base.PageServer` (max_connections,
        max_per_address, header_timeout, keepalive_timeout)."""
        # The hall this board reports to and its key's fingerprint, as the hall's arbiter page lists
        # a knocking board's (set by the daemon once its MQTT link is made; None: no hall).
        self.hall: dict | None = None
        self.computer: dict = {}  # game.computer: the seats the phone's new-game form offers the computer
        super().__init__(Feed(lambda: {**status_json(box.get(), edition), "hall": self.hall}), bind, port,
                         hosts=hosts, **limits)
        self.box = box
        self.pairing = pairing  # the board's pairing (pairing/board.py); None: no phone can pair
        self.submit = submit  # puts an AdminCommand on the game loop's queue (never blocks)
        self.edition = edition

    def on_start(self, loop) -> None:
        self.box.bell = self.feed.ring

    def on_stop(self) -> None:
        self.box.bell = None

    def phone_url(self) -> tuple[str | None, str]:
        """(the address a phone on the board's network opens, "") or (None, why none: base/lan.py)."""
        host, port = self.address
        return phone_url(host, port, self.hosts)

    def public_url(self, request: web.BaseRequest | None = None) -> str:
        """The address visitors' phones use (base/lan.py), else the address asked for."""
        url, _ = self.phone_url()
        if url:
            return url
        if request is not None and request.host:
            return f"http://{request.host}/"
        return self.url

    async def route(self, request: web.BaseRequest) -> web.StreamResponse:
        path, method = request.path, request.method
        if path.startswith("/api/"):
            return await admin.handle(self, request)
        if method not in ("GET", "HEAD"):
            return text(405, "405 method not allowed\n", headers={"Allow": "GET, HEAD"})
        if path == "/status.json":
            return web.Response(body=self.feed.json, content_type="application/json")
        if path == "/qr.svg":  # a phone's way in: never an address only this machine can use
            url, why = self.phone_url()
            return web.Response(body=qr_svg(url) if url else why_svg(why), content_type="image/svg+xml")
        return text(404, "404 not found\n")


def open_status_page(status, box, *, submit=None, edition=None, pairing=None, computer=None):
    """The page as configured (``status.*``), not yet started; None when ``status.port`` is 0
    or the address cannot be used (logged: the board goes on without it)."""
    if status.port == 0:
        log.info("status page off (status.port = 0)")
        return None
    try:
        page = WebServer(box, status.bind, status.port, hosts=status.hosts, pairing=pairing,
                         submit=submit, edition=edition, max_per_address=status.max_per_address)
        page.computer = dict(computer or {})
    except OSError as exc:
        reason = exc.strerror or str(exc)
        log.error("status page: cannot listen on %s port %d: %s; the board runs without it "
                  "(fix: stop whatever uses that port, or set status.port to a free port, "
                  "or 0 to turn the page off)", status.bind, status.port, reason)
        return None
    if status.bind not in ("127.0.0.1", "localhost", "::1"):
        log.warning("status page listens on %s: anyone who can reach this machine on port %d sees "
                    "the game, tracked hands included", status.bind, status.port)
    return page
