"""A page server on its own thread and asyncio loop, shared by the kiosk page and the hall.

The socket is bound when the server is built (an ``OSError`` then, so the caller can say what
is wrong), served once :meth:`PageServer.start` ed, closed by :meth:`PageServer.close`. Every
request passes the host-name check first (guard.py); package assets are served from memory
(each server's own assets/ folder, then those it shares);
``/events`` streams the server's :class:`~.feed.Feed`. Subclasses answer the rest in
:meth:`PageServer.route`.
"""

from __future__ import annotations

import asyncio
import io
import logging
import resource
import socket
import threading
from importlib.resources import files

from aiohttp import web

from .feed import Feed, serve_events
from .guard import GuardedServer, host_allowed, local_names

log = logging.getLogger(__name__)

BACKLOG = 512  # the kernel's listen queue: 200 visitors arriving at once must not find it full
ACCEPT_BURST = 64  # connections accepted per wake-up (asyncio uses its backlog argument for this)
MAX_VIEWERS = 300  # live pages at once; each costs one connection and a few KB
KEEPALIVE_S = 5.0  # the longest a keep-alive connection may wait between requests
TYPES = {"html": "text/html", "css": "text/css", "js": "text/javascript", "svg": "image/svg+xml"}


def new_loop() -> asyncio.AbstractEventLoop:
    """uvloop when it is installed (a dependency on 64-bit Linux: it serves a crowd of visitors
    in about two thirds of the CPU time, bench/bench_kiosk.py), else asyncio's own loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def asset(name: str, homes: tuple[str, ...] = (__package__,)) -> tuple[bytes, str]:
    """``name`` from the assets/ folder of the first package in ``homes`` that has it."""
    for home in homes:
        found = files(home).joinpath("assets", name)
        if found.is_file():
            return found.read_bytes(), TYPES[name.rsplit(".", 1)[1]]
    raise FileNotFoundError(f"no asset {name} in {', '.join(homes)}")


class QuietLog(logging.LoggerAdapter):
    """aiohttp logs every malformed request as an error with a traceback; from visitors (or
    scanners) on a show's network that is noise, so it goes to debug."""

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.debug(msg, *args, exc_info=exc_info, **kwargs)


def qr_svg(content: str) -> bytes:
    """A QR code of ``content``, black on white, as SVG."""
    import segno  # only where a QR code is drawn: the hall never does

    out = io.BytesIO()
    segno.make(content, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False,
                                        dark="#000", light="#fff")
    return out.getvalue()


def why_svg(why: str, width: int = 40) -> bytes:
    """In place of a QR code that would not work: the sentence saying why, as an SVG image."""
    import html
    import textwrap

    lines = textwrap.wrap(why, width)
    rows = "".join(f'<text x="12" y="{28 + 22 * k}">{html.escape(line)}</text>' for k, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{12 * width}" height="{24 + 22 * len(lines)}" '
            f'font-family="sans-serif" font-size="17"><rect width="100%" height="100%" fill="#fff"/>'
            f"<g fill=\"#000\">{rows}</g></svg>").encode()


def text(status: int, body: str, headers: dict | None = None) -> web.Response:
    return web.Response(status=status, text=body, headers=headers)


class PageServer:
    name = "page"
    assets: dict[str, str] = {}  # path -> asset file name
    asset_homes: tuple[str, ...] = (__package__,)  # the packages whose assets/ hold them, first to last

    def __init__(self, feed: Feed, bind: str, port: int, *, hosts=(), max_connections: int = 600,
                 max_per_address: int = 64, header_timeout: float = 5.0, keepalive_timeout: float = KEEPALIVE_S,
                 sock: socket.socket | None = None) -> None:
        """``sock``: a socket bound (and listening) already, e.g. so a command can print the page's
        address before the server's imports are done; else one is bound on ``bind``:``port``."""
        self.feed = feed
        self.hosts = tuple(hosts)
        self.names = local_names() | {h.lower() for h in self.hosts}
        # Never near the process's file descriptors: asyncio accepts ACCEPT_BURST connections in
        # one go before the guard can drop any, dropped ones close a moment later, and the board
        # needs its own files (journal, serial port, LEDs).
        files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        self.max_connections = max(32, min(max_connections, files // 2))
        self.max_per_address = max_per_address
        self.header_timeout = header_timeout
        self.keepalive_timeout = keepalive_timeout
        family = socket.AF_INET6 if ":" in bind else socket.AF_INET
        self._sock = sock or socket.create_server((bind, port), family=family, backlog=BACKLOG)
        self._sock.setblocking(False)
        self._files = {path: asset(name, self.asset_homes) for path, name in self.assets.items()}
        self.viewers = 0
        self.guard: GuardedServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._closed = False

    @property
    def address(self) -> tuple[str, int]:
        host, port = self._sock.getsockname()[:2]
        return host, port

    @property
    def url(self) -> str:
        host, port = self.address
        return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"

    # -- life --------------------------------------------------------------------------------
    def start(self):
        if self._thread is None and not self._closed:
            loop = self._loop = new_loop()  # made here, run on the server's thread
            self._thread = threading.Thread(target=self._run, args=(loop,), name=self.name, daemon=True)
            self._thread.start()  # no waiting: the socket listens already, early visitors queue
            log.info("%s at %s (%s)", self.name, self.url, type(loop).__module__.split(".")[0])  # which loop
        return self

    def on_start(self, loop: asyncio.AbstractEventLoop) -> None:
        """In the server's loop, before the first request."""

    def on_stop(self) -> None:
        """In the server's loop, as it stops."""

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        asyncio.set_event_loop(loop)
        try:
            server = loop.run_until_complete(self._serve())
            self._ready.set()
            loop.run_forever()
            loop.run_until_complete(self._shutdown(server))
        except Exception:
            log.exception("%s stopped", self.name)
        finally:
            self._ready.set()
            loop.close()

    async def _serve(self):
        loop = asyncio.get_running_loop()
        self.feed.attach(loop)
        self.on_start(loop)
        self.guard = GuardedServer(self._handle, max_connections=self.max_connections,
                                   max_per_address=self.max_per_address, header_timeout=self.header_timeout,
                                   keepalive_timeout=self.keepalive_timeout,
                                   access_log=None, max_line_size=4096, max_field_size=4096,
                                   logger=QuietLog(logging.getLogger(f"{__package__}.http"), {}))
        server = await loop.create_server(self.guard, sock=self._sock, backlog=ACCEPT_BURST)
        self._sock.listen(BACKLOG)  # asyncio listens with the burst size; the kernel queue is larger
        return server

    async def _shutdown(self, server) -> None:
        server.close()
        self.on_stop()
        self.feed.close()  # live pages end their streams cleanly...
        await asyncio.sleep(0.05)
        if self.guard is not None:  # ...and every viewer sees the link end, and reconnects to the next one
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
        if self._thread is not None:
            self._ready.wait(5)  # its loop exists (or it failed) before it can be stopped
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
            return text(400, "400 bad request: the Host header is missing\n")
        if not host_allowed(request.headers["Host"], self.names):
            return text(421, "421 misdirected request: this server does not answer to that name "
                             "(add it to status.hosts, or --host for the hall)\n")
        if request.path in self._files and request.method in ("GET", "HEAD"):
            body, ctype = self._files[request.path]
            return web.Response(body=body, content_type=ctype, charset="utf-8")
        if request.path == "/events" and request.method in ("GET", "HEAD"):
            return await self._events(request)
        return await self.route(request)

    async def route(self, request: web.BaseRequest) -> web.StreamResponse:
        return text(404, "404 not found\n")

    async def _events(self, request: web.BaseRequest) -> web.StreamResponse:
        if self.viewers >= MAX_VIEWERS:
            return text(503, "503 too many viewers: try again in a moment\n", headers={"Retry-After": "5"})
        self.viewers += 1
        try:
            return await serve_events(request, self.feed, lambda: self._closed)
        finally:
            self.viewers -= 1
