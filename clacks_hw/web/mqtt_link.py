"""The board's MQTT link: its public state (retained) and its events on a hall's broker.

Topics, under ``clacks/BOARD_ID/``: ``status`` ``online``/``offline`` (retained; the broker
publishes ``offline`` as the board's last will when it vanishes), ``state`` the public JSON the
kiosk page draws (retained, so a hall that starts late sees every board at once), ``events``
one JSON object per event (``game_start``, ``action``, ``game_over``; QoS 1).

The board never waits on the network: :meth:`MqttLink.put` (called by the game loop with each
snapshot) appends to a bounded deque and sets an event; when the deque is full the oldest
snapshot is dropped and counted (``dropped``). A thread of its own turns snapshots into
messages; paho's network thread talks to the broker, reconnects by itself, and on every
(re)connection the link says ``online`` and republishes its state.
"""

from __future__ import annotations

import json
import logging
import re
import socket
import threading
import time
from collections import deque

import paho.mqtt.client as mqtt

from .feed import _key
from .public import status_json

log = logging.getLogger(__name__)
PREFIX = "clacks"


def default_board_id() -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", socket.gethostname())[:64] or "board"


def game_key(state):
    c = state.config
    return (c.seed, c.mode, tuple(c.seats))


class MqttLink:
    def __init__(self, config, *, edition=None, wall=time.time) -> None:
        self.config = config
        self.edition = edition
        self.wall = wall  # wall-clock seconds: a game's length for the hall's leaderboard
        self.board_id = config.board_id or default_board_id()
        self.topic = f"{PREFIX}/{self.board_id}"
        self._queue: deque = deque(maxlen=config.queue)
        self.dropped = 0  # snapshots dropped because the link fell behind
        self.published = 0
        self.connects = 0
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._state: bytes | None = None
        self._key = ""
        self._game = None  # the game being followed: (key, started at, over reported)
        self._actions: int | None = None
        c = self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"clacks-{self.board_id}",
                                      clean_session=True)
        if config.username:
            c.username_pw_set(config.username, config.password or None)
        c.will_set(f"{self.topic}/status", "offline", qos=1, retain=True)
        c.reconnect_delay_set(min_delay=0.2, max_delay=5)
        c.max_queued_messages_set(config.queue)
        c.on_connect = self._on_connect
        c.on_disconnect = self._on_disconnect

    # -- the game loop's side ---------------------------------------------------------------
    def put(self, snapshot) -> None:
        """O(1), never blocks: the newest snapshot in, the oldest out when full."""
        if len(self._queue) == self._queue.maxlen:
            self.dropped += 1
        self._queue.append(snapshot)
        self._wake.set()

    # -- life -------------------------------------------------------------------------------
    def start(self) -> MqttLink:
        self.client.connect_async(self.config.host, self.config.port, keepalive=self.config.keepalive_s)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name="mqtt-link", daemon=True)
        self._thread.start()
        log.info("MQTT: board %s publishing to %s:%d", self.board_id, self.config.host, self.config.port)
        return self

    def close(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        try:
            if self.client.is_connected():  # a clean goodbye; the last will is for crashes
                self.client.publish(f"{self.topic}/status", "offline", qos=1, retain=True).wait_for_publish(1.0)
            self.client.disconnect()
        except (RuntimeError, ValueError, OSError):
            pass
        self.client.loop_stop()

    def _on_connect(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            log.warning("MQTT: the broker refused board %s: %s", self.board_id, reason_code)
            return
        self.connects += 1
        log.info("MQTT: connected to %s:%d", self.config.host, self.config.port)
        client.publish(f"{self.topic}/status", "online", qos=1, retain=True)
        if self._state is not None:
            client.publish(f"{self.topic}/state", self._state, qos=0, retain=True)

    def _on_disconnect(self, client, userdata, flags, reason_code, properties=None) -> None:
        if not self._stop.is_set():
            log.warning("MQTT: lost the broker (%s); the board goes on and reconnects", reason_code)

    # -- snapshots to messages (the link's own thread) ----------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(1.0)
            self._wake.clear()
            while self._queue and not self._stop.is_set():
                try:
                    self._handle(self._queue.popleft())
                except Exception:  # one bad snapshot must not end the link
                    log.exception("MQTT: cannot publish a snapshot")

    def _publish(self, what: str, payload, qos: int = 0, retain: bool = False) -> None:
        data = payload if isinstance(payload, bytes) else json.dumps(payload, separators=(",", ":"))
        info = self.client.publish(f"{self.topic}/{what}", data, qos=qos, retain=retain)
        if info.rc == mqtt.MQTT_ERR_SUCCESS:
            self.published += 1

    def _handle(self, snap) -> None:
        data = status_json(snap, self.edition)
        key = _key(data)
        if key != self._key:
            self._key = key
            self._state = json.dumps(data, separators=(",", ":")).encode()
            self._publish("state", self._state, retain=True)
        self._events(snap)

    def _events(self, snap) -> None:
        state = snap.state
        if snap.screen not in ("game", "confirm", "over") or state is None:
            self._game, self._actions = None, None
            return
        key = game_key(state)
        if self._game is None or self._game[0] != key:
            started = self.wall() if snap.actions == 0 else None  # joined late: length unknown
            self._game = [key, started, False]
            self._actions = snap.actions
            self._publish("events", {"type": "game_start", "mode": state.config.mode,
                                     "variants": sorted(state.config.variants),
                                     "seats": list(state.config.seats)}, qos=1)
        if snap.actions is not None and self._actions is not None and snap.actions > self._actions:
            for action in list(snap.recent)[-(snap.actions - self._actions):]:
                self._publish("events", {"type": "action", **action.to_json()}, qos=1)
        self._actions = snap.actions
        if state.over and not self._game[2]:
            self._game[2] = True
            started = self._game[1]
            winner = state.winner
            word = None
            if winner in state.config.seats:
                word = " ".join(state.config.words.get(winner, ()))
            self._publish("events", {
                "type": "game_over", "mode": state.config.mode, "variants": sorted(state.config.variants),
                "winner": winner, "word": word, "turns": state.turn.number,
                "seconds": None if started is None else round(self.wall() - started, 1),
                "at": round(self.wall(), 3),
            }, qos=1)
