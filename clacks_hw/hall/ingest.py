"""What the hall makes of each message from the broker, in the order a stranger's message is
stopped: its topic, its size, its envelope, whose key it is, its signature, then the schema.

Only a board the hall was given (hall.toml) gets a card on the page or a result on the
leaderboard, and only with messages signed by its key that the schema accepts. Everything else
is dropped: a publisher the hall does not know, or whose signature fails, is logged once and
listed for the exhibitor (:attr:`Ingest.knocking`, with the command that adds it); a known
board's message the schema refuses is logged. Both at a bounded rate (base/rate_log.py): the first
of each kind whole, then a count each minute.

Runs in the page server's loop: no locks, and the page reads what this leaves. ``store`` is a
HallStore, or the hall's ResultWriter (writer.py), which takes a result to store it later.
"""

from __future__ import annotations

import logging
import shlex
from dataclasses import dataclass

from ..base.rate_log import RateLimitedLog
from ..mqtt import schema
from ..mqtt.signing import BadKey, Unsigned, VerifyKey, fingerprint, open_envelope
from ..mqtt.topics import parse_board_topic

log = logging.getLogger(__name__)
SILENT_S = 4.0  # a board beats every second: this long without a word and it is shown silent
LOG_EVERY_S = 60.0  # messages dropped: the first of each kind logged, then a count this often
LOG_BURST = 8  # whole lines a minute at most: each a different board's (or kind of) trouble
MAX_KNOCKING = 64  # strangers listed at once (the oldest forgotten): one flood cannot fill the memory


def said(board: str, result: schema.Result) -> None:
    log.info("hall: result from %s: game %s, %s, winner %s", board, result.game, result.mode, result.winner or "nobody")


@dataclass
class Card:
    """A known board as the hall sees it."""

    id: str
    status: str | None = None  # "online" / "offline" as the board (or its last will) last said
    boot: str | None = None
    page: str | None = None
    state: dict | None = None  # schema.BoardState as plain data
    seen: float | None = None  # hall clock: the board's last message
    pending: int = 0  # games it still holds for the hall (its heartbeat says)
    refused: int = 0  # messages dropped by the schema

    def link(self, now: float) -> str:
        """online / silent (says online, has not beaten for SILENT_S) / offline / unknown."""
        if self.status == "offline":
            return "offline"
        if self.status is None or self.seen is None:
            return "unknown"
        return "silent" if now - self.seen > SILENT_S else "online"

    def data(self, now: float) -> dict:
        link = self.link(now)
        return {"id": self.id, "link": link, "online": link == "online", "seen": self.seen, "page": self.page,
                "pending": self.pending, "state": self.state}


@dataclass
class Knock:
    """A publisher the hall does not count: who, why, and the key it offers (if it said)."""

    board: str
    reason: str
    first: float
    last: float
    count: int = 1
    key: str | None = None

    def data(self, hall_toml: str = "HALL.toml") -> dict:
        """``hall_toml``: the hall's file, as the command that adds the board names it."""
        out = {"board": self.board, "reason": self.reason, "first": self.first, "last": self.last,
               "count": self.count, "key": self.key, "fingerprint": None, "command": None}
        if self.key is not None:
            out["fingerprint"] = fingerprint(self.key)
            # "--": a key may begin with "-", which would read as an option
            out["command"] = f"clacks-hw hall trust --config {hall_toml} -- {self.board} {self.key}"
        return out


class Ingest:
    def __init__(self, trust, store, wall) -> None:
        self.trust = trust  # .key(board) -> VerifyKey | None (config.Trust)
        # the hall's file, as the command for a board knocking names it
        self.hall_toml = shlex.quote(str(trust.path)) if getattr(trust, "path", None) is not None else "HALL.toml"
        self.store = store
        self.wall = wall
        self.cards: dict[str, Card] = {}
        self.knocking: dict[str, Knock] = {}
        self.messages = 0
        self.dropped = 0
        self.noise = RateLimitedLog(log, "hall", "message dropped", "messages dropped", now=wall,
                                    every=LOG_EVERY_S, burst=LOG_BURST)

    def receive(self, topic: str, payload: bytes) -> tuple[bool, str | None]:
        """Take one message: (whether anything shown changed, the board owed a receipt or None)."""
        self.messages += 1
        now = self.wall()
        where = parse_board_topic(topic)
        if where is None:
            return self._drop(None, "foreign", f"a message on {topic[:80]!r}, which is no board's topic")
        board, kind = where
        if len(payload) > schema.MAX_BYTES[kind]:
            return self._drop(board, "size", f"{board}: a {kind} message of {len(payload)} bytes "
                                            f"(at most {schema.MAX_BYTES[kind]})")
        try:
            sig, msg = open_envelope(payload)
        except Unsigned:
            return self._knock(board, "sends unsigned messages", now)
        key = self.trust.key(board)
        if key is None:
            return self._knock(board, "is not one of the hall's boards", now, self._offered(topic, kind, sig, msg))
        if not key.verify(topic, sig, msg):
            return self._knock(board, "signs with another key than the hall has for it", now,
                               self._offered(topic, kind, sig, msg))
        try:
            message = schema.decode(kind, msg)
        except schema.BadMessage as exc:
            card = self.cards.get(board)
            if card is not None:
                card.refused += 1
            return self._drop(board, kind, f"{board}: a {kind} message the schema refuses: {exc}")
        card = self.cards.get(board) or self.cards.setdefault(board, Card(board))
        card.seen = now
        self.knocking.pop(board, None)
        return self._apply(card, kind, message)

    def _apply(self, card: Card, kind: str, m) -> tuple[bool, str | None]:
        if kind == "status":
            changed = (card.status, card.page) != (m.status, m.page)
            if m.boot != card.boot or changed:
                log.info("hall: board %s %s", card.id, m.status)
            card.status, card.boot, card.page = m.status, m.boot, m.page
            return changed, None
        if kind == "alive":
            # It beats, so it is there, whatever the last status said: an "online" lost with a
            # broker restart, or a last will the broker sent while the board was reconnecting.
            was = (card.pending, card.status)
            card.pending, card.status, card.boot = m.pending, "online", m.boot
            return was != (m.pending, "online"), None
        if kind == "state":
            state = schema.to_data(m)
            changed, card.state = state != card.state, state
            return changed, None
        # a result: stored once, however often it comes; the receipt says the hall has it
        stored = self.store.record(card.id, m)
        if stored is None:
            return False, None  # queued (writer.py): the hall is told once it is in, receipt and all
        if stored:
            said(card.id, m)
            return True, card.id
        return False, card.id

    @staticmethod
    def _offered(topic: str, kind: str, sig: bytes, msg: bytes) -> str | None:
        """The key a stranger's status says it signs with, once the status is signed with it (so
        nobody can offer a key it does not hold); checked as any status, counted only when added."""
        if kind != "status":
            return None
        try:
            key = schema.decode("status", msg).key
            return key if key is not None and VerifyKey(key).verify(topic, sig, msg) else None
        except (schema.BadMessage, BadKey):
            return None

    def _knock(self, board: str, reason: str, now: float, key: str | None = None) -> tuple[bool, None]:
        self.dropped += 1
        k = self.knocking.get(board)
        if k is None or k.reason != reason:
            if len(self.knocking) >= MAX_KNOCKING and board not in self.knocking:
                del self.knocking[min(self.knocking, key=lambda b: self.knocking[b].last)]
            k = self.knocking[board] = Knock(board, reason, now, now, key=key)
            self._say(k)
            return True, None
        k.count += 1
        k.last = now
        if key is not None and k.key != key:
            k.key = key
            self._say(k)
            return True, None
        return False, None

    def _say(self, k: Knock) -> None:
        d = k.data(self.hall_toml)
        how = (f"its key's fingerprint is {d['fingerprint']}; if that is the board's, count it with: {d['command']}"
               if d["command"] else "it has not said which key it signs with yet")
        kind = f"{k.board} {k.reason}" + (f" (key {d['fingerprint']})" if d["command"] else "")  # a new key: its own line
        self.noise.warning(kind, "hall: %s %s; its messages are dropped (%s)", k.board, k.reason, how)

    def _drop(self, board, what: str, line: str) -> tuple[bool, None]:
        self.dropped += 1
        self.noise.warning(f"{board} {what}" if board else what, "hall: dropped %s", line)
        return False, None

    def boards(self, now: float) -> list[dict]:
        return [self.cards[b].data(now) for b in sorted(self.cards)]

    def links(self, now: float) -> tuple:
        """Each board's link state: what the page must be told when time alone changes it."""
        return tuple(c.link(now) for c in self.cards.values())
