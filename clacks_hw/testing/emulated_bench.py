"""A built board on the bench, emulated, with a person who answers the self-test's prompts
from what the emulated hardware really does; and the wiring faults a builder makes.

    bench = EmulatedBench(config, swapped=("R1", "R2"), lamp_order="serpentine")
    report = run_selftest(config, bench.hardware, bench.person, timeout_s=2)

The board: buttons on gpiozero's MockFactory wired through :attr:`EmulatedBench.wiring`
(a switch may sit on another button's GPIO, be missing, or bounce); an LED chain that receives
the bytes the configured pixel map produces and shows them as it is really wired (another lamp
order, group order or colour order, or fed from its far end); and the reader hub's real
firmware on emulated chips, one per seat as really placed, any of them dead. Time is a fake
clock that runs the hub and the scheduled hand movements as the self-test waits on it.
"""

from __future__ import annotations

import threading
import time
from collections import Counter

from gpiozero.pins.mock import MockFactory

from clacks_hw.drivers.frame import PIXELS, Frame
from clacks_hw.drivers.pixel_map import PixelMap
from clacks_hw.selftest.leds import COLOUR_WORDS, describe
from clacks_hw.selftest.run import Hardware

from .cards import uid_of
from .firmware_files import firmware_config, load_firmware
from .lockstep import HubTicks, ScriptClock, SerialLoopback
from .machine import Buffer125, FakeBoard
from .mfrc522_chip import FakeMFRC522

HOLD_S = 0.12  # how long a person holds a button down
BOUNCE_EDGES = 6  # a chattering switch's extra edges on press and on release
SETTLE_S = 5.0


class BenchClock(ScriptClock):
    """The fake clock the self-test waits on: sleeping moves time on and runs the world (the
    hub's poll rounds, the person's scheduled hand movements). Other threads (the card reader's)
    only wait a little real time: the self-test's thread drives."""

    def __init__(self, bench) -> None:
        super().__init__()
        self.bench = bench
        self.driver = threading.current_thread()
        self.actions: list[tuple[float, int, object]] = []
        self._n = 0

    def at(self, t: float, action) -> None:
        self._n += 1
        self.actions.append((t, self._n, action))
        self.actions.sort(key=lambda a: (a[0], a[1]))

    def sleep(self, seconds: float) -> None:
        if threading.current_thread() is not self.driver:
            time.sleep(min(max(seconds, 0.0), 0.002))
            return
        target = self.t + max(seconds, 0.0)
        while True:
            due = [a for a in self.actions if a[0] <= self.t]
            for a in due:
                self.actions.remove(a)
                a[2]()
            self.bench.step_world()
            times = [target] + [a[0] for a in self.actions] + [self.bench.next_hub_time()]
            nxt = min(t for t in times if t is not None)
            if self.t >= target:
                return
            self.set(max(min(nxt, target), self.t + 0.0005) if nxt > self.t else self.t + 0.0005)


class WiredStrip:
    """An LED backend for the configured map whose LEDs are really wired as ``real`` (or fed
    from the far end); :meth:`seen` is the board as a person sees it (dead LEDs dark)."""

    def __init__(self, configured: PixelMap, real: PixelMap, reversed_: bool = False, dead=()) -> None:
        self.configured, self.real, self.reversed = configured, real, reversed_
        self.dead = set(dead)
        self.wire = b""

    def show(self, frame: Frame) -> None:
        # Brightness and gamma off: the person judges colours, not levels.
        self.wire = PixelMap(lamp_order=self.configured.lamp_order, chain=self.configured.chain,
                             button_order=self.configured.button_order, seat_order=self.configured.seat_order,
                             colour_order=self.configured.colour_order,
                             lead_pixels=self.configured.lead_pixels).to_bytes(frame)

    def close(self) -> None:
        pass

    def seen(self) -> dict[int, tuple[int, int, int]]:
        lit = {}
        n = len(self.wire) // 3
        for pos in range(n):
            where = self.real.logical_at(n - 1 - pos if self.reversed else pos)
            if where is None or where in self.dead:
                continue
            wire = self.wire[3 * pos:3 * pos + 3]
            rgb = [0, 0, 0]
            for k, c in enumerate(self.real.colour_order):
                rgb["RGB".index(c)] = wire[k]
            if any(rgb):
                lit[where] = tuple(rgb)
        return lit


class EmulatedPerson:
    """Does what the self-test says, with the board's own (possibly miswired) parts, and
    answers what it sees in the words a person would type."""

    def __init__(self, bench) -> None:
        self.bench = bench
        self.heard: list[str] = []

    def tell(self, text: str) -> None:
        self.heard.append(text)

    def ask(self, question: str) -> str:
        self.heard.append(question)
        lit = self.bench.strip.seen()
        if "whole board" in question:
            colours = Counter(_colour_word(rgb) for rgb in lit.values())
            return colours.most_common(1)[0][0] if colours else "none"
        if not lit:
            return "none"
        where, rgb = sorted(lit.items())[0]
        return f"{describe(where).split(' (')[0]} {_colour_word(rgb)}"

    def do(self, action: str, target: str) -> None:
        b = self.bench
        now = b.clock.now()
        if action == "press":
            b.press_switch(target, now)
        elif action == "tap":
            b.place_at_seat(target)
        elif action == "lift":
            b.lift_at_seat(target)

    def gave_up(self) -> bool:
        return False


def _colour_word(rgb) -> str:
    best = min(COLOUR_WORDS, key=lambda w: sum((a - b) ** 2 for a, b in zip(COLOUR_WORDS[w], rgb)))
    return best


class EmulatedBench:
    def __init__(self, config, *, swapped: tuple[str, str] | None = None, missing=(), chatter=(),
                 lamp_order: str | None = None, chain: tuple | None = None, colour_order: str | None = None,
                 reversed_chain: bool = False, dead_leds=(), dead_readers=(), reader_seats=None,
                 unbuffered_clones: bool = False) -> None:
        self.config = config
        self.clock = BenchClock(self)
        self.factory = MockFactory()
        self.wiring = {name: gpio for name, gpio in config.buttons.pins}  # switch -> GPIO it is wired to
        if swapped:
            a, b = swapped
            self.wiring[a], self.wiring[b] = self.wiring[b], self.wiring[a]
        self.missing, self.chatter = set(missing), set(chatter)
        configured = PixelMap.from_config(config.leds)
        real = PixelMap(lamp_order=lamp_order or configured.lamp_order, chain=chain or configured.chain,
                        button_order=configured.button_order, seat_order=configured.seat_order,
                        colour_order=colour_order or configured.colour_order, lead_pixels=configured.lead_pixels)
        self.strip = WiredStrip(configured, real, reversed_chain, dead_leds)
        self.person = EmulatedPerson(self)
        self.hub = self.link = None
        seats = list(config.reader.seats) or [""]
        # The seat each chip really sits at (reader k is chip k on the hub).
        self.chip_seats = list(reader_seats) if reader_seats is not None else seats
        if config.reader.type == "hub":
            self._build_hub(len(seats), dead_readers, unbuffered_clones)

    def _build_hub(self, readers: int, dead, unbuffered_clones: bool) -> None:
        # The board's readers: MISO through its buffers; unbuffered_clones: clone boards
        # that hold MISO low while deselected, wired together without it.
        fw = load_firmware()
        cfg = firmware_config(READERS=readers, POLL_MS=10, HB_MS=1000)
        board = FakeBoard()
        buffer = None if unbuffered_clones else Buffer125()
        if buffer is not None:
            board.fit(buffer, cfg.CS_PINS)
        self.chips = [FakeMFRC522(holds_miso=unbuffered_clones) for _ in range(readers)]
        for cs, chip in zip(cfg.CS_PINS, self.chips):
            board.attach(cs, chip, buffer)
        for k in dead:
            self.chips[k].kill()
        self.ticks = HubTicks(self.clock)
        board.set_clock(self.ticks)
        self.link = SerialLoopback()
        self.hub = fw.main.build(cfg, board, self.ticks, self.link)
        self.hub.start()

    @property
    def hardware(self) -> Hardware:
        return Hardware(clock=self.clock, led_backend=self.strip, pin_factory=self.factory,
                        serial_factory=self.link.factory if self.link else None)

    # -- the world, as time passes --
    def next_hub_time(self) -> float | None:
        return self.ticks.due if self.hub is not None else None

    def step_world(self) -> None:
        if self.hub is None:
            return
        if self.clock.now() >= self.ticks.due:
            self.ticks.catch_up()
            self.hub.step()
        deadline = time.monotonic() + SETTLE_S
        while not self.link.reader_idle() and time.monotonic() < deadline:
            time.sleep(0.0002)

    # -- hands --
    def press_switch(self, name: str, now: float) -> None:
        if name in self.missing:
            return
        pin = self.factory.pin(self.wiring[name])
        edges = BOUNCE_EDGES if name in self.chatter else 0
        t = now
        for k in range(edges):  # bouncing contacts settle low
            self.clock.at(t, pin.drive_low if k % 2 == 0 else pin.drive_high)
            t += 0.001
        self.clock.at(t, pin.drive_low)
        t += HOLD_S
        for k in range(edges):
            self.clock.at(t, pin.drive_high if k % 2 == 0 else pin.drive_low)
            t += 0.001
        self.clock.at(t, pin.drive_high)

    def _chip_at(self, seat: str):
        if seat not in self.chip_seats:
            return None
        return self.chips[self.chip_seats.index(seat)]

    def place_at_seat(self, seat: str) -> None:
        chip = self._chip_at(seat)
        if chip is not None:
            chip.place(bytes.fromhex(uid_of("J05")))

    def lift_at_seat(self, seat: str) -> None:
        chip = self._chip_at(seat)
        if chip is not None:
            chip.remove()

    def close(self) -> None:
        self.clock.close()


__all__ = ["EmulatedBench", "EmulatedPerson", "WiredStrip", "PIXELS"]
