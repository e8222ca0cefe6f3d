"""The newest public state, as the bytes every viewer is sent; lives in a web server's loop.

Whoever has news only rings (``call_soon_threadsafe``: a byte on a self-pipe, never waits): the
game loop with each snapshot, the hall's MQTT thread with each message. The JSON is built here,
once per change, and a new version wakes every waiting viewer (:func:`serve_events`). States
that change nothing a page shows (the loop publishes every iteration) are not sent again; the
Express countdown, which the page ticks by itself, is sent at most once a second.
"""

from __future__ import annotations

import asyncio
import json
import logging

from aiohttp import web

log = logging.getLogger(__name__)
HEARTBEAT_S = 15.0  # an SSE comment now and then, so proxies and the page see a live link


def _key(data: dict) -> str:
    d = dict(data, seq=None)
    if d.get("express"):
        d["express"] = dict(d["express"], seconds_left=int(d["express"]["seconds_left"]))
    return json.dumps(d, separators=(",", ":"), sort_keys=True)


class Versions:
    """A version number, and the viewers waiting for a newer one (every feed's core)."""

    def __init__(self) -> None:
        self.version = 0
        self._changed = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None

    def _advance(self) -> None:
        """A new version: every waiting viewer wakes."""
        self.version += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait(self, seen: int, timeout: float) -> bool:
        """Until there is a version newer than ``seen`` (True) or ``timeout`` passed (False)."""
        if self.version != seen:
            return True
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def close(self) -> None:
        self._loop = None
        self._changed.set()


class Feed(Versions):
    def __init__(self, build) -> None:
        super().__init__()
        self.build = build  # () -> the JSON-able state, called in the web loop
        self.data: dict = {}
        self.json = json.dumps(self.data, separators=(",", ":")).encode()
        self.frame = b""
        self._key = ""
        self._rung = False
        self.listeners: list = []  # called with each new JSON (bytes), in this loop

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start answering rings (called inside ``loop``)."""
        self._loop = loop
        self.update()

    def ring(self) -> None:
        """From any thread: wake the web loop once, however often it is rung."""
        if self._rung or self._loop is None:
            return
        self._rung = True
        try:
            self._loop.call_soon_threadsafe(self.update)
        except RuntimeError:  # the web loop is closed: nobody is watching
            pass

    def update(self) -> None:
        self._rung = False
        try:
            data = self.build()
        except Exception:  # a page must never take the board down
            log.exception("cannot build the public state")
            return
        key = _key(data)
        if key == self._key:
            return
        self._key = key
        self.data = data
        self.json = json.dumps(data, separators=(",", ":")).encode()
        self.frame = b"id: %d\ndata: %s\n\n" % (self.version + 1, self.json)
        self._advance()
        for listener in self.listeners:
            listener(self.json)

    def resume_from(self, last_event_id: str | None) -> int:
        """The version a reconnecting page has: always sent the newest whole state again."""
        return -1

    def frames_after(self, seen: int) -> tuple[int, bytes]:
        """(the version now, the frame a viewer that has ``seen`` is sent: the newest state)."""
        return self.version, self.frame



async def serve_events(request, feed, closed) -> web.StreamResponse:
    """One viewer's Server-Sent Events from ``feed`` (a :class:`Feed`, or the hall's
    DeltaFeed, hall/feed.py): what each new version brings, a comment now and then so the link is
    seen alive, until ``closed()``; a viewer who stops reading is let go."""
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
    try:
        await resp.prepare(request)
        await resp.write(b"retry: 1000\n\n")
        seen = feed.resume_from(request.headers.get("Last-Event-ID"))
        while not closed():
            if await feed.wait(seen, HEARTBEAT_S):
                seen, data = feed.frames_after(seen)
                if not data:
                    continue
            else:
                data = b": still here\n\n"
            await asyncio.wait_for(resp.write(data), 10)
    except (ConnectionError, TimeoutError) as exc:
        log.debug("a viewer left (%s)", exc or type(exc).__name__)
    return resp
