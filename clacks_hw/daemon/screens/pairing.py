"""Pairing a phone at the board: the admin's phone, or a player's own phone for one seat.

- **TURN and BACK held together for 3 s** open a pairing window (pairing/board.py): for two
  minutes, for one phone. NEXT (PREV: back) turns it into a window for a player's own phone,
  seat by seat (each seat in play, then the admin's again): a new code each time, the old one
  void; that phone sees its seat's private view and answers its prompts (web/seat_api.py). The
  lamps spell the code's eight letters in the edition's alphabet, one after another (as the
  set-up's letters: ``Edition.spelled``); the tower buttons R1..G2 stand for the eight places,
  the one being spelled white and the others cyan; the seat indicators glow cyan: the board is
  pairing (for a seat's phone only that seat's indicator glows, in its colour). A seat the
  computer plays is passed over, the board saying so: no phone pairs for it. On a terminal
  (the virtual board) the code and a QR code of the page's address, with the code, take the
  place of the board's drawing; a virtual board drawn as plain text (no terminal: its output
  read from a file or a pipe) prints the code's lines once between two drawings. The board's own kiosk screen shows the same
  (web/pairing_api.py). BACK ends the window; it ends by itself after two minutes, or when a
  phone pairs (the buttons and seat indicators flash green).
- **PREV and BACK held together for 3 s** forget every paired phone (they flash orange).

The pairing screen rides over the screen underneath: every other button and card goes to it,
its timers run on, and when it moves on (a game ends, set-up starts a game) pairing stays over
the new one; the lamps show the game again when pairing ends. The code goes nowhere else: never
into the log, the status page's snapshot or MQTT.
"""

from __future__ import annotations

import logging
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ...drivers.debounce import FORGET_CHORD, PAIR_CHORD, ButtonEvent
from ...game.core.table import SEATS
from ...pairing import PairingCode, PairingOff, Refused
from ...pairing.board import SEAT
from ...pairing.codes import page_for
from ..events import PhonePaired
from .base import Screen

log = logging.getLogger(__name__)

LETTER_S = 1.5  # each letter on the lamps
GAP_S = 0.3  # dark between letters, so a repeated letter reads twice
PAUSE_S = 2.0  # after the last letter, before the first again
DONE_S = 1.5  # the green (paired) or orange (phones forgotten) flash
PAIR = "+".join(PAIR_CHORD)
FORGET = "+".join(FORGET_CHORD)


@dataclass
class PhoneDesk:
    """What pairing needs of the board beyond its screens: the phones' pairing (pairing/board.py),
    the edition's spelling of a letter on the lamps, where the board speaks (logged on a real
    board: never the code), the virtual board's own display when there is one (its terminal
    screen or its plain drawing: ``pairing(qr, text)``), the status page's address,
    and the seats a player's own phone may be paired for now (the game's, else all)."""

    pairing: object
    spell: Callable[[str], int]
    say: Callable[[str], None]
    terminal: object = None
    url: Callable[[], tuple[str | None, str]] | None = None  # (a phone's address, "") or (None, why none)
    seats: Callable[[], tuple[str, ...]] = lambda: SEATS


class PairingLights(NamedTuple):
    """What the LEDs show while pairing: the letter being spelled (its lamps; ``place`` None in a
    gap or the pause), the code's length, whose phone (None: the admin's), and when it changes."""

    lamps: int
    place: int | None
    places: int
    seat: str | None
    changes_at: float


class PairingScreen(Screen):
    name = "pairing"
    rides = True  # over whatever screen is underneath, and stays when that one moves on

    def __init__(self, board, now: float, under: Screen, code: PairingCode) -> None:
        super().__init__(board, now)
        self.under = under
        self.code = code  # the code the board is showing

    @property
    def state(self):
        return self.under.state

    @property
    def desk(self) -> PhoneDesk:
        return self.board.phones

    @property
    def takes_cards(self) -> bool:
        return self.under.takes_cards

    # -- inputs: BACK, NEXT and PREV are pairing's; everything else the screen underneath's ----
    def press(self, button: str, now: float) -> None:
        if button == "BACK":
            self.end(now)
            self.desk.say("Pairing ended: the code is void.")
        elif button in ("NEXT", "PREV"):
            open_window(self.board, now, self._step(1 if button == "NEXT" else -1))
        else:
            self.under.press(button, now)

    def tap(self, card: str, reader: int | None, now: float) -> None:
        self.under.tap(card, reader, now)

    def reset(self, now: float) -> None:
        self.under.reset(now)

    def _step(self, by: int) -> str | None:
        """The seat after (or before) the one being paired that a phone may pair for, saying
        why of each passed over (the computer's); None: the admin's phone."""
        ring = [None, *self.desk.seats()]
        at = ring.index(self.code.seat) if self.code.seat in ring else 0
        for k in range(1, len(ring)):
            seat = ring[(at + by * k) % len(ring)]
            why = None if seat is None else self.desk.pairing.seat_refused(seat)
            if why is None:
                return seat
            self.desk.say(why[0].upper() + why[1:] + ".")
        return None

    # -- time --------------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        if self.desk.pairing.shown() is None:  # run out, or a phone used it
            ran_out = now >= self.code.until
            self.end(now)
            if ran_out:  # else the phone's PhonePaired is on its way and says so
                self.desk.say("Pairing ended: no phone used the code within 2 minutes.")
        self.under.tick(now)

    def deadline(self, now: float) -> float | None:
        times = [self.under.deadline(now), self.code.until, self._place(now)[1]]
        return min(t for t in times if t is not None)

    def resume(self, since: float, now: float) -> None:
        self.under.resume(since, now)

    def end(self, now: float) -> None:
        """Close the window (the code is void) and show the screen underneath again."""
        self.desk.pairing.close()
        if self.desk.terminal is not None:
            self.desk.terminal.pairing(None)
        if self.board.current is self:
            self.board.go(self.under, now)

    # -- the LEDs ----------------------------------------------------------------------------
    def _cycle(self) -> float:
        return len(self.code.code) * (LETTER_S + GAP_S) + PAUSE_S

    def _place(self, now: float) -> tuple[int | None, float]:
        """Which letter is lit now (None: a gap or the pause) and when that next changes."""
        t = (now - self.code.opened) % self._cycle()
        start = now - t
        k, into = divmod(t, LETTER_S + GAP_S)
        k = int(k)
        if k >= len(self.code.code):
            return None, start + self._cycle()
        if into < LETTER_S:
            return k, start + k * (LETTER_S + GAP_S) + LETTER_S
        return None, start + (k + 1) * (LETTER_S + GAP_S)

    def shows(self, now: float) -> dict:
        k, changes = self._place(now)
        lamps = self.desk.spell(self.code.code[k]) if k is not None else 0
        return {**self.under.shows(now),
                "pairing": PairingLights(lamps, k, len(self.code.code), self.code.seat, changes)}


def open_window(board, now: float, seat: str | None = None) -> None:
    """Open a pairing window (``seat``: for that seat's own phone) over the screen showing, or
    a new one in place of the window open; a board that cannot pair says why."""
    desk = board.phones
    try:
        code = desk.pairing.open() if seat is None else desk.pairing.open(SEAT, seat)
    except (PairingOff, Refused) as exc:
        desk.say(f"! Cannot pair a phone: {exc}")
        return
    board.phones_flash = None
    top = board.current
    if isinstance(top, PairingScreen):
        top.code = code
    else:
        board.go(PairingScreen(board, now, top, code), now)
    whose = "one phone" if seat is None else f"seat {seat}'s own phone"
    log.info("pairing window opened at the board (2 minutes, %s)", whose)
    if desk.terminal is not None:
        desk.terminal.pairing(qr_lines(desk.url, code), text_lines(desk.url, code))
        desk.say(f"Pairing {whose}: the code shows on this screen and on the lamps. NEXT: another seat; "
                 "BACK ends it.")
    else:
        then = "NEXT pairs a seat's own phone instead" if seat is None else "NEXT: the next seat"
        desk.say(f"Pairing {whose}: for 2 minutes the lamps spell the code (and the board's own kiosk screen "
                 f"shows it); {then}; BACK ends it.")


def gesture(board, event, now: float) -> bool:
    """The pairing gestures and a phone's pairing, whatever the screen: True when ``event`` was
    pairing's (no screen sees it)."""
    desk = board.phones
    if desk is None:
        return False
    top = board.current if isinstance(board.current, PairingScreen) else None
    if isinstance(event, PhonePaired):
        if top is not None:
            top.end(now)
        board.phones_flash = (now + DONE_S, "paired")
        if event.seat is None:
            desk.say(f"A phone is paired ({event.name}): it can now start, abandon and dim games.")
        else:
            desk.say(f"Seat {event.seat}'s own phone is paired ({event.name}): it shows that seat's private "
                     "view; a phone paired for that seat before is let go.")
        return True
    if not isinstance(event, ButtonEvent) or event.kind != "chord":
        return False
    if event.button == PAIR:
        open_window(board, now)
        return True
    if event.button == FORGET:
        count = desk.pairing.forget_all("the board's PREV+BACK gesture")
        if top is not None:
            top.end(now)
        else:
            desk.pairing.close()
        board.phones_flash = (now + DONE_S, "forgotten")
        desk.say(f"Every paired phone is forgotten ({count}): each must pair again (TURN+BACK).")
        return True
    return False


# -- the terminal (the virtual board): the code and a QR code of the page's address ----------
def text_lines(url, code: PairingCode) -> list[str]:
    page = page_for(code)
    base, why = url() if url else (None, "")
    address = f"{base}{page}" if base else f"the board's {page} page"
    title = "PAIRING A PHONE" if code.seat is None else f"PAIRING SEAT {code.seat}'S OWN PHONE"
    if not base and why:  # no QR code: it would send the phone to an address it cannot reach
        return [title, "", *textwrap.wrap(why[0].upper() + why[1:] + ".", 38), "", "Type the code:", "",
                f"    {code.grouped}", "", "BACK ends pairing."]
    return [title, "",
            "Scan the QR code with the phone, or open", f"  {address}", "and type the code:", "",
            f"    {code.grouped}", "",
            "One phone, within 2 minutes. NEXT: a seat's own phone.", "BACK ends pairing."]


def qr_lines(url, code: PairingCode) -> list[str]:
    base = url()[0] if url is not None else None
    if base is None:
        return []
    import segno

    rows = [list(r) for r in segno.make(f"{base}{page_for(code)}#pair={code.code}", error="m").matrix_iter(border=2)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    glyph = {(1, 1): "\u2588", (1, 0): "\u2580", (0, 1): "\u2584", (0, 0): " "}
    # Black on white whatever the terminal's own colours: a scanner wants dark modules.
    return ["\x1b[30;107m" + "".join(glyph[(bool(a), bool(b))] for a, b in zip(top, bottom)) + "\x1b[0m"
            for top, bottom in zip(rows[::2], rows[1::2])]
