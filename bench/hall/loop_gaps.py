"""The hall's page loop while it takes a burst of results, in one process, for
bench_hall_catchup.py: a hall (of the tree this runs in: the hall before or now) on a database
of STORED results, no broker, is handed BURST signed results as paho's thread hands them over;
a timer on the page's loop every 2 ms notes how long each wait really was. Prints the gaps
(p50, p99, the longest) and the seconds until every result was acknowledged, as JSON."""

from __future__ import annotations

import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from clacks_hw.mqtt import schema
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.hall.page import Hall
from clacks_hw.hall.config import BrokerSettings, HallConfig, PageSettings
from clacks_hw.hall.store import HallStore

# After the hall: results.py puts this checkout first on the path, and the hall measured is the
# one PYTHONPATH names (the hall before, unpacked from git history, or this one).
from results import result  # noqa: E402, I001

TICK_S = 0.002


def main() -> None:
    stored, burst = int(sys.argv[1]), int(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "h.sqlite"
        HallStore(db).close()
        with sqlite3.connect(db) as c:
            c.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?)", [
                (f"b{n % 16:02d}", r.game, r.mode, r.winner, r.seconds, 1.7e9 + n, schema.encode(r).decode())
                for n in range(stored) for r in [schema.convert("result", result(burst + n))]])
        keys = {f"b{k:02d}": SigningKey.generate() for k in range(16)}
        config = HallConfig(BrokerSettings(port=1), PageSettings(port=0, db=str(db)), SigningKey.generate(),
                            {b: k.public for b, k in keys.items()})
        hall = Hall(config).start()
        gaps, acks, last = [], [], [None]

        def tick() -> None:
            now = time.perf_counter()
            if last[0] is not None:
                gaps.append(now - last[0])
            last[0] = now
            if not hall._closed:
                hall._loop.call_later(TICK_S, tick)

        time.sleep(1.0)
        hall._loop.call_soon_threadsafe(tick)
        topic = "clacks/b00/result"
        payloads = [keys["b00"].seal(topic, schema.encode(schema.convert("result", result(n)))) for n in range(burst)]
        time.sleep(0.5)
        gaps.clear()
        start = time.perf_counter()
        for payload in payloads:
            hall._on_message(topic, payload, lambda: acks.append(1))
        while len(acks) < burst:
            time.sleep(0.01)
        took = time.perf_counter() - start
        seen = len(gaps)
        while len(gaps) == seen and time.perf_counter() - start < took + 5:
            time.sleep(TICK_S)  # the wait the last acknowledgement fell in, ended
        taken = sorted(gaps)
        hall.close()
    pick = (lambda q: taken[min(len(taken) - 1, int(q * len(taken)))]) if taken else (lambda q: float("nan"))
    print(json.dumps({"p50": pick(.5), "p99": pick(.99), "max": pick(1.0), "ticks": len(taken), "seconds": took}))


if __name__ == "__main__":
    main()
