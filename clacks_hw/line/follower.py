"""The guest's side of a line: it answers the offer, then follows the host's log in order and
sends its seats' actions until it hears what became of them.

Pure: the caller hands it each message and the time (for "line down since"), and publishes
what it returns. The log is taken only in order and only where it chains (entry n's hash
covers entry n - 1's): a copy is dropped, an entry early is kept until the gap is filled and
the gap is asked for (``need``); so whatever the broker loses, doubles or reorders, every entry
is applied once, in order. An action waits in :attr:`Follower.pending` until the log names it
(applied or refused): after a cut, :meth:`Follower.resend` sends again what is still waiting,
and the referee answers a copy from its log instead of taking it twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field

from ..mqtt.signing import SigningKey, Unsigned, VerifyKey, open_envelope
from . import code as line_code
from .messages import (GENESIS, LineError, Outgoing, canonical, digest, entry_hash, field, opened, parse, prefix,
                       signed, versions_differ)
from .seal import BoxKey, Unsealed, seal

DOWN_AFTER_S = 10.0  # no beat and no entry for this long: the line is down


@dataclass
class Step:
    out: list = dc_field(default_factory=list)  # Outgoing, in order
    entries: list = dc_field(default_factory=list)  # log entries newly applied, in order
    views: dict = dc_field(default_factory=dict)  # seat -> its newest view
    public: object = None  # the newest public view, when one came
    frame: str | None = None  # the host's lamps, when a frame came: six hex digits a pixel
    opened: bool = False  # the host took the join
    refused: dict | None = None  # the line could not open, and why: {"code", ...values}
    ignored: str | None = None

    def merge(self, more: Step) -> None:
        """Take in what a later step brought: its messages and entries after these, the newest
        views, frame and public view."""
        self.out += more.out
        self.entries += more.entries
        self.views.update(more.views)
        self.public = more.public if more.public is not None else self.public
        self.frame = more.frame or self.frame
        self.opened = self.opened or more.opened
        self.refused = more.refused or self.refused


class Follower:
    def __init__(self, code: str, place: str, versions: dict, key: SigningKey, seats: dict, *, log=(),
                 waiting=()) -> None:
        """``seats``: {seat: (SigningKey, BoxKey)} of this place's seats. ``log`` and ``waiting``:
        what a follower started again kept on disk: the entries it took, and the actions
        (seat, seq, action) it had sent and not yet heard of, sent again once the line is open."""
        self.code, self.line = code, line_code.line_id(code)
        self.topic = prefix(self.line)
        self.place, self.versions, self.key, self.seats = place, versions, key, seats
        self.host: VerifyKey | None = None
        self.host_box: str | None = None
        self.offer: dict | None = None
        self.join: Outgoing | None = None
        self.open = False
        self.entries: list[dict] = []
        self._early: dict[int, dict] = {}  # entries that came before their predecessors
        self._asked: int | None = None  # the entry a need last asked for (asked once per gap)
        self._before_offer: dict = {}  # kind -> (topic, payload): the host's retained messages before its offer
        self.pending: list[tuple] = []  # (seat, seq, message, action) sent, not yet in the log (keep it on disk)
        self.next_seq = {s: 1 for s in seats}
        self.view_n: dict[str, int] = {}
        self.public_n = -1
        self.heard: float | None = None  # when the host was last heard
        self.down_since: float | None = None
        self.waiting = list(waiting)  # (seat, seq, action) to seal again once the host's key is known
        for entry in log:
            self._take(dict(entry))
        for seat, seq, _ in self.waiting:
            self.next_seq[seat] = max(self.next_seq[seat], seq + 1)
        for entry in self.entries:
            if entry.get("seq") is not None and entry["by"] in self.next_seq:
                self.next_seq[entry["by"]] = max(self.next_seq[entry["by"]], entry["seq"] + 1)

    def status(self, now: float) -> str | None:
        """None while the line is up; else since when it is down (the caller says it as HH:MM)."""
        if self.heard is not None and now - self.heard > DOWN_AFTER_S and self.down_since is None:
            self.down_since = self.heard + DOWN_AFTER_S
        return self.down_since

    # -- opening ----------------------------------------------------------------------------
    def _on_offer(self, topic: str, payload: bytes) -> Step:
        try:
            _, msg = open_envelope(payload)
        except Unsigned:
            raise LineError("the offer is not signed") from None
        body = parse(msg, "offer")
        mark = body.pop("mark", None)
        if not line_code.marked(self.code, canonical(body), mark):
            return Step(ignored="an offer without this line code's mark")
        host = field(body, "host", dict, "offer")
        key = VerifyKey(field(host, "sign", "key", "offer's host"))
        opened(topic, payload, key, "offer")  # signed by the key it names
        if self.offer is not None:
            return Step()
        differ = versions_differ(self.versions, field(body, "versions", dict, "offer"))
        seats = field(field(body, "seats", dict, "offer"), "guest", list, "offer's seats")
        refusal = ({"code": "versions", **differ} if differ is not None else
                   {"code": "seats", "ours": sorted(self.seats), "theirs": sorted(seats)} if sorted(seats) != sorted(self.seats)
                   else None)
        self.host, self.host_box, self.offer = key, field(host, "box", "key", "offer's host"), body
        join = {"v": 1, "line": self.line, "offer": digest(payload), "place": self.place, "key": self.key.public,
                "versions": self.versions,
                "seats": {s: {"sign": sk.public, "box": bk.public} for s, (sk, bk) in sorted(self.seats.items())}}
        join["mark"] = line_code.mark(self.code, canonical(join))
        self.join = Outgoing(self.topic + "join", canonical(join))
        return Step(out=[self.join], refused=refusal)

    # -- following --------------------------------------------------------------------------
    def on_message(self, topic: str, payload: bytes, now: float) -> Step:
        if not topic.startswith(self.topic):
            return Step(ignored=f"not this line's topic: {topic}")
        kind = topic[len(self.topic):]
        try:
            if kind == "offer":
                step = self._on_offer(topic, payload)
                if self.host is not None:  # what came first, checked now its signer is known
                    early, self._before_offer = self._before_offer, {}
                    for topic2, payload2 in early.values():
                        step.merge(self.on_message(topic2, payload2, now))
                return step
            if self.host is None:  # a broker hands retained messages in any order: kept for the offer
                if kind in ("welcome", "public", "frame") or kind.startswith("view/"):
                    self._before_offer[kind] = (topic, payload)
                    return Step()
                return Step(ignored=f"{kind} before the offer")
            if kind in ("join", "need") or kind.startswith(("act/", "beat/guest")):
                return Step()  # our own, echoed by the broker
            step = self._on_host(kind, topic, payload)
        except (LineError, Unsealed) as exc:
            return Step(ignored=str(exc))
        self.heard, self.down_since = now, None
        return step

    def _on_host(self, kind: str, topic: str, payload: bytes) -> Step:
        body = opened(topic, payload, self.host, kind)
        if kind == "welcome":
            if body.get("join") != (digest(self.join.payload) if self.join else None):
                return Step(ignored="a welcome for another join")
            if body.get("ok") is True:
                first, self.open = not self.open, True
                return Step(opened=first, out=self.resend() if first else [])
            return Step(refused=field(body, "refused", dict, "welcome"))
        if kind == "log":
            return self._on_entry({k: v for k, v in body.items() if k != "v"})  # the entry as the host chained it
        if kind.startswith("view/"):
            seat = kind[5:]
            n = field(body, "n", "count", "view")
            if seat not in self.seats or n < self.view_n.get(seat, -1):
                return Step()
            self.view_n[seat] = n
            view = parse(self.seats[seat][1].open(topic, field(body, "box", str, "view")), "view")
            return Step(views={seat: view.get("view")})
        if kind == "public":
            n = field(body, "n", "count", "public view")
            if n < self.public_n:
                return Step()
            self.public_n = n
            return Step(public=body.get("position"))
        if kind == "frame":
            pixels = field(body, "pixels", str, "frame")
            if len(pixels) % 6 or not all(c in "0123456789abcdef" for c in pixels):
                raise LineError("the frame's pixels must be six hex digits each")
            return Step(frame=pixels)
        return Step()  # a beat

    def _on_entry(self, entry: dict) -> Step:
        n = field(entry, "n", "count", "log entry")
        have = len(self.entries)
        if n <= have:
            if self.entries[n - 1]["hash"] != entry.get("hash"):
                raise LineError(f"log entry {n} differs from the one taken before (the host's log changed)")
            return Step()
        if n > have + 1:
            self._early[n] = entry
            if self._asked == have + 1:
                return Step()
            self._asked = have + 1
            return Step(out=[self._need(have + 1)])
        step = Step()
        while entry is not None:
            self._take(entry)
            step.entries.append(entry)
            entry = self._early.pop(len(self.entries) + 1, None)
        self._asked = None
        if self._early:  # still a gap further on
            self._asked = len(self.entries) + 1
            step.out.append(self._need(len(self.entries) + 1))
        return step

    def _take(self, entry: dict) -> None:
        prev = self.entries[-1]["hash"] if self.entries else GENESIS
        if entry.get("prev") != prev or entry_hash(prev, entry) != entry.get("hash"):
            raise LineError(f"log entry {entry['n']} does not chain to entry {entry['n'] - 1}")
        self.entries.append(entry)
        if entry.get("seq") is not None:
            self.pending = [p for p in self.pending if (p[0], p[1]) != (entry["by"], entry["seq"])]
            self.waiting = [w for w in self.waiting if (w[0], w[1]) != (entry["by"], entry["seq"])]

    def _need(self, n: int) -> Outgoing:
        topic = self.topic + "need"
        return Outgoing(topic, signed(self.key, topic, {"from": n}))

    # -- acting -----------------------------------------------------------------------------
    def act(self, seat: str, action: object) -> Outgoing:
        """Send ``action`` (its JSON) for one of this place's seats; kept until the log names it."""
        if seat not in self.seats:
            raise LineError(f"seat {seat} is not this place's: it plays {' '.join(sorted(self.seats))}")
        if self.host_box is None:
            raise LineError("the line is not open yet: wait for the other side's offer")
        seq = self.next_seq[seat]
        self.next_seq[seat] = seq + 1
        return self._send(seat, seq, action)

    def _send(self, seat: str, seq: int, action: object) -> Outgoing:
        topic = self.topic + "act/" + seat
        box = seal(self.host_box, topic, canonical({"v": 1, "action": action}))
        message = Outgoing(topic, signed(self.seats[seat][0], topic, {"seq": seq, "box": box}))
        self.pending.append((seat, seq, message, action))
        return message

    def resend(self) -> list:
        """Every action not yet heard of, in order, and a need for the log past what we have."""
        if self.host_box is not None:  # the actions kept on disk, sealed now the host's key is known
            for seat, seq, action in self.waiting:
                self._send(seat, seq, action)
            self.waiting = []
        return [p[2] for p in self.pending] + ([self._need(len(self.entries) + 1)] if self.open else [])

    def beat(self) -> Outgoing:
        topic = self.topic + "beat/guest"
        return Outgoing(topic, signed(self.key, topic, {"n": len(self.entries)}))
