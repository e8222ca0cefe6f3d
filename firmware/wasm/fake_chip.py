# A fake MFRC522 and ISO 14443-A cards at the register level: the one model both test
# worlds use. Real MicroPython (the WebAssembly port, see run.mjs) runs this file as it is;
# CPython loads it by path from clacks_hw/testing/mfrc522_chip.py, which subclasses FakeMFRC522
# with a lock for its threaded emulated hub. So: MicroPython-compatible Python only (no
# threading, typing, dataclasses, f-strings, annotations, nor the bytearray methods
# MicroPython lacks: pop, clear, insert).
#
# The chip answers SPI bytes as the datasheet describes (address byte, read/write bursts),
# keeps a 64-byte FIFO, interrupt and error registers, and runs Transceive when StartSend is
# set, handing the frame to the card in its field. Faults: a card pulled away mid-read, a
# card flickering at the edge of the field, a chip that stops answering (MISO reads 0x00, no
# interrupts) and a chip that browns out (registers reset).
#
# MISO while deselected: FakeMFRC522() releases the line (high-impedance, as a bus slave should);
# FakeMFRC522(holds_miso=True) is the clone board reported in miguelbalboa/rfid #290 and #377,
# which keeps MISO tied low while its chip select is high. fake_machine.Board resolves the line.

# Register addresses and commands (MFRC522 datasheet section 9), the fake's own copy on
# purpose: firmware/mfrc522.py has its own, so a wrong address there is caught here.
COMMAND, COM_IRQ, ERROR, FIFO_DATA, FIFO_LEVEL = 0x01, 0x04, 0x06, 0x09, 0x0A
CONTROL, BIT_FRAMING, TX_CONTROL, VERSION = 0x0C, 0x0D, 0x14, 0x37
T_MODE, T_RELOAD_H, T_RELOAD_L = 0x2A, 0x2C, 0x2D
TRANSCEIVE, SOFT_RESET = 0x0C, 0x0F

# Reset values (datasheet section 9.3) of the registers the firmware reads back.
_RESET_VALUES = ((COMMAND, 0x20), (0x02, 0x80), (COM_IRQ, 0x14), (CONTROL, 0x10),
                 (TX_CONTROL, 0x80), (0x11, 0x3F))
_SELS = (0x93, 0x95, 0x97)
T_PRESCALER = 0x2B
POWER_DOWN = 0x10

# Timing, on the board's clock (microseconds). ISO/IEC 14443-2: a bit at 106 kbit/s lasts
# 128/fc = 9.44 us (fc = 13.56 MHz), a byte with its parity bit 9 bits; ISO/IEC 14443-3: a
# card answers after a frame delay time of (9*128 + 84)/fc = 91 us. NXP MFRC522 datasheet
# 9.3.3.10: the timer ends after (2*TPrescaler + 1) * (TReload + 1) / fc, started at the end of
# transmission with TAuto. 8.8.2: after SoftReset the chip is back once its oscillator runs
# (the crystal's start-up + 37.74 us; the datasheet gives no crystal figure, the reference
# library allows 50 ms). RESET_US is an estimate for a typical 27.12 MHz crystal.
BIT_US = 128 / 13.56
FDT_US = 91
RESET_US = 5000


def crc_a(data):
    # CRC_A (ISO/IEC 14443-3 Annex B) bit by bit, deliberately not shared with firmware/mfrc522.py's
    # byte-wise version: an independent CRC is what catches a wrong firmware CRC.
    crc = 0x6363
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return bytes((crc & 0xFF, crc >> 8))


class _NoLock:
    # What FakeMFRC522 holds around state changes: nothing here (MicroPython has no
    # threads); the CPython subclass puts a threading.RLock in its place.
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class FakeCard:
    # An ISO 14443-3 type A card: IDLE -> READY -> (cascade levels) -> ACTIVE -> HALT.

    def __init__(self, uid, final_sak=None):
        if len(uid) not in (4, 7, 10):
            raise ValueError("UID must be 4, 7 or 10 bytes")
        self.uid = bytes(uid)
        if final_sak is None:
            final_sak = 0x08 if len(uid) == 4 else 0x00
        self.final_sak = final_sak
        self.state = "IDLE"
        self.level = 0
        u = self.uid
        if len(u) == 4:
            self.parts = [u]
        elif len(u) == 7:
            self.parts = [b"\x88" + u[:3], u[3:]]
        else:
            self.parts = [b"\x88" + u[:3], b"\x88" + u[3:6], u[6:]]

    def _part(self, i):
        p = self.parts[i]
        return p + bytes((p[0] ^ p[1] ^ p[2] ^ p[3],))

    def respond(self, frame, last_bits):
        if last_bits == 7 and len(frame) == 1 and frame[0] in (0x26, 0x52):
            if self.state == "IDLE" or (frame[0] == 0x52 and self.state == "HALT"):
                self.state = "READY"
                self.level = 0
                return bytes((((len(self.parts) - 1) << 6) | 0x04, 0x00))
            return None
        if self.state == "READY" and len(frame) == 2 and frame == bytes((_SELS[self.level], 0x20)):
            return self._part(self.level)
        if (self.state == "READY" and len(frame) == 9 and frame[0] == _SELS[self.level]
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
        if self.state != "HALT":
            self.state = "IDLE"
        return None


class FakeMFRC522:
    # Test controls and SPI bytes may come from different threads (CPython's emulated hub):
    # both take self._lock, a no-op here.
    _lock = _NoLock()

    def __init__(self, version=0x92, holds_miso=False):
        self.version = version
        self.holds_miso = holds_miso
        self.alive = True
        self.card = None
        self.frames = 0  # frames the firmware sent to cards (Transceive runs)
        self._bounce = []
        self._pull_after = None
        self._in_field = True
        self._addr = None
        self._write = False
        self._pending = 0
        self.clock = None  # the board's clock (Board.attach sets it)
        self._ready_at = None  # after a SoftReset: when the oscillator runs again
        self._done = None  # a Transceive in flight: (when it ends, the answer or None, timer fires)
        self._reset()

    # --- test controls ---
    def place(self, card):
        # A FakeCard, or the UID (4, 7 or 10 bytes) of a new one.
        with self._lock:
            self.card = card if isinstance(card, FakeCard) else FakeCard(bytes(card))

    def remove(self):
        with self._lock:
            self.card = None
            self._bounce = []
            self._pull_after = None

    def bounce(self, pattern):
        # Per wake-up (WUPA/REQA) from now on: True = card in the field, False = just out.
        with self._lock:
            self._bounce = list(pattern)

    def pull_away_after(self, frames):
        # The card answers `frames` more frames, tears the next answer and is gone.
        with self._lock:
            self._pull_after = frames

    def kill(self):
        # The chip stops answering: MISO reads 0x00, writes are lost.
        self.alive = False

    def revive(self):
        # Power comes back: the chip answers again, with its registers at reset values.
        with self._lock:
            self.alive = True
            self._reset()

    def brown_out(self):
        # The chip resets itself (a known MFRC522 failure): settings lost, antenna off.
        with self._lock:
            self._reset()

    # --- SPI side (driven by fake_machine) ---
    def select(self):
        self._addr = None
        self._pending = 0

    def deselect(self):
        self._addr = None

    def idle_miso(self):
        # What the chip drives on MISO while deselected: None (nothing: high-impedance), or 0
        # for the clone, which ties the line low whenever it is powered and not selected (#290).
        return 0 if self.holds_miso and self.alive else None

    def miso_bit(self):
        # The level it drives while selected and the clock is still: the next bit to go out.
        return (self._pending >> 7) & 1 if self.alive else 0

    def exchange(self, byte):
        if not self.alive:
            return 0x00
        with self._lock:
            self._catch_up()
            return self._exchange(byte)

    # --- time ---
    def _now(self):
        return None if self.clock is None else self.clock.ticks_us()

    def _passed(self, when):
        now = self._now()
        return now is None or self.clock.ticks_diff(now, when) >= 0

    def _later(self, us):
        now = self._now()
        return None if now is None else self.clock.ticks_add(now, int(us))

    def _catch_up(self):
        if self._ready_at is not None and self._passed(self._ready_at):
            self._ready_at = None
            self.regs[COMMAND] &= ~POWER_DOWN & 0xFF
        if self._done is not None and (self._done[0] is None or self._passed(self._done[0])):
            done, answer, timer = self._done
            self._done = None
            self._finish(answer, timer)

    def _exchange(self, byte):
        out = self._pending
        self._pending = 0
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
    def _reset(self):
        self._ready_at = None
        self._done = None
        self.regs = bytearray(64)
        for reg, value in _RESET_VALUES:
            self.regs[reg] = value
        self.regs[VERSION] = self.version
        self.fifo = bytearray()

    def _read(self, reg):
        if reg == FIFO_DATA:
            if not self.fifo:
                return 0
            b = self.fifo[0]
            self.fifo = self.fifo[1:]
            return b
        if reg == FIFO_LEVEL:
            return len(self.fifo)
        return self.regs[reg]

    def _write_reg(self, reg, value):
        regs = self.regs
        if self._ready_at is not None:
            return  # the oscillator is not running yet: the chip takes no writes
        if reg == COMMAND:
            if value & 0x0F == SOFT_RESET:
                self._reset()
                self._ready_at = self._later(RESET_US)
                if self._ready_at is not None:
                    self.regs[COMMAND] |= POWER_DOWN  # PowerDown reads 1 until the chip is back
                return
            regs[COMMAND] = value & 0x3F
        elif reg == COM_IRQ:
            if value & 0x80:
                regs[COM_IRQ] |= value & 0x7F
            else:
                regs[COM_IRQ] &= ~value & 0xFF
        elif reg == FIFO_DATA:
            if len(self.fifo) >= 64:
                regs[ERROR] |= 0x10  # BufferOvfl
            else:
                self.fifo.append(value)
        elif reg == FIFO_LEVEL:
            if value & 0x80:
                self.fifo = bytearray()
                regs[ERROR] &= ~0x10 & 0xFF
        elif reg == VERSION:
            pass  # read-only
        else:
            regs[reg] = value
            if reg == BIT_FRAMING and value & 0x80 and regs[COMMAND] & 0x0F == TRANSCEIVE:
                self._transceive()

    def _transceive(self):
        regs = self.regs
        self.frames += 1
        frame = bytes(self.fifo)
        last_bits = regs[BIT_FRAMING] & 0x07
        self.fifo = bytearray()
        regs[ERROR] = 0
        answer = self._card_answer(frame, last_bits)
        bits_out = 7 if last_bits == 7 else 9 * len(frame)
        sent = bits_out * BIT_US
        if answer is not None:
            self._done = (self._later(sent + FDT_US + 9 * len(answer) * BIT_US), answer, False)
        elif regs[T_MODE] & 0x80 and (regs[T_RELOAD_H] or regs[T_RELOAD_L]):
            prescaler = (regs[T_MODE] & 0x0F) << 8 | regs[T_PRESCALER]
            reload = regs[T_RELOAD_H] << 8 | regs[T_RELOAD_L]
            self._done = (self._later(sent + (2 * prescaler + 1) * (reload + 1) / 13.56), None, True)
        # else: an unconfigured timer never fires: the firmware must bound its wait
        self._catch_up()  # with no clock, at once

    def _finish(self, answer, timer):
        regs = self.regs
        if answer is None:
            if timer:
                regs[COM_IRQ] |= 0x01  # TimerIRq: nobody answered in time
            return
        self.fifo.extend(answer)
        regs[CONTROL] = regs[CONTROL] & 0xF8
        regs[COM_IRQ] |= 0x30  # RxIRq | IdleIRq

    def _card_answer(self, frame, last_bits):
        card = self.card
        if card is None or self.regs[TX_CONTROL] & 0x03 != 0x03:
            return None  # no card, or the antenna is off
        if last_bits == 7 and len(frame) == 1:  # a wake-up: the field edge decides
            if self._bounce:
                self._in_field = self._bounce[0]
                self._bounce = self._bounce[1:]
            else:
                self._in_field = True
        if not self._in_field:
            if card.state != "HALT":
                card.state = "IDLE"
            return None
        answer = card.respond(frame, last_bits)
        if self._pull_after is not None:
            if self._pull_after == 0:
                self.card = None
                self._pull_after = None
                return answer[:len(answer) // 2] if answer else None  # torn mid-frame
            self._pull_after -= 1
        return answer
