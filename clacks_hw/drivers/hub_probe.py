"""Is there a reader hub on this port? Send INFO, wait for HELLO (`clacks-hw doctor`, `enroll`,
and the daemon's ``reader.port = "auto"``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import serial

from ..base.clock import SystemClock
from .card_reader import HUB_BAUD, open_serial
from .hub_protocol import LineParser, chip_name, encode_line

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ProbeResult:
    ok: bool
    hello: dict[str, Any] | None
    message: str


def probe_hub(port: str, timeout: float = 2.0, *, clock=None, serial_factory=open_serial) -> ProbeResult:
    """Open ``port``, send INFO and wait at most ``timeout`` seconds for a HELLO (for doctor)."""
    clock = clock or SystemClock()
    try:
        ser = serial_factory(port, HUB_BAUD, 0.05)
    except (serial.SerialException, OSError, ValueError) as exc:
        return ProbeResult(False, None, f"cannot open {port}: {exc}")
    parser = LineParser()
    try:
        ser.write(encode_line(0, "INFO"))
        deadline = clock.now() + timeout
        while clock.now() < deadline:
            data = ser.read(ser.in_waiting or 1)
            if not data:
                clock.sleep(0.01)
            for msg in parser.feed(data):
                if msg.type == "HELLO":
                    f = msg.fields
                    chips = ", ".join(f"{k}: {chip_name(v)}" for k, v in enumerate(f["chips"]))
                    return ProbeResult(True, dict(f), f"reader hub {f['board']}: firmware {f['firmware']}, "
                                                      f"protocol {f['proto']}, {f['readers']} reader(s)"
                                                      + (f" ({chips})" if chips else ""))
            if parser.version_error:
                return ProbeResult(False, None, parser.version_error)
        bad = sum(v for k, v in parser.counts.items() if k not in ("ok", "ignored"))
        return ProbeResult(False, None, f"no HELLO from {port} within {timeout:g} s ({bad} bad line(s)): "
                                        "not a reader hub, or its firmware is not running")
    except (serial.SerialException, OSError) as exc:
        return ProbeResult(False, None, f"lost {port} while probing: {exc}")
    finally:
        try:
            ser.close()
        except Exception as exc:  # probing only: a close failure changes nothing
            log.debug("probe_hub: closing %s: %s", port, exc)
