"""The newest public state, as the bytes every viewer is sent; lives in the web server's loop.

The game loop only rings (``call_soon_threadsafe``: a byte on a self-pipe, never waits); the
JSON is built here, once per change, and a new version wakes every waiting viewer. Snapshots
that change nothing a page shows (the loop publishes every iteration) are not sent again; the
Express countdown, which the page ticks by itself, is sent at most once a second.
"""

from __future__ import annotations

import asyncio
import json
import logging

from .public import status_json

log = logging.getLogger(__name__)


def _key(data: dict) -> str:
    d = dict(data, seq=None)
    if d.get("express"):
        d["express"] = dict(d["express"], seconds_left=int(d["express"]["seconds_left"]))
    return json.dumps(d, separators=(",", ":"), sort_keys=True)


class Feed:
    def __init__(self, box, edition=None) -> None:
        self.box = box
        self.edition = edition
        self.version = 0
        self.data: dict = status_json(None)
        self.json = json.dumps(self.data, separators=(",", ":")).encode()
        self.frame = b""
        self._key = ""
        self._changed = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._rung = False
        self.listeners: list = []  # called with each new JSON (bytes), in this loop

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start listening to the box (called inside ``loop``)."""
        self._loop = loop
        self.box.bell = self.ring
        self.update()

    def ring(self) -> None:
        """From the game loop's thread: wake the web loop once, however often it is rung."""
        if self._rung or self._loop is None:
            return
        self._rung = True
        try:
            self._loop.call_soon_threadsafe(self.update)
        except RuntimeError:  # the web loop is closed: nobody is watching
            pass

    def update(self) -> None:
        self._rung = False
        snap = self.box.get()
        try:
            data = status_json(snap, self.edition)
        except Exception:  # a page must never take the board down; say it once per snapshot
            log.exception("status page: cannot build the public state")
            return
        key = _key(data)
        if key == self._key:
            return
        self._key = key
        self.data = data
        self.json = json.dumps(data, separators=(",", ":")).encode()
        self.version += 1
        self.frame = b"id: %d\ndata: %s\n\n" % (self.version, self.json)
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
        for listener in self.listeners:
            listener(self.json)

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
        self.box.bell = None
        self._changed.set()
