"""The page's socket and its address with the run's key, made before anything heavy is imported,
so `clacks-hw play` can print the address (and start the browser) at once while the rest loads;
the browser's first request waits in the socket's queue until the server answers."""

from __future__ import annotations

import secrets
import socket

BACKLOG = 64


def listen(bind: str, port: int) -> socket.socket:
    """A listening socket on ``bind``:``port`` (OSError: in use, not allowed, no such address)."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    return socket.create_server((bind, port), family=family, backlog=BACKLOG)


def page_url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def new_secret() -> str:
    """The run's key: 256 random bits."""
    return secrets.token_urlsafe(32)


def key_url(url: str, secret: str) -> str:
    """The address that lets a browser in: the only place the key is ever shown, in the fragment
    (never sent to a server, never in a Referer; the page keeps it for its own origin)."""
    return f"{url}#key={secret}"
