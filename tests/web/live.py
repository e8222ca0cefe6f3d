"""A real board daemon (virtual hardware, real clock, its status page on a free loopback port)
running in a thread, for the browser, admin and MQTT tests: restartable on the same port and
journal directory, as systemd would restart it."""

from __future__ import annotations

import io
import json
import socket
import threading
import time
import urllib.error
import urllib.request

from clacks_hw.clock import SystemClock
from clacks_hw.config import load_config
from clacks_hw.daemon import app
from clacks_hw.daemon.events import CardTap
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.drivers.frame import Frame
from clacks_hw.testing.recording_leds import RecordingLeds

TOKEN = "test-admin-token-0123456789"
TIMEOUT = 10


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveBoard:
    def __init__(self, tmp_path, *, token: str | None = TOKEN, overrides: dict | None = None, rng=None) -> None:
        self.rng = rng  # the board's own generator (game seeds): None for an unseeded one
        self.port = free_port()
        settings = {"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                    "journal.dir": str(tmp_path), "status.port": self.port, "status.admin_token": token or "",
                    **(overrides or {})}
        self.config = load_config(overrides=settings, check_devices=False)
        self.frames: list[tuple[float, object]] = []  # (time.time(), frame) of every frame shown
        self.daemon = None
        self._thread = None
        self._stop = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> LiveBoard:
        ready = threading.Event()
        self._stop = threading.Event()

        def on_ready(d):
            self.daemon = d
            ready.set()

        def observe(item):
            if isinstance(item, Frame):
                self.frames.append((time.time(), item))

        clock = SystemClock()
        seams = app.Seams(clock=clock, led_backend=RecordingLeds(clock), stop=self._stop, output=io.StringIO(),
                          on_ready=on_ready, status_page=True, observer=observe, rng=self.rng)
        self._thread = threading.Thread(target=app.run, args=(self.config,), kwargs={"virtual": True, "seams": seams},
                                        daemon=True)
        self._thread.start()
        assert ready.wait(TIMEOUT), "the daemon did not start"
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join(TIMEOUT)
            assert not self._thread.is_alive()
            self._thread = None

    def restart(self) -> None:
        self.stop()
        self.start()

    # -- the table's hands -----------------------------------------------------------------
    def put(self, event) -> None:
        self.daemon.events.put(event)

    def press(self, button: str) -> None:
        now = self.daemon.clock.now()
        self.put(ButtonEvent("press", button, now))
        self.put(ButtonEvent("release", button, now, 0.05))

    def tap(self, card: str) -> None:
        self.put(CardTap(card))

    def state(self):
        return self.daemon.controller.state

    def wait_for(self, predicate, what: str, timeout: float = TIMEOUT):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = predicate()
            if value:
                return value
            time.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what}")

    # -- the admin API, as a phone calls it --------------------------------------------------
    def credentials(self, token: str | None = TOKEN) -> dict:
        """The headers a phone's admin request carries."""
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return headers

    def admin(self, command: str, body: dict, token: str | None = TOKEN) -> tuple[int, dict]:
        return self.post(f"api/admin/{command}", json.dumps(body).encode(), token=token)

    def post(self, path: str, data: bytes, token: str | None = TOKEN,
             content_type: str = "application/json") -> tuple[int, dict]:
        headers = {"Content-Type": content_type, **self.credentials(token)}
        req = urllib.request.Request(f"{self.url}{path}", data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())
