"""A card tapped at each reader when asked: a reader that never sees it (dead) and readers
that answer for another seat (reader.seats in the wrong order) are named, with the fix."""

from __future__ import annotations

import queue

from ..drivers.card_reader import CardReader
from ..drivers.hub_protocol import MISO_HELD_FIX, fault_words, miso_held
from .report import FAIL, PASS, SKIP, Report
from .waiting import wait_for

PART = "readers"


class ReaderWalk:
    def __init__(self, cfg_reader, clock, person, report: Report, *, serial_factory, timeout_s: float = 15.0):
        self.cfg = cfg_reader
        self.clock = clock
        self.person = person
        self.report = report
        self.timeout_s = timeout_s
        self.events: queue.Queue = queue.Queue()
        options = {"timeout": cfg_reader.gone_after_ms / 1000} if cfg_reader.type == "rdm6300" else {}
        self.reader = CardReader(cfg_reader.port, self.events, protocol=cfg_reader.type, clock=clock,
                                 baudrate=cfg_reader.baud, serial_factory=serial_factory, **options)

    def run(self) -> None:
        self.reader.start()
        try:
            if wait_for(self.events, lambda e: e.kind == "online", self.clock, self.person, self.timeout_s) is None:
                self.report.add(PART, FAIL, f"the card reader on {self.cfg.port} did not come online",
                                "run clacks-hw doctor: it probes the port and names the problem")
                return
            info = getattr(self.reader.session, "info", None)
            if info and miso_held(info):  # the taps below fail for it: say the cause first
                self.report.add(PART, FAIL, f"the reader hub: {fault_words('misoheld')}", MISO_HELD_FIX)
            seats = list(self.cfg.seats) or [None]
            answered = {k: self._one(k, seat) for k, seat in enumerate(seats)}
        finally:
            self.reader.stop()
        self._seat_order(answered, seats)

    def _one(self, k: int, seat: str | None) -> int | None:
        place = f"seat {seat}'s reader (reader {k})" if seat else "the card reader"
        self.person.tell(f"Tap any card on {place}, hold it there until told; Enter if nothing happens.")
        self.person.do("tap", seat or "")
        tag = wait_for(self.events, lambda e: e.kind == "tag", self.clock, self.person, self.timeout_s)
        self.person.do("lift", seat or "")
        if tag is None:
            self.report.add(PART, FAIL, f"{place}: no card seen",
                            "check that reader's wiring (its chip-select pin and 3V3); clacks-hw doctor and "
                            "the hub's INFO name a reader that does not answer")
            return None
        wait_for(self.events, lambda e: e.kind == "gone", self.clock, self.person, 3.0)
        if tag.reader == k:
            self.report.add(PART, PASS, f"{place}: read {tag.uid}")
        return tag.reader

    def _seat_order(self, answered: dict, seats: list) -> None:
        wrong = {k: r for k, r in answered.items() if r is not None and r != k}
        if not wrong:
            return
        # Reader r answered when seat seats[k] was asked: reader r sits at that seat.
        real = list(seats)
        for k, r in answered.items():
            if r is not None and r < len(real):
                real[r] = seats[k]
        fix = ("set reader.seats = [" + ", ".join(f'"{s}"' for s in real) + "] in the config"
               if sorted(real) == sorted(seats) else "check which reader sits at which seat")
        for k, r in wrong.items():
            self.report.add(PART, FAIL, f"asked at seat {seats[k]}'s reader (reader {k}), but reader {r} "
                                        f"read the card", fix)


def skip(report: Report) -> None:
    report.add(PART, SKIP, 'no card reader configured (reader.type = "none")')
