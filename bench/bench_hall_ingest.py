"""The hall's ingestion, per message, side by side in one run with the simple alternative:
msgspec decoding a board's signed state straight into its schema, against Python's json.loads
followed by jsonschema checking the same schema (msgspec.json.schema of it). Also the Ed25519
check, and how many messages a second one hall absorbs through its whole path (signature,
schema, the board's card) on one core, states and results alike."""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import jsonschema  # noqa: E402
import msgspec  # noqa: E402

from clacks_hw.daemon.demo import Demo  # noqa: E402
from clacks_hw.game.clacks.edition_files import default_edition  # noqa: E402
from clacks_hw.mqtt import schema  # noqa: E402
from clacks_hw.mqtt.projection import hall_state  # noqa: E402
from clacks_hw.mqtt.signing import SigningKey, VerifyKey, open_envelope  # noqa: E402
from clacks_hw.hall.config import HallConfig, PageSettings, Trust  # noqa: E402
from clacks_hw.hall.ingest import Ingest  # noqa: E402
from clacks_hw.hall.store import HallStore  # noqa: E402
from clacks_hw.web.public import status_json  # noqa: E402
from clacks_hw.web.snapshot import StatusSnapshot  # noqa: E402
from report import Row, record  # noqa: E402


def states() -> list[bytes]:
    """A hall state after every move of games of every mode (the automatic players)."""
    edition = default_edition()
    demo, out = Demo(edition, random.Random(5)), []
    for _ in range(5):
        demo.start(0)
        n = 0
        while not demo.state.over and n < 300:
            snap = StatusSnapshot(seq=n, screen="game", state=demo.state, actions=n)
            out.append(schema.encode(hall_state(status_json(snap, edition))))
            demo.step(1e9)
            n += 1
    return out


def per_message(fn, items, rounds=3) -> float:
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, (time.perf_counter() - t) / len(items))
    return best


def main() -> None:
    msgs = states()
    size = sum(map(len, msgs)) / len(msgs)
    validator = jsonschema.Draft202012Validator(msgspec.json.schema(schema.BoardState))
    fast = per_message(lambda m: schema.decode("state", m), msgs)
    slow = per_message(lambda m: validator.validate(json.loads(m)), msgs[: len(msgs) // 4])
    print(f"hall: check one board state ({len(msgs)} states of 5 games, {size:.0f} B each): msgspec "
          f"{fast * 1e6:.1f} us, json.loads + jsonschema {slow * 1e6:.0f} us ({slow / fast:.0f}x)")

    key = SigningKey.generate()
    topic = "clacks/b0/state"
    sealed = [key.seal(topic, m) for m in msgs]
    verify = VerifyKey(key.public)
    t_sig = per_message(lambda p: verify.verify(topic, *open_envelope(p)), sealed)
    print(f"hall: Ed25519 check of one signed state: {t_sig * 1e6:.1f} us")
    v = {"states": len(msgs), "bytes": size, "msgspec_us": fast * 1e6, "jsonschema_us": slow * 1e6,
         "ed25519_us": t_sig * 1e6}

    keys = {f"b{k}": SigningKey.generate() for k in range(16)}
    with tempfile.TemporaryDirectory() as tmp:
        store = HallStore(Path(tmp) / "h.sqlite")
        ingest = Ingest(Trust(HallConfig(None, PageSettings(), None, {b: k.public for b, k in keys.items()})),
                        store, time.time)
        traffic = [(f"clacks/{b}/state", k.seal(f"clacks/{b}/state", m))
                   for i, m in enumerate(msgs) for b, k in [list(keys.items())[i % 16]]]
        t = per_message(lambda tm: ingest.receive(*tm), traffic, rounds=1)
        result = schema.Result(game="n1-00000000", mode="competitive", seats=["S", "N"], winner="S", actions=30)
        results = [(f"clacks/b{k % 16}/result", keys[f"b{k % 16}"].seal(
            f"clacks/b{k % 16}/result", schema.encode(msgspec.structs.replace(result, game=f"n{k + 1}-00000000"))))
            for k in range(2000)]
        r = per_message(lambda tm: ingest.receive(*tm), results, rounds=1)
        # The hall's writer (hall/writer.py) stores what came meanwhile in one transaction: at most
        # 20 at a time with Mosquitto's default window of messages unacknowledged to the hall.
        batches = [[(f"b{k % 16}", msgspec.structs.replace(result, game=f"n{k + 1}-00000001"))
                    for k in range(start, start + 20)] for start in range(0, 2000, 20)]
        w = per_message(store.record_many, batches, rounds=1) / 20
        store.close()
    print(f"hall: whole ingestion, 16 boards, one core: {1 / t:,.0f} states/s ({t * 1e6:.0f} us each); "
          f"{1 / r:,.0f} new results/s stored in SQLite ({r * 1e6:.0f} us each, a transaction each), "
          f"{1 / w:,.0f}/s stored 20 to a transaction ({w * 1e6:.0f} us each), same run")
    record(__file__, rows, {**v, "ingest_us": t * 1e6, "result_us": r * 1e6, "batched_us": w * 1e6})


def rows(v: dict) -> list[Row]:
    return [Row("hall", "schema", f"hall: check one board's state against the schema ({v['states']} states of real "
                f"games, {v['bytes']:.0f} B): msgspec against json.loads + jsonschema on the same schema",
                f"{v['msgspec_us']:.1f} us against {v['jsonschema_us']:.0f} us "
                f"({v['jsonschema_us'] / v['msgspec_us']:.0f}x)", "measured"),
            Row("hall", "ed25519", "hall: Ed25519 check of one signed state (cryptography)", f"{v['ed25519_us']:.1f} us",
                ""),
            Row("hall", "ingest", "hall: the whole ingestion of a message (size, envelope, whose key, signature, "
                "schema, the board's card), 16 boards, one core",
                f"{1e6 / v['ingest_us']:,.0f} states/s ({v['ingest_us']:.0f} us each); new results stored in SQLite "
                f"{1e6 / v['result_us']:,.0f}/s a transaction each, {1e6 / v['batched_us']:,.0f}/s 20 to a "
                "transaction (the hall's writer, at most 20 with Mosquitto's window of messages unacknowledged to "
                "the hall), same run", "")]


if __name__ == "__main__":
    main()
