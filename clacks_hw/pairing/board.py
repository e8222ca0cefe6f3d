"""The board's pairing: its open window (at most one code at a time) and its paired phones.

Shared by the board's loop, which opens a window after the pairing gesture and closes it, and
the web server's thread, where a phone trades the code for a session: every change happens
under one lock. Time comes from the board's clock (tests move a fake one).

A seat's phone belongs to one seat of one game: the loop tells the pairing which game is on the
board (:meth:`Pairing.playing`, with the seats a person plays); when another game comes, the
seat phones of the one before are let go, so each seat of the new game pairs again. A phone
paired while no game is on the board joins the next one, if its seat is a person's there. The
computer's seat pairs no phone.
"""

from __future__ import annotations

import hmac
import logging
import threading
from collections.abc import Callable
from typing import NamedTuple

from ..base.errors import ClacksError
from ..base.secure_files import UnsafePath
from .codes import WINDOW_S, PairingCode, new_code, normalise
from .display import boot_id, display_key
from .phones import SEAT, Phone, PhoneBook

log = logging.getLogger(__name__)
GESTURE = "hold TURN and BACK together for 3 s"


class Table(NamedTuple):
    """The game on the board, as pairing needs it: its id (its journal's name), its seats and
    those the computer plays."""

    game: str
    seats: tuple[str, ...]
    computer: tuple[str, ...] = ()

    def refused(self, seat: str) -> str | None:
        """Why no phone may pair for ``seat`` in this game; None: it may."""
        if seat in self.computer:
            return f"seat {seat} is played by the computer in this game: no phone pairs for it"
        if seat not in self.seats:
            return f"seat {seat} does not play in this game"
        return None


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
        self._table: Table | None = None  # the game on the board (None: none), as the loop last said
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
            why = self._seat_refused(seat)
            if why is not None:
                raise Refused(why)
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

    def seat_refused(self, seat: str) -> str | None:
        """Why no phone may pair for ``seat`` now (the computer plays it, it is not in the game);
        None: it may (with no game on the board, any seat may, for the next game)."""
        with self._lock:
            return self._seat_refused(seat)

    def _seat_refused(self, seat: str | None) -> str | None:
        return None if seat is None or self._table is None else self._table.refused(seat)

    def playing(self, table: Table | None) -> None:
        """The game on the board now (the loop says so at every step; None: no game). When it
        changes, the seat phones of any other game are let go (phones.json rewritten only then)."""
        with self._lock:
            if table == self._table:
                return
            self._table = table
            seats = () if table is None else tuple(s for s in table.seats if table.refused(s) is None)
            try:
                gone = self.phones.follow(None if table is None else table.game, seats)
            except (OSError, UnsafePath) as exc:  # the pages still refuse them: their game is not the board's
                log.warning("cannot let the seat phones of the game before go (%s)", getattr(exc, "strerror", None) or exc)
                return
        for phone in gone:
            log.info("phone %s let go: it was seat %s's in a game no longer on the board", phone.name, phone.seat)

    def _current(self) -> PairingCode | None:
        if self._code is not None and self.clock.now() >= self._code.until:
            self._code = None
        return self._code

    # -- phones (the web server) ----------------------------------------------------------
    def redeem(self, typed: str) -> tuple[str, Phone]:
        """Trade the code shown for a session: (the secret the phone's page keeps, the phone).
        The window closes: a code pairs one phone."""
        with self._lock:
            code = self._current()
            if code is None:
                raise Refused(f"no pairing code is showing: {self.how}, then use the code shown within 2 minutes")
            if not hmac.compare_digest(normalise(typed).encode("utf-8", "replace"), code.code.encode()):
                self.wrong += 1
                raise Refused("that is not the code shown: check its 8 letters and try again")
            why = self._seat_refused(code.seat)  # a game came since the code was shown
            if why is not None:
                raise Refused(why)
            game = self._table.game if code.seat is not None and self._table is not None else None
            secret, phone = self.phones.add(code.role, code.seat, game)  # OSError: not kept, so not paired
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
