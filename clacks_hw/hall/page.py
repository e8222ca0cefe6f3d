"""`clacks-hw hall`: every board in the hall on one page, live from the MQTT broker.

paho's network thread only hands each message to the page server's loop
(``call_soon_threadsafe``); there ingest.py checks it (signature, schema) and updates the
boards, and the board's card (cards.py) changes in the viewers' feed, which sends each
viewer what changed, not the hall (feed.py). Results are checked a few at a time, so the
page is answered between them however many a board sends at once, and go to SQLite
(store.py) on a thread of their own, many in one transaction (writer.py); as they go
in, the tournament tables take each new game (tally.py: the cost of a result does not grow
with the results stored) and the viewers' feed the tables. The page's answers are the feed's
model as it stands: never a wait for SQLite. broker.py keeps the hall's session, its
receipts and the broker's state. Twice a second the loop also looks at what time alone changes:
a board gone silent, a broker no longer answering, a board added to hall.toml.

Pages: ``/`` the hall (hall.html), ``/hall.json`` the whole hall once, ``/events`` live,
``/results.csv`` and ``/results.json`` every result as counted, ``/arbiter`` the arbiter's page
and its requests (arbiter.py).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections import deque
from pathlib import Path

from aiohttp import web

from ..base.clock import SystemClock
from ..mqtt import schema
from ..mqtt.signing import fingerprint
from ..mqtt.topics import PREFIX, parse_board_topic
from . import arbiter, tournament
from ..web.base import PageServer, text
from .broker import HallLink
from .cards import card
from .config import ADDED, HallConfig, HallConfigError, Trust
from .feed import DeltaFeed
from .ingest import Card, Ingest, said
from .store import HallStore
from .writer import ResultWriter
from .tally import Tally

log = logging.getLogger(__name__)
TICK_S = 0.5
CHUNK = 16  # results checked (Ed25519, the schema) before the loop answers the page again


class Hall(PageServer):
    name = "hall page"
    assets = {"/": "hall.html", "/hall.js": "hall.js", "/hall.css": "hall.css", "/kiosk-parts.js": "kiosk-parts.js",
              "/arbiter": "arbiter.html", "/arbiter.js": "arbiter.js", "/arbiter.css": "arbiter.css",
              "/phone.js": "phone.js"}
    asset_homes = (__package__, *PageServer.asset_homes)  # hall/assets, then the board's kiosk-parts.js and phone.js
    not_paired = arbiter.NOT_PAIRED
    submit = None  # the pairing API's hook for a board's loop: a hall has none

    def __init__(self, config: HallConfig, *, path=None, wall=time.time) -> None:
        """``config``: config.load(path) (or built by a test); ``path``: hall.toml, re-read
        when it changes (boards added while the hall runs)."""
        page = config.page
        super().__init__(DeltaFeed(wall=wall), page.bind, page.port, hosts=page.hosts)
        self.config = config
        self.wall = wall
        try:
            try:
                self.store = HallStore(page.db, wall=wall)
            except (sqlite3.Error, OSError) as exc:
                raise HallConfigError(f"page.db {page.db}: {getattr(exc, 'strerror', None) or exc}\n  fix: give a "
                                      "writable SQLite file in an existing folder (it is made if missing)") from None
            self.corrections = self.store.corrections()
            self.fixes = self.corrections.all()  # every correction in order, kept here as it is made
            self.tally = Tally(self.games())
            self.writer = ResultWriter(self.store, self._written)
            self.trust = Trust(config, path, None if page.db == ":memory:" else Path(page.db).resolve().parent / ADDED)
            self.ingest = Ingest(self.trust, self.writer, wall)
            self.link = HallLink(config.broker, config.key, on_message=self._on_message, wall=wall)
            # An arbiter's session lives beside the results (a hall without a file pairs none)
            on_disk = config.key is not None and page.db != ":memory:"
            secret = arbiter.root_secret(config.key.text if on_disk else None)
            self.pairing = arbiter.hall_pairing(secret, Path(page.db).resolve().parent, SystemClock())
        except BaseException:
            self._sock.close()
            raise
        self._links: dict[str, str] = {}
        self._newest: dict[str, tuple] = {}  # topic -> (payload, ack) of a board's state not yet taken
        self._newest_lock = threading.Lock()
        self._results: deque[tuple] = deque()  # (topic, payload, ack) of results not yet checked
        self._receipts: dict[str, list[str]] = {}  # board -> the games its next receipt lists
        self.offered = 0  # messages paho handed over

    # -- life ---------------------------------------------------------------------------------------
    def on_start(self, loop) -> None:
        self.writer.start()
        self.link.start()
        self._expect()
        self._show_results()
        self._tick()

    def on_stop(self) -> None:
        self.ingest.noise.flush()  # the messages dropped since the last count line
        self.writer.stop()  # what is queued goes in and is acknowledged while the broker is there
        self.link.stop()
        self.store.close()

    # -- paho's thread -> the page's loop -----------------------------------------------------------
    def _on_message(self, topic: str, payload: bytes, ack) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        self.offered += 1
        if topic.endswith("/state"):
            # A board's state stands for the one before it: when boards send faster than the hall
            # takes them, only each board's newest waits, so the hall never falls behind for good
            # and its viewers are never starved by a backlog (results, statuses: every one taken).
            with self._newest_lock:
                waiting = bool(self._newest)
                self._newest[topic] = (payload, ack)
            if waiting:
                return
            call = (self._take_states,)
        elif topic.endswith("/result"):
            # Results wait in order and are taken CHUNK at a time, however many came at once.
            with self._newest_lock:
                waiting = bool(self._results)
                self._results.append((topic, payload, ack))
            if waiting:
                return
            call = (self._take_results,)
        else:
            call = (self.receive, topic, payload, ack)
        try:
            loop.call_soon_threadsafe(*call)
        except RuntimeError:
            pass  # the page is closing: unacknowledged, the broker keeps it for the next start

    def _take_states(self) -> None:
        with self._newest_lock:
            newest, self._newest = self._newest, {}
        for topic, (payload, ack) in newest.items():
            self.receive(topic, payload, ack)

    def _take_results(self, chunk: int = CHUNK) -> None:
        for _ in range(chunk):
            with self._newest_lock:
                if not self._results:
                    return
                topic, payload, ack = self._results.popleft()
            self.receive(topic, payload, ack)
        loop = self._loop
        if loop is not None and not self._closed:
            loop.call_soon(self._take_results)  # after the page's requests waiting meanwhile

    def receive(self, topic: str, payload: bytes, ack=None) -> None:
        if self._closed:
            return  # unacknowledged: the broker keeps it for the next start
        try:
            # a result goes to the writer, and its receipt is owed once it is in (_stored)
            changed = self.ingest.receive(topic, payload)[0]
        except Exception:  # one message must never stop the hall (the schema makes this a bug)
            log.exception("hall: a message on %s could not be taken", topic[:80])
            changed = False
        if ack is not None:
            self.writer.ack(ack)  # after the results before it are in SQLite: a hall killed first gets them again
        where = parse_board_topic(topic) if changed else None
        if where is not None:
            self._show(where[0])

    def _written(self, stored: list, receipts: dict[str, list[str]]) -> None:
        """The writer's thread: results are in SQLite (writer.py); the page's loop shows them."""
        loop = self._loop
        if loop is None:
            self._stored(stored, receipts)  # a hall not started (tests, the fuzz): here and now
            return
        try:
            loop.call_soon_threadsafe(self._stored, stored, receipts)
        except RuntimeError:
            pass  # the page is closing: the next start counts them from SQLite

    def _stored(self, stored: list, receipts: dict[str, list[str]]) -> None:
        new = set()
        for board, result, received in stored:
            if received is not None:
                said(board, result)
                self.tally.put(self._count(board, result, received))
                new.add(board)
        self._receipts.update(receipts)
        self.link.owed.update(receipts)
        for board in sorted(new):
            self._show(board)
        if new:
            self._show_results()

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
            self._expect()
            # Subscribing again brings the retained status and state the hall dropped before.
            self.link.client.subscribe([(f"{PREFIX}/+/status", 1), (f"{PREFIX}/+/state", 0)])
        self.link.tick(now, self._receipt)
        self.ingest.noise.tick()
        broker = self.link.state(now)
        if self.feed.model.get("broker", {}).get("text") != broker["text"]:
            self.feed.put(("broker",), {"ok": broker["ok"], "text": broker["text"], "since": int(now)})
        for board, c in self.ingest.cards.items():
            if self._links.get(board) != c.link(now):
                self._show(board)
        loop = self._loop
        if loop is not None and not self._closed:
            loop.call_later(TICK_S, self._tick)

    def _expect(self) -> None:
        """Every board the hall counts has its card from the start, "not heard yet" until it
        speaks: an exhibitor sees which boards have not come, not only those that have."""
        for board in self.trust.boards:
            if board not in self.ingest.cards:
                self.ingest.cards[board] = Card(board)
                self._show(board)

    def _receipt(self, board: str) -> schema.Receipt:
        return schema.Receipt(games=self._receipts[board])  # owed only once the writer said what it holds

    # -- the page ------------------------------------------------------------------------------------
    def _show(self, board: str) -> None:
        c = self.ingest.cards.get(board)
        if c is None:
            return
        now = self.wall()
        self._links[board] = c.link(now)
        self.feed.put(("boards", board), card(c.data(now)))

    def games(self, fixes=None) -> list[tournament.Counted]:
        """Every result as counted now (corrections applied): the exports' whole recount."""
        return tournament.counted(((b, schema.to_data(r), t) for b, r, t in self.store.results()),
                                  self.fixes if fixes is None else fixes)

    def _count(self, board: str, result, received: float) -> tournament.Counted:
        fixes = [k for k in self.fixes if k.board == board and k.game == result.game]
        return tournament.counted([(board, schema.to_data(result), received)], fixes)[0]

    def _show_results(self) -> None:
        entries = [c.entry() for c in self.fixes[-tournament.TOP:]]
        self.feed.put(("results",), {"modes": self.tally.table(), "audit": entries})

    def find_game(self, board: str, game: str) -> tournament.Counted | None:
        row = self.store.result(board, game)
        return None if row is None else self._count(*row)

    def correct(self, who: str, game: tournament.Counted, kind: str, reason: str, **change) -> dict:
        """An arbiter's correction (corrections.Refused if it will not do), shown at once."""
        fix = self.corrections.add(who, game, kind, reason, **change)
        self.fixes.append(fix)
        self.tally.put(self.find_game(game.board, game.game))
        log.info("hall: %s", fix.text())
        self._show_results()
        return fix.entry()

    async def _export(self, make):
        """``make(games)``, off the loop: every result read and counted again, for a download."""
        fixes = list(self.fixes)
        return await asyncio.get_running_loop().run_in_executor(None, lambda: make(self.games(fixes)))

    def public_url(self, request: web.BaseRequest | None = None) -> str:
        host, port = self.address
        if self.hosts:
            return f"http://{self.hosts[0]}:{port}/"
        return f"http://{request.host}/" if request is not None and request.host else self.url

    def json(self) -> dict:
        """The hall's data as it stands (tests); the page's is ``feed.model``."""
        now = self.wall()
        return {"boards": self.ingest.boards(now), "leaderboard": self.store.leaderboard(),
                "broker": self.link.state(now)}

    def admin_json(self) -> dict:
        """What the exhibitor is told and visitors are not: strangers knocking (the command that
        adds each naming this hall's own file), the database's repairs, the messages dropped."""
        # A board the hall counts already knocks when it signs with another key: a phone may not
        # change a counted board's key (trust_board), so the page offers no Count for it.
        knocking = [{**k.data(self.ingest.hall_toml), "counted": k.board in self.trust.boards}
                    for k in self.ingest.knocking.values()]
        return {"knocking": knocking, "repairs": list(self.store.repairs), "dropped": self.ingest.dropped,
                "messages": self.ingest.messages}

    def trust_board(self, who: str, board: str, key: str) -> str:
        """An arbiter counts ``board`` knocking with ``key`` (HallConfigError if it will not do);
        the next tick reads it and fetches the board's retained status and state again."""
        if board in self.trust.boards:
            raise HallConfigError(f"{board} is one of the hall's boards already\n  fix: a board whose key changed "
                                  "is given its new key in hall.toml (clacks-hw hall trust, on the hall's machine)")
        self.trust.add(board, key)
        said = f"{board} counts from now on (key fingerprint {fingerprint(key)}), added by arbiter {who}"
        log.info("hall: %s", said)
        return said

    async def route(self, request: web.BaseRequest) -> web.StreamResponse:
        path = request.path
        if path.startswith("/api/"):
            return await arbiter.handle(self, request)
        if request.method not in ("GET", "HEAD"):
            return text(405, "405 method not allowed\n", headers={"Allow": "GET, HEAD"})
        if path == "/hall.json":
            return web.Response(body=self.feed.json, content_type="application/json")
        if path == "/results.json":
            return web.json_response(await self._export(tournament.export_json),
                                     headers={"Content-Disposition": 'attachment; filename="clacks-results.json"'})
        if path == "/results.csv":
            return web.Response(text=await self._export(tournament.export_csv), content_type="text/csv",
                                headers={"Content-Disposition": 'attachment; filename="clacks-results.csv"'})
        return text(404, "404 not found\n")
