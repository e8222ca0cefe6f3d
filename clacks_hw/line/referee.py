"""The host's side of a line: it offers the game, takes one guest, checks each of the guest's
actions once and keeps the log of everything it decided.

Pure: the caller (the daemon's line link) hands it each message with its topic and publishes
what it returns. A guest's action comes out as an :class:`Incoming` for the caller to apply the
way it applies a phone's (journaled first); only then does :meth:`Referee.applied` (or
:meth:`Referee.refused`) log it and say it to the line. An action is taken once: its sequence
number is the seat's next, or it is a copy (answered again from the log) or early (dropped:
the guest sends its actions in order and again until it hears them).
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field

from ..mqtt.signing import SigningKey, VerifyKey
from . import code as line_code
from .messages import (GENESIS, LineError, Outgoing, canonical, digest, entry_hash, field, opened, parse, prefix,
                       seat_keys, signed, versions_differ)
from .seal import BoxKey, Unsealed, seal


@dataclass(frozen=True)
class Incoming:
    """A guest seat's action, checked and in turn: apply it, then call applied() or refused(),
    each in the order they were handed out (a seat's next may be handed before this is decided)."""

    seat: str
    seq: int
    action: object  # the action as JSON (the game's parse_action reads it)


@dataclass
class Result:
    out: list = dc_field(default_factory=list)  # Outgoing, in order
    incoming: Incoming | None = None
    joined: str | None = None  # the guest's place name, when a join was taken
    refused: dict | None = None  # a join refused: {"code", ...values}
    ignored: str | None = None  # why a message did nothing (for a rate-limited log line)


class Referee:
    def __init__(self, code: str, game: dict, host_seats, guest_seats, versions: dict, key: SigningKey,
                 box: BoxKey, *, join: bytes | None = None, log=()) -> None:
        """``join`` and ``log``: what a referee started again kept on disk (the join it took and its
        log), so a copy of an action it decided before it stopped is answered, never taken again."""
        self.code, self.line = code, line_code.line_id(code)
        self.topic = prefix(self.line)
        self.game, self.versions = game, versions
        self.host_seats, self.guest_seats = tuple(host_seats), tuple(guest_seats)
        self.key, self.box = key, box
        self.guest: dict | None = None  # {"place", "key": VerifyKey, "seats": {seat: {"sign": VerifyKey, "box": str}}}
        self.entries: list[dict] = []  # the log, entry n at index n - 1
        self.last_seq = {s: 0 for s in self.guest_seats}  # each guest seat's last action decided
        self.handed = {s: 0 for s in self.guest_seats}  # ... and the last handed to the caller to decide
        self._offer = self._make_offer()
        if join is not None and self._on_join(join).joined is None:
            raise LineError("the join kept on disk does not answer this line's offer (another key or set-up)")
        for entry in log:
            prev = self.entries[-1]["hash"] if self.entries else GENESIS
            if entry.get("prev") != prev or entry_hash(prev, entry) != entry.get("hash"):
                raise LineError(f"the log kept on disk does not chain at entry {entry.get('n')}")
            self._append({k: v for k, v in entry.items() if k not in ("n", "prev", "hash")})

    @property
    def join(self) -> bytes | None:
        """The join taken (to keep on disk with the log)."""
        return None if self.guest is None else self.guest["payload"]

    # -- opening ----------------------------------------------------------------------------
    def _make_offer(self) -> Outgoing:
        body = {"v": 1, "line": self.line, "game": self.game, "versions": self.versions,
                "seats": {"host": list(self.host_seats), "guest": list(self.guest_seats)},
                "host": {"sign": self.key.public, "box": self.box.public}}
        body["mark"] = line_code.mark(self.code, canonical(body))
        return Outgoing(self.topic + "offer", signed(self.key, self.topic + "offer", {k: v for k, v in body.items() if k != "v"}),
                        retain=True)

    def offer(self) -> Outgoing:
        return self._offer

    def _on_join(self, payload: bytes) -> Result:
        body = parse(payload, "join")
        mark = body.pop("mark", None)
        if not line_code.marked(self.code, canonical(body), mark):
            return Result(ignored="a join without the line code's mark (a stranger, or another line's)")
        if field(body, "offer", "hash", "join") != digest(self._offer.payload):
            return Result(ignored="a join answering another offer")
        if self.guest is not None:
            same = body.get("place") == self.guest["place"] and canonical(body) == self.guest["body"]
            return Result(out=[self._welcome()] if same else [], ignored=None if same else "a second guest")
        differ = versions_differ(self.versions, field(body, "versions", dict, "join"))
        if differ is not None:
            refusal = {"code": "versions", **differ}
            return Result(out=[self._signed("welcome", {"join": digest(payload), "ok": False, "refused": refusal}, True)],
                          refused=refusal)
        seats = seat_keys(body, "join")
        if sorted(seats) != sorted(self.guest_seats):
            refusal = {"code": "seats", "ours": list(self.guest_seats), "theirs": sorted(seats)}
            return Result(out=[self._signed("welcome", {"join": digest(payload), "ok": False, "refused": refusal}, True)],
                          refused=refusal)
        place = field(body, "place", str, "join")
        self.guest = {"place": place, "body": canonical(body), "digest": digest(payload), "payload": payload,
                      "key": VerifyKey(field(body, "key", "key", "join")),
                      "seats": {s: {"sign": VerifyKey(k["sign"]), "box": k["box"]} for s, k in seats.items()}}
        return Result(out=[self._welcome()], joined=place)

    def _welcome(self) -> Outgoing:
        return self._signed("welcome", {"join": self.guest["digest"], "ok": True}, True)

    # -- the game ---------------------------------------------------------------------------
    def on_message(self, topic: str, payload: bytes) -> Result:
        """Whatever arrived on the line's topics; a message that is not right is ignored (with why)."""
        if not topic.startswith(self.topic):
            return Result(ignored=f"not this line's topic: {topic}")
        kind = topic[len(self.topic):]
        try:
            if kind == "join":
                return self._on_join(payload)
            if kind in ("offer", "welcome", "log", "public", "frame") or kind.startswith(("view/", "beat/host")):
                return Result()  # our own, as the broker hands every subscriber its messages
            if self.guest is None:
                return Result(ignored=f"{kind} before anyone joined")
            if kind.startswith("act/"):
                return self._on_act(kind[4:], topic, payload)
            if kind == "need":
                body = opened(topic, payload, self.guest["key"], "need")
                return Result(out=[self._entry_out(e) for e in self.entries[max(field(body, "from", "count", "need"), 1) - 1:]])
        except (LineError, Unsealed) as exc:
            return Result(ignored=str(exc))
        return Result(ignored=None if kind == "beat/guest" else f"an unknown kind of message: {kind}")

    def _on_act(self, seat: str, topic: str, payload: bytes) -> Result:
        keys = self.guest["seats"].get(seat)
        if keys is None:
            return Result(ignored=f"an action for seat {seat}, not the guest's")
        body = opened(topic, payload, keys["sign"], f"seat {seat}'s action")
        seq = field(body, "seq", "count", "action")
        if seq <= self.last_seq[seat]:  # a copy: say again what became of it
            again = [self._entry_out(e) for e in self.entries if e["by"] == seat and e.get("seq") == seq]
            return Result(out=again, ignored=None if again else f"seat {seat}'s action {seq} again")
        if seq <= self.handed[seat]:
            return Result()  # a copy of one being decided: its entry will answer it
        if seq != self.handed[seat] + 1:
            return Result(ignored=f"seat {seat}'s action {seq} before {self.handed[seat] + 1}")
        action = parse(self.box.open(topic, field(body, "box", str, "action")), f"seat {seat}'s action")
        self.handed[seat] = seq
        return Result(incoming=Incoming(seat, seq, action.get("action")))

    def applied(self, by: str, seq: int | None, public: object, views: dict, position: object) -> list:
        """Log an action applied (a guest's Incoming, or one of the host's own seats with seq None)
        and say it: the entry, each guest seat's view sealed to it, the public view."""
        entry = self._append({"by": by, "seq": seq, "public": public})
        return [self._entry_out(entry), *self.views(views, position)]

    def refused(self, incoming: Incoming, rejection: dict) -> list:
        """Log a guest's action the rules refused (``rejection``: its code and values) and say it."""
        return [self._entry_out(self._append({"by": incoming.seat, "seq": incoming.seq, "refused": rejection}))]

    def views(self, views: dict, position: object) -> list:
        n, out = len(self.entries), []
        for seat, view in views.items():
            if self.guest is not None and seat in self.guest["seats"]:
                topic = self.topic + "view/" + seat
                out.append(Outgoing(topic, signed(self.key, topic, {"n": n, "box": seal(self.guest["seats"][seat]["box"],
                                                                                          topic, canonical({"v": 1, "view": view}))})))
        out.append(self._signed("public", {"n": n, "position": position}, True))
        return out

    def _append(self, body: dict) -> dict:
        n = len(self.entries) + 1
        prev = self.entries[-1]["hash"] if self.entries else GENESIS
        entry = {"n": n, "prev": prev, **body}
        entry["hash"] = entry_hash(prev, entry)
        if body.get("seq") is not None:
            self.last_seq[body["by"]] = body["seq"]
            self.handed[body["by"]] = max(self.handed[body["by"]], body["seq"])
        self.entries.append(entry)
        return entry

    def _entry_out(self, entry: dict) -> Outgoing:
        return self._signed("log", entry)

    def _signed(self, kind: str, body: dict, retain: bool = False) -> Outgoing:
        topic = self.topic + kind
        return Outgoing(topic, signed(self.key, topic, body), retain)

    def beat(self) -> Outgoing:
        return self._signed("beat/host", {"n": len(self.entries)})
