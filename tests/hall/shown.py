"""A real hall (its ingestion, page server and viewers' feed) on a real Mosquitto, with boards put
in by hand: each board's messages are signed with its own key and handed to the hall's
``receive`` on its loop, as paho hands them over, so they pass the same signature and schema
checks as on the broker. The hall's clock is fixed, so pictures and times do not move."""

from __future__ import annotations

import secrets
import threading

from clacks_hw.mqtt import schema
from clacks_hw.mqtt.projection import hall_state
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.hall.page import Hall
from clacks_hw.hall.config import BrokerSettings, HallConfig, PageSettings
from tests.fakes.hall_boards import NOW

TIMEOUT = 10


class ShownHall:
    def __init__(self, tmp_path, broker_port: int, boards=(), wall=None, hosts=()) -> None:
        self.now = NOW
        self.hall_key = SigningKey.generate()
        self.keys = {b: SigningKey.generate() for b in boards}
        self.boot = secrets.token_hex(8)
        config = HallConfig(BrokerSettings(port=broker_port), PageSettings(port=0, db=str(tmp_path / "hall.sqlite"),
                                                                           hosts=list(hosts)),
                            self.hall_key, {b: k.public for b, k in self.keys.items()})
        self.hall = Hall(config, wall=wall or (lambda: self.now)).start()
        self.in_loop(lambda: None)  # started

    @property
    def url(self) -> str:
        return self.hall.url

    def in_loop(self, fn):
        """Run ``fn`` in the hall's loop and wait for it; its answer."""
        done = threading.Event()
        box = []

        def run():
            try:
                box.append(fn())
            except BaseException as exc:  # noqa: BLE001  (handed back to the test)
                box.append(exc)
            finally:
                done.set()

        for _ in range(200):
            if self.hall._loop is not None and self.hall._loop.is_running():
                break
            threading.Event().wait(0.05)
        self.hall._loop.call_soon_threadsafe(run)
        assert done.wait(TIMEOUT), "the hall's loop did not answer"
        if isinstance(box[0], BaseException):
            raise box[0]
        return box[0]

    def signed(self, board: str, kind: str, message) -> bytes:
        key = self.keys.get(board) or self.keys.setdefault(board, SigningKey.generate())
        return key.seal(f"clacks/{board}/{kind}", schema.encode(message))

    def message(self, board: str, kind: str, payload: bytes) -> None:
        self.in_loop(lambda: self.hall.receive(f"clacks/{board}/{kind}", payload))

    def status(self, board: str, status: str = "online", page: str | None = None) -> None:
        page = page if page is not None else f"http://{board}.local:8080/"
        message = schema.BoardStatus(status=status, boot=self.boot, key=self.keys[board].public, page=page or None)
        self.message(board, "status", self.signed(board, "status", message))

    def state(self, board: str, public: dict) -> None:
        """``public``: the board's public state (web/public.status_json), cut to the hall's schema as a board does."""
        self.message(board, "state", self.signed(board, "state", hall_state(public)))

    def raw_state(self, board: str, data: dict) -> None:
        """A state message given as the schema's data (anything the schema lets through)."""
        self.message(board, "state", self.signed(board, "state", schema.convert("state", data)))

    def result(self, board: str, **result) -> None:
        """A result, in the hall's SQLite and on its page when this returns."""
        self.message(board, "result", self.signed(board, "result", schema.convert("result", result)))
        assert self.hall.writer.flush(TIMEOUT), "the hall's results did not go in"
        self.in_loop(lambda: None)  # the loop has shown what the writer stored

    def put(self, boards: dict[str, dict]) -> None:
        for board, public in boards.items():
            self.status(board, page=public.get("page") or "")
            self.state(board, public)

    def close(self) -> None:
        self.hall.close()
