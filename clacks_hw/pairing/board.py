"""The board's pairing: its open window (at most one code at a time) and its paired phones.

Shared by the board's loop, which opens a window after the pairing gesture and closes it, and
the web server's thread, where a phone trades the code for a session: every change happens
under one lock. Time comes from the board's clock (tests move a fake one).
"""

from __future__ import annotations

import hmac
import logging
import threading
from collections.abc import Callable

from ..base.errors import ClacksError
from .codes import WINDOW_S, PairingCode, new_code, normalise
from .display import boot_id, display_key
from .phones import Phone, PhoneBook

log = logging.getLogger(__name__)
GESTURE = "hold TURN and BACK together for 3 s"
SEAT = "seat"  # the role of a player's own phone (its seat's private view and prompts)


class PairingOff(ClacksError, RuntimeError):
    """There is no admin token, so the board cannot pair phones; the message says how to fix it."""


class Refused(ClacksError, ValueError):
    """A pairing code that will not do; the message says why and what to do."""


MAKE_TOKEN = "run `sudo clacks-hw install-service`, or `sudo clacks-hw admin --rotate` to make one"
VIRTUAL_MAKE_TOKEN = "run `clacks-hw admin --virtual --rotate` to make one"


class Pairing:
    def __init__(self, token: Callable[[], str | None], folder, clock, *, window_s: float = WINDOW_S,
                 rng=None, boot: str | None = None, how: str = GESTURE, make_token: str = MAKE_TOKEN) -> None:
        """``token``: the admin token now (pairing/root.py); ``folder``: where phones.json lives;
        ``how``: what to do to be shown a code (the board's gesture; a hall's command);
        ``make_token``: how this board is given a token (a built board's; the virtual board's)."""
        self.token = token
        self.how = how
        self.make_token = make_token
        self.clock = clock
        self.window_s = window_s
        self.rng = rng
        self.boot = boot if boot is not None else boot_id()
        self.phones = PhoneBook(folder, self._key)
        self.wrong = 0  # wrong codes tried against the window open now
        self._code: PairingCode | None = None
        self._lock = threading.Lock()

    def _key(self) -> bytes | None:
        token = self.token()
        return token.encode() if token else None

    @property
    def enabled(self) -> bool:
        return self.token() is not None

    # -- the window (the board's loop) ----------------------------------------------------
    def open(self, role: str = "admin", seat: str | None = None) -> PairingCode:
        """A new code, valid for ``window_s`` (any code shown before is void); ``role`` "seat"
        with ``seat``: a player's own phone, which sees that seat's private view only."""
        if (role == SEAT) != (seat is not None):
            raise ValueError(f"role {role!r} with seat {seat!r}: a seat's phone, and only one, names its seat")
        if not self.enabled:
            raise PairingOff(f"pairing is off: there is no admin token ({self.make_token})")
        with self._lock:
            self._code = new_code(self.clock.now(), self.window_s, role, self.rng, seat)
            self.wrong = 0
            return self._code

    def close(self) -> None:
        with self._lock:
            self._code = None

    def shown(self) -> PairingCode | None:
        """The code that may be used now (None: none, or it has run out)."""
        with self._lock:
            return self._current()

    def _current(self) -> PairingCode | None:
        if self._code is not None and self.clock.now() >= self._code.until:
            self._code = None
        return self._code

    # -- phones (the web server) ----------------------------------------------------------
    def redeem(self, typed: str) -> tuple[str, Phone]:
        """Trade the code shown for a session: (the secret for the phone's cookie, the phone).
        The window closes: a code pairs one phone."""
        with self._lock:
            code = self._current()
            if code is None:
                raise Refused(f"no pairing code is showing: {self.how}, then use the code shown within 2 minutes")
            if not hmac.compare_digest(normalise(typed).encode("utf-8", "replace"), code.code.encode()):
                self.wrong += 1
                raise Refused("that is not the code shown: check its 8 letters and try again")
            secret, phone = self.phones.add(code.role, code.seat)  # OSError: not kept, so not paired
            self._code = None
        log.info("phone %s paired (%s)", phone.name, phone.role if phone.seat is None else f"seat {phone.seat}")
        return secret, phone

    def phone(self, secret: str | None) -> Phone | None:
        return self.phones.find(secret) if secret else None

    def unpair(self, secret: str) -> Phone | None:
        phone = self.phones.remove(secret)
        if phone is not None:
            log.info("phone %s unpaired itself", phone.name)
        return phone

    def forget_all(self, by: str) -> int:
        """Unpair every phone and void any code shown; how many phones there were."""
        self.close()
        count = self.phones.forget_all()
        log.info("every paired phone forgotten (%d) by %s", count, by)
        return count

    # -- the board's own display ----------------------------------------------------------
    def display_key(self) -> str | None:
        token = self.token()
        return display_key(token, self.boot) if token and self.boot else None

    def is_display(self, given: str | None) -> bool:
        key = self.display_key()
        return bool(key and given) and hmac.compare_digest(given.encode("utf-8", "replace"), key.encode())
