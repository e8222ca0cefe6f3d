"""A scripted serial device for the card-reader driver: stands in for serial_for_url."""

from __future__ import annotations

import serial


class FakeSerialLink:
    """The far end of the cable. ``factory`` is passed to CardReader as serial_factory."""

    def __init__(self, clock=None) -> None:
        self.clock = clock
        self.present = True  # False: opening fails as if the device were unplugged
        self.broken = False  # True: the open port fails on read and write
        self.incoming = bytearray()  # bytes the host will read
        self.written: list[bytes] = []
        self.open_times: list[float] = []
        self.failed_open_times: list[float] = []
        self.on_write = None  # callable(bytes) -> bytes to queue as the device's answer
        self.port: FakeSerialPort | None = None

    def factory(self, port: str, baudrate: int, timeout: float) -> "FakeSerialPort":
        now = self.clock.now() if self.clock else 0.0
        if not self.present:
            self.failed_open_times.append(now)
            raise serial.SerialException(f"could not open port {port}: [Errno 2] No such file or directory")
        self.open_times.append(now)
        self.broken = False
        self.port = FakeSerialPort(self)
        return self.port

    def send(self, data: bytes) -> None:
        self.incoming += data

    def unplug(self) -> None:
        self.present = False
        self.broken = True


class FakeSerialPort:
    def __init__(self, link: FakeSerialLink) -> None:
        self.link = link
        self.closed = False

    @property
    def in_waiting(self) -> int:
        if self.link.broken:
            raise serial.SerialException("device disconnected")
        return len(self.link.incoming)

    def read(self, n: int = 1) -> bytes:
        if self.link.broken or self.closed:
            raise serial.SerialException("read failed: [Errno 5] Input/output error")
        data = bytes(self.link.incoming[:n])
        del self.link.incoming[:n]
        return data

    def write(self, data: bytes) -> int:
        if self.link.broken or self.closed:
            raise serial.SerialException("write failed: [Errno 5] Input/output error")
        self.link.written.append(bytes(data))
        if self.link.on_write is not None:
            self.link.incoming += self.link.on_write(bytes(data))
        return len(data)

    def close(self) -> None:
        self.closed = True
