"""What keeps a show's visitors (and anyone else on the hall's network) from hurting the board.

- :class:`GuardedServer` bounds the connections: at most ``max_connections`` in all and
  ``max_per_address`` from one address (one /64 network for IPv6: one machine holds a whole
  /64). A connection must send its request headers within ``header_timeout`` (slowloris), and
  one waiting between requests is closed after ``keepalive_timeout`` (aiohttp's own timer).
  When a new connection finds no room (in all, or for its address), a connection that is doing
  nothing makes room: from the address holding the most, one that has not sent a request yet,
  else the one idle longest between requests (keep-alive). A connection in the middle of a
  request, or streaming the live page, is never closed for another; when every slot is such a
  one the newcomer is refused. So neither half requests nor keep-alive connections that ask
  for something every few seconds can lock visitors out: bench/bench_kiosk.py measures both.
- :class:`SecureRequest` adds the security headers to every response, error pages from the
  HTTP parser (400 for an over-long line or header) included.
- :func:`host_allowed` answers only the configured names (DNS rebinding): any IP literal,
  ``localhost``, this machine's name, ``NAME.local`` and ``status.hosts``.
"""

from __future__ import annotations

import ipaddress
import socket

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
# A connection counts as idle this long after its answer was handed over, so one whose answer
# is still being written is never taken for idle.
SETTLE_S = 0.25


class SecureRequest(web.BaseRequest):
    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        response.headers["Server"] = "clacks-hw"


def address_group(peer) -> str:
    """Whom a connection counts against: its IPv4 address, or its IPv6 /64 network."""
    host = str(peer[0] if isinstance(peer, tuple | list) and peer else peer or "")
    if ":" not in host:
        return host  # IPv4 (or a UNIX socket, one group): as it is, no parsing on every connection
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network((ip, 64), strict=False))


class _Conn:
    __slots__ = ("group", "busy", "idle_since", "timer")

    def __init__(self, group: str, timer) -> None:
        self.group = group
        self.busy = False
        self.idle_since: float | None = None  # None: no request yet
        self.timer = timer  # the header timeout, until the first request


class _Group:
    """One address's connections: those yet to send a request (oldest first) and those idle
    between requests (longest idle first), so the one to close is found at once."""

    __slots__ = ("count", "waiting", "idle")

    def __init__(self) -> None:
        self.count = 0
        self.waiting: dict = {}  # handler -> _Conn, in the order they came (dicts keep it)
        self.idle: dict = {}  # handler -> _Conn, in the order they went idle

    def spare(self, now: float):
        """The connection this address can best spare, or None."""
        for handler in self.waiting:
            return handler
        for handler, conn in self.idle.items():
            # the longest idle; one whose answer may still be on its way is not idle yet
            if now - conn.idle_since >= SETTLE_S and not getattr(handler, "_request_in_progress", False):
                return handler
            return None
        return None


class GuardedServer(web.Server):
    """aiohttp's low-level server with bounded connections (in all and per address), header
    read time and idle keep-alive connections closed first when there is no room."""

    def __init__(self, handler, *, max_connections: int = 600, max_per_address: int = 64,
                 header_timeout: float = 5.0, **kwargs) -> None:
        super().__init__(self._serve, request_factory=self._request, **kwargs)
        self._inner = handler
        self.max_connections = max_connections
        self.max_per_address = max(1, min(max_per_address, max_connections))
        self.header_timeout = header_timeout
        # open and not being dropped: an aborted connection leaves at once, though its transport
        # reports the loss a loop turn later (later still with uvloop)
        self._live: dict = {}  # handler -> _Conn
        self._groups: dict[str, _Group] = {}
        self.dropped = 0  # connections closed for holding a half request or over the limit
        self.idle_closed = 0  # idle keep-alive connections closed to make room
        self.refused = 0  # newcomers turned away: every slot was busy

    def _request(self, message, payload, protocol, writer, task) -> SecureRequest:
        conn = self._live.get(protocol)
        if conn is not None:
            conn.busy = True
            group = self._groups[conn.group]
            group.waiting.pop(protocol, None)
            group.idle.pop(protocol, None)
            if conn.timer is not None:
                conn.timer.cancel()
                conn.timer = None
        return SecureRequest(message, payload, protocol, writer, task, self._loop, client_max_size=MAX_BODY)

    async def _serve(self, request: web.BaseRequest) -> web.StreamResponse:
        try:
            return await self._inner(request)
        finally:
            conn = self._live.get(request.protocol)
            if conn is not None:
                conn.busy = False
                conn.idle_since = self._loop.time()
                self._groups[conn.group].idle[request.protocol] = conn

    def connection_made(self, handler, transport) -> None:
        super().connection_made(handler, transport)
        key = address_group(transport.get_extra_info("peername"))
        group = self._groups.get(key)
        if group is None:
            group = self._groups[key] = _Group()
        if group.count >= self.max_per_address:
            room = self._make_room(group)
        elif len(self._live) >= self.max_connections:
            room = self._make_room(None)
        else:
            room = True
        if not room:  # every slot is a real viewer or a request under way: this one waits
            self.refused += 1
            self.dropped += 1
            if not group.count:
                del self._groups[key]
            # Once aiohttp has started the connection's task (right after this returns): a
            # connection aborted before it would fail an assertion in it, a traceback each.
            self._loop.call_soon(transport.abort)
            return
        conn = self._live[handler] = _Conn(key, self._loop.call_later(self.header_timeout, self._drop, handler))
        group.count += 1
        group.waiting[handler] = conn

    def _make_room(self, group: _Group | None) -> bool:
        """Close one connection doing nothing, from ``group`` (None: from the address holding
        the most that has one): one without a request first (the oldest), else the longest idle."""
        now = self._loop.time()
        if group is not None:
            victim = group.spare(now)
        else:
            victim = None
            for g in sorted(self._groups.values(), key=lambda g: g.count, reverse=True):
                victim = g.spare(now)
                if victim is not None:
                    break
        if victim is None:
            return False
        if self._live[victim].idle_since is not None:
            self.idle_closed += 1
        self._drop(victim, later=True)
        return True

    def connection_lost(self, handler, exc=None) -> None:
        self._forget(handler)
        super().connection_lost(handler, exc)

    def _forget(self, handler) -> _Conn | None:
        conn = self._live.pop(handler, None)
        if conn is not None:
            if conn.timer is not None:
                conn.timer.cancel()
            group = self._groups[conn.group]
            group.waiting.pop(handler, None)
            group.idle.pop(handler, None)
            group.count -= 1
            if group.count <= 0:
                del self._groups[conn.group]
        return conn

    def _drop(self, handler, later: bool = False) -> None:
        """Close ``handler``'s connection; ``later``: after this loop turn, as for a refused one."""
        conn = self._forget(handler)
        transport = self._connections.get(handler)
        if conn is not None and transport is not None:
            self.dropped += 1
            if later:
                self._loop.call_soon(transport.abort)
            else:
                transport.abort()

    def abort_all(self) -> None:
        for transport in list(self._connections.values()):
            transport.abort()

    @property
    def open_connections(self) -> int:
        return len(self._live)

    def connections_from(self, group: str) -> int:
        g = self._groups.get(group)
        return g.count if g is not None else 0


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
