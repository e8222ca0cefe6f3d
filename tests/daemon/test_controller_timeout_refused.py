"""An Express time-out the board cannot journal (the disk is full) is refused; the turn timer
then starts again instead of staying in the past, where the event loop would wait 0 s and spin
at full CPU until the disk had room. RLIMIT_FSIZE makes the disk "full", in a child process."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import json, resource, sys
from pathlib import Path
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig

rig = Rig(Path(sys.argv[1]), FakeClock(0.0), seed=3)
rig.start_game(express=True)
seat, actions = rig.state.turn.seat, rig.ctrl.session.actions
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (rig.ctrl.session.path.stat().st_size, hard))
try:
    rig.tick(60.5)  # the turn's 60 s are up: the time-out cannot be written
    now = rig.clock.now()
    out = {"refused": rig.ctrl.session.actions == actions and rig.state.turn.seat == seat,
           "wait": rig.ctrl.next_deadline(now) - now}
finally:
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
print(json.dumps(out))
"""


def test_a_refused_timeout_does_not_leave_a_deadline_in_the_past(tmp_path):
    proc = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["refused"]  # not on disk, so not applied
    assert out["wait"] > 0  # the loop sleeps until the next thing to do, it does not spin
