"""The hall's side of the broker: a persistent session, its receipts and an honest broker state.

- A persistent session (clean_session off) under a fixed client id only the hall's key can
  make: while the hall is down the broker keeps the boards' results for it, and nobody can take
  the session over by guessing the id.
- Acknowledged by hand: a result is acknowledged to the broker only after it is in SQLite, so a
  hall killed in between gets it again (and stores it once).
- Receipts: after each result the hall publishes, retained and signed with its key, the games it
  holds from that board (``clacks-hall/receipts/BOARD``); the board stops sending those.
- Its own birth and last will (``clacks-hall/status``): a board hearing the hall come back sends
  what it still holds at once.
- The broker's state as it is: the hall pings itself through the broker every second, so a
  broker that stops answering is shown within :data:`ANSWER_S`, even while the connection
  looks open; paho's own flag keeps saying connected until its keep-alive runs out.
"""

from __future__ import annotations

import logging
import secrets

from ..mqtt import schema
from ..mqtt.client import RETRY_MAX_S, goodbye, make_client
from ..mqtt.topics import HALL_PING, HALL_STATUS, PREFIX, receipt_topic

log = logging.getLogger(__name__)
PING_S = 1.0
ANSWER_S = 3.0  # no echo of a ping for this long: the broker is not answering
KEEPALIVE_S = 5


class HallLink:
    def __init__(self, broker, key, *, on_message, wall) -> None:
        """``broker``: config.BrokerSettings; ``key``: the hall's SigningKey (None: a throwaway
        session, no receipts); ``on_message(topic, payload, ack)`` is called on paho's thread."""
        self.broker, self.key, self.wall = broker, key, wall
        self.boot = secrets.token_hex(8)
        self.on_message = on_message
        self.connected = self.stopping = False
        self.refused: str | None = None  # the broker's answer when it refused the login
        self.lost_because = ""
        self.last_echo: float | None = None
        self.connected_at = 0.0
        self.waiting_since: float | None = None  # the broker has not answered a connection since then
        self.attempts = 0  # connections tried in vain since then
        self._seq = 0
        self._last_ping = 0.0
        self.owed: set[str] = set()  # boards whose receipt is due
        cid = key.client_id("hall") if key is not None else f"clacks-hall-{secrets.token_hex(6)}"
        c = self.client = make_client(cid, clean=key is None, username=broker.username, password=broker.password,
                                      tls=broker.tls, ca_file=broker.ca_file, what="broker")
        if key is not None:
            c.manual_ack_set(True)
            c.will_set(HALL_STATUS, self._status("offline"), qos=1, retain=True)
        c.on_connect = self._on_connect
        c.on_connect_fail = self._on_connect_fail
        c.on_disconnect = self._on_disconnect
        c.on_message = self._on_paho_message

    def _seal(self, topic: str, message) -> bytes:
        return self.key.seal(topic, schema.encode(message))

    def _status(self, status: str) -> bytes:
        return self._seal(HALL_STATUS, schema.HallStatus(status=status, boot=self.boot))

    def start(self) -> None:
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=KEEPALIVE_S)
        self.client.loop_start()

    def stop(self) -> None:
        self.stopping = True
        said = self._status("offline") if self.connected and self.key is not None else None
        goodbye(self.client, HALL_STATUS, said)

    # -- paho's thread ----------------------------------------------------------------------------
    def _on_connect(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            self.refused = str(reason_code)
            log.warning("hall: the broker %s:%d refused the hall: %s (check broker.username and "
                        "broker.password in hall.toml)", self.broker.host, self.broker.port, reason_code)
            return
        self.connected, self.refused, self.connected_at = True, None, self.wall()
        waited = "" if self.waiting_since is None else f" after {self.connected_at - self.waiting_since:.0f} s of waiting"
        self.waiting_since, self.attempts = None, 0
        log.info("hall: connected to the MQTT broker at %s:%d%s; following every board (%s session)",
                 self.broker.host, self.broker.port, waited, "resumed" if flags.session_present else "new")
        client.subscribe([(f"{PREFIX}/+/status", 1), (f"{PREFIX}/+/state", 0), (f"{PREFIX}/+/alive", 0),
                          (f"{PREFIX}/+/result", 1), (HALL_PING, 0)])
        if self.key is not None:
            client.publish(HALL_STATUS, self._status("online"), qos=1, retain=True)

    def _on_connect_fail(self, client, userdata) -> None:
        """No broker answered (not there yet, or gone): said once, then paho tries again, waiting a
        little longer each time (mqtt/client.py: up to RETRY_MAX_S between tries)."""
        self.attempts += 1
        if self.waiting_since is None:
            self.waiting_since = self.wall()
            if self.lost_because:
                return  # a broker lost: said when it went ("reconnecting")
            log.warning("hall: waiting for the MQTT broker at %s:%d (no answer); trying again every %g s at most, "
                        "and saying so when it answers. Is it started? (hall.toml's broker.host, broker.port)",
                        self.broker.host, self.broker.port, RETRY_MAX_S)

    def _on_disconnect(self, client, userdata, flags, reason_code, properties=None) -> None:
        if self.connected and not self.stopping:
            log.warning("hall: lost the broker (%s); reconnecting", reason_code)
        self.connected = False
        self.lost_because = str(reason_code)

    def _on_paho_message(self, client, userdata, msg) -> None:
        mid, qos = msg.mid, msg.qos
        if msg.topic == HALL_PING:
            self._echo(bytes(msg.payload))
            return
        ack = (lambda: client.ack(mid, qos)) if self.key is not None and qos > 0 else (lambda: None)
        self.on_message(msg.topic, bytes(msg.payload), ack)

    def _echo(self, payload: bytes) -> None:
        try:
            ping = schema.decode("ping", payload)
        except schema.BadMessage:
            return
        if ping.boot == self.boot:
            self.last_echo = self.wall()

    # -- the page's loop --------------------------------------------------------------------------
    def tick(self, now: float, receipt) -> None:
        """Ping the broker once a second; publish the receipts owed (``receipt(board)`` -> schema.Receipt)."""
        if self.connected and now - self._last_ping >= PING_S:
            self._last_ping = now
            self._seq += 1
            self.client.publish(HALL_PING, schema.encode(schema.Ping(boot=self.boot, seq=self._seq)), qos=0)
        if self.owed and self.connected and self.key is not None:
            for board in sorted(self.owed):
                topic = receipt_topic(board)
                self.client.publish(topic, self._seal(topic, receipt(board)), qos=1, retain=True)
            self.owed.clear()

    def state(self, now: float) -> dict:
        """The broker as the page shows it: ``ok`` and the words (connected / not answering / lost)."""
        b = f"{self.broker.host}:{self.broker.port}"
        if self.refused:
            return {"ok": False, "text": f"refused the hall ({self.refused})", "broker": b}
        if not self.connected and self.waiting_since is not None and not self.lost_because:
            return {"ok": False, "text": f"waiting for {b}, no answer yet (trying again every {RETRY_MAX_S:g} s)",
                    "broker": b}
        if not self.connected:
            return {"ok": False, "text": "lost" if self.lost_because else "connecting", "broker": b}
        if now - max(self.last_echo or 0.0, self.connected_at) > ANSWER_S:
            return {"ok": False, "text": "not answering", "broker": b}
        if self.last_echo is None or self.last_echo < self.connected_at:
            return {"ok": False, "text": "connecting", "broker": b}
        return {"ok": True, "text": "connected", "broker": b}
