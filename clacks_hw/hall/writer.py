"""The hall's results on their way into SQLite, on a thread of their own so that the page's loop
never waits for the disk: a board catching up after an outage sends hundreds in a burst, and
each transaction is an fsync (milliseconds on an SD card).

The loop queues each checked result (ingest.Ingest hands it here as to a store) and each
message's acknowledgement, in the order they came. The writer takes everything queued at once,
stores the results in one transaction, and only then acknowledges those messages to the broker,
in the same order: a hall killed before that gets them again from its session, and stores them
once. It then tells the hall (``done``, on this thread) which were new and what each board's
receipt now lists. When SQLite fails (the disk full, the file locked) nothing is acknowledged:
the batch stays queued and is tried again, said once in the log until it goes in.
"""

from __future__ import annotations

import logging
import threading
from collections import deque

from ..mqtt.schema import RECEIPT_GAMES

log = logging.getLogger(__name__)
MAX_BATCH = 512  # messages a transaction: one burst of a board catching up
RETRY_S = 1.0  # after SQLite refused a batch


class ResultWriter:
    def __init__(self, store, done) -> None:
        """``store``: the hall's HallStore; ``done(stored, receipts)``, called on the writer's
        thread after each batch: ``stored`` (board, result, when received or None if the hall
        held it already) for each result in order, ``receipts`` each board's games now held."""
        self.store = store
        self.done = done
        self._queue: deque[tuple] = deque()  # ("result", board, Result) or ("ack", callable)
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._failing: str | None = None  # what SQLite said, while it keeps refusing
        self.batches = 0  # transactions committed
        self._recent: dict[str, deque] = {}  # board -> the games it sent lately, for its receipts

    # -- the page's loop ----------------------------------------------------------------------------
    def record(self, board: str, result) -> None:
        """A checked result, queued (Ingest's ``store.record``): None, the hall is told when it is in."""
        self._put(("result", board, result))

    def ack(self, ack) -> None:
        """Acknowledge a message once everything queued before it is in SQLite."""
        self._put(("ack", ack))

    def _put(self, item: tuple) -> None:
        with self._cv:
            self._queue.append(item)
            self._cv.notify_all()

    @property
    def waiting(self) -> int:
        return len(self._queue)

    # -- life -----------------------------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="hall results", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Store what is queued, then stop; what SQLite would not take stays unacknowledged."""
        with self._cv:
            self._stopping = True
            self._cv.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)

    def flush(self, timeout: float = 10.0) -> bool:
        """Until everything queued now is stored and the hall told (False when ``timeout`` passed)."""
        with self._cv:
            return self._cv.wait_for(lambda: not self._queue, timeout)

    def _run(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: self._queue or self._stopping)
                if not self._queue:
                    return
            try:
                self.drain()
            except Exception:  # noqa: BLE001 - said in drain; this thread must go on storing
                with self._cv:
                    if self._stopping:
                        return
                    self._cv.wait(RETRY_S)

    # -- the writer's thread ------------------------------------------------------------------------
    def drain(self) -> int:
        """Store what is queued (up to MAX_BATCH messages) in one transaction, acknowledge it and
        tell the hall; the number of messages taken. When the store raises (sqlite3.Error),
        nothing is taken: all is kept for the next try, and the error raised."""
        with self._cv:
            items = [self._queue[k] for k in range(min(MAX_BATCH, len(self._queue)))]
        if not items:
            return 0
        results = [(item[1], item[2]) for item in items if item[0] == "result"]
        try:
            received = self.store.record_many(results)
        except Exception as exc:  # sqlite3.Error: the disk full, the file locked; anything else a bug
            if self._failing != str(exc):
                self._failing = str(exc)
                log.error("hall: cannot store %d result(s) in the database: %s; nothing acknowledged, trying "
                          "again every %g s (the boards keep them meanwhile)", len(results), exc, RETRY_S)
            raise
        if self._failing is not None:
            log.warning("hall: the database takes results again")
            self._failing = None
        self.batches += 1
        try:
            for item in items:
                if item[0] == "ack":
                    item[1]()
            stored = [(board, result, at) for (board, result), at in zip(results, received)]
            self.done(stored, {board: self._receipt(board, results) for board in dict.fromkeys(b for b, _ in results)})
        except Exception:  # noqa: BLE001 - stored already: the hall must go on taking results
            log.exception("hall: after storing %d result(s)", len(results))
        finally:
            with self._cv:
                for _ in items:
                    self._queue.popleft()
                self._cv.notify_all()
        return len(items)

    def _receipt(self, board: str, results: list) -> list[str]:
        """``board``'s receipt after a batch: the games it sent lately first, whether new or held
        long ago (a board that rebuilt its outbox from its journals sends old games again, which
        the newest-first list alone would never name, so they would wait there for ever; and a
        receipt may be replaced by the next batch's before the hall publishes it, so the last
        batches' games are kept, not this one's alone), then the newest games held, within the
        receipt's bound."""
        recent = self._recent.setdefault(board, deque(maxlen=RECEIPT_GAMES // 2))
        recent.extend(result.game for b, result in results if b == board)
        return list(dict.fromkeys([*reversed(recent), *self.store.games(board)]))[:RECEIPT_GAMES]
