"""Board daemon figures (issue 4):

- input-to-frame latency: a TAG line written to the pty (by the emulated hub's real firmware)
  until the frame showing the tapped card reaches the LED sink; median and p99 (target p99 <= 10 ms);
- what a player then waits for: PLAY pressed until the frame showing the committed action (the
  card played, or the turn ended when the card is too dear), the journal line fsync'd first, on
  the file system of the system's temporary folder (named in the report);
- CPU seconds per minute in attract mode (target <= 3 s);
- resident memory of `clacks-hw run --virtual --for 5` (target <= 60 MB).
"""

from __future__ import annotations

import io
import queue
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clacks_hw.base.clock import SystemClock
from clacks_hw.config.load import load_config
from clacks_hw.daemon import app
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.cards.enrolment import Enrolment, save_enrolment
from tests.fakes.daemon_rig import EDITION, all_cards, uid_of
from clacks_hw.testing.emulated_hub import EmulatedHub
from report import Row, record

TAPS = 200
LATENCY_P99_MS = 10.0
CPU_S_PER_MIN = 3.0
RSS_MB = 60.0


class TimedSink:
    def __init__(self) -> None:
        self.shown: queue.Queue[tuple[float, object]] = queue.Queue()

    def show(self, frame) -> None:
        self.shown.put((time.monotonic(), frame))

    def close(self) -> None:
        """Nothing to release: the sink only timestamps frames."""


def _drain(q):
    while True:
        try:
            q.get_nowait()
        except queue.Empty:
            return


def latency() -> tuple[list[float], list[float]]:
    tmp = tempfile.TemporaryDirectory()
    jdir = Path(tmp.name)
    enrolment = Enrolment()
    for card in all_cards():
        enrolment.assign(uid_of(card), card)
    save_enrolment(jdir / "cards.toml", enrolment, EDITION)
    hub = EmulatedHub(readers=1, poll_ms=5, hb_ms=200).start()
    cfg = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "hub",
                                 "reader.port": hub.path, "journal.dir": str(jdir)}, check_devices=False)
    sink, stop, seen, ready = TimedSink(), threading.Event(), queue.Queue(), threading.Event()
    box = {}

    def on_ready(d):
        box["d"] = d
        ready.set()

    handled: queue.Queue[tuple[float, object]] = queue.Queue()  # (when, event) as the loop handles it

    def observe(e):
        seen.put(e)
        handled.put((time.monotonic(), e))

    seams = app.Seams(led_backend=sink, stop=stop, output=io.StringIO(), rng=random.Random(1),
                      observer=observe, on_ready=on_ready)
    thread = threading.Thread(target=app.run, args=(cfg,), kwargs={"seams": seams}, daemon=True)
    thread.start()
    ready.wait(5)
    d = box["d"]

    def wait(pred, timeout=3.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                e = seen.get(timeout=0.1)
            except queue.Empty:
                continue
            if pred(e):
                return e
        raise RuntimeError("the daemon did not answer")

    wait(lambda e: isinstance(e, ReaderEvent) and e.kind == "online")
    for _ in range(5):
        d.events.put(ButtonEvent("press", "PLAY", time.monotonic()))
    wait(lambda e: d.controller.screen == "game", 5)
    out, commits = [], []
    try:
        for k in range(TAPS):
            if d.controller.screen != "game":  # a game won: the next one
                for _ in range(5):
                    d.events.put(ButtonEvent("press", "PLAY", time.monotonic()))
                wait(lambda e: d.controller.screen == "game", 5)
            state = d.controller.session.state
            if not state.current.hand:  # nothing left to tap this turn: PLAY ends it
                commits.extend(_commit(d, sink, handled))
                state = d.controller.session.state
            card = state.current.hand[k % len(state.current.hand)]
            uid = uid_of(card)
            _drain(sink.shown)
            n_lines = len(hub.port.sent)
            hub.place_card(0, bytes.fromhex(uid))
            t_frame, _ = sink.shown.get(timeout=3)
            tag_lines = [t for t, line in hub.port.sent[n_lines:] if b" TAG " in line]
            out.append((t_frame - tag_lines[0]) * 1000)
            preview = d.controller.preview
            if preview is None or not preview.affordable:  # then PLAY ends the turn instead
                d.events.put(ButtonEvent("press", "BACK", time.monotonic()))
                d.events.put(ButtonEvent("release", "BACK", time.monotonic(), 0.05))  # BACK acts when let go
                wait(lambda e: isinstance(e, ButtonEvent) and e.button == "BACK" and e.kind == "release")
            commits.extend(_commit(d, sink, handled))
            hub.remove_card(0)
            wait(lambda e: isinstance(e, ReaderEvent) and e.kind == "gone")
    finally:
        stop.set()
        thread.join(5)
        hub.stop()
        tmp.cleanup()
    return out, commits


def _commit(d, sink, handled) -> list[float]:
    """PLAY pressed to the first frame shown after the loop handled it (the action journalled
    and fsync'd by then); [] when the press committed nothing."""
    _drain(sink.shown)
    _drain(handled)
    before = d.controller.session.actions
    t_press = time.monotonic()
    d.events.put(ButtonEvent("press", "PLAY", t_press))
    end = t_press + 3
    while time.monotonic() < end:
        t_done, e = handled.get(timeout=3)
        if isinstance(e, ButtonEvent) and e.button == "PLAY":
            break
    if d.controller.session.actions == before:
        return []
    while time.monotonic() < end:
        t_frame, _ = sink.shown.get(timeout=3)
        if t_frame >= t_done:
            return [(t_frame - t_press) * 1000]
    return []


def _fs_type(folder: str) -> str:
    """The file system type holding ``folder`` (longest mount point in /proc/mounts)."""
    best, kind = "", ""
    try:
        for line in Path("/proc/mounts").read_text().splitlines():
            _, point, fs, *_ = line.split()
            if (folder == point or folder.startswith(point.rstrip("/") + "/")) and len(point) > len(best):
                best, kind = point, fs
    except OSError:
        pass
    return kind


def attract_cpu(seconds: float = 10.0) -> float:
    tmp = tempfile.TemporaryDirectory()
    cfg = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                 "journal.dir": tmp.name}, check_devices=False)
    stop = threading.Event()
    seams = app.Seams(clock=SystemClock(), stop=stop, output=io.StringIO())
    c0 = time.process_time()
    app.run(cfg, virtual=True, duration=seconds, seams=seams)
    used = time.process_time() - c0
    tmp.cleanup()
    return used * 60.0 / seconds


def daemon_rss_mb() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-c", "from clacks_hw.cli import main; main()", "run", "--virtual",
                        "--for", "5", "--journal-dir", tmp], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> int:
    import logging

    logging.basicConfig(level=logging.ERROR)
    ok = True
    lat, commits = latency()
    lat, commits = sorted(lat), sorted(commits)
    med, p99 = statistics.median(lat), lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    verdict = p99 <= LATENCY_P99_MS
    ok &= verdict
    print(f"tag-to-frame latency over {len(lat)} taps: median {med:.2f} ms, p99 {p99:.2f} ms "
          f"(target p99 <= {LATENCY_P99_MS:g} ms) {'ok' if verdict else 'MISSED'}")
    cmed, cp99 = statistics.median(commits), commits[min(len(commits) - 1, int(len(commits) * 0.99))]
    fs = _fs_type(tempfile.gettempdir())
    print(f"PLAY-to-committed-action frame (journal fsync'd, {fs or 'unknown'} file system) over {len(commits)} "
          f"actions: median {cmed:.2f} ms, p99 {cp99:.2f} ms")
    cpu = attract_cpu()
    verdict = cpu <= CPU_S_PER_MIN
    ok &= verdict
    print(f"attract mode CPU: {cpu:.2f} s per minute (target <= {CPU_S_PER_MIN:g} s) {'ok' if verdict else 'MISSED'}")
    rss = daemon_rss_mb()
    verdict = rss <= RSS_MB
    ok &= verdict
    print(f"daemon max resident memory: {rss:.1f} MB (target <= {RSS_MB:g} MB) {'ok' if verdict else 'MISSED'}")
    record(__file__, rows, {"taps": len(lat), "tag_ms": [med, p99], "actions": len(commits), "play_ms": [cmed, cp99],
                            "fs": fs or "unknown", "attract_cpu_s": cpu, "rss_mb": rss})
    return 0 if ok else 1


def rows(v: dict) -> list[Row]:
    return [Row("board", "tag", f"daemon: tag on the serial line to the preview frame at the LEDs ({v['taps']} taps)",
                f"median {v['tag_ms'][0]:.2f} ms, p99 {v['tag_ms'][1]:.2f} ms", f"p99 <= {LATENCY_P99_MS:g} ms"),
            Row("board", "play", f"daemon: PLAY to the frame of the committed action, journal line fsync'd first "
                f"({v['fs']}; {v['actions']} actions)", f"median {v['play_ms'][0]:.2f} ms, p99 {v['play_ms'][1]:.2f} ms",
                ""),
            Row("board", "attract-cpu", "daemon: CPU in attract mode", f"{v['attract_cpu_s']:.2f} s per minute",
                f"<= {CPU_S_PER_MIN:g} s"),
            Row("board", "rss", "daemon: resident memory (`clacks-hw run --virtual --for 5`)", f"{v['rss_mb']:.1f} MB",
                f"<= {RSS_MB:g} MB")]


if __name__ == "__main__":
    sys.exit(main())
