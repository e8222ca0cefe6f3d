"""The emulated board the play page drives: buttons, card readers and the LEDs it draws.

Buttons are fingers on gpiozero's MockFactory pins (testing/buttons.py), held down a little
longer than the debounce time, so the daemon's own ButtonPanel decides each press. Cards are
tapped on the emulated reader hub (testing/emulated_hub.py: the real firmware on emulated
MFRC522 chips, reached by the daemon's own CardReader over a real pseudo-terminal), one chip per
seat, each card with its made-up tag uid (testing/cards.py). The LEDs are frames.py's sink.
"""

from __future__ import annotations

import threading
import time

from gpiozero.pins.mock import MockFactory

from ..game.core.table import SEATS
from ..testing.buttons import MockButtons
from ..testing.cards import uid_of
from ..testing.emulated_hub import EmulatedHub

READER_SEATS = tuple(SEATS)  # reader k sits at seat SEATS[k]: each seat taps on its own reader
# The hub's pause between poll rounds. Four readers take about 30 ms a round on the real hub
# (docs/hil.md), which pauses 10 ms: a round every 40 ms. The emulated chips answer at once, so
# a 20 ms pause still polls faster than the real hub while costing a quarter of the CPU of 5 ms
# (measured: an idle `clacks-hw play` used 37% of a core at 5 ms, 14% at 20 ms), CPU the page
# and the daemon want, most of all while they start (bench/bench_play.py).
POLL_MS = 20


class EmulatedParts:
    """The buttons, readers and LEDs of one emulated board; :meth:`close` unplugs them."""

    def __init__(self, buttons_config, link_dir: str, debounce_ms: int) -> None:
        self.factory = MockFactory()
        self.fingers = MockButtons(buttons_config, self.factory)
        self.hold_s = max(0.05, 3 * debounce_ms / 1000)  # long enough for the debouncer to believe it
        self.hub = EmulatedHub(readers=len(READER_SEATS), link_dir=link_dir, poll_ms=POLL_MS)
        self._lock = threading.Lock()  # one finger at a time on the pins
        self._tap_lock = threading.Lock()  # one card at a time on the readers

    def start(self) -> EmulatedParts:
        self.hub.start()
        return self

    @property
    def reader_port(self) -> str:
        return str(self.hub.path)

    def press(self, names: tuple[str, ...], seconds: float | None = None) -> None:
        """Press ``names`` together, hold them ``seconds`` (default: a short press), let go.
        Blocks for the hold: call it off the page server's loop."""
        with self._lock:
            for name in names:
                self.fingers.press(name)
            time.sleep(self.hold_s if seconds is None else seconds)
            for name in names:
                self.fingers.release(name)
            time.sleep(self.hold_s)  # released long enough to count before the next press

    def tap(self, seat: str, card: str, timeout: float = 5.0) -> bool:
        """Lay ``card`` on ``seat``'s reader until the hub reports it, then lift it and wait
        until the hub has seen it go (a card laid again at once would not count as a new tap,
        as on the real reader): True, or False when the hub did not see it in time (a loaded
        machine can take a while; a real reader sees a card within a few polls)."""
        reader = READER_SEATS.index(seat)
        with self._tap_lock:
            before = len(self._sent())
            if not self.hub.tap_card(reader, bytes.fromhex(uid_of(card)), timeout):
                return False
            gone = f" GONE {reader}".encode("ascii")
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if any(gone in line for _, line in self._sent()[before:]):
                    return True
                time.sleep(0.005)
            return True  # seen already; only a quick second tap of it could be missed

    def _sent(self) -> list:
        """What the hub has sent the daemon so far: (time, line) pairs."""
        return self.hub.port.sent if self.hub.port is not None else []

    def close(self) -> None:
        self.hub.stop()
        self.factory.close()
