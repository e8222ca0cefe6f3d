"""The hall while a board catches up after an outage (issue 30): 10,000 results stored from 16
boards, then one board sends the 500 it kept, signed, QoS 1, as fast as a real Mosquitto takes
them; meanwhile a viewer asks for ``/hall.json`` every 10 ms. Measured: the page's answer times
(p50, p99, the slowest) from the burst's first publish until the page counts all 500, and the
results taken a second over that time. Side by side in one run with the hall before (BEFORE,
unpacked from git history: it counted every result again inside the page's loop), each a
`clacks-hw hall` process of its own on the same kind of database: the hall before once (it
takes minutes), the hall now in ROUNDS bursts pooled (it takes a second). Beside each, the page
at rest in the REST_S before its burst: what the machine itself gives. CLACKS_BENCH_CATCHUP sets
the burst (default 500), CLACKS_BENCH_STORED the results stored first (default 10,000)."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench_hall import HERE, ROOT, free_port, pct, wait_port
from report import Row, record

BEFORE = "0d0bb1b"  # main before the tables were kept up to date and results stored off the loop
BURST = int(os.environ.get("CLACKS_BENCH_CATCHUP", "500"))
STORED = int(os.environ.get("CLACKS_BENCH_STORED", "10000"))
BOARDS = 16
ASK_S = 0.010
WAIT_S = 900.0  # the hall before takes minutes for a burst on a loaded machine
ROUNDS = 5
REST_S = 2.0


def prefill(db: Path, tree: Path) -> None:
    """STORED results, shared among the boards, as a hall stores them (its own tables, from ``tree``)."""
    sys.path.insert(0, str(HERE))
    from results import result  # noqa: PLC0415

    from clacks_hw.mqtt import schema  # noqa: PLC0415

    subprocess.run([sys.executable, "-c", f"from clacks_hw.hall.store import HallStore; HallStore({str(db)!r}).close()"],
                   cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)}, check=True)
    rows = []
    for n in range(STORED):
        r = result(BURST + n)  # numbers after the burst's: none of its games is stored already
        rows.append((f"b{n % BOARDS:02d}", r["game"], r["mode"], r["winner"], r["seconds"], 1_700_000_000.0 + n,
                     schema.encode(schema.convert("result", r)).decode()))
    with sqlite3.connect(db) as c:
        c.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?)", rows)


def games_on(body: bytes) -> int:
    return sum(m["games"] for m in json.loads(body).get("results", {}).get("modes", []))


class Viewer(threading.Thread):
    """Asks for /hall.json every ASK_S, one keep-alive connection: (sent, seconds to the answer, games counted)."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port, self.answers, self.stop = port, [], threading.Event()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT_S)
        while not self.stop.is_set():
            sent = time.time()
            t = time.perf_counter()
            try:
                conn.request("GET", "/hall.json", headers={"Host": "127.0.0.1"})
                body = conn.getresponse().read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT_S)
                continue
            self.answers.append((sent, time.perf_counter() - t, games_on(body)))
            time.sleep(ASK_S)
        conn.close()


def side(tmp: Path, tree: Path) -> dict:
    from clacks_hw.mqtt.signing import SigningKey

    broker_port, page_port = free_port(), free_port()
    (tmp / "m.conf").write_text(f"listener {broker_port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
    broker = subprocess.Popen(["mosquitto", "-c", str(tmp / "m.conf")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    hall = None
    try:
        wait_port(broker_port, "mosquitto")
        keys = {f"b{k:02d}": SigningKey.generate() for k in range(BOARDS)}
        (tmp / "keys.json").write_text(json.dumps({b: k.text for b, k in keys.items()}))
        data = tmp / "data"
        data.mkdir(mode=0o700)
        prefill(data / "h.sqlite", tree)
        (tmp / "hall.toml").write_text(
            f'[broker]\nport = {broker_port}\n[page]\nport = {page_port}\ndb = "{data / "h.sqlite"}"\n'
            f'[hall]\nkey = "{SigningKey.generate().text}"\n[boards]\n' + "".join(f'{b} = "{k.public}"\n' for b, k in keys.items()))
        hall = subprocess.Popen([sys.executable, "-c", "from clacks_hw.cli import main; main()", "hall", "--config",
                                 str(tmp / "hall.toml")], cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)},
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(page_port, "the hall", timeout=120)
        viewer = Viewer(page_port)
        viewer.start()
        end = time.monotonic() + 120
        while not (viewer.answers and viewer.answers[-1][2] == STORED) and time.monotonic() < end:
            time.sleep(0.1)
        time.sleep(REST_S)  # the page at rest first: what the machine itself gives
        board = subprocess.run([sys.executable, str(HERE / "results.py"), str(broker_port), str(tmp / "keys.json"), "b00",
                                "0", str(BURST)], capture_output=True, text=True, check=True, timeout=WAIT_S)
        start = json.loads(board.stdout)["start"]
        end = time.monotonic() + WAIT_S
        while viewer.answers and viewer.answers[-1][2] < STORED + BURST and time.monotonic() < end:
            time.sleep(0.05)
        viewer.stop.set()
        viewer.join(WAIT_S)
        during = [a for a in viewer.answers if a[0] + a[1] >= start]  # answered during the burst
        counted = next((a for a in during if a[2] >= STORED + BURST), None)
        took = (counted[0] + counted[1] - start) if counted else float("inf")
        lat = [s for sent, s, _ in during if counted is None or sent <= counted[0]]
        rest = [s for sent, s, _ in viewer.answers if start - REST_S <= sent and sent + s < start]
        return {"lat": lat, "rest": rest, "seconds": took, "counted": during[-1][2] - STORED}
    finally:
        for p in (hall, broker):
            if p is not None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()


def figures(runs: list[dict]) -> dict:
    lat = [s for r in runs for s in r["lat"]]
    rest = [s for r in runs for s in r["rest"]]
    rates = sorted(BURST / r["seconds"] for r in runs)
    return {"p50": pct(lat, .5), "p99": pct(lat, .99), "max": max(lat), "asked": len(lat), "rate": rates[len(rates) // 2],
            "rest50": pct(rest, .5), "rest99": pct(rest, .99),
            "counted": min(r["counted"] for r in runs), "seconds": max(r["seconds"] for r in runs)}


def main() -> None:
    if shutil.which("mosquitto") is None:
        print("hall catch-up: skipped, mosquitto is not installed (Debian's mosquitto package)")
        return
    got: dict[str, list] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "before"
        old.mkdir()
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "clacks_hw"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(old)], input=tar.stdout, check=True)
        # The hall before takes minutes a burst: once; the hall now takes seconds: ROUNDS, pooled.
        for k, (name, tree) in enumerate([("before", old)] + [("after", ROOT)] * ROUNDS):
            where = Path(tmp) / f"{name}{k}"
            where.mkdir()
            got[name].append(side(where, tree))
            g = figures(got[name][-1:])
            print(f"hall catch-up, {name} ({BEFORE if name == 'before' else 'this checkout'}): /hall.json p50 "
                  f"{1000 * g['p50']:.1f} ms, p99 {1000 * g['p99']:.1f} ms, slowest {1000 * g['max']:.0f} ms "
                  f"({g['asked']} asked; at rest before the burst p50 {1000 * g['rest50']:.1f} ms, p99 "
                  f"{1000 * g['rest99']:.1f} ms); {g['counted']} of {BURST} results counted in {g['seconds']:.1f} s: "
                  f"{g['rate']:.1f} results/s (load average {os.getloadavg()[0]:.1f})", flush=True)
        loops = {name: json.loads(subprocess.run(
            [sys.executable, str(HERE / "loop_gaps.py"), str(STORED), str(BURST)], cwd=tree, capture_output=True,
            text=True, check=True, env={**os.environ, "PYTHONPATH": str(tree)}, timeout=WAIT_S).stdout)
            for name, tree in (("before", old), ("after", ROOT))}
    for name, g in loops.items():
        print(f"hall catch-up, {name}, the page's loop itself (one process, no broker; a 2 ms timer): its waits p50 "
              f"{1000 * g['p50']:.1f} ms, p99 {1000 * g['p99']:.1f} ms, longest {1000 * g['max']:.0f} ms while "
              f"{BURST} results were taken in {g['seconds']:.2f} s (load average {os.getloadavg()[0]:.1f})", flush=True)
    b, a = figures(got["before"]), figures(got["after"])
    print(f"hall: a board catching up with {BURST} results, {STORED:,} stored: /hall.json p50 {1000 * a['p50']:.1f} ms, "
          f"p99 {1000 * a['p99']:.1f} ms, slowest {1000 * a['max']:.0f} ms ({a['asked']} asked in {ROUNDS} bursts; at rest "
          f"p50 {1000 * a['rest50']:.1f} ms, p99 {1000 * a['rest99']:.1f} ms), "
          f"{a['rate']:.0f} results/s; before ({BEFORE}, one burst): p99 {1000 * b['p99']:.0f} ms, {b['rate']:.1f} "
          "results/s; target p99 <= 100 ms")
    record(__file__, rows, {"burst": BURST, "stored": STORED, "rounds": ROUNDS, "before": BEFORE, "after_": a,
                            "before_": b, "loops": loops})


def rows(v: dict) -> list[Row]:
    a, b, la, lb = v["after_"], v["before_"], v["loops"]["after"], v["loops"]["before"]

    def ms(x):
        return f"{1000 * x:.1f} ms"
    return [Row("hall", "catchup", f"hall: a board catching up after an outage, {v['burst']} signed results at QoS 1 as "
                f"fast as Mosquitto takes them, into {v['stored']:,} stored from 16 boards; `/hall.json` asked every "
                f"10 ms; each hall a `clacks-hw hall` process, the hall before ({v['before']}) and this one in the same "
                "run", f"now, {v['rounds']} bursts: `/hall.json` p50 {ms(a['p50'])}, p99 {ms(a['p99'])}, slowest "
                f"{ms(a['max'])} ({a['asked']} answers; at rest just before: p50 {ms(a['rest50'])}, p99 "
                f"{ms(a['rest99'])}), {a['rate']:,.0f} results/s; the page's loop itself (one process, no broker, a "
                f"2 ms timer) waited at most {ms(la['max'])} (p99 {ms(la['p99'])}). Before (one burst): its slowest "
                f"answer {b['max']:.1f} s, {b['rate']:.1f} results/s; its loop blocked {lb['max']:.0f} s at most",
                "page p99 <= 100 ms throughout")]


if __name__ == "__main__":
    main()
