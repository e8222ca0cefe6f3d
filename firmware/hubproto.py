# Hub side of the line protocol (PROTOCOL.md). MicroPython: no typing, no dataclasses.
# The host has its own decoder (clacks_hw/drivers/hub_protocol.py); both are checked
# against protocol_vectors.json so the two copies cannot drift apart.

PROTO_VERSION = "1.2"
MAX_LINE = 96
SEQ_MOD = 65536
MAX_READERS = 4
HEX = "0123456789ABCDEF"


def _table():
    t = bytearray(256)
    for i in range(256):
        c = i
        for _ in range(8):
            c = ((c << 1) ^ 0x07) & 0xFF if c & 0x80 else (c << 1) & 0xFF
        t[i] = c
    return bytes(t)


_CRC = _table()


def crc8(data):
    # CRC-8/SMBUS: poly 0x07, init 0x00, no reflection, no final xor.
    c = 0
    for b in data:
        c = _CRC[c ^ b]
    return c


def encode(seq, mtype, args):
    body = ("%d %s" % (seq % SEQ_MOD, mtype)) + "".join([" " + str(a) for a in args])
    raw = body.encode()
    return raw + ("*%02X\n" % crc8(raw)).encode()


class BadLine(Exception):
    # args[0] is the error kind, the same words as the host uses (PROTOCOL.md).
    pass


def _digits(s):
    if not s or len(s) > 10:
        return False
    for ch in s:
        if ch < "0" or ch > "9":
            return False
    return True


def parse_command(line):
    # One host line (bytes, terminator optional) -> (seq, cmd, target); raises BadLine(kind).
    # target is None for PING/INFO, "*" or a reader index for RESET.
    while line and line[-1] in (10, 13):
        line = line[:-1]
    if len(line) > MAX_LINE:
        raise BadLine("too_long")
    for b in line:
        if b < 0x20 or b > 0x7E:
            raise BadLine("bad_char")
    text = line.decode()
    star = text.rfind("*")
    crc_text = text[star + 1:]
    if star < 0 or len(crc_text) != 2 or crc_text[0] not in HEX or crc_text[1] not in HEX:
        raise BadLine("bad_frame")
    body = text[:star]
    if crc8(body.encode()) != int(crc_text, 16):
        raise BadLine("bad_crc")
    parts = body.split(" ")
    if len(parts) < 2 or not _digits(parts[0]) or len(parts[0]) > 5 or int(parts[0]) >= SEQ_MOD:
        raise BadLine("bad_frame")
    for p in parts:
        if not p:
            raise BadLine("malformed")
    seq = int(parts[0])
    cmd = parts[1]
    if cmd == "PING" or cmd == "INFO":
        return seq, cmd, None
    if cmd == "RESET":
        if len(parts) < 3:
            raise BadLine("malformed")
        arg = parts[2]
        if arg == "*":
            return seq, cmd, "*"
        if not _digits(arg) or int(arg) >= MAX_READERS:
            raise BadLine("malformed")
        return seq, cmd, int(arg)
    raise BadLine("unknown")


class CommandReader:
    # Streaming, fuzz-safe: fed any bytes, yields parsed commands; bad lines only counted.
    # Also remembers the seq of the last line whose CRC was good, so NAK can refer to it.

    def __init__(self):
        self.buf = bytearray()
        self.overflow = False
        self.bad = 0
        self.bad_kinds = {}
        self.last_bad_seq = None

    def feed(self, data):
        out = []
        for b in data:
            if b == 10:
                if self.overflow:
                    self._count("too_long")
                    self.overflow = False
                elif self.buf:
                    self._line(bytes(self.buf), out)
                self.buf = bytearray()
            elif not self.overflow:
                if len(self.buf) > MAX_LINE:  # MAX_LINE + 1 bytes leaves room for a "\r"
                    self.overflow = True
                    self.buf = bytearray()
                else:
                    self.buf.append(b)
        return out

    def _count(self, kind):
        self.bad += 1
        self.bad_kinds[kind] = self.bad_kinds.get(kind, 0) + 1

    def _line(self, line, out):
        if line == b"\r":
            return
        try:
            out.append(parse_command(line))
        except BadLine as e:
            kind = e.args[0]
            self._count(kind)
            if kind in ("unknown", "malformed"):
                # The CRC was good, so the seq is real: the hub answers NAK <seq> <kind>.
                head = line.split(b" ")[0].decode()
                if _digits(head) and len(head) <= 5:
                    out.append((int(head) % SEQ_MOD, "NAK", kind))
