"""Finding serial ports and the reader hub among them (`reader.port = "auto"`).

Shared by the daemon (which looks again on every reconnect, so a hub plugged in later is
found), `clacks-hw doctor` and `clacks-hw enroll`: a port is the hub only if it answers HELLO.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# The Raspberry Pi Pico's USB vendor id (MicroPython reports 2E8A:0005).
PICO_VID = 0x2E8A


@dataclass(frozen=True)
class PortInfo:
    device: str
    description: str = ""
    vid: int | None = None
    pid: int | None = None
    manufacturer: str = ""

    @property
    def usb_id(self) -> str:
        return f"{self.vid:04X}:{self.pid or 0:04X}" if self.vid is not None else ""

    @property
    def looks_like_hub(self) -> bool:
        text = f"{self.description} {self.manufacturer}".lower()
        return self.vid == PICO_VID or "micropython" in text


def list_serial_ports() -> list[PortInfo]:
    """Serial ports pyserial finds (``serial.tools.list_ports``), sorted by device."""
    try:
        from serial.tools import list_ports

        found = list_ports.comports()
    except Exception:  # noqa: BLE001 - a platform pyserial cannot scan: no ports
        return []
    return sorted(
        (PortInfo(p.device, p.description or "", p.vid, p.pid, p.manufacturer or "") for p in found),
        key=lambda p: p.device,
    )


def hub_candidates(ports: list[PortInfo]) -> list[PortInfo]:
    """Ports that may be a reader hub: a Pico by USB id first, then other USB CDC (ttyACM) ports."""
    pico = [p for p in ports if p.looks_like_hub]
    acm = [p for p in ports if p not in pico and "ttyACM" in p.device]
    return pico + acm


def by_id_name(device: str, root: str | Path = "/") -> str | None:
    """The stable ``/dev/serial/by-id/...`` link pointing at ``device``, if there is one."""
    folder = Path(root) / "dev/serial/by-id"
    try:
        target = os.path.realpath(device)
        for link in sorted(folder.iterdir()):
            if os.path.realpath(link) == target:
                return "/dev/serial/by-id/" + link.name
    except OSError:
        pass
    return None


def resolve_hub_port(ports: list[PortInfo], probe: Callable[[str, float], object],
                     timeout: float = 2.0) -> tuple[str | None, str]:
    """For ``reader.port = "auto"``: the one port whose device answers HELLO.

    Returns (port, "") or (None, why not, with the fix)."""
    candidates = hub_candidates(ports)
    if not candidates:
        listing = ", ".join(p.device for p in ports) or "none"
        return None, (f"no reader hub found (no USB serial port with the Pico's id {PICO_VID:04X}; "
                      f"ports: {listing}); plug the hub in with a data cable, or give --port PATH")
    answering = [p.device for p in candidates if getattr(probe(p.device, timeout), "ok", False)]
    if len(answering) == 1:
        return answering[0], ""
    if not answering:
        return None, (f"no hub answered on {', '.join(p.device for p in candidates)}; "
                      "check the firmware is flashed (firmware/README.md), or give --port PATH")
    return None, f"several reader hubs answer ({', '.join(answering)}); choose one with --port PATH"


def find_hub(probe: Callable[[str, float], object], timeout: float = 2.0) -> tuple[str | None, str]:
    """The hub's port, preferring its stable /dev/serial/by-id/ name; or (None, why not)."""
    device, why = resolve_hub_port(list_serial_ports(), probe, timeout)
    if device is None:
        return None, why
    return by_id_name(device) or device, ""
