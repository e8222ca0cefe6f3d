"""Opening the reader's serial port for the daemon; ``reader.port = "auto"`` finds the hub
again on every attempt, so a hub plugged in after start-up is found."""

from __future__ import annotations

from ..drivers.card_reader import open_serial
from ..drivers.hub_probe import probe_hub
from ..drivers.hub_ports import find_hub


def open_auto(port: str, baudrate: int, timeout: float):
    """A serial_factory for CardReader."""
    if port == "auto":
        found, why = find_hub(probe_hub)
        if found is None:
            raise OSError(why)
        port = found
    return open_serial(port, baudrate, timeout)
