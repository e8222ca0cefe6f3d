"""A real board daemon (virtual hardware, real clock, its status page on a free loopback port)
running in a thread, for the browser, admin and MQTT tests: restartable on the same port and
journal directory, as systemd would restart it. Its phone pairs as a real one does: the board's
TURN+BACK gesture, then the code it shows, traded for the session its page keeps and sends in
the X-Clacks-Session header."""

from __future__ import annotations

import io
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from clacks_hw.base.clock import SystemClock
from clacks_hw.config.load import load_config
from clacks_hw.daemon import app
from clacks_hw.daemon.events import CardTap
from clacks_hw.drivers.debounce import PAIR_CHORD, ButtonEvent
from clacks_hw.drivers.frame import Frame
from clacks_hw.testing.recording_leds import RecordingLeds
from clacks_hw.web.pairing_api import SESSION_HEADER

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
                    "game.hints": "on",  # the scripted players (daemon_rig.py) take the board's suggestions
                    **(overrides or {})}
        self.config = load_config(overrides=settings, check_devices=False)
        self.frames: list[tuple[float, object]] = []  # (time.time(), frame) of every frame shown
        # (time.time(), event) of every table event once the game handled it; that loop turn then
        # draws its frame (which may equal one already shown, a preview's blink phase: not a new frame)
        self.handled: list[tuple[float, object]] = []
        self.observers: list = []  # more of the loop's observers (a line's host end)
        self.phone: str | None = None  # the session of the phone paired by pair()
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
            else:
                self.handled.append((time.time(), item))
            for also in self.observers:
                also(item)

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

    def gesture(self, chord=PAIR_CHORD) -> None:
        """Two buttons held together for 3 s (the debouncer's chord event)."""
        self.put(ButtonEvent("chord", "+".join(chord), self.daemon.clock.now(), 3.0))

    def shown_code(self):
        """The code the board shows after the pairing gesture (as its lamps spell it)."""
        return self.wait_for(lambda: self.daemon.pairing.shown(), "a pairing code")

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
    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def credentials(self, phone: str | None = "paired") -> dict:
        """The headers a phone's request carries: its Origin, and its session's header (``phone``:
        "paired" for the one pair() made, a session, or None for none)."""
        headers = {"Host": f"127.0.0.1:{self.port}", "Origin": self.origin}
        if phone == "paired":
            phone = self.phone or self.pair()
        if phone is not None:
            headers[SESSION_HEADER] = phone
        return headers

    def pair(self) -> str:
        """Pair a phone as a person would (the gesture, then the code); its session."""
        self.gesture()
        code = self.shown_code()
        status, answer, _ = self.request("api/pair", json.dumps({"code": code.grouped}).encode(), self.credentials(None))
        assert status == 200, answer
        self.phone = answer["session"]
        self.wait_for(lambda: self.daemon.pairing.shown() is None, "the code to go")
        return self.phone

    def seat_code(self, seat: str):
        """The code the board shows for ``seat``'s own phone: the pairing gesture, then NEXT
        until that seat's code shows (as a player does it)."""
        self.gesture()
        first = self.shown_code()
        for _ in range(5):
            code = self.daemon.pairing.shown()
            if code is not None and code.seat == seat:
                return code
            self.press("NEXT")
            self.wait_for(lambda: (c := self.daemon.pairing.shown()) is not None and c != code, "the next seat's code")
        raise AssertionError(f"NEXT never reached seat {seat} (first code: {first.seat})")

    def pair_seat(self, seat: str) -> str:
        """Pair a player's own phone for ``seat``; its session."""
        code = self.seat_code(seat)
        status, answer, _ = self.request("api/pair", json.dumps({"code": code.code}).encode(), self.credentials(None))
        assert status == 200 and answer["seat"] == seat, answer
        self.wait_for(lambda: self.daemon.pairing.shown() is None, "the code to go")
        return answer["session"]

    def seat_page(self, phone: str | None) -> tuple[int, dict]:
        status, _, answer = self.request_raw("api/seat", None, self.credentials(phone), method="GET")
        return status, answer

    def admin(self, command: str, body: dict, phone: str | None = "paired") -> tuple[int, dict]:
        return self.post(f"api/admin/{command}", json.dumps(body).encode(), phone=phone)

    def post(self, path: str, data: bytes, phone: str | None = "paired",
             content_type: str = "application/json", **extra) -> tuple[int, dict]:
        headers = {"Content-Type": content_type, **self.credentials(phone), **extra}
        status, answer, _ = self.request(path, data, headers)
        return status, answer

    def request(self, path: str, data: bytes | None, headers: dict, method: str = "POST"):
        """(status, JSON answer, response headers) of one request."""
        status, answer_headers, answer = self.request_raw(path, data, headers, method)
        return status, answer, answer_headers

    def request_raw(self, path: str, data: bytes | None, headers: dict, method: str = "POST"):
        """(status, response headers, JSON answer) of one request."""
        headers = {"Content-Type": "application/json", **headers}
        req = urllib.request.Request(f"{self.url}{path}", data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
                return r.status, r.headers, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, e.headers, json.loads(e.read())

    def phone_status(self, phone: str | None) -> dict:
        return self.request_raw("api/phone", None, self.credentials(phone), method="GET")[2]
