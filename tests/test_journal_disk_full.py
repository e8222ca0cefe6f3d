"""An append on a full disk leaves the journal as it was; once there is room the next append
writes exactly its own line (no stale bytes from the failed one). RLIMIT_FSIZE makes the disk
"full", so the writing happens in a child process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from clacks_hw.journal import JournalWriter, read_journal

from .test_replay_games import config, header_obj

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import json, resource, sys
from clacks_hw.journal import JournalWriter, JournalWriteError
path = sys.argv[1]
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
w = JournalWriter.open(path)
before = open(path, "rb").read()
out = {}
for room in (0, 20):  # no byte fits, then a fragment of the line fits
    resource.setrlimit(resource.RLIMIT_FSIZE, (len(before) + room, hard))
    try:
        w.append({"seat": "S", "act": "move", "tower": "R2"})
        out[room] = "appended"
    except JournalWriteError as exc:
        out[room] = [exc.no_room, exc.restored, open(path, "rb").read() == before, w.has_room()]
resource.setrlimit(resource.RLIMIT_FSIZE, (100, hard))  # a new game's header does not fit
new = path + ".new"
try:
    JournalWriter.create(new, json.loads(before.splitlines()[0]))
    out["create"] = "created"
except JournalWriteError as exc:
    import os
    out["create"] = [exc.no_room, os.path.exists(new)]  # no half-written journal left behind
resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
out["room_again"] = w.has_room()
w.append({"seat": "S", "act": "end"})
print(json.dumps(out))
"""


def test_a_failed_append_leaves_the_file_as_it_was(tmp_path):
    path = tmp_path / "g.jsonl"
    JournalWriter.create(path, header_obj(config())).close()
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out == {"0": [True, True, True, False], "20": [True, True, True, False],
                   "create": [True, False], "room_again": True}
    journal = read_journal(path)
    assert [e.action.act for e in journal.entries] == ["end"] and journal.warnings == []
    assert path.read_bytes().count(b"\n") == 2
