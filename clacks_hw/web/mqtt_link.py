"""The board's MQTT link: its state, its heartbeat and its finished games, signed, to a hall's broker.

Topics (mqtt/topics.py), each message signed with the board's key (mqtt/signing.py) and shaped
as the hall's schema says (mqtt/schema.py): ``status`` online, or offline as the board's last
will (retained; said again at every connection, so a board coming back after a broker outage is
seen online at once); ``state`` what a hall card draws (retained); ``alive`` a heartbeat every
second (a hall shows a board silent when it stops); ``result`` each finished game from the
outbox (mqtt/outbox.py) at QoS 1, again and again until the hall's signed receipt names it.

The board never waits on the network: :meth:`MqttLink.put` (called by the game loop with each
snapshot) keeps only the newest and sets an event. The link's own thread turns it into
messages; paho's network thread talks to the broker and reconnects by itself.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import deque

import paho.mqtt.client as mqtt

from .. import __version__
from ..base.rate_log import RateLimitedLog
from ..mqtt import schema
from ..mqtt.client import goodbye, make_client
from ..mqtt.outbox import Outbox
from ..mqtt.projection import hall_state
from ..mqtt.signing import SigningKey, Unsigned, VerifyKey, fingerprint, open_envelope
from ..mqtt.topics import HALL_STATUS, board_topic, default_board_id, receipt_topic
from .public import status_json

log = logging.getLogger(__name__)
# Who the board is, in the form the hall's arbiter page shows, is said at every start whatever
# the log level: an arbiter counts a knocking board only once the two fingerprints match.
identity_log = logging.getLogger(__name__ + ".identity")
identity_log.setLevel(logging.INFO)
ALIVE_S = 1.0  # the heartbeat; a hall shows the board silent after 4 s without one
RESEND_S = 30.0  # a result the hall has not named is sent again after this (and at once when it is back)
LINGER_S = 1800.0  # ... then after twice as long each time, up to this
WINDOW = 64  # results sent and not yet named by a receipt, at most: the hall's pace, not the broker's
SCAN_S = 10.0  # the journals are looked at this often besides at each game's end


class MqttLink:
    def __init__(self, config, *, key: SigningKey, journal_dir, edition=None, page: str | None = None,
                 wall=time.time, clock=time.monotonic) -> None:
        self.config = config
        self.edition = edition
        self.key = key
        self.hall_key = VerifyKey(config.hall_key, "mqtt.hall_key") if config.hall_key else None
        self.page = page
        self.wall, self.clock = wall, clock
        # Anyone on a broker without the access list may write on the hall's topics: a count a minute.
        self._ignored = RateLimitedLog(log, "MQTT", "message ignored", "messages ignored", now=clock, burst=2)
        self.board_id = config.board_id or default_board_id()
        self.boot = secrets.token_hex(8)
        self.outbox = Outbox(journal_dir, edition, key.public)
        self.dropped = 0  # snapshots replaced by a newer one before the link got to them
        self.published = 0
        self.connects = 0
        self.connected = False
        self._latest = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._state: bytes | None = None  # the newest state message, sealed
        self._receipts: deque = deque(maxlen=64)  # receipts from paho's thread, for the link's
        self._resend = True  # send every waiting result at the next chance
        self._due: dict[str, None] = {}  # game ids not sent since the last connection, in order
        self._sent: dict[str, tuple[float, int]] = {}  # game id -> (when it is due again, times sent)
        self._seq = 0
        self._game_over = False
        self._over = None  # the finished game last seen on the "over" screen
        c = self.client = make_client(key.client_id("board"), clean=True, username=config.username,
                                      password=config.password, tls=config.tls, ca_file=config.ca_file)
        c.will_set(self._topic("status"), self._status("offline"), qos=1, retain=True)
        c.max_queued_messages_set(config.queue)
        c.on_connect = self._on_connect
        c.on_disconnect = self._on_disconnect
        c.on_message = self._on_message
        c.on_publish = self._on_publish

    def _topic(self, kind: str) -> str:
        return board_topic(self.board_id, kind)

    def _seal(self, kind: str, message) -> bytes:
        return self.key.seal(self._topic(kind), schema.encode(message))

    def _status(self, status: str) -> bytes:
        return self._seal("status", schema.BoardStatus(status=status, boot=self.boot, key=self.key.public,
                                                       page=self.page, version=__version__))

    @property
    def identity(self) -> dict:
        """Who this board is to the hall: its id and its key's fingerprint (public: a person
        compares it with the arbiter page's before counting the board)."""
        return {"board": self.board_id, "fingerprint": fingerprint(self.key.public)}

    # -- the game loop's side ---------------------------------------------------------------------
    def put(self, snapshot) -> None:
        """O(1), never blocks: only the newest snapshot matters to a hall."""
        if self._latest is not None:
            self.dropped += 1
        self._latest = snapshot
        self._wake.set()

    # -- life -------------------------------------------------------------------------------------
    def start(self) -> MqttLink:
        self.client.connect_async(self.config.host, self.config.port, keepalive=self.config.keepalive_s)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name="mqtt-link", daemon=True)
        self._thread.start()
        identity_log.info("MQTT: board %s publishing to %s:%d, signing with key %s (fingerprint %s)", self.board_id,
                 self.config.host, self.config.port, self.key.public, fingerprint(self.key.public))
        return self

    def close(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        goodbye(self.client, self._topic("status"), self._status("offline") if self.connected else None)
        self._ignored.flush()  # paho's thread has ended: the count of what it ignored is complete

    # -- paho's thread ----------------------------------------------------------------------------
    def _on_connect(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            log.warning("MQTT: the broker refused board %s: %s (check mqtt.username and mqtt.password)",
                        self.board_id, reason_code)
            return
        self.connects += 1
        self.connected = True
        log.info("MQTT: connected to %s:%d", self.config.host, self.config.port)
        client.subscribe([(receipt_topic(self.board_id), 1), (HALL_STATUS, 1)])
        # Said at every connection: a broker restarted without its retained messages learns again.
        client.publish(self._topic("status"), self._status("online"), qos=1, retain=True)
        if self._state is not None:
            client.publish(self._topic("state"), self._state, qos=0, retain=True)
        self._resend = True
        self._wake.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties=None) -> None:
        self.connected = False
        if not self._stop.is_set():
            log.warning("MQTT: lost the broker (%s); the board goes on and reconnects", reason_code)

    def _on_publish(self, client, userdata, mid, reason_code=None, properties=None) -> None:
        if self._due:
            self._wake.set()  # room in paho's queue (mqtt.queue) for the next result

    def _on_message(self, client, userdata, msg) -> None:
        """The hall's receipts and status: believed only when signed with the hall's key."""
        kind = "hall" if msg.topic == HALL_STATUS else "receipt"
        payload = bytes(msg.payload)
        if self.hall_key is None or len(payload) > schema.MAX_BYTES[kind]:
            return
        try:
            sig, body = open_envelope(payload)
            if not self.hall_key.verify(msg.topic, sig, body):
                self._ignored.warning("not the hall's", "MQTT: a message on %s not signed by the hall's key "
                                      "(mqtt.hall_key): ignored", msg.topic)
                return
            message = schema.decode(kind, body)
        except (Unsigned, schema.BadMessage) as exc:
            self._ignored.warning("refused", "MQTT: ignored a message on %s: %s", msg.topic, exc)
            return
        if kind == "receipt":
            self._receipts.append(message.games)
        elif message.status == "online":
            self._resend = True  # the hall (re)connected: whatever waits goes now, not in RESEND_S
        self._wake.set()

    # -- the link's thread -----------------------------------------------------------------------
    def _run(self) -> None:
        next_alive = next_scan = self.clock()
        while not self._stop.is_set():
            self._wake.wait(max(0.0, min(next_alive, next_scan) - self.clock()))
            self._wake.clear()
            now = self.clock()
            self._ignored.tick()
            try:
                snap, self._latest = self._latest, None
                if snap is not None:
                    self._snapshot(snap)
                while self._receipts:
                    self.outbox.settle(self._receipts.popleft())
                if self._game_over or now >= next_scan:
                    self._game_over = False
                    self._due.update(dict.fromkeys(r.game for r in self.outbox.scan()))  # due at once: never sent
                    next_scan = now + (0.0 if self.outbox.behind else SCAN_S)
                if self._resend:  # the broker or the hall came back: everything waiting is due
                    self._resend = False
                    self._sent.clear()
                    self._due = dict.fromkeys(self.outbox.waiting)
                if self.connected:
                    self._send_due(now)
                if now >= next_alive:
                    next_alive = now + ALIVE_S
                    self._seq += 1
                    self._publish("alive", self._seal("alive", schema.Alive(
                        boot=self.boot, seq=self._seq, pending=min(len(self.outbox.waiting), 64))))
            except Exception:  # one bad snapshot or file must not end the link
                log.exception("MQTT: the link failed a step; it goes on")

    def _send_due(self, now: float) -> None:
        """At most WINDOW results wait for the hall's receipt at a time, so a board back after a
        day away sends its games as fast as the hall takes them, never faster than the broker's
        queue for the hall can hold. One the hall does not name is sent again after RESEND_S, then
        twice as long each time, and from then on no longer holds up the others (a game the hall
        had long ago is not among its receipt's newest). Each step costs what is out, not what
        waits."""
        waiting = self.outbox.waiting
        for game in [g for g in self._sent if g not in waiting]:
            del self._sent[game]  # the hall named it
        for game, (due, tries) in list(self._sent.items()):
            if due <= now and not self._send(game, now, tries):
                return
        out = sum(tries == 1 for _, tries in self._sent.values())
        while self._due and out < WINDOW:
            game = next(iter(self._due))
            if game in waiting and game not in self._sent:
                if not self._send(game, now, 0):
                    return
                out += 1
            del self._due[game]

    def _send(self, game: str, now: float, tries: int) -> bool:
        if not self._publish("result", self._seal("result", self.outbox.waiting[game]), qos=1):
            return False  # paho's queue is full (or the broker gone): the rest wait for the next step
        self._sent[game] = (now + min(RESEND_S * 2 ** tries, LINGER_S), tries + 1)
        return True

    def _publish(self, kind: str, payload: bytes, qos: int = 0, retain: bool = False) -> bool:
        if not self.connected:
            return False  # nothing is queued blind: the state is said again at connection, results resent
        if self.client.publish(self._topic(kind), payload, qos=qos, retain=retain).rc == mqtt.MQTT_ERR_SUCCESS:
            self.published += 1
            return True
        return False

    def _snapshot(self, snap) -> None:
        if snap.screen == "over" and snap.state is not self._over:
            self._over = snap.state
            self._game_over = True  # a game just ended: its journal is complete, look at once
        state = self._seal("state", hall_state(status_json(snap, self.edition)))
        if state != self._state:
            self._state = state
            self._publish("state", state, retain=True)
