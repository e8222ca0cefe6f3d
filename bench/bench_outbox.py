"""The board's outbox with 10,000 results waiting, side by side in one run with the outbox of
before (one JSON object rewritten whole, hall-outbox.json): reading it at start, and what one
receipt costs (the new one appends a line and fsyncs it; the old one rewrote and fsync'd the
whole file). Also the link's step with as many waiting: the new one looks only at what is out,
the old one went through every waiting result at each step."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec  # noqa: E402

from clacks_hw.base.secure_files import SafeDir  # noqa: E402
from clacks_hw.config.load import MqttConfig  # noqa: E402
from clacks_hw.game.clacks.edition_files import default_edition  # noqa: E402
from clacks_hw.mqtt import schema  # noqa: E402
from clacks_hw.mqtt.outbox import Outbox  # noqa: E402
from clacks_hw.mqtt.outbox_file import DIR, LOG, entry_line, show_line  # noqa: E402
from clacks_hw.mqtt.signing import SigningKey  # noqa: E402
from clacks_hw.web.mqtt_link import MqttLink  # noqa: E402
from report import Row, record  # noqa: E402

N = 10_000
EDITION = default_edition()
RESEND_S = 30.0


def results(tmp: Path) -> list[schema.Result]:
    from tests.mqtt.rig import play_journal

    folder = tmp / "one"
    box = Outbox(folder, EDITION, SigningKey.generate().public)
    play_journal(folder, 1)
    [real] = box.scan()
    return [msgspec.structs.replace(real, game=f"n{i}-{i:08x}") for i in range(1, N + 1)]


def best(*fns, rounds: int = 5) -> list[float]:
    """The fastest of ``rounds`` runs of each, the two taking turns (a loaded machine slows both)."""
    times = [float("inf")] * len(fns)
    for _ in range(rounds):
        for k, fn in enumerate(fns):
            t = time.perf_counter()
            fn()
            times[k] = min(times[k], time.perf_counter() - t)
    return times


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    try:
        rs = results(tmp)
        board_key = SigningKey.generate()
        key = board_key.public
        new = tmp / "new"
        (new / DIR).mkdir(parents=True, mode=0o700)
        (new / DIR / LOG).write_text(show_line(key, 1) + "".join(entry_line(r.game, f"j{i}", r)
                                                                  for i, r in enumerate(rs)))
        old = {"v": 1, "key": key, "since": 1, "known": {f"j{i}": r.game for i, r in enumerate(rs)}, "done": [],
               "waiting": {r.game: schema.to_data(r) for r in rs}}
        old_dir = tmp / "old"
        old_dir.mkdir(mode=0o700)
        old_text = json.dumps(old, indent=1, sort_keys=True) + "\n"
        (old_dir / "hall-outbox.json").write_text(old_text)

        def load_old():
            with SafeDir.open(old_dir) as d:
                data = json.loads(d.read("hall-outbox.json", 1 << 30))
            return {g: schema.convert("result", r) for g, r in data["waiting"].items()}

        t_new, t_old = best(lambda: Outbox(new, EDITION, key), load_old)
        size_new, size_old = (new / DIR / LOG).stat().st_size, len(old_text)
        v = {"n": N, "read_ms": [t_new * 1e3, t_old * 1e3], "mib": [size_new / 2**20, size_old / 2**20]}
        print(f"outbox: read {N} waiting results at start, fastest of 5 taking turns: {t_new * 1e3:.0f} ms line by line "
              f"({size_new / 2**20:.1f} MiB), {t_old * 1e3:.0f} ms as one JSON object ({size_old / 2**20:.1f} MiB, "
              "which the old reader refused over 4 MiB)")

        box = Outbox(new, EDITION, key)
        games = iter(list(box.waiting))

        def receipt_new():
            box.settle([next(games) for _ in range(64)])

        def receipt_old():  # the old _save: everything rewritten, atomically, at each receipt
            with SafeDir.open(old_dir) as d:
                d.write("hall-outbox.json", json.dumps(old, indent=1, sort_keys=True) + "\n", 0o600)

        t_new, t_old = best(receipt_new, receipt_old, rounds=10)
        v["receipt_ms"] = [t_new * 1e3, t_old * 1e3]
        print(f"outbox: one receipt of 64 games with {N} waiting: {t_new * 1e3:.2f} ms (a line appended, fsync'd), "
              f"{t_old * 1e3:.0f} ms before (the whole file rewritten, fsync'd): {t_old / t_new:.0f}x")

        fresh = Outbox(new, EDITION, key)
        waiting, out = fresh.waiting, list(fresh.waiting)[:64]
        link = MqttLink(MqttConfig(host="broker", board_id="b"), key=board_key, journal_dir=new, edition=EDITION)
        link.outbox = fresh
        link.connected = True
        sent = {g: 0.0 for g in out}

        def step_new():  # the link's step: 64 out, none due again, the rest waiting their turn
            link._sent = {g: (1e9, 1) for g in out}
            link._send_due(10.0)

        def step_old():  # the link's step before (its code): every waiting result looked at
            due = [r for g, r in waiting.items() if 10.0 - sent.get(g, float("-inf")) >= RESEND_S]
            return due[:16]

        link._due = dict.fromkeys(g for g in waiting if g not in sent)
        t_new, t_old = (t / 10 for t in best(lambda: [step_new() for _ in range(10)],
                                             lambda: [step_old() for _ in range(10)]))
        link.client.loop_stop()
        v["step_us"] = [t_new * 1e6, t_old * 1e6]
        record(__file__, rows, v)
        print(f"link: one step with {N} waiting, 64 out: {t_new * 1e6:.0f} us, {t_old * 1e6:.0f} us before "
              f"({t_old / t_new:.0f}x)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def rows(v: dict) -> list[Row]:
    (read_new, read_old), (mib_new, mib_old) = v["read_ms"], v["mib"]
    (rec_new, rec_old), (step_new, step_old) = v["receipt_ms"], v["step_us"]
    return [Row("hall", "outbox", f"the board's outbox with {v['n']:,} results waiting, side by side in one run with "
                "the outbox of before (one JSON object, `hall-outbox.json`)",
                f"read at start {read_new:.0f} ms line by line ({mib_new:.1f} MiB) against {read_old:.0f} ms "
                f"({mib_old:.1f} MiB, which the old reader refused over 4 MiB); one receipt of 64 games "
                f"{rec_new:.2f} ms (a line appended, fsync'd) against {rec_old:.0f} ms (the whole file rewritten): "
                f"{rec_old / rec_new:.0f}x; the link's step, 64 out: {step_new:.0f} us against {step_old:.0f} us "
                f"({step_old / step_new:.0f}x)", "measured")]


if __name__ == "__main__":
    main()
