# Register-level MFRC522 driver over machine.SPI, one chip-select pin per reader.
# Register and command numbers: NXP MFRC522 datasheet (rev. 3.9), section 9;
# card commands and CRC_A: ISO/IEC 14443-3 (type A).

# Registers
COMMAND = 0x01
COM_IRQ = 0x04
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_CONTROL = 0x14
TX_ASK = 0x15
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

# CommandReg commands
CMD_IDLE = 0x00
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F
POWER_DOWN = 0x10  # CommandReg bit: set while the chip is (still) powered down

# ComIrqReg bits
IRQ_RX = 0x20
IRQ_IDLE = 0x10
IRQ_TIMER = 0x01
# ErrorReg bits that spoil a frame: BufferOvfl, CollErr, ParityErr, ProtocolErr
ERR_FRAME = 0x10 | 0x08 | 0x02 | 0x01

# ISO 14443-3 card commands
REQA = 0x26
WUPA = 0x52
SEL_CL = (0x93, 0x95, 0x97)
CASCADE_TAG = 0x88
HLTA = 0x50

# VersionReg values the chips in circulation report, with their names as the reference
# library (miguelbalboa/rfid, PCD_DumpVersionToSerial) gives them: NXP's own (0x90 v0.0,
# 0x91 v1.0, 0x92 v2.0) and the Fudan clones on most cheap boards (0x88 FM17522, 0x89
# FM17522E, 0xB2 FM17522_1), and 0x12, a counterfeit that works. 0x00 / 0xFF mean nobody
# is answering on SPI.
CHIP_NAMES = {0x88: "FM17522", 0x89: "FM17522E", 0x90: "MFRC522 v0.0", 0x91: "MFRC522 v1.0",
              0x92: "MFRC522 v2.0", 0xB2: "FM17522_1", 0x12: "counterfeit MFRC522"}
KNOWN_VERSIONS = tuple(CHIP_NAMES)

# Our timer: TAuto, prescaler 0xA9 -> 13.56 MHz / (2*169+1) = 40 kHz, i.e. 25 us per tick.
# A card answers REQA after ~86 us and SELECT in well under 1 ms, so a 3 ms timeout
# (120 ticks) is generous yet keeps an empty reader's poll short.
T_MODE_VALUE = 0x80
T_PRESCALER_VALUE = 0xA9
T_RELOAD_VALUE = 120

# Every wait is a deadline in time, never a count of polls (a fast loop would give up early).
# Soft reset: the datasheet (8.8.2) gives the oscillator start-up as the crystal's start-up
# plus 37.74 us without a figure for the crystal; the reference library waits 50 ms.
RESET_TIMEOUT_MS = 50
# One Transceive: our timer ends an unanswered one after 3 ms; the reference library allows
# 36 ms for the whole exchange before calling the chip unresponsive.
TRANSCEIVE_TIMEOUT_MS = 36


class ChipError(Exception):
    # The chip itself misbehaves (no IRQ at all, reset registers): args[0] is a reason word.
    pass


def crc_a(data):
    # ISO/IEC 14443-3 Annex B CRC_A: x^16+x^12+x^5+1, reflected, preset 0x6363, LSB first.
    crc = 0x6363
    for b in data:
        b ^= crc & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return bytes((crc & 0xFF, (crc >> 8) & 0xFF))


class MFRC522:
    def __init__(self, spi, cs, clock=None):
        # The shared RST line is pulsed by main.py at boot, not here: pulsing it for one
        # reader would wipe the settings of every other reader on the same line.
        # `clock`: MicroPython's `time` (ticks_ms, ticks_diff), or a fake one in tests.
        if clock is None:
            import time as clock
        self.spi = spi
        self.cs = cs
        self.clock = clock
        self.version = None  # VersionReg as last read at init (None: never initialised)
        self.cs.value(1)
        self.frames = 0
        self.collisions = 0

    # --- SPI access (datasheet 8.1.2: address byte = 0 | reg<<1 | 0, MSB 1 for read) ---
    def write(self, reg, value):
        self.cs.value(0)
        self.spi.write(bytes(((reg << 1) & 0x7E, value)))
        self.cs.value(1)

    def write_fifo(self, data):
        # One burst: every byte after the address goes to the same register.
        self.cs.value(0)
        self.spi.write(bytes(((FIFO_DATA << 1) & 0x7E,)) + data)
        self.cs.value(1)

    def read(self, reg):
        rx = bytearray(2)
        self.cs.value(0)
        self.spi.write_readinto(bytes((((reg << 1) & 0x7E) | 0x80, 0)), rx)
        self.cs.value(1)
        return rx[1]

    def read_fifo(self, n):
        addr = ((FIFO_DATA << 1) & 0x7E) | 0x80
        tx = bytearray(n + 1)
        for i in range(n):
            tx[i] = addr
        rx = bytearray(n + 1)
        self.cs.value(0)
        self.spi.write_readinto(tx, rx)
        self.cs.value(1)
        return bytes(rx[1:])

    def set_bits(self, reg, mask):
        self.write(reg, self.read(reg) | mask)

    def clear_bits(self, reg, mask):
        self.write(reg, self.read(reg) & ~mask & 0xFF)

    # --- life cycle ---
    def init(self):
        # Soft reset, then our configuration. Returns the version byte; raises
        # ChipError("absent") if no known chip answers.
        self.write(COMMAND, CMD_SOFT_RESET)
        clock = self.clock
        start = clock.ticks_ms()
        while True:
            # The deadline is taken before the read, so the chip is always asked once more
            # after it (a pause between the two, an interrupt, must not cost a good chip).
            late = clock.ticks_diff(clock.ticks_ms(), start) >= RESET_TIMEOUT_MS
            if not self.read(COMMAND) & POWER_DOWN:  # set until the oscillator runs again
                break
            if late:
                break  # a chip that never comes back reads as absent below
        version = self.version = self.read(VERSION)
        if version not in KNOWN_VERSIONS:
            raise ChipError("absent")
        self.write(T_MODE, T_MODE_VALUE)
        self.write(T_PRESCALER, T_PRESCALER_VALUE)
        self.write(T_RELOAD_H, T_RELOAD_VALUE >> 8)
        self.write(T_RELOAD_L, T_RELOAD_VALUE & 0xFF)
        self.write(TX_ASK, 0x40)  # 100 % ASK, as type A needs
        self.write(MODE, 0x3D)  # CRC preset 0x6363 (unused: we compute CRC_A ourselves)
        self.set_bits(TX_CONTROL, 0x03)  # antenna drivers TX1, TX2 on
        if self.health() is not None:
            raise ChipError("absent")
        return version

    def health(self):
        # None if the chip looks as we configured it, else a reason word. A chip that has
        # browned out answers but has lost its settings ("reset"); a dead one reads 0x00/0xFF.
        if self.read(VERSION) not in KNOWN_VERSIONS:
            return "noanswer"
        if self.read(T_MODE) != T_MODE_VALUE or self.read(T_RELOAD_L) != (T_RELOAD_VALUE & 0xFF):
            return "reset"
        if self.read(TX_CONTROL) & 0x03 != 0x03:
            return "reset"
        return None

    # --- talking to a card ---
    def transceive(self, data, last_bits=0):
        # Send a frame, return the answer (bytes) or None if no card answered cleanly.
        # Raises ChipError("noanswer") if the chip raises no interrupt at all.
        self.frames += 1
        self.write(COMMAND, CMD_IDLE)
        self.write(COM_IRQ, 0x7F)  # Set1=0: clear all interrupt bits
        self.write(FIFO_LEVEL, 0x80)  # flush the FIFO
        self.write_fifo(data)
        self.write(BIT_FRAMING, last_bits & 0x07)
        self.write(COMMAND, CMD_TRANSCEIVE)
        self.set_bits(BIT_FRAMING, 0x80)  # StartSend
        clock = self.clock
        start = clock.ticks_ms()
        while True:
            late = clock.ticks_diff(clock.ticks_ms(), start) >= TRANSCEIVE_TIMEOUT_MS  # before the read: see init
            irq = self.read(COM_IRQ)
            if irq & (IRQ_RX | IRQ_IDLE | IRQ_TIMER):
                break
            if late:
                raise ChipError("noanswer")
        self.clear_bits(BIT_FRAMING, 0x80)
        if not irq & (IRQ_RX | IRQ_IDLE):
            return None  # timer ran out: no card
        err = self.read(ERROR)
        if err & ERR_FRAME:
            if err & 0x08:
                self.collisions += 1
            return None
        n = self.read(FIFO_LEVEL) & 0x7F
        if n == 0:
            return None
        return self.read_fifo(n)

    def read_uid(self):
        # WUPA (wakes idle and halted cards), then anticollision + SELECT per cascade level.
        # Returns the UID (4, 7 or 10 bytes) or None. The card is halted afterwards so the
        # next poll's WUPA finds it again: a card left ACTIVE would ignore the next wake-up.
        atqa = self.transceive(bytes((WUPA,)), 7)
        if atqa is None or len(atqa) != 2:
            return None
        uid = bytearray()
        for sel in SEL_CL:
            part = self.transceive(bytes((sel, 0x20)))
            if part is None or len(part) != 5:
                return None
            if part[0] ^ part[1] ^ part[2] ^ part[3] != part[4]:
                return None  # BCC wrong: card leaving the field mid-frame
            frame = bytes((sel, 0x70)) + part
            sak = self.transceive(frame + crc_a(frame))
            if sak is None or len(sak) != 3 or crc_a(sak[:1]) != sak[1:]:
                return None
            if sak[0] & 0x04:  # cascade bit: UID not complete, CL part starts with CT
                if part[0] != CASCADE_TAG:
                    return None
                uid.extend(part[1:4])
                continue
            uid.extend(part[0:4])
            self.halt()
            return bytes(uid)
        return None

    def halt(self):
        frame = bytes((HLTA, 0x00))
        self.transceive(frame + crc_a(frame))  # a halted card does not answer
