"""Press each of the 17 buttons when asked: a button that never answers (missing), one that
answers for another (swapped wires) and one that bounces (chattering) are named with their
GPIO and header pin."""

from __future__ import annotations

import queue
from collections import Counter

from ..drivers.buttons import ButtonPanel
from ..drivers.pi import HEADER_PIN
from .report import FAIL, PASS, Report
from .waiting import wait_for

PART = "buttons"
CLEAN_EDGES = 2  # one press and one release; more is the switch bouncing past the debounce


def where(cfg_buttons, name: str) -> str:
    gpio = cfg_buttons.pin(name)
    pin = HEADER_PIN.get(gpio)
    return f"GPIO{gpio}, header pin {pin}" if pin else f"GPIO{gpio}"


class ButtonWalk:
    def __init__(self, cfg_buttons, clock, person, report: Report, *, pin_factory=None, timeout_s: float = 15.0):
        self.cfg = cfg_buttons
        self.clock = clock
        self.person = person
        self.report = report
        self.timeout_s = timeout_s
        self.events: queue.Queue = queue.Queue()
        self.edges: Counter[str] = Counter()
        self.panel = ButtonPanel.from_config(cfg_buttons, self.events.put, clock, pin_factory=pin_factory)
        for name, _ in cfg_buttons.pins:  # count raw edges too: the debouncer hides a bounce
            dev = self.panel.device(name)
            for attr in ("when_activated", "when_deactivated"):
                dev_cb = getattr(dev, attr)
                setattr(dev, attr, self._counting(name, dev_cb))

    def _counting(self, name, callback):
        def edge():
            self.edges[name] += 1
            callback()
        return edge

    def run(self) -> None:
        answered: dict[str, str | None] = {}
        try:
            for name, _ in self.cfg.pins:
                answered[name] = self._one(name)
        finally:
            self.panel.close()
        self._swaps(answered)

    def _one(self, name: str) -> str | None:
        self.edges.clear()
        self.person.tell(f"Press and release {name} ({where(self.cfg, name)}); Enter if nothing happens.")
        self.person.do("press", name)
        got = wait_for(self.events, lambda e: e.kind == "press", self.clock, self.person, self.timeout_s,
                       poll=self.panel.poll)
        if got is None:
            self.report.add(PART, FAIL, f"{name} ({where(self.cfg, name)}): no press seen",
                            f"check {name}'s switch and its two wires: header pin "
                            f"{HEADER_PIN.get(self.cfg.pin(name))} and a GND pin")
            return None
        wait_for(self.events, lambda e: e.kind == "release" and e.button == got.button, self.clock, self.person,
                 self.timeout_s, poll=self.panel.poll)
        self.clock.sleep(self.cfg.debounce_ms / 1000)  # edges still bouncing after the release
        self.panel.poll()
        n = self.edges[got.button]
        if n > CLEAN_EDGES:
            self.report.add(PART, FAIL, f"{got.button} ({where(self.cfg, got.button)}): chattering, "
                                        f"{n} edges for one press",
                            f"replace the switch, or raise buttons.debounce_ms (now {self.cfg.debounce_ms})")
        elif got.button == name:
            self.report.add(PART, PASS, f"{name} ({where(self.cfg, name)})")
        return got.button

    def _swaps(self, answered: dict[str, str | None]) -> None:
        done = set()
        for asked, got in answered.items():
            if got is None or got == asked or asked in done:
                continue
            if answered.get(got) == asked:
                done |= {asked, got}
                self.report.add(PART, FAIL, f"{asked} and {got} are swapped: {asked}'s switch is wired to "
                                            f"{where(self.cfg, got)}, {got}'s to {where(self.cfg, asked)}",
                                f"swap the two wires at the header, or swap buttons.pins.{asked} and "
                                f"buttons.pins.{got} in the config")
            else:
                done.add(asked)
                self.report.add(PART, FAIL, f"asked for {asked} ({where(self.cfg, asked)}) but {got} "
                                            f"({where(self.cfg, got)}) answered",
                                f"{asked}'s switch is wired to {got}'s GPIO: move its wire to header pin "
                                f"{HEADER_PIN.get(self.cfg.pin(asked))}")
