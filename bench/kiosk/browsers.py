"""N kiosk pages in the system Chromium, driven by Playwright, in their own process, for
bench_kiosk.py. Each page has a browser context of its own (its own connections, as each
visitor's phone has), and a listener installed before the page's own script records, for every
state the page's EventSource receives, how long after its publication it arrived (the publisher
writes ``"K TIME"`` into the notice). Runs for SECONDS once the pages have loaded and settled, then
prints the latencies (seconds) and the browser's CPU meanwhile (cores) as JSON, or a line
saying why it could not run (exit 3)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

SETTLE_S = 2.0  # after the last page loads: its first drawing, images and fonts are done by then

# Wraps the page's EventSource: the first message is whatever stood when the page came, so it
# is not timed; every later one is, the moment the browser hands it to the page.
HOOK = r"""
window.__latencies = [];
(function () {
  const Real = window.EventSource;
  function Timed(url, options) {
    const source = new Real(url, options);
    let first = true;
    source.addEventListener("message", function (event) {
      const now = (performance.timeOrigin + performance.now()) / 1000;
      const m = /"notice":"\d+ ([0-9.]+)"/.exec(event.data);
      if (m && !first) window.__latencies.push(now - parseFloat(m[1]));
      first = false;
    });
    return source;
  }
  Timed.prototype = Real.prototype;
  Timed.CONNECTING = Real.CONNECTING; Timed.OPEN = Real.OPEN; Timed.CLOSED = Real.CLOSED;
  window.EventSource = Timed;
})();
"""


def browsers_cpu() -> float:
    """CPU seconds used so far by this process's descendants (the browser's processes)."""
    parent, used = {}, {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            parent[int(d.name)] = int(fields[1])
            used[int(d.name)] = (int(fields[11]) + int(fields[12])) / TICK
    me, total = os.getpid(), 0.0
    for pid, cpu in used.items():
        up = parent.get(pid)
        while up not in (None, 0, 1, me):
            up = parent.get(up)
        total += cpu if up == me else 0.0
    return total


def main(n: int, seconds: float, port: int) -> int:
    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("Playwright is not installed (pip install -e '.[test]')")
        return 3
    if chromium is None:
        print("chromium is not installed (Debian package chromium)")
        return 3
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        pages = []
        for _ in range(n):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.add_init_script(HOOK)
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{port}/")
            pages.append(page)
        time.sleep(SETTLE_S)
        for page in pages:  # timed from here: loading and first drawing are not part of it
            page.evaluate("window.__latencies = []")
        cpu0, t0 = browsers_cpu(), time.monotonic()
        time.sleep(seconds)
        cpu = (browsers_cpu() - cpu0) / (time.monotonic() - t0)
        out = [x for page in pages for x in page.evaluate("window.__latencies")]
        browser.close()
    print(json.dumps({"latencies": out, "browser_cpu": cpu}))
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])))
