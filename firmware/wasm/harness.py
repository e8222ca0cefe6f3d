# The firmware under real MicroPython: run by run.mjs inside MicroPython's WebAssembly port,
# with the firmware modules in /clacks/fw and this directory in /clacks/harness (on sys.path).
#
# 1. Every protocol vector (protocol_vectors.json) through the firmware's hubproto, both ways.
# 2. The firmware's own entry point, main.main(): main.build() against a fake `machine`
#    (fake_machine.py) with fake MFRC522 chips (fake_chip.py; the same two fakes CPython's
#    tests use through clacks_hw/testing) on the real config.py, then
#    Hub.run(), its endless loop, on a virtual clock (fake_time.py). A schedule places and
#    removes cards, kills chips and types host commands as virtual time passes; the run is
#    bounded by a KeyboardInterrupt from sleep_ms once a fixed virtual time has passed, as
#    mpremote's Ctrl-C would end it. Then the lines the hub wrote are checked.
#
# Prints "PASS <check>" or "FAIL <check>: <why>" per check, then "RESULT <n> passed, <m> failed".
# MicroPython-only: no dataclasses, typing, f-strings or annotations.

import sys
import gc
import json

import fake_time
import fake_machine
import fake_chip

# The firmware imports `machine` and `time`; these fakes must be found first.
sys.modules["machine"] = fake_machine
sys.modules["time"] = fake_time
fake_machine.set_clock(fake_time)  # SPI bytes take time; the chips reset and answer in time

import hubproto  # noqa: E402  (firmware modules, from /fw)
import hub as hub_mod  # noqa: E402
import config  # noqa: E402
import main as fw_main  # noqa: E402
import mfrc522  # noqa: E402

USB_PORT = fw_main.UsbPort  # the real one; run_firmware() swaps in a MemoryPort

FW_DIR = hubproto.__file__[:hubproto.__file__.rfind("/")]  # where run.mjs put the firmware
CS_PINS = config.CS_PINS

_results = []


def check(name, ok, why=""):
    _results.append((name, bool(ok)))
    if ok:
        print("PASS " + name)
    else:
        why = str(why)
        print("FAIL " + name + ": " + (why if len(why) <= 800 else why[:800] + " ..."))
    return ok


def crashed(name, exc):
    print("FAIL " + name + ": exception")
    sys.print_exception(exc)
    _results.append((name, False))


def as_bytes(line):
    # Vectors: each character U+0000..U+00FF stands for one byte.
    return bytes([ord(c) for c in line])


# --- 1. protocol vectors -------------------------------------------------------------------

def vectors():
    with open(FW_DIR + "/protocol_vectors.json") as f:
        vec = json.load(f)
    check("vectors: CRC-8/SMBUS check value", hubproto.crc8(b"123456789") == int(vec["crc"]["check"], 16))
    check("vectors: protocol version and MAX_LINE match the document",
          hubproto.PROTO_VERSION == vec["protocol"] and hubproto.MAX_LINE == vec["max_line"])

    bad = []
    valid = vec["hub_to_host"]["valid"]
    for v in valid:
        line = v["line"].rstrip("\r")
        parts = line[:line.rfind("*")].split(" ")
        got = hubproto.encode(int(parts[0]), parts[1], parts[2:])
        if got != as_bytes(line + "\n"):
            bad.append((line, got))
    check("vectors: encode reproduces all %d hub->host lines exactly" % len(valid), not bad, bad)

    bad = []
    invalid = vec["hub_to_host"]["invalid"]
    n_crc = 0
    for v in invalid:
        if v["error"] != "bad_crc":
            continue
        n_crc += 1
        line = v["line"]
        star = line.rfind("*")
        if hubproto.crc8(as_bytes(line[:star])) == int(line[star + 1:], 16):
            bad.append(line)
    check("vectors: crc8 rejects the %d corrupted hub->host lines" % n_crc, n_crc and not bad, bad)

    bad = []
    valid = vec["host_to_hub"]["valid"]
    for v in valid:
        e = v["expect"]
        want = (e["seq"], e["type"], e.get("target"))
        try:
            got = hubproto.parse_command(as_bytes(v["line"]) + b"\n")
        except hubproto.BadLine as exc:
            got = ("BadLine", exc.args[0])
        if got != want:
            bad.append((v["line"], got, want))
        args = () if e.get("target") is None else (e["target"],)
        if hubproto.encode(e["seq"], e["type"], args) != as_bytes(v["line"] + "\n"):
            bad.append((v["line"], "encode"))
    check("vectors: all %d host->hub lines parse (and encode) as expected" % len(valid), not bad, bad)

    bad = []
    invalid = vec["host_to_hub"]["invalid"]
    ping = as_bytes(valid[0]["line"]) + b"\n"
    for v in invalid:
        try:
            got = hubproto.parse_command(as_bytes(v["line"]))
        except hubproto.BadLine as exc:
            got = exc.args[0]
        if got != v["error"]:
            bad.append((v["line"], got, v["error"]))
        reader = hubproto.CommandReader()
        out = reader.feed(as_bytes(v["line"]) + b"\n" + ping)
        if reader.bad != 1 or reader.bad_kinds != {v["error"]: 1} or not out or out[-1] != (0, "PING", None):
            bad.append((v["line"], "stream", reader.bad, reader.bad_kinds, out))
    check("vectors: all %d bad host->hub lines rejected with the documented kind, counted once"
          % len(invalid), not bad, bad)


# --- 2. the firmware's main loop on fake chips --------------------------------------------

class MemoryPort:
    # Replaces main.UsbPort: what the hub writes is kept with the virtual time it was written.
    def __init__(self):
        self.inbox = bytearray()
        self.lines = []  # (ms since boot, line bytes with its "\n")

    def read(self):
        data = bytes(self.inbox)
        self.inbox = bytearray()
        return data

    def write(self, data):
        self.lines.append((fake_time.elapsed, bytes(data)))


class Line:
    def __init__(self, t, raw):
        self.t = t
        self.raw = raw
        text = raw.decode()
        star = text.rfind("*")
        self.body = text[:star]
        self.crc = text[star + 1:].rstrip("\n")
        parts = self.body.split(" ")
        self.seq = int(parts[0])
        self.type = parts[1]
        self.args = parts[2:]

    def key(self):
        return tuple([self.type] + self.args)

    def __repr__(self):
        return "%d:%s" % (self.t, self.body)


def between(lines, t0, t1, types=None, reader=None):
    out = []
    for ln in lines:
        if t0 <= ln.t < t1 and (types is None or ln.type in types):
            if reader is None or (ln.args and ln.args[0] == str(reader)):
                out.append(ln)
    return out


def run_firmware(schedule, end_ms, readers, kill_at_boot=(), holds_miso=False, buffered=False):
    # Runs main.main() until end_ms of virtual time; returns (lines, chips, port, error).
    # holds_miso: clone chips; buffered: their MISO through a 74LVC125A (harness_bus.py).
    fake_machine.reset()
    chips = []
    buffer = fake_machine.Buffer125() if buffered else None
    for i in range(readers):
        chip = fake_chip.FakeMFRC522(0x89 if holds_miso else 0x92, holds_miso)
        if i in kill_at_boot:
            chip.kill()
        fake_machine.attach(CS_PINS[i], chip, buffer)
        chips.append(chip)
    port = MemoryPort()
    pending = list(schedule)

    def on_sleep(now):
        while pending and pending[0][0] <= now:
            pending.pop(0)[1](chips, port)

    fake_time.reset(end_ms_=end_ms, on_sleep_=on_sleep)
    config.READERS = readers
    fw_main.UsbPort = lambda: port
    err = None
    try:
        fw_main.main()
        err = "main() returned"
    except KeyboardInterrupt:
        pass
    finally:
        fw_main.UsbPort = USB_PORT
    lines = [Line(t, raw) for t, raw in port.lines]
    return lines, chips, port, err


NTAG = b"\x04\xa2\xb3\xc4\xd5\xe6\x80"  # 7-byte UID (NTAG213)
UID4 = b"\xde\xad\xbe\xef"
UID10 = b"\x04\x11\x22\x33\x44\x55\x66\x77\x88\x99"
UID4B = b"\xca\xfe\xba\xbe"


def torn_card(chips, port):
    chips[0].place(b"\x01\x02\x03\x04")
    chips[0].pull_away_after(2)  # answers WUPA and anticollision, tears SELECT, gone


def bouncing_card(chips, port):
    chips[0].place(UID4B)
    chips[0].bounce([True, False, False, True, False, True, True, False, False, True])


def host(line):
    def send(chips, port):
        port.inbox.extend(line)
    return send


SCHEDULE = [
    (300, lambda c, p: c[0].place(UID4)),
    (1500, lambda c, p: c[0].remove()),
    (1800, lambda c, p: c[1].place(NTAG)),
    (2000, host(b"\x00\xffnoise\n" + hubproto.encode(17, "PING", ()))),
    (2500, lambda c, p: c[1].kill()),
    (3000, lambda c, p: c[0].place(UID10)),
    (4000, lambda c, p: c[1].revive()),
    (6200, lambda c, p: c[0].brown_out()),
    (6500, lambda c, p: c[1].remove()),
    (7000, lambda c, p: c[0].remove()),
    (7100, torn_card),
    (7500, bouncing_card),
    (8000, host(hubproto.encode(18, "INFO", ()))),
]
END_MS = 8500


def scenario():
    poll = config.POLL_MS
    # Time passes on the bus too (fake_machine: per SPI byte and call): a poll round is
    # POLL_MS plus each empty reader's 3 ms RF timer and the reads around it; a chip that
    # stops answering costs the driver's whole TRANSCEIVE_TIMEOUT_MS before it is reported.
    rnd = poll + 2 * 4
    soon = 2 * rnd  # the first poll after an event, with margin
    gone_by = (config.GONE_AFTER + 1) * rnd
    dead = mfrc522.TRANSCEIVE_TIMEOUT_MS
    lines, chips, port, err = run_firmware(SCHEDULE, END_MS, 2)
    check("main loop: main.main() ran until the Ctrl-C (KeyboardInterrupt) at %d ms of virtual time"
          % END_MS, err is None and fake_time.elapsed >= END_MS, (err, fake_time.elapsed, fake_time.sleeps))

    bad = []
    for i, ln in enumerate(lines):
        if "%02X" % hubproto.crc8(ln.body.encode()) != ln.crc or ln.seq != i or len(ln.raw) > hubproto.MAX_LINE + 1:
            bad.append(ln)
    check("framing: %d lines, all with a good CRC-8, seq 0,1,2,... and within MAX_LINE" % len(lines),
          lines and not bad, bad[:3])

    boot = [ln.key() for ln in lines[:2]]
    board = "".join(["%02X" % b for b in fake_machine.unique_id()])
    check("boot: HELLO (protocol, firmware, 2 readers, board id, chip versions, MISO released) then HB",
          boot[0] == ("HELLO", hubproto.PROTO_VERSION, hub_mod.FW_VERSION, "2", board, "92,92", "ok")
          and boot[1][0] == "HB",
          boot)

    tags = between(lines, 0, 1500, ("TAG",), 0)
    check("card placed: exactly one TAG 0 DEADBEEF, on the first poll",
          len(tags) == 1 and tags[0].key() == ("TAG", "0", "DEADBEEF") and 300 <= tags[0].t <= 300 + soon, tags)
    check("card resting 1.2 s: nothing more from reader 0",
          not between(lines, 300 + soon + 1, 1500, ("TAG", "GONE", "ERR"), 0),
          between(lines, 300 + soon + 1, 1500, None, 0))
    gone = between(lines, 1500, 3000, ("GONE", "TAG"), 0)
    check("card removed: exactly one GONE 0, after GONE_AFTER polls",
          len(gone) == 1 and gone[0].key() == ("GONE", "0") and 1500 < gone[0].t <= 1500 + gone_by, gone)

    tags = between(lines, 1800, 2500, ("TAG", "GONE"), 1)
    check("7-byte UID (NTAG213): one TAG 1 04A2B3C4D5E680 through two cascade levels",
          len(tags) == 1 and tags[0].key() == ("TAG", "1", "04A2B3C4D5E680") and tags[0].t <= 1800 + soon, tags)

    pong = between(lines, 2000, 2000 + soon, ("PONG",))
    hbs = between(lines, 2000 + soon, END_MS, ("HB",))
    check("host command: PING 17 answered PONG 17; the noise line counted in HB",
          [ln.key() for ln in pong] == [("PONG", "17")] and hbs and hbs[0].args[4] == "1",
          (pong, hbs[:1]))

    errs = between(lines, 2500, 6200, ("ERR",), 1)
    check("chip stops answering: ERR 1 noanswer at once, no ERR flood while dead, ERR 1 recovered",
          [ln.key() for ln in errs] == [("ERR", "1", "noanswer"), ("ERR", "1", "recovered")]
          and errs[0].t <= 2500 + soon + dead and 4000 < errs[1].t <= 4000 + config.RETRY_MAX_MS, errs)
    check("dead chip: its resting card kept through the fault (no TAG/GONE), GONE 1 after removal",
          not between(lines, 2500, 6500, ("TAG", "GONE"), 1)
          and [ln.key() for ln in between(lines, 6500, END_MS, ("TAG", "GONE"), 1)] == [("GONE", "1")],
          between(lines, 2500, END_MS, ("TAG", "GONE"), 1))
    check("re-init: the revived chip was configured again (timer, antenna on)",
          chips[1].regs[0x2A] == 0x80 and chips[1].regs[0x14] & 0x03 == 0x03, (chips[1].regs[0x2A], chips[1].regs[0x14]))
    tags = between(lines, 3000, 3000 + soon, ("TAG",), 0)
    check("other reader while one is dead: TAG 0 with a 10-byte UID",
          [ln.key() for ln in tags] == [("TAG", "0", "04112233445566778899")], tags)

    # recovered: after the fault's own wait and the re-init's soft reset
    errs = between(lines, 6200, 6200 + soon + dead + mfrc522.RESET_TIMEOUT_MS, ("ERR",), 0)
    quiet = between(lines, 6200, 7000, ("TAG", "GONE"), 0)
    check("brown-out: ERR 0 noanswer/reset then ERR 0 recovered, the resting card not re-reported",
          len(errs) == 2 and errs[0].args[1] in ("noanswer", "reset") and errs[1].args[1] == "recovered"
          and not quiet, (errs, quiet))

    after = between(lines, 7000, 7500, ("TAG", "GONE"), 0)
    check("card pulled away mid-read: GONE for the old card, no TAG for the torn read",
          [ln.key() for ln in after] == [("GONE", "0")], after)
    bounce = between(lines, 7500, 8000, ("TAG", "GONE"), 0)
    check("card bouncing at the edge of the field: one TAG, no GONE",
          [ln.key() for ln in bounce] == [("TAG", "0", "CAFEBABE")], bounce)

    info = [ln.key() for ln in between(lines, 8000, 8000 + soon, None)]
    check("INFO: HELLO, the card present, then HB",
          len(info) == 3 and info[0][0] == "HELLO" and info[1] == ("TAG", "0", "CAFEBABE") and info[2][0] == "HB",
          info)

    hbs = between(lines, 0, END_MS, ("HB",))
    gaps = [b.t - a.t for a, b in zip(hbs, hbs[1:])]
    ups = [int(ln.args[0]) for ln in hbs]
    ok_up = True
    for ln in hbs:
        if abs(int(ln.args[0]) - ln.t // 1000) > 1:
            ok_up = False
    check("heartbeat: every HB_MS, uptime right across the ticks_ms wrap at 700 ms",
          len(hbs) >= END_MS // config.HB_MS and max(gaps) <= config.HB_MS + rnd + dead and ok_up
          and ups == sorted(ups), (gaps, ups))

    wdt = fake_machine.BOARD.wdt
    loops = fake_time.sleeps - 4  # boot sleeps twice for the RST pulse, twice for the MISO check
    check("watchdog: WDT(timeout=WDT_MS) fed on every one of the %d healthy iterations" % loops,
          wdt is not None and wdt.timeout == config.WDT_MS and wdt.feeds == loops, (wdt and wdt.feeds, loops))
    timers = fake_machine.BOARD.timers
    fed = wdt.feeds if wdt else 0
    if timers and timers[-1].callback:
        timers[-1].callback(timers[-1])
    check("Ctrl-C: main() hands watchdog feeding to a 1 s Timer and re-raises",
          len(timers) == 1 and timers[0].period == 1000 and wdt and wdt.feeds == fed + 1
          and len(fw_main._keep) >= 1, (len(timers), wdt and wdt.feeds))
    check("SPI bus: never two chips (or none) selected during a transfer", fake_machine.BOARD.bus_errors == 0,
          fake_machine.BOARD.bus_errors)


def absent_at_boot():
    lines, chips, port, err = run_firmware([], 100, 2, kill_at_boot=(1,))  # boot's RST pulse takes 51 ms
    keys = [ln.key() for ln in lines]
    check("reader missing at boot: HELLO, ERR 1 absent, HB",
          err is None and len(keys) >= 3 and keys[0][0] == "HELLO" and keys[1] == ("ERR", "1", "absent")
          and keys[2][0] == "HB", keys)


def usb_port():
    # main.UsbPort itself, on the interpreter's own sys.stdin/stdout (run.mjs gives it an
    # empty stdin): the select.poll registration, read() at the end of input, write().
    port = USB_PORT()
    print("UsbPort.write:")
    port.write(hubproto.encode(0, "PING", ()))
    data = port.read()
    check("UsbPort: sys.stdin.buffer/sys.stdout.buffer and select.poll as main.py uses them",
          data == b"", data)


def main():
    print("MicroPython %s, %s" % (".".join([str(n) for n in sys.implementation.version[:3]]),
                                  sys.implementation._machine))
    import harness_bus
    for name, fn in (("vectors", vectors), ("scenario", scenario), ("absent at boot", absent_at_boot),
                     ("miso bus", lambda: harness_bus.miso_bus(run_firmware, check)), ("usb port", usb_port)):
        try:
            fn()
        except Exception as exc:  # a crash is a failed check, with its traceback
            crashed(name, exc)
        gc.collect()
    passed = len([r for r in _results if r[1]])
    failed = len(_results) - passed
    print("RESULT %d passed, %d failed" % (passed, failed))
    return failed == 0
