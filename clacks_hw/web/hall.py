"""`clacks-hw hall`: every board in the hall on one page, live from the MQTT broker.

The hall subscribes to ``clacks/+/status``, ``clacks/+/state`` and ``clacks/+/events``
(mqtt_link.py describes them). paho's network thread only hands each message to the page
server's loop (``call_soon_threadsafe``); there it updates the boards, stores finished games in
SQLite (hall_store.py) and rings the page's feed. A board whose last will said ``offline`` stays
on the page, marked offline, with the last state it sent.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

import paho.mqtt.client as mqtt
from aiohttp import web

from .base import PageServer, text
from .feed import Feed
from .hall_store import HallStore
from .json_body import BadBody, strict_loads
from .mqtt_link import PREFIX

log = logging.getLogger(__name__)
BOARD_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_PAYLOAD = 256 * 1024  # a board's state is a few KB; anything far larger is not ours
MAX_DEPTH = 16  # a board's state nests 6 deep; deeper JSON would overflow the parser's recursion


class Hall(PageServer):
    name = "hall page"
    assets = {"/": "hall.html", "/hall.js": "hall.js", "/kiosk-parts.js": "kiosk-parts.js",
              "/kiosk.css": "kiosk.css"}

    def __init__(self, broker: str, broker_port: int = 1883, *, db, bind: str = "127.0.0.1", port: int = 8090,
                 hosts=(), username: str = "", password: str = "", wall=time.time) -> None:
        super().__init__(Feed(self.json), bind, port, hosts=hosts)
        self.broker = (broker, broker_port)
        self.store = HallStore(db)
        self.wall = wall
        self.boards: dict[str, dict] = {}
        self.messages = 0
        c = self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"clacks-hall-{uuid.uuid4().hex[:8]}",
                                      clean_session=True)
        if username:
            c.username_pw_set(username, password or None)
        c.reconnect_delay_set(min_delay=0.2, max_delay=5)
        c.on_connect = self._on_connect
        c.on_message = self._on_message

    # -- MQTT (paho's thread) ---------------------------------------------------------------
    def on_start(self, loop) -> None:
        self.client.connect_async(*self.broker, keepalive=10)
        self.client.loop_start()

    def on_stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
        self.store.close()

    def _on_connect(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            log.warning("hall: the broker refused us: %s", reason_code)
            return
        log.info("hall: following %s:%d", *self.broker)
        client.subscribe([(f"{PREFIX}/+/status", 1), (f"{PREFIX}/+/state", 0), (f"{PREFIX}/+/events", 1)])

    def _on_message(self, client, userdata, msg) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.receive, msg.topic, bytes(msg.payload))
            except RuntimeError:
                pass

    # -- the page's loop --------------------------------------------------------------------
    def receive(self, topic: str, payload: bytes) -> None:
        parts = topic.split("/")
        if len(parts) != 3 or parts[0] != PREFIX or not BOARD_ID.fullmatch(parts[1]) or len(payload) > MAX_PAYLOAD:
            return
        board_id, kind = parts[1], parts[2]
        board = self.boards.setdefault(board_id, {"id": board_id, "online": False, "state": None, "seen": None})
        self.messages += 1
        board["seen"] = self.wall()
        if kind == "status":
            board["online"] = payload == b"online"
        elif kind in ("state", "events"):
            try:
                data = strict_loads(payload, MAX_DEPTH, "the payload", "a board's state nests about 6 deep")
            except BadBody as exc:
                log.debug("hall: %s sent something that is not JSON on %s: %s", board_id, topic, exc)
                return
            if not isinstance(data, dict):
                return
            if kind == "state":
                board["state"] = data
            elif data.get("type") == "game_over":
                self.store.record(board_id, data)
        self.feed.update()

    def json(self) -> dict:
        return {"boards": [self.boards[b] for b in sorted(self.boards)], "leaderboard": self.store.leaderboard(),
                "broker": self.client.is_connected()}

    async def route(self, request: web.BaseRequest) -> web.StreamResponse:
        if request.path == "/hall.json" and request.method in ("GET", "HEAD"):
            return web.Response(body=self.feed.json, content_type="application/json")
        return text(404, "404 not found\n")
