"""Simulated boards for bench_hall.py, in their own process: each board publishes its state
(signed with its key, as a board does; or, for the first hall, its whole public state unsigned)
through a real Mosquitto. ``steady SECONDS INTERVAL``: a move every INTERVAL seconds a board
and a heartbeat every second; ``flood SECONDS``: moves as fast as the broker takes them.
Every state differs from the one before (the progress line counts the moves), and the publish
time of each is printed as JSON lines ``[board, progress, time]`` when ``--times`` is given."""

from __future__ import annotations

import json
import secrets
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import paho.mqtt.client as mqtt  # noqa: E402

from clacks_hw.mqtt import schema  # noqa: E402
from clacks_hw.mqtt.signing import SigningKey  # noqa: E402


def state(board: str, k: int) -> dict:
    lamps = format((k * 2654435761) & 0xFFFF, "016b")
    return {"screen": "game", "started": 1_750_000_000.0,
            "position": {"mode": "competitive", "game": {"label": "Competitive", "pawns": True},
                         "turn": "SN"[k % 2], "turn_number": k // 2 + 1, "board": lamps, "lamps": lamps,
                         "names": {"S": "ANN", "N": "BOB"},
                         "summary": {"seat": "SN"[k % 2], "doing": "to act", "progress": f"move {k}"}}}


def first_hall_state(k: int) -> bytes:
    """What a board sent the first hall: its whole public state, a few KB (the kiosk page's JSON)."""
    from clacks_hw.game.clacks.edition_files import default_edition  # noqa: PLC0415
    from clacks_hw.web.public import status_json  # noqa: PLC0415

    return json.dumps({**status_json(None, default_edition()), "screen": "game", "seq": k,
                       "position": state("b", k)["position"], "filler": "x" * 3000}).encode()


def main() -> None:
    port, keys_file, how, seconds = int(sys.argv[1]), sys.argv[2], sys.argv[3], float(sys.argv[4])
    interval = float(sys.argv[5]) if how == "steady" else 0.0
    times = "--times" in sys.argv
    unsigned = "--unsigned" in sys.argv
    keys = {b: SigningKey.from_text(t) for b, t in json.loads(Path(keys_file).read_text()).items()}
    boot = secrets.token_hex(8)
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-boards-{boot}")
    client.max_queued_messages_set(0)
    client.connect("127.0.0.1", port)
    client.loop_start()

    def publish(board: str, kind: str, message, retain=False):
        topic = f"clacks/{board}/{kind}"
        if unsigned:
            payload = message if isinstance(message, bytes) else b"online"
        else:
            payload = keys[board].seal(topic, schema.encode(message))
        return client.publish(topic, payload, qos=0, retain=retain)

    for board, key in keys.items():
        publish(board, "status", schema.BoardStatus(status="online", boot=boot, key=key.public,
                                                    page=f"http://{board}.local:8080/"), retain=True)
    made = {}
    if unsigned:
        made = {k: first_hall_state(k) for k in range(64)}
    sent, k, start = 0, 0, time.monotonic()
    next_beat = start
    out = []
    while (now := time.monotonic()) < start + seconds:
        for board in keys:
            if unsigned:
                info = publish(board, "state", made[k % 64][:-1] + b',"k":%d}' % k)
            else:
                info = publish(board, "state", schema.convert("state", state(board, k)))
            if times:
                out.append((board, f"move {k}", time.time()))
            sent += 1
        k += 1
        info.wait_for_publish(5)  # on the wire before the next round: "sent" means sent
        if not unsigned and now >= next_beat:
            for seq, board in enumerate(keys):
                publish(board, "alive", schema.Alive(boot=boot, seq=k))
            next_beat = now + 1.0
        if interval:
            time.sleep(max(0.0, start + k * interval - time.monotonic()))
    client.loop_stop()
    client.disconnect()
    print(json.dumps({"sent": sent, "seconds": time.monotonic() - start, "times": out}))


if __name__ == "__main__":
    main()
