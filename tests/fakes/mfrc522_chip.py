"""A fake MFRC522 and ISO 14443-A cards, modelled at the register level.

The chip answers SPI bytes as the datasheet describes (address byte, read/write bursts),
keeps a 64-byte FIFO, interrupt and error registers, and runs Transceive when StartSend is
set, handing the frame to the card in its field. Faults the firmware must survive:
a card pulled away mid-read, a card flickering at the edge of the field, a chip that stops
answering (MISO reads 0x00, no interrupts) and a chip that browns out (registers reset).
"""

from __future__ import annotations

import threading

COMMAND, COM_IRQ, ERROR, FIFO_DATA, FIFO_LEVEL, CONTROL, BIT_FRAMING = 0x01, 0x04, 0x06, 0x09, 0x0A, 0x0C, 0x0D
TX_CONTROL, T_MODE, T_RELOAD_H, T_RELOAD_L, VERSION = 0x14, 0x2A, 0x2C, 0x2D, 0x37
TRANSCEIVE, SOFT_RESET = 0x0C, 0x0F

# Reset values (datasheet section 9.3) of the registers the firmware reads back.
_RESET_VALUES = {COMMAND: 0x20, 0x02: 0x80, COM_IRQ: 0x14, CONTROL: 0x10, TX_CONTROL: 0x80, 0x11: 0x3F}


def crc_a(data: bytes) -> bytes:
    crc = 0x6363
    for b in data:
        b ^= crc & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return bytes((crc & 0xFF, crc >> 8))


class FakeCard:
    """An ISO 14443-3 type A card: IDLE -> READY -> (cascade levels) -> ACTIVE -> HALT."""

    def __init__(self, uid: bytes, final_sak: int | None = None) -> None:
        if len(uid) not in (4, 7, 10):
            raise ValueError("UID must be 4, 7 or 10 bytes")
        self.uid = bytes(uid)
        self.final_sak = final_sak if final_sak is not None else (0x08 if len(uid) == 4 else 0x00)
        self.state = "IDLE"
        self.level = 0
        if len(uid) == 4:
            self.parts = [self.uid]
        elif len(uid) == 7:
            self.parts = [b"\x88" + self.uid[:3], self.uid[3:]]
        else:
            self.parts = [b"\x88" + self.uid[:3], b"\x88" + self.uid[3:6], self.uid[6:]]

    def _part(self, i: int) -> bytes:
        p = self.parts[i]
        return p + bytes((p[0] ^ p[1] ^ p[2] ^ p[3],))

    def respond(self, frame: bytes, last_bits: int) -> bytes | None:
        if last_bits == 7 and len(frame) == 1 and frame[0] in (0x26, 0x52):
            if self.state == "IDLE" or (frame[0] == 0x52 and self.state == "HALT"):
                self.state, self.level = "READY", 0
                return bytes(((len(self.parts) - 1) << 6 | 0x04, 0x00))
            return None
        sels = (0x93, 0x95, 0x97)
        if self.state == "READY" and len(frame) == 2 and frame == bytes((sels[self.level], 0x20)):
            return self._part(self.level)
        if (self.state == "READY" and len(frame) == 9 and frame[0] == sels[self.level]
                and frame[1] == 0x70 and frame[2:7] == self._part(self.level)
                and crc_a(frame[:7]) == frame[7:]):
            last = self.level == len(self.parts) - 1
            sak = self.final_sak if last else 0x04
            if last:
                self.state = "ACTIVE"
            else:
                self.level += 1
            return bytes((sak,)) + crc_a(bytes((sak,)))
        if self.state == "ACTIVE" and frame == b"\x50\x00" + crc_a(b"\x50\x00"):
            self.state = "HALT"
            return None
        # Anything unexpected sends a card back to IDLE (or HALT) without an answer.
        self.state = "HALT" if self.state == "HALT" else "IDLE"
        return None


class FakeMFRC522:
    def __init__(self, version: int = 0x92) -> None:
        self.version = version
        self.regs = bytearray(64)
        self.fifo = bytearray()
        self.alive = True
        self.card: FakeCard | None = None
        self.frames = 0  # frames the firmware sent to cards (Transceive runs)
        self._lock = threading.RLock()
        self._bounce: list[bool] = []
        self._pull_after: int | None = None
        self._in_field = True
        self._addr: int | None = None
        self._write = False
        self._pending = 0
        self._reset()

    # --- test controls ---
    def place(self, uid: bytes | FakeCard) -> None:
        with self._lock:
            self.card = uid if isinstance(uid, FakeCard) else FakeCard(bytes(uid))

    def remove(self) -> None:
        with self._lock:
            self.card = None
            self._bounce = []
            self._pull_after = None

    def bounce(self, pattern) -> None:
        """Per wake-up (WUPA/REQA) from now on: True = card in the field, False = just out."""
        with self._lock:
            self._bounce = list(pattern)

    def pull_away_after(self, frames: int) -> None:
        """The card answers ``frames`` more frames, tears the next answer and is gone."""
        with self._lock:
            self._pull_after = frames

    def kill(self) -> None:
        """The chip stops answering: MISO reads 0x00, writes are lost."""
        self.alive = False

    def revive(self) -> None:
        """Power comes back: the chip answers again, with its registers at reset values."""
        with self._lock:
            self.alive = True
            self._reset()

    def brown_out(self) -> None:
        """The chip resets itself (a known MFRC522 failure): settings lost, antenna off."""
        with self._lock:
            self._reset()

    # --- SPI side (driven by tests.fakes.machine) ---
    def select(self) -> None:
        self._addr = None
        self._pending = 0

    def deselect(self) -> None:
        self._addr = None

    def exchange(self, byte: int) -> int:
        if not self.alive:
            return 0x00
        with self._lock:
            out, self._pending = self._pending, 0
            if self._addr is None:  # first byte of a transaction: the address byte
                self._addr = (byte >> 1) & 0x3F
                self._write = not byte & 0x80
                if not self._write:
                    self._pending = self._read(self._addr)
                return out
            if self._write:  # a write burst: every byte to the same register
                self._write_reg(self._addr, byte)
                return 0
            if byte & 0x80:  # a read burst: each byte names the next register; 0x00 ends it
                self._addr = (byte >> 1) & 0x3F
                self._pending = self._read(self._addr)
            return out

    # --- registers ---
    def _reset(self) -> None:
        self.regs = bytearray(64)
        for reg, value in _RESET_VALUES.items():
            self.regs[reg] = value
        self.regs[VERSION] = self.version
        self.fifo = bytearray()

    def _read(self, reg: int) -> int:
        if reg == FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == FIFO_LEVEL:
            return len(self.fifo)
        return self.regs[reg]

    def _write_reg(self, reg: int, value: int) -> None:
        if reg == COMMAND:
            if value & 0x0F == SOFT_RESET:
                self._reset()
                return
            self.regs[COMMAND] = value & 0x3F
        elif reg == COM_IRQ:
            if value & 0x80:
                self.regs[COM_IRQ] |= value & 0x7F
            else:
                self.regs[COM_IRQ] &= ~value & 0xFF
        elif reg == FIFO_DATA:
            if len(self.fifo) >= 64:
                self.regs[ERROR] |= 0x10  # BufferOvfl
            else:
                self.fifo.append(value)
        elif reg == FIFO_LEVEL:
            if value & 0x80:
                self.fifo.clear()
                self.regs[ERROR] &= ~0x10 & 0xFF
        elif reg == VERSION:
            pass  # read-only
        else:
            self.regs[reg] = value
            if reg == BIT_FRAMING and value & 0x80 and self.regs[COMMAND] & 0x0F == TRANSCEIVE:
                self._transceive()

    def _transceive(self) -> None:
        self.frames += 1
        frame, last_bits = bytes(self.fifo), self.regs[BIT_FRAMING] & 0x07
        self.fifo.clear()
        self.regs[ERROR] = 0
        answer = self._card_answer(frame, last_bits)
        if answer is None:
            timer_on = self.regs[T_MODE] & 0x80 and (self.regs[T_RELOAD_H] or self.regs[T_RELOAD_L])
            if timer_on:
                self.regs[COM_IRQ] |= 0x01  # TimerIRq: nobody answered in time
            return  # an unconfigured timer never fires: the firmware must bound its wait
        self.fifo.extend(answer)
        self.regs[CONTROL] = (self.regs[CONTROL] & 0xF8)
        self.regs[COM_IRQ] |= 0x30  # RxIRq | IdleIRq

    def _card_answer(self, frame: bytes, last_bits: int) -> bytes | None:
        card = self.card
        if card is None or self.regs[TX_CONTROL] & 0x03 != 0x03:
            return None  # no card, or the antenna is off
        if last_bits == 7 and len(frame) == 1:  # a wake-up: the field edge decides
            self._in_field = self._bounce.pop(0) if self._bounce else True
        if not self._in_field:
            card.state = "IDLE" if card.state != "HALT" else "HALT"
            return None
        answer = card.respond(frame, last_bits)
        if self._pull_after is not None:
            if self._pull_after == 0:
                self.card, self._pull_after = None, None
                return answer[: len(answer) // 2] if answer else None  # torn mid-frame
            self._pull_after -= 1
        return answer
