"""The enrolment walk: one card after another, a tag for each, saved after every card.

Pure logic, fed events: reader events (:class:`clacks_hw.drivers.card_reader.ReaderEvent`),
keyboard lines, and :meth:`EnrolmentWalk.poll` calls; time comes from the injected clock and
every message goes to ``say``. ``clacks-hw enroll`` (``commands/enroll_cmd.py``) wires it to
a real :class:`~clacks_hw.drivers.card_reader.CardReader` and the terminal; tests feed it
directly.

Keys: Enter skips the card, ``b`` goes back one card, ``x`` forgets the current card's tag,
``q`` stops (everything done so far is saved), ``?`` shows the keys.
"""

from __future__ import annotations

from collections.abc import Callable

from ..drivers.reader_events import FAULT, OFFLINE, ONLINE, RECOVERED, TAG
from .enrolment import Enrolment, EnrolmentConflict, card_label, normalise_uid
from ..game.clacks.edition import Edition

RUNNING, DONE, QUIT, INTERRUPTED, GAVE_UP, FAILED = (
    "running", "done", "quit", "interrupted", "gave up", "failed")
EXIT_STATUS = {DONE: 0, QUIT: 0, INTERRUPTED: 130, GAVE_UP: 1, FAILED: 1}
DEFAULT_OFFLINE_TIMEOUT_S = 120.0

KEYS_HELP = "Enter = skip this card, b = back one card, x = forget this card's tag, q = stop (saved)"


class EnrolmentWalk:
    def __init__(
        self,
        edition: Edition,
        cards: list[str],
        enrolment: Enrolment,
        save: Callable[[Enrolment], None],
        clock,
        say: Callable[[str], None],
        *,
        resume: bool = False,
        offline_timeout_s: float = DEFAULT_OFFLINE_TIMEOUT_S,
        where: str = "",
        resume_command: str = "clacks-hw enroll --resume",
    ) -> None:
        if not cards:
            raise ValueError("no cards to enrol")
        self.edition = edition
        self.cards = list(cards)
        self.enrolment = enrolment
        self._save = save
        self.clock = clock
        self.say = say
        self.resume = resume
        self.offline_timeout_s = offline_timeout_s
        self.where = where  # the file, for messages
        self.resume_command = resume_command  # this enrolment's own options, to go on with it
        self.state = RUNNING
        self.index = 0
        self.skipped: set[str] = set()
        self.reason = ""
        self.wrote = False  # whether this walk saved the file at least once
        self._reader_online = False
        self._ever_online = False
        self._waiting_since: float | None = None  # reader not (or no longer) online since then

    # -- life cycle ----------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state != RUNNING

    @property
    def exit_status(self) -> int:
        return EXIT_STATUS.get(self.state, 0)

    @property
    def current(self) -> str | None:
        return self.cards[self.index] if self.state == RUNNING and self.index < len(self.cards) else None

    def enrolled_count(self) -> int:
        return sum(1 for c in self.cards if c in self.enrolment)

    def start(self) -> None:
        n, done = len(self.cards), self.enrolled_count()
        self.say(f"Enrolling {n} card{'s' if n != 1 else ''} of {self.edition.name} "
                 f"({done} already have a tag). Tap each card on the reader when asked.")
        self.say(f"Keys: {KEYS_HELP}.")
        self._waiting_since = self.clock.now()
        self.say("Waiting for the card reader...")
        self.index = self._first_index()
        if self.index >= len(self.cards):
            self._finish(DONE)
        else:
            self._prompt()

    def _first_index(self) -> int:
        if not self.resume:
            return 0
        return next((i for i, c in enumerate(self.cards) if c not in self.enrolment), len(self.cards))

    def _next_index(self, i: int) -> int:
        i += 1
        if self.resume:
            while i < len(self.cards) and self.cards[i] in self.enrolment:
                i += 1
        return i

    # -- events --------------------------------------------------------------------------------
    def reader_event(self, event) -> None:
        if self.finished:
            return
        if event.kind == TAG:
            self._tag(event)
        elif event.kind == ONLINE:
            was_waiting = self._waiting_since is not None
            self._reader_online, self._waiting_since = True, None
            self._ever_online = True
            self.say(f"Card reader ready: {event.detail}." if event.detail else "Card reader ready.")
            if was_waiting:
                self._prompt()
        elif event.kind == OFFLINE:
            self._reader_online = False
            if self._waiting_since is None:
                self._waiting_since = self.clock.now()
            self.say(f"Card reader offline: {event.detail}. Waiting up to {self.offline_timeout_s:g} s for it "
                     "(check the USB cable or the reader's power); Ctrl-C stops, progress is saved.")
        elif event.kind == FAULT:
            where = "the reader hub" if event.reader is None else f"reader {event.reader}"
            self.say(f"Warning: {where} reports a fault ({event.detail}); use another reader "
                     "or check its wiring (clacks-hw doctor).")
        elif event.kind == RECOVERED:
            where = "the reader hub" if event.reader is None else f"reader {event.reader}"
            self.say(f"{where.capitalize()} works again.")
        # GONE: a card left the reader; nothing to do.

    def key(self, line: str) -> None:
        if self.finished:
            return
        cmd = line.strip().lower()
        card = self.current
        if cmd == "":
            self.skipped.add(card)
            kept = " (its tag is kept)" if card in self.enrolment else ""
            self.say(f"Skipped {card}{kept}.")
            self._advance()
        elif cmd in ("b", "back"):
            if self.index == 0:
                self.say("Already at the first card.")
            else:
                self.index -= 1
            self._prompt()
        elif cmd in ("x", "forget"):
            uid = self.enrolment.forget(card)
            if uid is None:
                self.say(f"{card} has no tag to forget.")
                return
            if self._store():
                self.say(f"Forgot {card}'s tag {uid}.")
                self._prompt()
            else:
                self.enrolment.assign(uid, card)
        elif cmd in ("q", "quit"):
            self._finish(QUIT)
        elif cmd in ("?", "h", "help"):
            self.say(f"Keys: {KEYS_HELP}.")
        else:
            self.say(f"Unknown key {line.strip()!r}. {KEYS_HELP}.")

    def keyboard_closed(self) -> None:
        """Standard input ended (Ctrl-D on a terminal): stop like ``q``."""
        if not self.finished:
            self._finish(QUIT)

    def poll(self) -> None:
        """Call every few tenths of a second: gives up when the reader stays away too long."""
        if self.finished or self._waiting_since is None:
            return
        if self.clock.now() - self._waiting_since >= self.offline_timeout_s:
            never = " did not answer" if not self._ever_online else " did not come back"
            self.reason = f"the card reader{never} within {self.offline_timeout_s:g} s"
            if not self._ever_online:
                self.reason += " (is it on this port? clacks-hw doctor lists the serial ports and probes for the hub)"
            self._finish(GAVE_UP)

    def interrupt(self) -> None:
        """Ctrl-C: stop; everything enrolled so far is already saved."""
        if not self.finished:
            self._finish(INTERRUPTED)

    # -- internals -----------------------------------------------------------------------------
    def _tag(self, event) -> None:
        card = self.current
        try:
            uid = normalise_uid(event.uid or "")
        except ValueError as e:
            self.say(f"Ignored a tag with an unusable UID: {e}.")
            return
        owner = self.enrolment.card_for(uid)
        if owner == card:
            self.say(f"{card} already has this tag ({uid}); unchanged.")
            self._advance()
            return
        if owner is not None:
            self.say(f"Refused: tag {uid} is already {card_label(self.edition, owner)}. "
                     f"Tap {card} instead (or: b = back, x = forget this card's tag).")
            return
        previous = self.enrolment.tag_for(card)
        try:
            self.enrolment.assign(uid, card)
        except EnrolmentConflict as e:  # not reachable after the check above; kept for safety
            self.say(f"Refused: {e}.")
            return
        if not self._store():
            self.enrolment.forget(card)
            if previous is not None:
                self.enrolment.assign(previous, card)
            return
        replaced = f" (replacing {previous})" if previous else ""
        self.say(f"{card} = {uid}{replaced}, saved. {self.enrolled_count()} of {len(self.cards)} enrolled.")
        self.skipped.discard(card)
        self._advance()

    def _store(self) -> bool:
        try:
            self._save(self.enrolment)
            self.wrote = True
            return True
        except OSError as e:
            target = f" {self.where}" if self.where else ""
            self.reason = f"cannot save{target}: {e.strerror or e}"
            self.say(f"Error: {self.reason}. Fix: check the folder exists and is writable "
                     "(or give --cards PATH); the last card was not saved.")
            self._finish(FAILED)
            return False

    def _advance(self) -> None:
        self.index = self._next_index(self.index)
        if self.index >= len(self.cards):
            self._finish(DONE)
        else:
            self._prompt()

    def _prompt(self) -> None:
        card = self.current
        if card is None:
            return
        if not self._ever_online:
            return  # the first prompt comes when the reader is ready
        tag = self.enrolment.tag_for(card)
        has = f"  [has tag {tag}: tap to replace, Enter keeps it]" if tag else ""
        self.say(f"[{self.index + 1}/{len(self.cards)}] Tap {card_label(self.edition, card)}{has}")

    def _finish(self, state: str) -> None:
        self.state = state
        total, done = len(self.cards), self.enrolled_count()
        missing = [c for c in self.cards if c not in self.enrolment]
        head = {
            DONE: "Done.",
            QUIT: "Stopped.",
            INTERRUPTED: "Interrupted.",
            GAVE_UP: f"Stopped: {self.reason}.",
            FAILED: f"Stopped: {self.reason}.",
        }[state]
        if not self.where:
            saved = ""
        elif self.wrote:
            saved = f" Saved in {self.where}."
        else:  # never claim a write that did not happen
            saved = f" Nothing was written to {self.where}."
        self.say(f"{head} {done} of {total} cards enrolled.{saved}")
        if missing:
            shown = ", ".join(missing[:12]) + (f" and {len(missing) - 12} more" if len(missing) > 12 else "")
            self.say(f"Without a tag: {shown}. Run {self.resume_command} to tap them.")
