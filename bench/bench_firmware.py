"""Reader-hub latency and line-rate budget, from the emulation plus documented timings.

Counts, from the real firmware running on fake MFRC522 chips, how many poll rounds pass
between a card entering the field and its TAG line, and how many SPI transactions and
bytes a poll costs; turns those into milliseconds on real hardware with the timings below;
and measures the emulated hub -> pty -> host driver path on this machine.

Timings used (documented, not measured here):
- ISO/IEC 14443-2/-3, 106 kbit/s: one bit = 128/fc = 9.44 us; a byte on air with its parity
  bit = 9 bits; frame delay PCD->PICC (FDT) = 1172/fc = 86.4 us; a PICC must accept
  commands within 5 ms of entering the field (activation time).
- NXP MFRC522 datasheet: SPI up to 10 Mbit/s (we run config.SPI_BAUD = 4 MHz); the timer
  as configured by firmware/mfrc522.py (prescaler 0xA9, reload 120) gives up after 3 ms
  when no card answers.
- USB full speed CDC: the host polls the bulk endpoint every 1 ms frame.
- Assumption (not from a datasheet): MicroPython on a 125 MHz RP2040 spends ~30 us of
  interpreter time per register access (a Python call, CS toggles, an SPI call).
"""

from __future__ import annotations

import os
import queue
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from clacks_hw.drivers.card_reader import CardReader  # noqa: E402
from clacks_hw.drivers.reader_events import TAG  # noqa: E402
from clacks_hw.testing.emulated_hub import EmulatedHub, firmware_config  # noqa: E402
from tests.fakes.reader_hub_rig import HubRig  # noqa: E402
from report import Row, record  # noqa: E402

FC = 13.56e6
BIT_US = 128 / FC * 1e6
FDT_US = 1172 / FC * 1e6
ACTIVATION_MS = 5.0
TIMER_TIMEOUT_MS = 120 * (2 * 0xA9 + 1) / FC * 1e3
USB_MS = 1.0
PY_PER_ACCESS_US = 30.0
NTAG = bytes.fromhex("04A2B3C4D5E680")

# Bytes on air per exchange of a 7-byte-UID read (command, answer): WUPA, 2x anticollision,
# 2x SELECT, HLTA. WUPA is 7 bits; counted as one byte.
AIR_EXCHANGES = [(1, 2), (2, 5), (9, 3), (2, 5), (9, 3), (4, 0)]


def air_ms(exchanges) -> float:
    us = sum((tx + rx) * 9 * BIT_US + FDT_US for tx, rx in exchanges)
    return us / 1000


def spi_cost(rig: HubRig, steps: int) -> tuple[float, float]:
    """SPI transactions and bytes per poll of one reader, measured on the fake bus."""
    sel0, bytes0 = rig.board.selects, sum(spi.bytes for spi in _spis(rig))
    rig.steps(steps)
    sel = (rig.board.selects - sel0) / steps / len(rig.chips)
    nbytes = (sum(spi.bytes for spi in _spis(rig)) - bytes0) / steps / len(rig.chips)
    return sel, nbytes


def _spis(rig):
    return {slot.chip.spi for slot in rig.hub.slots}


def polls_to_tag() -> list[int]:
    results = []
    for phase in range(10):
        rig = HubRig(readers=4)
        rig.start()
        rig.steps(phase)
        rig.chips[phase % 4].place(NTAG)
        for n in range(1, 20):
            if any(line[0] == "TAG" for line in rig.steps(1)):
                results.append(n)
                break
    return results


def reader_ms(transactions: float, nbytes: float, baud: int) -> float:
    return (transactions * PY_PER_ACCESS_US + nbytes * 8 / baud * 1e6) / 1000


def emulated_end_to_end(taps: int = 20) -> list[float]:
    times = []
    with EmulatedHub(readers=1, poll_ms=firmware_config().POLL_MS) as hub:
        events: queue.Queue = queue.Queue()
        reader = CardReader(hub.path, events).start()
        try:
            events.get(timeout=5)  # online
            for _ in range(taps):
                t0 = time.monotonic()
                hub.place_card(0, NTAG)
                while events.get(timeout=5).kind != TAG:
                    pass
                times.append((time.monotonic() - t0) * 1000)
                hub.remove_card(0)
                while events.get(timeout=5).kind != "gone":
                    pass
        finally:
            reader.stop()
    return times


def main() -> None:
    cfg = firmware_config()
    polls = polls_to_tag()

    empty = HubRig(readers=1)
    empty.start()
    empty_tx, empty_bytes = spi_cost(empty, 50)
    busy = HubRig(readers=1, check_every=10**9)
    busy.chips[0].place(NTAG)
    busy.start()
    busy_tx, busy_bytes = spi_cost(busy, 50)

    empty_ms = reader_ms(empty_tx, empty_bytes, cfg.SPI_BAUD) + TIMER_TIMEOUT_MS + air_ms(AIR_EXCHANGES[:1])
    read_ms = reader_ms(busy_tx, busy_bytes, cfg.SPI_BAUD) + air_ms(AIR_EXCHANGES) + TIMER_TIMEOUT_MS  # HLTA: no answer
    print("reader hub firmware (emulated: real firmware loop, fake MFRC522 chips)")
    print(f"  polls from card in field to TAG line: {min(polls)}..{max(polls)} (10 arrival phases, 4 readers)")
    print(f"  per reader per poll: empty {empty_tx:.0f} SPI transactions / {empty_bytes:.0f} bytes, "
          f"7-byte UID read {busy_tx:.0f} / {busy_bytes:.0f}")
    print(f"  real-hardware estimate: empty reader {empty_ms:.1f} ms, UID read {read_ms:.1f} ms "
          f"(SPI {cfg.SPI_BAUD / 1e6:g} MHz, ~{PY_PER_ACCESS_US:.0f} us MicroPython per access)")
    v = {"polls": [min(polls), max(polls)], "py_us": PY_PER_ACCESS_US, "spi_mhz": cfg.SPI_BAUD / 1e6, "readers": {}}
    for readers in (1, 4):
        round_ms = cfg.POLL_MS + readers * empty_ms
        worst = round_ms + max(0.0, ACTIVATION_MS - round_ms) + read_ms + USB_MS
        typical = round_ms / 2 + max(0.0, ACTIVATION_MS - round_ms / 2) + read_ms + USB_MS
        verdict = "meets" if worst <= 50 else "MISSES"
        print(f"  {readers} reader(s): poll round {round_ms:.1f} ms; tap to host typical {typical:.1f} ms, "
              f"worst {worst:.1f} ms ({verdict} the 50 ms target)")
        v["readers"][str(readers)] = {"typical_ms": typical, "worst_ms": worst}
    tag_line = len(b"65535 TAG 3 04A2B3C4D5E680*00\n")
    hb_line = len(b"65535 HB 86400 8640000 1000 0 0*00\n")
    peak_changes = 4 * 1000 / (cfg.POLL_MS * (cfg.GONE_AFTER + 1))  # TAG+GONE per reader
    peak = peak_changes * (tag_line + len(b"65535 GONE 3*00\n"))
    print(f"  line rate: idle {hb_line * 1000 / cfg.HB_MS:.0f} B/s (HB only); play (4 taps/s) "
          f"{hb_line + 4 * tag_line:.0f} B/s; absolute peak {peak:.0f} B/s "
          f"(every reader swapping cards as fast as GONE_AFTER allows); USB CDC carries > 100 kB/s")
    times = emulated_end_to_end()
    print(f"  emulation on this machine, place card -> host TAG event (POLL_MS={cfg.POLL_MS}): "
          f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms over {len(times)} taps")
    v.update(idle_bps=hb_line * 1000 / cfg.HB_MS, play_bps=hb_line + 4 * tag_line, peak_bps=peak,
             emulated_ms=[statistics.median(times), max(times)], taps=len(times))
    record(__file__, rows, v)


def rows(v: dict) -> list[Row]:
    polls = "{} poll".format(v["polls"][0]) if v["polls"][0] == v["polls"][1] else "{}-{} polls".format(*v["polls"])
    hw = "; ".join(f"{n} reader{'s' * (n != '1')} {r['typical_ms']:.1f} ms typical, {r['worst_ms']:.1f} ms worst"
                   for n, r in v["readers"].items())
    return [Row("board", "tag-line", "card entering the field to TAG line (emulated firmware)",
                f"{polls} (measured); real hardware, estimate from an assumed {v['py_us']:.0f} us of MicroPython per "
                f"register access at SPI {v['spi_mhz']:g} MHz, with the firmware's deadline waits: {hw}; the "
                f"emulation on this machine, place card to host TAG event: median {v['emulated_ms'][0]:.1f} ms, "
                f"max {v['emulated_ms'][1]:.1f} ms over {v['taps']} taps", "<= 50 ms"),
            Row("board", "line-rate", "hub line rate (computed from the firmware's lines)",
                f"{v['idle_bps']:.0f} B/s idle, {v['play_bps']:.0f} B/s at 4 taps/s, {v['peak_bps']:.0f} B/s at the "
                "absolute peak (every reader swapping cards as fast as GONE_AFTER allows)", "")]


if __name__ == "__main__":
    main()
