"""Calendar time enters through the clock seam: a new game's journal is named and stamped from
the clock the daemon was given, never from the machine's own clock."""

from clacks_hw.daemon.session import JournalStore
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.journal import read_journal
from clacks_hw.testing.clock import FakeClock

from .test_sent_from_flash import ED


def test_a_new_journal_takes_its_name_and_time_from_the_clock(tmp_path):
    clock = FakeClock(1_700_000_000.0)  # 2023-11-14 22:13:20 UTC
    store = JournalStore(tmp_path, ED, "cfg", clock=clock)
    session = store.new_session(ClacksConfig(("S", "N"), {"S": ("AHMED",), "N": ("COHEN",)}, seed=7))
    session.close()
    assert session.path.name == "game-20231114-221320-n0001.jsonl"  # the board's first game
    assert read_journal(session.path).header["created"] == "2023-11-14T22:13:20+00:00"
    again = store.new_session(ClacksConfig(("S", "N"), {"S": ("AHMED",), "N": ("COHEN",)}, seed=7))
    again.close()
    assert again.path.name == "game-20231114-221320-n0002.jsonl"  # same second, the next number


def test_the_engine_session_and_journal_never_read_a_clock_themselves():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "clacks_hw"
    files = [*(root / "game").rglob("*.py"), root / "daemon" / "session.py", *(root / "journal").rglob("*.py")]
    reads = re.compile(r"datetime\.now|datetime\.utcnow|date\.today|time\.time\(|time\.monotonic\(|perf_counter")
    for path in files:
        assert not reads.search(path.read_text()), f"{path.name} reads a clock; take it from the clock seam"
