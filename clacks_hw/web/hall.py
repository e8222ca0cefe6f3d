"""`clacks-hw hall`: every board in the hall on one page, live from the MQTT broker.

paho's network thread only hands each message to the page server's loop
(``call_soon_threadsafe``); there hall_ingest.py checks it (signature, schema) and updates the
boards, the results go to SQLite (hall_store.py), and the page's feed rings. hall_broker.py
keeps the hall's session, its receipts and the broker's state. Twice a second the loop also
looks at what time alone changes: a board gone silent, a broker no longer answering, a board
added to hall.toml.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path

from aiohttp import web

from ..mqtt import schema
from ..mqtt.topics import PREFIX
from .base import PageServer, text
from .feed import Feed
from .hall_broker import HallLink
from .hall_config import ADDED, HallConfig, HallConfigError, Trust
from .hall_ingest import Ingest
from .hall_store import HallStore

log = logging.getLogger(__name__)
TICK_S = 0.5


class Hall(PageServer):
    name = "hall page"
    assets = {"/": "hall.html", "/hall.js": "hall.js", "/kiosk-parts.js": "kiosk-parts.js",
              "/kiosk.css": "kiosk.css"}

    def __init__(self, config: HallConfig, *, path=None, wall=time.time) -> None:
        """``config``: hall_config.load(path) (or built by a test); ``path``: hall.toml, re-read
        when it changes (boards added while the hall runs)."""
        page = config.page
        super().__init__(Feed(self.json), page.bind, page.port, hosts=page.hosts)
        self.config = config
        self.wall = wall
        try:
            try:
                self.store = HallStore(page.db, wall=wall)
            except (sqlite3.Error, OSError) as exc:
                raise HallConfigError(f"page.db {page.db}: {getattr(exc, 'strerror', None) or exc}\n  fix: give a "
                                      "writable SQLite file in an existing folder (it is made if missing)") from None
            self.trust = Trust(config, path, None if page.db == ":memory:" else Path(page.db).resolve().parent / ADDED)
            self.ingest = Ingest(self.trust, self.store, wall)
            self.link = HallLink(config.broker, config.key, on_message=self._on_message, wall=wall)
        except BaseException:
            self._sock.close()
            raise
        self._shown: tuple = ()

    # -- life ---------------------------------------------------------------------------------------
    def on_start(self, loop) -> None:
        self.link.start()
        loop.call_later(TICK_S, self._tick)

    def on_stop(self) -> None:
        self.link.stop()
        self.store.close()

    # -- paho's thread -> the page's loop -----------------------------------------------------------
    def _on_message(self, topic: str, payload: bytes, ack) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.receive, topic, payload, ack)
            except RuntimeError:
                pass  # the page is closing: unacknowledged, the broker keeps it for the next start

    def receive(self, topic: str, payload: bytes, ack=None) -> None:
        if self._closed:
            return  # unacknowledged: the broker keeps it for the next start
        try:
            changed, owed = self.ingest.receive(topic, payload)
        except Exception:  # one message must never stop the hall (the schema makes this a bug)
            log.exception("hall: a message on %s could not be taken", topic[:80])
            changed, owed = False, None
        if ack is not None:
            ack()  # after the result is in SQLite: a hall killed before this gets it again
        if owed is not None:
            self.link.owed.add(owed)
        if changed:
            self.feed.update()

    def _tick(self) -> None:
        if self._closed:
            return
        now = self.wall()
        try:
            added = self.trust.reload()
        except HallConfigError as exc:
            log.warning("hall: %s (the boards stay as they were)", exc)
            added = None
        if added:
            log.info("hall: boards now counted: %s", added)
            # Subscribing again brings the retained status and state the hall dropped before.
            self.link.client.subscribe([(f"{PREFIX}/+/status", 1), (f"{PREFIX}/+/state", 0)])
        self.link.tick(now, self._receipt)
        shown = (self.ingest.links(now), self.link.state(now)["text"])
        if shown != self._shown:
            self._shown = shown
            self.feed.update()
        loop = self._loop
        if loop is not None and not self._closed:
            loop.call_later(TICK_S, self._tick)

    def _receipt(self, board: str) -> schema.Receipt:
        return schema.Receipt(games=self.store.games(board))

    # -- the page ------------------------------------------------------------------------------------
    def json(self) -> dict:
        now = self.wall()
        return {"boards": self.ingest.boards(now), "leaderboard": self.store.leaderboard(),
                "broker": self.link.state(now)}

    def admin_json(self) -> dict:
        """What the exhibitor is told and visitors are not: strangers knocking, the database's repairs."""
        return {"knocking": [k.data() for k in self.ingest.knocking.values()], "repairs": list(self.store.repairs),
                "dropped": self.ingest.dropped, "messages": self.ingest.messages}

    async def route(self, request: web.BaseRequest) -> web.StreamResponse:
        if request.path == "/hall.json" and request.method in ("GET", "HEAD"):
            return web.Response(body=self.feed.json, content_type="application/json")
        return text(404, "404 not found\n")
