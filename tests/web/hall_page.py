"""A real hall (its page server and viewers' feed) with boards put in by hand, for the page's
tests: each board's messages go through the hall's own ``receive`` on its loop, as paho would
hand them over, with the hall's clock fixed so pictures and times do not move."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

from clacks_hw.web.hall import Hall
from tests.fakes.hall_boards import NOW, payload

TIMEOUT = 10


class ShownHall:
    def __init__(self, tmp_path, broker_port: int, wall=None) -> None:
        self.now = NOW
        self.hall = Hall("127.0.0.1", broker_port, db=tmp_path / "hall.sqlite", port=0,
                         wall=wall or (lambda: self.now)).start()
        self.in_loop(lambda: None)  # started

    @property
    def url(self) -> str:
        return self.hall.url

    def in_loop(self, fn) -> None:
        """Run ``fn`` in the hall's loop and wait for it."""
        done = threading.Event()
        box = []

        def run():
            try:
                fn()
            except BaseException as exc:  # noqa: BLE001  (handed back to the test)
                box.append(exc)
            finally:
                done.set()

        for _ in range(100):
            if self.hall._loop is not None and self.hall._loop.is_running():
                break
            threading.Event().wait(0.05)
        self.hall._loop.call_soon_threadsafe(run)
        assert done.wait(TIMEOUT), "the hall's loop did not answer"
        if box:
            raise box[0]

    def message(self, board: str, kind: str, data: bytes) -> None:
        self.in_loop(lambda: self.hall.receive(f"clacks/{board}/{kind}", data))

    def put(self, boards: dict[str, dict], online: bool = True) -> None:
        for board, state in boards.items():
            self.message(board, "status", b"online" if online else b"offline")
            self.message(board, "state", payload(state))

    def close(self) -> None:
        self.hall.close()


def open_page(browser, url: str, size: dict, now: float = NOW):
    """The page at ``size``, its clock standing at ``now`` (UTC), collecting console problems."""
    context = browser.new_context(viewport=size, timezone_id="UTC", locale="en-GB", reduced_motion="reduce")
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type in ("error", "warning") and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.clock.set_fixed_time(datetime.fromtimestamp(now, UTC))
    page.goto(url)
    return page
