"""A status page server alone in its own process, for bench_kiosk.py: ``new`` (clacks_hw.web, on
uvloop where installed), ``asyncio`` (the same on asyncio's own loop), ``old`` (the
ThreadingHTTPServer page this project had before, taken from git history) or ``unbounded``
(clacks_hw.web as it was before connections were bounded per address, from git history), with
the 1,024 file descriptors a systemd service gets. Prints its port, then serves until stdin ends;
a thread publishes a changing snapshot every ``interval`` seconds (0: none). A third argument
``one-address`` lifts the bound on connections per address to the whole server's, for runs
whose many viewers all come from 127.0.0.1 (a browser's pages, SSE clients)."""

from __future__ import annotations

import atexit
import importlib
import io
import resource
import shutil
import subprocess
import tarfile
import tempfile
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
OLD_COMMIT = "097ba0c"  # the last commit with clacks_hw/daemon/status_page.py
UNBOUNDED_COMMIT = "98d9430"  # the last commit before connections were bounded per address


def old_module(commit: str = OLD_COMMIT, module: str = "clacks_hw.daemon.status_page"):
    """An old page run with the whole package as it was at ``commit`` (git archive into a
    temporary folder), so it runs against the engine it was written for."""
    folder = tempfile.mkdtemp(prefix="clacks-old-page-")
    atexit.register(shutil.rmtree, folder, True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "clacks_hw"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder)
    sys.path.insert(0, folder)
    for name in [m for m in sys.modules if m == "clacks_hw" or m.startswith("clacks_hw.")]:
        del sys.modules[name]
    return importlib.import_module(module)


def main() -> None:
    which, interval = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    one_address = sys.argv[3:] == ["one-address"]
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    if which == "old":
        mod = old_module()
        box = mod.SnapshotBox(mod.StatusSnapshot(seq=1, screen="attract"))
        server = mod.StatusPage(box, "127.0.0.1", 0).start()
        snap = mod.StatusSnapshot
    elif which == "unbounded":
        mod = old_module(UNBOUNDED_COMMIT, "clacks_hw.web.server")
        snap = importlib.import_module("clacks_hw.web.snapshot").StatusSnapshot
        box = importlib.import_module("clacks_hw.web.snapshot").SnapshotBox(snap(seq=1, screen="attract"))
        server = mod.WebServer(box, "127.0.0.1", 0).start()
    else:
        if which == "asyncio":
            import asyncio

            from clacks_hw.web import base

            base.new_loop = asyncio.new_event_loop
        from clacks_hw.web.server import WebServer
        from clacks_hw.web.snapshot import SnapshotBox, StatusSnapshot as snap

        box = SnapshotBox(snap(seq=1, screen="attract"))
        server = WebServer(box, "127.0.0.1", 0, **({"max_per_address": 600} if one_address else {})).start()

    def publish():
        k = 0
        while interval:
            k += 1
            box.put(snap(seq=k, screen="attract", notice=f"{k} {time.time():.6f}"))
            time.sleep(interval)

    threading.Thread(target=publish, daemon=True).start()
    print(server.address[1], flush=True)
    sys.stdin.read()
    server.close()


if __name__ == "__main__":
    main()
