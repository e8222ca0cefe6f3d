"""The hall page and its feed to viewers (issue 22), each beside the simple alternative, with a
real Mosquitto, the hall as its own process (`clacks-hw hall`) and boards signing as boards do:

- bytes each viewer is sent per move, 16 boards: the feed's patch of one card, against the first
  hall, which sent every viewer the whole hall with every message (same boards, same moves);
- messages a second one hall absorbs: 16 boards publishing moves as fast as the broker takes
  them, 100 viewers connected; counted as the changes the slowest viewer was sent;
- a board's move to the hall page in Chromium: from the board's publish to the card's text
  changing on the page (a MutationObserver), p50/p99, 16 boards each moving twice a second;
- the hall's resident memory after 10 minutes of 16 boards (a move every 2 s each, heartbeats)
  and 100 viewers, beside the first hall under the same load in the same run
  (CLACKS_BENCH_MINUTES shortens it; the first hall is the package as it was, from git history).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from report import Row, fig, record  # noqa: E402

V: dict = {}  # what the run measured
HERE = Path(__file__).resolve().parent / "hall"
FIRST_HALL = "5d95da7"  # the package before issue 22: the first hall
EXE = Path(sys.executable).parent / "clacks-hw"
MINUTES = float(os.environ.get("CLACKS_BENCH_MINUTES", "10"))


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, what: str, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not start")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Rig:
    """A broker, a hall (the new one, or the first from git history) and the boards' keys."""

    def __init__(self, tmp: Path, boards: int = 16, first: bool = False) -> None:
        from clacks_hw.mqtt.signing import SigningKey

        self.dir = tmp
        self.broker_port, self.page_port = free_port(), free_port()
        (tmp / "m.conf").write_text(f"listener {self.broker_port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        self.broker = subprocess.Popen(["mosquitto", "-c", str(tmp / "m.conf")], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        wait_port(self.broker_port, "mosquitto")
        keys = {f"b{k:02d}": SigningKey.generate() for k in range(boards)}
        (tmp / "keys.json").write_text(json.dumps({b: k.text for b, k in keys.items()}))
        data = tmp / "data"
        data.mkdir(mode=0o700)
        env = dict(os.environ)
        if first:
            old = tmp / "first"
            old.mkdir()
            tar = subprocess.run(["git", "-C", str(ROOT), "archive", FIRST_HALL, "clacks_hw"], capture_output=True, check=True)
            subprocess.run(["tar", "-x", "-C", str(old)], input=tar.stdout, check=True)
            env["PYTHONPATH"] = str(old)
            cmd = [sys.executable, "-c", "from clacks_hw.cli import main; main()", "hall", "--broker-port",
                   str(self.broker_port), "--port", str(self.page_port), "--db", str(data / "h.sqlite")]
        else:
            (tmp / "hall.toml").write_text(
                f'[broker]\nport = {self.broker_port}\n[page]\nport = {self.page_port}\ndb = "{data / "h.sqlite"}"\n'
                f'[hall]\nkey = "{SigningKey.generate().text}"\n[boards]\n'
                + "".join(f'{b} = "{k.public}"\n' for b, k in keys.items()))
            cmd = [str(EXE), "hall", "--config", str(tmp / "hall.toml")]
        self.hall = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_port(self.page_port, "the hall")
        self.first = first

    def boards(self, how: str, seconds: float, interval: float = 0.0, times: bool = False) -> subprocess.Popen:
        args = [sys.executable, str(HERE / "boards.py"), str(self.broker_port), str(self.dir / "keys.json"), how,
                str(seconds), str(interval)]
        return subprocess.Popen(args + (["--times"] if times else []) + (["--unsigned"] if self.first else []),
                                stdout=subprocess.PIPE, text=True)

    def viewers(self, n: int, seconds: float) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, str(HERE / "viewers.py"), str(n), str(seconds), str(self.page_port)],
                                stdout=subprocess.PIPE, text=True)

    def close(self) -> None:
        for p in (self.hall, self.broker):
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()


def bytes_per_move() -> None:
    got = {}
    for first in (False, True):
        with tempfile.TemporaryDirectory() as tmp:
            rig = Rig(Path(tmp), first=first)
            try:
                warm = rig.boards("steady", 3, 0.5)  # every board known and drawn before the viewer comes
                warm.communicate()
                v = rig.viewers(1, 12)
                time.sleep(1)
                b = rig.boards("steady", 10, 0.5)
                sent = json.loads(b.communicate()[0])["sent"]
                seen = json.loads(v.communicate()[0])
            finally:
                rig.close()
        got[first] = (seen["bytes"][0] / max(1, seen["events"][0]), seen["first"][0], seen["events"][0], sent)
    new, old = got[False], got[True]
    print(f"hall: bytes each viewer is sent per move, 16 boards: {new[0]:.0f} B (a patch of one card; the whole "
          f"hall, sent once when the viewer comes: {new[1]:,} B) against the first hall's {old[0]:,.0f} B (the "
          f"whole hall every message): {old[0] / new[0]:.0f}x less ({new[2]} and {old[2]} events for {new[3]} moves)")
    V["bytes"] = {"move": new[0], "whole": new[1], "first": old[0]}


def absorbed() -> None:
    """The hall in this process (its counters at hand); boards and viewers in their own."""
    from clacks_hw.hall.page import Hall
    from clacks_hw.hall.config import load

    with tempfile.TemporaryDirectory() as tmp:
        rig = Rig(Path(tmp))
        rig.hall.terminate()
        rig.hall.wait()
        hall = Hall(load(Path(tmp) / "hall.toml")).start()
        try:
            rig.boards("steady", 2, 0.5).communicate()
            v = rig.viewers(100, 12)
            time.sleep(2)
            t0, offered, drawn, cpu0 = time.monotonic(), hall.offered, hall.feed.version, time.process_time()
            b = rig.boards("flood", 10)
            sent = json.loads(b.communicate()[0])
            took = time.monotonic() - t0
            offered, drawn = (hall.offered - offered) / took, (hall.feed.version - drawn) / took
            cpu = (time.process_time() - cpu0) / took
            seen = json.loads(v.communicate()[0])
        finally:
            hall.close()
            rig.close()
    keep_up = min(seen["versions"]) / max(1, max(seen["versions"]))
    print(f"hall: messages absorbed, 16 boards flooding ({sent['sent'] / sent['seconds']:,.0f} signed states/s "
          f"published), 100 viewers connected: {offered:,.0f} messages/s taken from the broker, {drawn:,.0f} "
          f"board changes/s checked and drawn (each board's newest state when they come faster); the slowest "
          f"viewer was brought through {keep_up:.0%} of the changes the fastest was; the hall used {cpu:.2f} cores")
    V["absorbed"] = {"published": sent["sent"] / sent["seconds"], "taken": offered, "drawn": drawn,
                     "keep_up": keep_up, "cores": cpu}


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


HOOK = r"""
window.__shown = [];
new MutationObserver(records => {
  const now = (performance.timeOrigin + performance.now()) / 1000;
  for (const r of records) {
    const el = r.target.nodeType === 3 ? r.target.parentElement : r.target;
    const card = el && el.closest && el.closest('.card');
    if (card && el.classList.contains('progress')) window.__shown.push([card.dataset.board, el.textContent, now]);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def move_to_page() -> None:
    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("hall: a board's move to the hall page in Chromium: not measured (Playwright is not installed)")
        return
    if chromium is None:
        print("hall: a board's move to the hall page in Chromium: not measured (Debian package chromium)")
        return
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        rig = Rig(Path(tmp))
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        try:
            rig.boards("steady", 2, 0.5).communicate()
            page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
            page.add_init_script(HOOK)
            page.goto(f"http://127.0.0.1:{rig.page_port}/?view=boards")
            page.wait_for_function("() => document.querySelectorAll('.card').length === 16")
            b = rig.boards("steady", 15, 0.5, times=True)
            published = json.loads(b.communicate()[0])["times"]
            time.sleep(1)
            shown = {(board, text): t for board, text, t in page.evaluate("window.__shown")}
        finally:
            browser.close()
            rig.close()
    lat = [shown[(board, text)] - t for board, text, t in published if (board, text) in shown]
    print(f"hall: a board's move to the hall page in Chromium, 16 boards moving twice a second: p50 "
          f"{1000 * pct(lat, .5):.1f} ms, p99 {1000 * pct(lat, .99):.1f} ms ({len(lat)} of {len(published)} moves "
          f"drawn" + ("; the others overtaken by the board's next move before the page drew)" if len(lat) < len(published)
                      else ")"))
    V["page"] = {"ms": [1000 * pct(lat, .5), 1000 * pct(lat, .99)], "drawn": [len(lat), len(published)]}


def memory() -> None:
    seconds = MINUTES * 60
    samples = {False: [], True: []}
    with tempfile.TemporaryDirectory() as tmp:
        rigs = {}
        for first in (False, True):
            where = Path(tmp) / ("first" if first else "new")
            where.mkdir()
            rigs[first] = Rig(where, first=first)
        try:
            load = []
            for rig in rigs.values():
                load.append(rig.boards("steady", seconds + 5, 2.0))
                load.append(rig.viewers(100, seconds))
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                time.sleep(min(30, max(0.1, end - time.monotonic())))
                for first, rig in rigs.items():
                    samples[first].append(rss_mb(rig.hall.pid))
            for p in load:
                p.communicate()
        finally:
            for rig in rigs.values():
                rig.close()
    new, old = samples[False], samples[True]
    print(f"hall: resident memory after {MINUTES:g} min of 16 boards (a move every 2 s each) and 100 viewers: "
          f"{new[-1]:.1f} MB (highest {max(new):.1f}); the first hall, same load, same run: {old[-1]:.1f} MB "
          f"(highest {max(old):.1f}); target <= 60 MB")
    V["memory"] = {"minutes": MINUTES, "mb": new[-1], "first_mb": old[-1]}


def main() -> None:
    if shutil.which("mosquitto") is None:
        print("hall: skipped, mosquitto is not installed (Debian's mosquitto package)")
        return
    bytes_per_move()
    absorbed()
    move_to_page()
    memory()
    record(__file__, rows, V)


def rows(v: dict) -> list[Row]:
    b, a, m = v["bytes"], v["absorbed"], v["memory"]
    out = [Row("hall", "bytes", "hall page: bytes each viewer is sent per move, 16 boards",
               f"{fig(b['move'], '.0f')} B (a merge patch of one card; the whole hall once, on connecting: "
               f"{fig(b['whole'], ',.0f')} B); the first hall, same boards and moves, same run: {fig(b['first'], ',.0f')} B, "
               "the whole hall with every message", "measured"),
           Row("hall", "absorbed", "hall: messages absorbed, 16 boards flooding, 100 viewers connected",
               f"{fig(a['taken'], ',.0f')} signed states/s taken from the broker (of the {fig(a['published'], ',.0f')}/s "
               f"the boards published), {fig(a['drawn'], ',.0f')} board changes/s checked and drawn (each board's newest "
               f"state when they come faster); the hall on {fig(a['cores'], '.2f')} cores", "measured")]
    if v.get("page"):
        p = v["page"]
        out.append(Row("hall", "page", "hall: a board's move to the hall page in Chromium, 16 boards moving twice a "
                       "second", f"p50 {fig(p['ms'][0])} ms, p99 {fig(p['ms'][1])} ms ({p['drawn'][0]} of "
                       f"{p['drawn'][1]} moves drawn)", ""))
    out.append(Row("hall", "memory", "hall: resident memory with 16 boards (a move every 2 s each, heartbeats) and 100 "
                   "viewers", f"{fig(m['mb'])} MB after {m['minutes']:g} min; the first hall under the same load in the "
                   f"same run: {fig(m['first_mb'])} MB", "<= 60 MB"))
    return out


if __name__ == "__main__":
    main()
