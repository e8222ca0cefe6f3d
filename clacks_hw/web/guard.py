"""What keeps a show's visitors (and anyone else on the hall's network) from hurting the board.

- :class:`GuardedServer` bounds the open connections and the time a connection may take to
  send its request headers (slowloris): a connection that has not sent a whole request within
  ``header_timeout`` is dropped, and when the limit is reached the oldest such connection makes
  room for the new one, so held-open half requests can never lock out the page.
- :class:`SecureRequest` adds the security headers to every response, error pages from the
  HTTP parser (400 for an over-long line or header) included.
- :func:`host_allowed` answers only the configured names (DNS rebinding): any IP literal,
  ``localhost``, this machine's name, ``NAME.local`` and ``status.hosts``.
"""

from __future__ import annotations

import ipaddress
import socket
from collections import OrderedDict

from aiohttp import web

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}
MAX_BODY = 16 * 1024  # the admin API's JSON bodies are a few hundred bytes


class SecureRequest(web.BaseRequest):
    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        response.headers["Server"] = "clacks-hw"


class GuardedServer(web.Server):
    """aiohttp's low-level server with bounded connections and header read time."""

    def __init__(self, handler, *, max_connections: int = 600, header_timeout: float = 5.0, **kwargs) -> None:
        super().__init__(handler, request_factory=self._request, **kwargs)
        self.max_connections = max_connections
        self.header_timeout = header_timeout
        self._waiting: OrderedDict = OrderedDict()  # connections yet to send a request -> timer
        # open and not being dropped: an aborted connection leaves at once, though its transport
        # reports the loss a loop turn later (later still with uvloop)
        self._live: set = set()
        self.dropped = 0  # connections closed for holding a half request or over the limit

    def _request(self, message, payload, protocol, writer, task) -> SecureRequest:
        timer = self._waiting.pop(protocol, None)
        if timer is not None:
            timer.cancel()
        return SecureRequest(message, payload, protocol, writer, task, self._loop, client_max_size=MAX_BODY)

    def connection_made(self, handler, transport) -> None:
        super().connection_made(handler, transport)
        if len(self._live) >= self.max_connections:
            if self._waiting:  # the oldest silent connection makes room
                self._drop(next(iter(self._waiting)))
            else:  # every slot is a real viewer: this one waits for another day
                self.dropped += 1
                transport.abort()
                return
        self._live.add(handler)
        self._waiting[handler] = self._loop.call_later(self.header_timeout, self._drop, handler)

    def connection_lost(self, handler, exc=None) -> None:
        timer = self._waiting.pop(handler, None)
        if timer is not None:
            timer.cancel()
        self._live.discard(handler)
        super().connection_lost(handler, exc)

    def _drop(self, handler) -> None:
        timer = self._waiting.pop(handler, None)
        if timer is not None:
            timer.cancel()
        transport = self._connections.get(handler)
        if handler in self._live and transport is not None:
            self._live.discard(handler)
            self.dropped += 1
            transport.abort()

    def abort_all(self) -> None:
        for transport in list(self._connections.values()):
            transport.abort()

    @property
    def open_connections(self) -> int:
        return len(self._live)


def local_names() -> set[str]:
    name = socket.gethostname().lower()
    return {"localhost", name, f"{name}.local"}


def host_allowed(host_header: str | None, names: set[str]) -> bool:
    """Is ``Host: host_header`` one of ours? IP literals always are (DNS rebinding needs a name)."""
    if not host_header:
        return False
    host = host_header.strip().lower()
    if host.startswith("["):  # [v6]:port
        end = host.find("]")
        if end < 0:
            return False
        host = host[1:end]
    elif host.count(":") == 1:
        host = host.rsplit(":", 1)[0]
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    return host.rstrip(".") in names
