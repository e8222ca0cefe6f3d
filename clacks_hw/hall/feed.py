"""The hall's feed to its viewers: the whole hall once, then only what changed.

A viewer's page keeps a model of the hall (boards' cards, the broker, the results). When it
connects it gets the model whole; after that each change is a JSON merge patch (RFC 7396: an
object of the keys that changed, null for a key gone), so a move on one board costs each viewer
the few fields of that board's card that moved, not the hall. Patches are kept for a while: a
viewer that fell behind (or reconnects with its ``Last-Event-ID``) gets the ones it missed in
one write, or the whole model again when they are gone. Event ids are ``EPOCH.VERSION``, the
epoch new at each start of the hall, so a page never applies a patch to another run's model.

Lives in the page server's loop, like feed.Feed, and serves the same ``/events``.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import deque

from ..web.feed import Versions

HISTORY = 128  # patches kept for viewers that fell behind
_SAME = object()


def _dumps(data) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def merge_diff(old, new):
    """The merge patch that turns ``old`` into ``new`` (``_SAME`` when they are equal)."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = {k: None for k in old if k not in new}
        for k, v in new.items():
            if k not in old:
                if v is not None:
                    out[k] = v
                continue
            d = merge_diff(old[k], v)
            if d is not _SAME:
                out[k] = d
        return out or _SAME
    return _SAME if old == new else new


def merge_apply(target, patch):
    """``patch`` applied to ``target`` (RFC 7396), in place where it can be; returns the result."""
    if not isinstance(patch, dict):
        return patch
    if not isinstance(target, dict):
        target = {}
    for k, v in patch.items():
        if v is None:
            target.pop(k, None)
        else:
            target[k] = merge_apply(target.get(k), v)
    return target


class DeltaFeed(Versions):
    def __init__(self, model: dict | None = None, wall=time.time) -> None:
        super().__init__()
        self.wall = wall  # the hall's clock: a page sent the whole hall learns its time too
        self.epoch = secrets.token_hex(4)
        self.model: dict = model or {}
        self._patches: deque[tuple[int, bytes]] = deque(maxlen=HISTORY)
        self._full: tuple[int, bytes] | None = None
        self.sent_patch_bytes = 0  # every patch encoded (once, whatever the number of viewers)

    # -- the page server's side (feed.Feed's interface) ----------------------------------------
    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    @property
    def json(self) -> bytes:
        """The whole model, encoded (``/hall.json``)."""
        return self._full_json()

    def _full_json(self) -> bytes:
        if self._full is None or self._full[0] != self.version:
            self._full = (self.version, _dumps(self.model))
        return self._full[1]

    # -- changes ---------------------------------------------------------------------------
    def put(self, path: tuple[str, ...], value) -> bool:
        """Set the model's value at ``path`` (None: remove it); viewers are sent only what
        differs. False when nothing did. ``value`` is kept as given: never change it later."""
        parent = self.model
        for k in path[:-1]:
            parent = parent.setdefault(k, {})
        key = path[-1]
        old = parent.get(key)
        if value is None:
            if old is None:
                return False
            diff = None
            del parent[key]
        else:
            diff = value if old is None else merge_diff(old, value)
            if diff is _SAME:
                return False
            parent[key] = value
        for k in reversed(path):
            diff = {k: diff}
        body = _dumps({"patch": diff})
        self.sent_patch_bytes += len(body)
        self._patches.append((self.version + 1, self._frame(self.version + 1, body)))
        self._advance()
        return True

    def _frame(self, version: int, body: bytes) -> bytes:
        return b"id: %s.%d\ndata: %s\n\n" % (self.epoch.encode(), version, body)

    # -- viewers ---------------------------------------------------------------------------
    def resume_from(self, last_event_id: str | None) -> int:
        """The version a reconnecting page already has (-1: none, send it the whole hall)."""
        epoch, _, version = (last_event_id or "").partition(".")
        if epoch == self.epoch and version.isdigit() and int(version) <= self.version:
            return int(version)
        return -1

    def frames_after(self, seen: int) -> tuple[int, bytes]:
        """(the version now, what a viewer that has ``seen`` needs: the patches since, or all)."""
        if seen == self.version:
            return seen, b""
        if seen >= 0 and self._patches and self._patches[0][0] <= seen + 1:
            return self.version, b"".join(frame for v, frame in self._patches if v > seen)
        return self.version, self._frame(self.version, b'{"now":%d,"full":%s}' % (self.wall(), self._full_json()))
