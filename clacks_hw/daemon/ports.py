"""Finding the reader hub when ``reader.port = "auto"``: a Raspberry Pi Pico (USB vendor 2E8A)
or a MicroPython board, preferring its stable /dev/serial/by-id/ name."""

from __future__ import annotations

from pathlib import Path

from ..drivers.card_reader import open_serial

PICO_VID = 0x2E8A


def find_hub_port() -> str | None:
    try:
        from serial.tools import list_ports
    except ImportError:  # pragma: no cover
        return None
    for p in sorted(list_ports.comports(), key=lambda p: p.device):
        text = f"{p.description or ''} {p.manufacturer or ''}".lower()
        if p.vid == PICO_VID or "micropython" in text:
            by_id = Path("/dev/serial/by-id")
            if by_id.is_dir():
                for link in sorted(by_id.iterdir()):
                    if link.resolve() == Path(p.device).resolve():
                        return str(link)
            return p.device
    return None


def open_auto(port: str, baudrate: int, timeout: float):
    """A serial_factory for CardReader: resolves "auto" on every attempt (a hub plugged in
    later is found)."""
    if port == "auto":
        found = find_hub_port()
        if found is None:
            raise OSError("no reader hub found on USB (is it plugged in?)")
        port = found
    return open_serial(port, baudrate, timeout)
