"""A board catching up after an outage, for bench_hall_catchup.py, in its own process: it
publishes COUNT signed results (QoS 1, as a board's outbox does) through a real Mosquitto as
fast as the broker takes them, numbered from FIRST, and prints when it began and when the broker
had acknowledged the last, as JSON."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import paho.mqtt.client as mqtt  # noqa: E402

from clacks_hw.mqtt import schema  # noqa: E402
from clacks_hw.mqtt.signing import SigningKey  # noqa: E402

NAMES = ("ANN", "BOB", "EVE", "KAI", "LEE", "MAX", "IDA", "TOM")


def result(n: int) -> dict:
    return {"game": f"n{n}-{n:08x}", "mode": "competitive", "seats": ["S", "N"], "winner": "SN"[n % 2],
            "actions": 40, "seconds": 100.0 + n % 500, "names": {"S": NAMES[n % 8], "N": NAMES[(n // 8) % 8]}}


def main() -> None:
    port, keys_file, board, first, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    key = SigningKey.from_text(json.loads(Path(keys_file).read_text())[board])
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-catchup-{board}")
    client.max_queued_messages_set(0)
    client.connect("127.0.0.1", port)
    client.loop_start()
    topic = f"clacks/{board}/result"
    payloads = [key.seal(topic, schema.encode(schema.convert("result", result(n)))) for n in range(first, first + count)]
    start = time.time()
    infos = [client.publish(topic, p, qos=1) for p in payloads]
    for info in infos:
        info.wait_for_publish(60)
    done = time.time()
    client.loop_stop()
    client.disconnect()
    print(json.dumps({"start": start, "published": done}))


if __name__ == "__main__":
    main()
