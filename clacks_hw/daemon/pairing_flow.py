"""The board's side of pairing: two gestures, and the code shown on the board's own outputs only.

- **TURN and BACK held together for 3 s** open a pairing window (pairing/board.py): for two
  minutes, for one phone. NEXT (PREV: back) turns it into a window for a player's own phone,
  seat by seat (each seat in play, then the admin's again): a new code each time, the old one
  void; that phone sees its seat's private view and answers its prompts (web/seat_api.py). The lamps spell the code's eight letters in the Clacks alphabet, one
  after another (on tower R2, read from seat S, as in setup); the tower buttons R1..G2 stand for
  the eight places, the one being spelled white and the others cyan; the seat indicators glow
  cyan: the board is pairing (for a seat's phone only that seat's indicator glows, in its colour). On a terminal (the virtual board) the code and a QR code of the
  admin page's address, with the code, take the place of the board's drawing. The board's own
  kiosk screen shows the same (web/pairing_api.py). BACK ends the window; it ends by itself after
  two minutes, or when a phone pairs (the buttons and seat indicators flash green).
- **PREV and BACK held together for 3 s** forget every paired phone (they flash orange).

The code goes nowhere else: never into the log, the status page's snapshot or MQTT. Everything
else the players do goes on as usual meanwhile; the lamps show the game again when it ends.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..drivers.debounce import FORGET_CHORD, PAIR_CHORD, ButtonEvent
from ..drivers.frame import LAMPS, PIXELS, TOWERS, Frame
from ..game.core.table import SEATS
from ..pairing import Pairing, PairingCode, PairingOff
from ..pairing.board import SEAT
from ..pairing.codes import page_for
from . import palette as P
from .events import PhonePaired

log = logging.getLogger(__name__)

LETTER_S = 1.5  # each letter on the lamps
GAP_S = 0.3  # dark between letters, so a repeated letter reads twice
PAUSE_S = 2.0  # after the last letter, before the first again
DONE_S = 1.5  # the green (paired) or orange (phones forgotten) flash
PAIR = "+".join(PAIR_CHORD)
FORGET = "+".join(FORGET_CHORD)


class PairingFlow:
    def __init__(self, pairing: Pairing, spell: Callable[[str], int], *, say: Callable[[str], None],
                 screen=None, url: Callable[[], str] | None = None,
                 seats: Callable[[], tuple[str, ...]] = lambda: SEATS) -> None:
        """``spell``: a letter -> the lamps that spell it (the edition's, ``Edition.spelled``); ``say``: the board's messages (logged on a real board: never the code); ``screen``:
        the terminal screen, when the board has one; ``url``: the status page's address;
        ``seats``: the seats a player's phone may be paired for now (the game's, else all)."""
        self.pairing = pairing
        self.seats = seats
        self.spell = spell
        self.say = say
        self.screen = screen
        self.url = url
        self.code: PairingCode | None = None  # the code the board is showing
        self.done: tuple[float, tuple] | None = None  # (until, colour) of the closing flash

    # -- input -----------------------------------------------------------------------------
    def handle(self, event, now: float) -> bool:
        """True when ``event`` was pairing's (the game never sees it)."""
        if isinstance(event, PhonePaired):
            if self.code is not None:
                self._end(now)
            self.done = (now + DONE_S, P.PAIRED)
            if event.seat is None:
                self.say(f"A phone is paired ({event.name}): it can now start, abandon and dim games.")
            else:
                self.say(f"Seat {event.seat}'s own phone is paired ({event.name}): it shows that seat's private "
                         "view; a phone paired for that seat before is let go.")
            return True
        if not isinstance(event, ButtonEvent):
            return False
        if event.kind == "chord" and event.button == PAIR:
            self._open(now)
            return True
        if event.kind == "chord" and event.button == FORGET:
            count = self.pairing.forget_all("the board's PREV+BACK gesture")
            self._end(now)
            self.done = (now + DONE_S, P.FORGOTTEN)
            self.say(f"Every paired phone is forgotten ({count}): each must pair again (TURN+BACK).")
            return True
        if self.code is not None and event.kind == "press" and event.button == "BACK":
            self._end(now)
            self.say("Pairing ended: the code is void.")
            return True
        if self.code is not None and event.kind == "press" and event.button in ("NEXT", "PREV"):
            self._open(now, self._step(1 if event.button == "NEXT" else -1))
            return True
        return False

    def _step(self, by: int) -> str | None:
        """The seat after (or before) the one being paired; None: the admin's phone."""
        ring = [None, *self.seats()]
        at = ring.index(self.code.seat) if self.code.seat in ring else 0
        return ring[(at + by) % len(ring)]

    def _open(self, now: float, seat: str | None = None) -> None:
        try:
            self.code = self.pairing.open() if seat is None else self.pairing.open(SEAT, seat)
        except PairingOff as exc:
            self.say(f"! Cannot pair a phone: {exc}")
            return
        self.done = None
        whose = "one phone" if seat is None else f"seat {seat}'s own phone"
        log.info("pairing window opened at the board (2 minutes, %s)", whose)
        if self.screen is not None:
            self.screen.pairing(self._qr_lines(), self._text_lines())
            self.say(f"Pairing {whose}: the code shows on this screen and on the lamps. NEXT: another seat; "
                     "BACK ends it.")
        else:
            then = "NEXT pairs a seat's own phone instead" if seat is None else "NEXT: the next seat"
            self.say(f"Pairing {whose}: for 2 minutes the lamps spell the code (and the board's own kiosk screen "
                     f"shows it); {then}; BACK ends it.")

    def _end(self, now: float) -> None:
        self.code = None
        self.pairing.close()
        if self.screen is not None:
            self.screen.pairing(None)

    # -- time --------------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        if self.code is not None and self.pairing.shown() is None:  # run out, or a phone used it
            ran_out = now >= self.code.until
            self._end(now)
            if ran_out:  # else the phone's PhonePaired is on its way and says so
                self.say("Pairing ended: no phone used the code within 2 minutes.")
        if self.done is not None and now >= self.done[0]:
            self.done = None

    def next_deadline(self, now: float) -> float | None:
        times = [self.done[0]] if self.done is not None else []
        if self.code is not None:
            times += [self.code.until, self._next_step(now)]
        return min(times) if times else None

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

    def _next_step(self, now: float) -> float:
        return self._place(now)[1]

    def frame(self, frame: Frame, now: float) -> Frame:
        """What the LEDs show: ``frame`` (the game's), or pairing's in its place."""
        if self.done is not None and now < self.done[0]:  # the buttons and seats flash; the game goes on
            return frame.with_pixels({i: self.done[1] for i in range(LAMPS, PIXELS)})
        if self.code is None:
            return frame
        k, _ = self._place(now)
        lamps = [P.OFF] * 16
        if k is not None:
            mask = self.spell(self.code.code[k])
            lamps = [P.PAIRING_LETTER if mask >> i & 1 else P.OFF for i in range(16)]
        places = TOWERS[: len(self.code.code)]
        towers = {name: (P.PAIRING_PLACE if i == k else P.PAIRING) for i, name in enumerate(places)}
        seats = {s: P.PAIRING for s in "SWNE"} if self.code.seat is None else {self.code.seat: P.SEAT[self.code.seat]}
        return Frame.build(lamps=lamps, towers=towers, seats=seats)

    # -- the terminal ------------------------------------------------------------------------
    def _text_lines(self) -> list[str]:
        page = page_for(self.code)
        address = f"{self.url()}{page}" if self.url else f"the board's {page} page"
        title = "PAIRING A PHONE" if self.code.seat is None else f"PAIRING SEAT {self.code.seat}'S OWN PHONE"
        return [title, "",
                "Scan the QR code with the phone, or open", f"  {address}", "and type the code:", "",
                f"    {self.code.grouped}", "",
                "One phone, within 2 minutes. NEXT: a seat's own phone.", "BACK ends pairing."]

    def _qr_lines(self) -> list[str]:
        if self.url is None:
            return []
        import segno

        rows = [list(r) for r in segno.make(f"{self.url()}{page_for(self.code)}#pair={self.code.code}", error="m").matrix_iter(border=2)]
        if len(rows) % 2:
            rows.append([0] * len(rows[0]))
        glyph = {(1, 1): "\u2588", (1, 0): "\u2580", (0, 1): "\u2584", (0, 0): " "}
        # Black on white whatever the terminal's own colours: a scanner wants dark modules.
        return ["\x1b[30;107m" + "".join(glyph[(bool(a), bool(b))] for a, b in zip(top, bottom)) + "\x1b[0m"
                for top, bottom in zip(rows[::2], rows[1::2])]
