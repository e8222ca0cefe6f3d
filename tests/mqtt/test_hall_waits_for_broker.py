"""`clacks-hw hall` started before its broker says it is waiting for the broker at host:port,
tries again (paho's backoff, up to 2 s between tries) and says when it connects, in its log and
on the page's broker badge."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
import urllib.request

from tests.web.broker import Broker
from tests.web.live import free_port

CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")


def broker_state(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/hall.json", timeout=5) as r:
        return json.loads(r.read())["broker"]


def test_hall_waits_for_the_broker_and_says_when_it_connects(tmp_path):
    broker = Broker(tmp_path)  # its port chosen, nothing listening there yet
    page = free_port()
    hall = subprocess.Popen([CLI, "hall", "--broker-port", str(broker.port), "--port", str(page), "--db",
                             str(tmp_path / "hall.sqlite"), "--for", "60"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in hall.stdout], daemon=True).start()
    seen: list[str] = []

    def expect(text: str, seconds: float = 30) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"no {text!r} in:\n" + "".join(seen))

    try:
        where = f"127.0.0.1:{broker.port}"
        expect(f"waiting for the MQTT broker at {where} (no answer); trying again every 2 s at most")
        waiting = f"waiting for {where}, no answer yet (trying again every 2 s)"
        end = time.monotonic() + 10  # the page's loop looks at the broker twice a second
        while broker_state(page)["text"] != waiting:
            assert time.monotonic() < end, broker_state(page)
            time.sleep(0.2)
        assert broker_state(page)["ok"] is False
        time.sleep(3)  # a few tries in vain: said once, not every time
        assert sum("waiting for the MQTT broker" in line for line in seen + list(lines.queue)) == 1
        broker.start()
        expect(f"connected to the MQTT broker at {where} after")
        end = time.monotonic() + 20
        while not broker_state(page)["ok"]:
            assert time.monotonic() < end, broker_state(page)
            time.sleep(0.2)
        assert broker_state(page)["text"] == "connected"
    finally:
        hall.terminate()
        hall.wait(20)
        broker.stop()
