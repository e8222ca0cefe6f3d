"""The kiosk page's web server: aiohttp on its own thread and event loop.

Nothing a visitor does can cost the game loop anything: the loop only drops a snapshot in the
box and rings (see feed.py); JSON, Server-Sent Events, QR codes and admin requests all happen
here. The socket is bound when the server is built (an ``OSError`` then), served once
:meth:`WebServer.start` ed, and closed by :meth:`WebServer.close`.

Endpoints: ``/`` the kiosk page (``kiosk.css``, ``kiosk.js``), ``/events`` the live state as
Server-Sent Events, ``/status.json`` the same once, ``/qr.svg`` the page's own address,
``/admin`` the phone's admin page and ``/api/...`` its requests (admin.py).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import threading
from importlib.resources import files

import segno
from aiohttp import web

from . import admin
from .feed import Feed
from .guard import GuardedServer, host_allowed, local_names

log = logging.getLogger(__name__)

ASSETS = {
    "/": ("kiosk.html", "text/html; charset=utf-8"),
    "/kiosk.css": ("kiosk.css", "text/css; charset=utf-8"),
    "/kiosk.js": ("kiosk.js", "text/javascript; charset=utf-8"),
    "/admin": ("admin.html", "text/html; charset=utf-8"),
    "/admin.js": ("admin.js", "text/javascript; charset=utf-8"),
}
BACKLOG = 512  # 200 visitors arriving at once must not find the queue full
MAX_VIEWERS = 300  # live pages at once; each costs one connection and a few KB
KEEPALIVE_S = 5.0
HEARTBEAT_S = 15.0  # an SSE comment now and then, so proxies and the page see a live link


def _asset(name: str) -> bytes:
    return files(__package__).joinpath("assets", name).read_bytes()


class _QuietLog(logging.LoggerAdapter):
    """aiohttp logs every malformed request as an error with a traceback; from visitors (or
    scanners) on a show's network that is noise, so it goes to debug."""

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.debug(msg, *args, exc_info=exc_info, **kwargs)


def _is_loopback(host: str | None) -> bool:
    try:
        return host is not None and ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on its network (no packet is sent: a UDP socket is only aimed)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return s.getsockname()[0]
    except OSError:
        return None


def qr_svg(text: str) -> bytes:
    import io

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False,
                                     dark="#000", light="#fff")
    return out.getvalue()


class WebServer:
    def __init__(self, box, bind: str = "127.0.0.1", port: int = 0, *, hosts=(), admin_token: str | None = None,
                 submit=None, edition=None, max_connections: int = 600, header_timeout: float = 5.0) -> None:
        self.box = box
        self.hosts = tuple(hosts)
        self.names = local_names() | {h.lower() for h in self.hosts}
        self.admin_token = admin_token or None
        self.submit = submit  # puts an AdminCommand on the game loop's queue (never blocks)
        self.edition = edition
        self.max_connections = max_connections
        self.header_timeout = header_timeout
        family = socket.AF_INET6 if ":" in bind else socket.AF_INET
        self._sock = socket.create_server((bind, port), family=family, backlog=BACKLOG)
        self._sock.setblocking(False)
        self._assets = {path: (_asset(name), ctype) for path, (name, ctype) in ASSETS.items()}
        self.feed = Feed(box, edition)
        self.viewers = 0
        self.guard: GuardedServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._closed = False

    # -- addresses ---------------------------------------------------------------------------
    @property
    def address(self) -> tuple[str, int]:
        host, port = self._sock.getsockname()[:2]
        return host, port

    @property
    def url(self) -> str:
        host, port = self.address
        return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"

    def public_url(self, request: web.BaseRequest | None = None) -> str:
        """The address visitors' phones use: the first of ``status.hosts``, else this machine's
        network address when listening on every interface, else the address asked for."""
        host, port = self.address
        if self.hosts:
            return f"http://{self.hosts[0]}:{port}/"
        if host in ("0.0.0.0", "::"):
            lan = lan_address()
            if lan:
                return f"http://{lan}:{port}/"
        if request is not None and request.host:
            return f"http://{request.host}/"
        return self.url

    # -- life --------------------------------------------------------------------------------
    def start(self) -> WebServer:
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name="status-page", daemon=True)
            self._thread.start()
            self._ready.wait(5)
            log.info("status page at %s", self.url)
        return self

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            server = loop.run_until_complete(self._serve())
            self._ready.set()
            loop.run_forever()
            loop.run_until_complete(self._shutdown(server))
        except Exception:
            log.exception("status page stopped")
        finally:
            self._ready.set()
            loop.close()

    async def _serve(self):
        loop = asyncio.get_running_loop()
        self.feed.attach(loop)
        self.guard = GuardedServer(self._handle, max_connections=self.max_connections,
                                   header_timeout=self.header_timeout, keepalive_timeout=KEEPALIVE_S,
                                   access_log=None, max_line_size=4096, max_field_size=4096,
                                   logger=_QuietLog(logging.getLogger("clacks_hw.web.http"), {}))
        return await loop.create_server(self.guard, sock=self._sock, backlog=BACKLOG)

    async def _shutdown(self, server) -> None:
        server.close()
        self.feed.close()  # live pages end their streams cleanly...
        await asyncio.sleep(0.05)
        if self.guard is not None:  # every viewer sees the link end, and reconnects to the next daemon
            self.guard.abort_all()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=1.0)

    def close(self, timeout: float = 3.0) -> None:
        if self._closed:
            return
        self._closed = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(loop.stop)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)
        self._sock.close()

    # -- requests ----------------------------------------------------------------------------
    async def _handle(self, request: web.BaseRequest) -> web.StreamResponse:
        if not request.headers.get("Host"):
            return _text(400, "400 bad request: the Host header is missing\n")
        if not host_allowed(request.headers["Host"], self.names):
            return _text(421, "421 misdirected request: this board does not answer to that name "
                              "(add it to status.hosts)\n")
        path, method = request.path, request.method
        if path.startswith("/api/"):
            return await admin.handle(self, request)
        if method not in ("GET", "HEAD"):
            return _text(405, "405 method not allowed\n", headers={"Allow": "GET, HEAD"})
        if path in self._assets:
            body, ctype = self._assets[path]
            return web.Response(body=body, content_type=ctype.split(";")[0], charset="utf-8")
        if path == "/status.json":
            return web.Response(body=self.feed.json, content_type="application/json")
        if path == "/events":
            return await self._events(request)
        if path == "/qr.svg":
            return web.Response(body=qr_svg(self.public_url(request)), content_type="image/svg+xml")
        if path == "/admin-qr.svg":
            return self._admin_qr(request)
        return _text(404, "404 not found\n")

    def _admin_qr(self, request: web.BaseRequest) -> web.Response:
        """The admin link with its token, for the kiosk screen only (this machine), in setup
        only: whoever stands at the board may run it anyway. The token rides in the fragment,
        which a browser never sends to a server."""
        snap = self.box.get()
        if (self.admin_token is None or not _is_loopback(request.remote)
                or snap is None or snap.screen != "setup"):
            return _text(404, "404 not found\n")
        return web.Response(body=qr_svg(f"{self.public_url(request)}admin#token={self.admin_token}"),
                            content_type="image/svg+xml")

    async def _events(self, request: web.BaseRequest) -> web.StreamResponse:
        if self.viewers >= MAX_VIEWERS:
            return _text(503, "503 too many viewers: try again in a moment\n", headers={"Retry-After": "5"})
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        self.viewers += 1
        try:
            await resp.prepare(request)
            await resp.write(b"retry: 1000\n\n")
            seen = -1
            while not self._closed:
                if await self.feed.wait(seen, HEARTBEAT_S):
                    seen = self.feed.version
                    data = self.feed.frame
                else:
                    data = b": still here\n\n"
                await asyncio.wait_for(resp.write(data), 10)  # a stalled viewer is let go
        except (ConnectionError, TimeoutError) as exc:
            log.debug("status page: a viewer left (%s)", exc or type(exc).__name__)
        finally:
            self.viewers -= 1
        return resp


def _text(status: int, text: str, headers: dict | None = None) -> web.Response:
    return web.Response(status=status, text=text, headers=headers)


def open_status_page(status, box, *, submit=None, edition=None, admin_token: str | None = None):
    """The page as configured (``status.*``), not yet started; None when ``status.port`` is 0
    or the address cannot be used (logged: the board goes on without it)."""
    if status.port == 0:
        log.info("status page off (status.port = 0)")
        return None
    try:
        page = WebServer(box, status.bind, status.port, hosts=status.hosts, admin_token=admin_token,
                         submit=submit, edition=edition)
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
