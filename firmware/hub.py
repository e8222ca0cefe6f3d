# The hub's main loop: poll every reader, track presence, keep readers alive, answer the
# host, send heartbeats, and feed the watchdog only while all of that is working.
# `clock` is anything with MicroPython's ticks_ms/ticks_add/ticks_diff/sleep_ms (the `time`
# module on the Pico, a fake in tests); `port` has read() -> bytes (non-blocking) and write().

import hubproto
from presence import Presence
from mfrc522 import ChipError

FW_VERSION = "0.2.0"  # 0.2.0: the boot check of the readers' MISO (protocol 1.2)


def uid_hex(uid):
    return "".join(["%02X" % b for b in uid])


class Slot:
    def __init__(self, index, chip, gone_after):
        self.index = index
        self.chip = chip
        self.presence = Presence(gone_after)
        self.dead = False
        self.retry_ms = 0
        self.next_retry = 0
        self.polls = 0


class Hub:
    def __init__(self, chips, port, clock, wdt=None, board_id="0", miso_ok=True, poll_ms=10,
                 gone_after=3, hb_ms=1000, check_every=20, retry_ms=1000, retry_max_ms=8000,
                 dead_reboot_ms=60000):
        self.slots = [Slot(i, c, gone_after) for i, c in enumerate(chips)]
        self.miso_ok = miso_ok  # main.miso_released(): no deselected reader drives MISO
        self.port = port
        self.clock = clock
        self.wdt = wdt
        self.board_id = board_id
        self.poll_ms = poll_ms
        self.hb_ms = hb_ms
        self.check_every = check_every
        self.retry_ms = retry_ms
        self.retry_max_ms = retry_max_ms
        self.dead_reboot_ms = dead_reboot_ms
        self.commands = hubproto.CommandReader()
        self.seq = 0
        self.rounds = 0
        self.tags = 0
        self.faults = 0
        self.loop_errors = 0
        self.errors_in_row = 0
        self.feeds = 0
        self.uptime_ms = 0
        self.all_dead_since = None
        self.last = clock.ticks_ms()
        self.next_hb = self.last

    # --- output ---
    def send(self, mtype, args=()):
        self.port.write(hubproto.encode(self.seq, mtype, args))
        self.seq = (self.seq + 1) % hubproto.SEQ_MOD

    def hello(self):
        # HELLO, then one TAG per card present, then HB: the host takes the TAGs between a
        # HELLO and the next HB as the complete set of cards on the readers (PROTOCOL.md).
        self.send_hello()
        for slot in self.slots:
            if slot.presence.uid is not None:
                self.send("TAG", (slot.index, uid_hex(slot.presence.uid)))

    def send_hello(self):
        # bus (since 1.2): "held" if a deselected reader drives MISO (it breaks the others).
        self.send("HELLO", (hubproto.PROTO_VERSION, FW_VERSION, len(self.slots), self.board_id,
                            self.chips(), "ok" if self.miso_ok else "held"))

    def chips(self):
        # Each reader's VersionReg as read at its last init, in reader order: "92,89" (00 =
        # nothing answered), so the host can name the chips (genuine NXP or a clone).
        return ",".join(["%02X" % (s.chip.version or 0) for s in self.slots])

    def heartbeat(self):
        self.send("HB", (self.uptime_ms // 1000, self.rounds, self.tags, self.faults,
                         self.commands.bad))
        self.next_hb = self.clock.ticks_add(self.last, self.hb_ms)

    # --- life cycle ---
    def start(self):
        now = self.clock.ticks_ms()
        absent = []
        for slot in self.slots:
            try:
                slot.chip.init()
            except ChipError:
                self._mark_dead(slot, now)
                absent.append(slot.index)
        self.send_hello()
        for i in absent:
            self.send("ERR", (i, "absent"))
        if not self.miso_ok and len(self.slots) > 1:  # one reader alone on the line reads fine
            self.faults += 1
            self.send("ERR", ("-", "misoheld"))
        self._poll_all(now)
        self.heartbeat()

    def run(self, stop=None):
        self.start()
        while stop is None or not stop():
            self.step()

    def step(self):
        now = self.clock.ticks_ms()
        self.uptime_ms += self.clock.ticks_diff(now, self.last)
        self.last = now
        try:
            self._commands(now)
            self._poll_all(now)
            if self.clock.ticks_diff(now, self.next_hb) >= 0:
                self.heartbeat()
            self.errors_in_row = 0
        except Exception:  # one bad iteration must not end the loop; the watchdog decides
            self.loop_errors += 1
            self.errors_in_row += 1
            try:
                self.send("ERR", ("-", "loop"))
            except Exception:
                pass
        if self.wdt is not None and self.healthy(now):
            self.wdt.feed()
            self.feeds += 1
        self.clock.sleep_ms(self.poll_ms)

    def healthy(self, now):
        # Fed only while the loop completes without repeated exceptions and at least one
        # reader works (or has worked recently): otherwise a reboot is the best repair left.
        if self.errors_in_row >= 3:
            return False
        if self.all_dead_since is not None:
            if self.clock.ticks_diff(now, self.all_dead_since) >= self.dead_reboot_ms:
                return False
        return True

    # --- readers ---
    def _poll_all(self, now):
        for slot in self.slots:
            self._poll(slot, now)
        self.rounds += 1
        dead = True
        for slot in self.slots:
            if not slot.dead:
                dead = False
        if not dead:
            self.all_dead_since = None
        elif self.all_dead_since is None:
            self.all_dead_since = now

    def _poll(self, slot, now):
        if slot.dead:
            if self.clock.ticks_diff(now, slot.next_retry) >= 0:
                self._reinit(slot, now)
            return
        slot.polls += 1
        try:
            if slot.polls % self.check_every == 0:
                reason = slot.chip.health()
                if reason is not None:
                    raise ChipError(reason)
            uid = slot.chip.read_uid()
        except ChipError as e:
            # A known MFRC522 failure: the chip stops answering or loses its settings.
            self.faults += 1
            self.send("ERR", (slot.index, e.args[0]))
            self._mark_dead(slot, now)
            self._reinit(slot, now)
            return
        for kind, u in slot.presence.update(uid):
            if kind == "TAG":
                self.tags += 1
                self.send("TAG", (slot.index, uid_hex(u)))
            else:
                self.send("GONE", (slot.index,))

    def _mark_dead(self, slot, now):
        slot.dead = True
        slot.retry_ms = self.retry_ms
        slot.next_retry = self.clock.ticks_add(now, self.retry_ms)

    def _reinit(self, slot, now):
        was_dead = slot.dead
        try:
            slot.chip.init()
        except ChipError:
            slot.next_retry = self.clock.ticks_add(now, slot.retry_ms)
            slot.retry_ms = min(slot.retry_ms * 2, self.retry_max_ms)
            return False
        # Presence is kept: a card resting through the fault is not a new tap.
        slot.dead = False
        if was_dead:
            self.send("ERR", (slot.index, "recovered"))
        return True

    # --- host commands ---
    def _commands(self, now):
        data = self.port.read()
        if not data:
            return
        for seq, cmd, arg in self.commands.feed(data):
            if cmd == "PING":
                self.send("PONG", (seq,))
            elif cmd == "INFO":
                self.hello()
                self.heartbeat()
            elif cmd == "RESET":
                if arg != "*" and arg >= len(self.slots):
                    self.send("NAK", (seq, "range"))
                    continue
                for slot in self.slots:
                    if arg == "*" or slot.index == arg:
                        if not self._reinit(slot, now) and not slot.dead:
                            self.faults += 1
                            self.send("ERR", (slot.index, "noanswer"))
                            self._mark_dead(slot, now)
                self.send("ACK", (seq,))
            elif cmd == "NAK":
                self.send("NAK", (seq, arg))
