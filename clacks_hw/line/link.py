"""A side of a line on a broker: the referee's or the follower's core, its store and a paho client.

paho's network thread only puts what arrives in an inbox; the owner's thread (the board's event
loop, a test) calls :meth:`LineLink.pump` with the time, which runs each message through the
core, keeps on disk what must be kept (the store) and only then publishes what the core says.
At every connection the host says its retained messages again (a broker without persistence
forgets them when it restarts) and the guest sends again whatever has not been heard of; the
core's sequence numbers and chained log make a copy harmless.
"""

from __future__ import annotations

import logging
import queue
from dataclasses import dataclass, field as dc_field

from ..base.rate_log import RateLimitedLog
from ..mqtt.client import RETRY_MAX_S, make_client, no_delay
from .follower import Follower, Step
from .messages import Outgoing, signed
from .referee import Referee
from .store import LineStore

log = logging.getLogger(__name__)
BEAT_S = 2.0  # a beat this often; the other side shows the line down after DOWN_AFTER_S of silence
RESEND_S = 3.0  # a guest's actions not yet heard of are sent again this often


@dataclass
class Pumped(Step):
    """What one pump brought: a guest's steps merged (the follower's Step), or a host's guest
    actions to apply."""

    incoming: list = dc_field(default_factory=list)  # host: guest actions to apply (referee.Incoming)
    broker: str | None = None  # the broker's news, once when it changes: waiting for it, lost, reached


class LineLink:
    def __init__(self, core: Referee | Follower, store: LineStore, *, client_id: str, username: str = "",
                 password: str = "", tls: bool = False, ca_file: str = "") -> None:
        self.core, self.store = core, store
        self.host = isinstance(core, Referee)
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.client = make_client(client_id, clean=True, username=username, password=password, tls=tls,
                                  ca_file=ca_file, what="line")
        self.client.on_connect = self._on_connect
        self.client.on_connect_fail = self._on_connect_fail
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.address = ""  # host:port, once connect() is called
        self._news: str | None = None  # the broker's news not yet said (set on paho's thread)
        self._troubled = False  # waiting for the broker, or lost it: say when it answers
        self.arrived = None  # called (from paho's thread) when a message is in the inbox; must not block
        self._retained: dict[str, Outgoing] = {}
        self._connected = False
        self._said_again = False  # what a new connection must hear, still to be said
        self._beat_at = self._resent_at = 0.0
        self.heard: float | None = None  # when the other side last spoke (its beats come every BEAT_S)
        # a stranger's or a copy's messages can come by the thousand: one line a minute, counted
        self._ignored = RateLimitedLog(log, "line", "message ignored", "messages ignored", burst=3)

    # -- paho's thread ----------------------------------------------------------------------
    def _on_connect(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code != 0:
            return
        no_delay(client)
        client.subscribe(self.core.topic + "#", qos=1)
        self._connected, self._said_again = True, True
        if self._troubled:
            self._troubled, self._news = False, f"the broker at {self.address} answers again"

    def _on_connect_fail(self, client, userdata) -> None:
        if not self._troubled:  # said once; paho tries again, waiting longer each time (mqtt/client.py)
            self._troubled = True
            self._news = (f"cannot reach the broker at {self.address}: trying again every {RETRY_MAX_S} s at most "
                          "(is it started? is --broker right?)")

    def _on_disconnect(self, client, userdata, flags, reason_code, properties=None) -> None:
        if self._connected and not self._troubled:
            self._troubled = True
            self._news = f"lost the broker at {self.address} ({reason_code}); reconnecting"
        self._connected = False

    def _on_message(self, client, userdata, msg) -> None:
        self.inbox.put((msg.topic, bytes(msg.payload)))
        if self.arrived is not None:
            self.arrived()  # the owner's thread pumps at once, not at its next turn

    # -- the owner's thread -----------------------------------------------------------------
    def connect(self, host: str, port: int) -> LineLink:
        self.address = f"{host}:{port}"
        if self.host:
            self._publish(self.core.offer())
        self.client.connect_async(host, port, keepalive=10)
        self.client.loop_start()
        return self

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
        self.store.close()

    def pump(self, now: float) -> Pumped:
        out = Pumped()
        out.broker, self._news = self._news, None
        if self._said_again:
            self._said_again = False
            for message in list(self._retained.values()):
                self.client.publish(message.topic, message.payload, qos=1, retain=True)
            if not self.host:
                self._send(self.core.resend())
        while True:
            try:
                topic, payload = self.inbox.get_nowait()
            except queue.Empty:
                break
            self._take(topic, payload, now, out)
        if now - self._beat_at >= BEAT_S:
            self._beat_at = now
            self._publish(self.core.beat())
        if not self.host and self.core.pending and now - self._resent_at >= RESEND_S:
            self._resent_at = now
            self._send(self.core.resend())
        return out

    def _take(self, topic: str, payload: bytes, now: float, out: Pumped) -> None:
        kind = topic[len(self.core.topic):]
        if self.host and (kind in ("join", "need") or kind.startswith(("act/", "beat/guest"))):
            self.heard = now
        if self.host:
            r = self.core.on_message(topic, payload)
            if r.joined is not None:
                self.store.keep_join(self.core.join)
            if r.incoming is not None:
                out.incoming.append(r.incoming)
            out.refused = r.refused or out.refused
        else:
            r = self.core.on_message(topic, payload, now)
            for entry in r.entries:
                self.store.keep_entry(entry)
            out.merge(r)
        if r.ignored:
            self._ignored.warning(r.ignored.split(":")[0], "line %s: ignored: %s", self.core.line, r.ignored)
        self._send(r.out)

    # -- the host's game --------------------------------------------------------------------
    def applied(self, by: str, seq, public, views: dict, position) -> None:
        """An action applied to the game (journaled): log it, keep it, then say it."""
        out = self.core.applied(by, seq, public, views, position)
        self.store.keep_entry(self.core.entries[-1])
        self._send(out)

    def refused(self, incoming, rejection: dict) -> None:
        out = self.core.refused(incoming, rejection)
        self.store.keep_entry(self.core.entries[-1])
        self._send(out)

    # -- the guest's seats ------------------------------------------------------------------
    def act(self, seat: str, action) -> None:
        """Send one of this place's seats' actions: kept on disk first, then sent until heard."""
        self.store.keep_sent(seat, self.core.next_seq[seat], action)
        self._send([self.core.act(seat, action)])

    def say(self, kind: str, body: dict, retain: bool = False) -> None:
        """Publish a message of the host's own kind (its frames), signed with its key."""
        topic = self.core.topic + kind
        self._publish(Outgoing(topic, signed(self.core.key, topic, body), retain))

    def _send(self, messages) -> None:
        for m in messages:
            self._publish(m)

    def _publish(self, message: Outgoing) -> None:
        if message.retain:
            self._retained[message.topic] = message
        self.client.publish(message.topic, message.payload, qos=1, retain=message.retain)
