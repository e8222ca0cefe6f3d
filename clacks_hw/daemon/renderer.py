"""Drawing: a pure function (View, time) -> Frame. Nothing here keeps state or reads a clock.

A game's picture is the game's own: its ``BoardPlay`` (game/core/board.py) says what each lamp,
tower button and seat indicator shows, as roles, and the palette colours them (``colour``).
Over any game the board adds what is its own: the seat whose turn it is fades as an Express
turn runs down (blinking for the last 10 s); a transmission flashes the tower in the sender's
colour; the abandon question blinks the lamps orange. A reader that is offline makes the seat
indicators pulse amber; a journal that cannot be written (storage full) blinks all twelve tower
buttons white, over anything else on them (either is the fault screen's while a game waits for
it: screens/fault.py); an unknown tag or a refused action flashes them red.

After a restart whose newest journal could not be resumed: with an older game in play to offer
(screen resume), that game's whole picture blinks slowly, asking whether to bring it back;
with nothing to offer (screen refused) the seat indicators blink red slowly. Set-up spells
its letters on tower R2 and lights the variants' switches on the tower buttons. Pairing a phone
(screens/pairing.py) spells the code's letters in their place; a phone paired, or every phone
forgotten, flashes the tower buttons and seat indicators green or orange.
"""

from __future__ import annotations

import math

from ..drivers.frame import SEATS as FRAME_SEATS
from ..drivers.frame import TOWERS as FRAME_TOWERS
from ..drivers.frame import Frame
from . import palette as P
from .setup_menu import variants_of
from .view import View

BLINK_S = 0.8  # preview blink period (on half, off half)
FLASH_BLINK_S = 0.3
CONFIRM_BLINK_S = 1.0
RESUME_BLINK_S = 1.6  # the resume question and the refused notice: slower than anything else
EXPRESS_BLINK_LAST_S = 10.0
EXPRESS_BLINK_S = 0.5
PULSE_S = 2.0  # amber pulse of an offline reader
STORAGE_BLINK_S = 1.0  # storage full: the tower buttons blink
ANIMATION_STEP_S = 0.1  # pulses and fades are redrawn this often


def blink_on(now: float, since: float, period: float) -> bool:
    return ((now - since) % period) < period / 2


def _next_edge(now: float, since: float, period: float) -> float:
    half = period / 2
    k = math.floor((now - since) / half) + 1
    return since + k * half


def _overlay(lamps: list, mask: int, colour) -> None:
    for i in range(16):
        if mask >> i & 1:
            lamps[i] = colour


def render(view: View, now: float) -> Frame:
    if view.pairing is not None:  # the code's letters and places: nothing else while it shows
        return _pairing(view.pairing)
    if view.screen in ("resume", "refused"):
        lamps, towers, seats = _resume(view, now)
    elif view.setup is not None:  # the set-up menu (also under a fault, screens/fault.py)
        lamps, towers, seats = _setup(view, now)
    elif view.state is None:
        lamps, towers, seats = [P.OFF] * 16, {}, {}
    else:
        lamps, towers, seats = _game(view, now)
    if view.reader_offline:
        k = 0.5 + 0.5 * math.cos(2 * math.pi * ((now % PULSE_S) / PULSE_S))
        seats = {s: P.scale(P.AMBER, 0.15 + 0.85 * k) for s in FRAME_SEATS}
    if view.storage_full:
        on = blink_on(now, 0.0, STORAGE_BLINK_S)
        towers = {t: P.STORAGE_FULL if on else P.OFF for t in FRAME_TOWERS}
    if view.error_since is not None and now < view.error_since + view.error_seconds:
        seats = {s: P.ERROR for s in FRAME_SEATS}
    if view.phones_flash is not None:  # a phone paired, or every phone forgotten: the game goes on
        towers, seats = dict.fromkeys(FRAME_TOWERS, view.phones_flash), dict.fromkeys(FRAME_SEATS, view.phones_flash)
    return Frame.build(lamps=lamps, towers=towers, seats=seats)


def _pairing(p) -> Frame:
    """The code's letter on the lamps; its places on the tower buttons (the one spelled white);
    the seat indicators cyan, or only the seat whose phone is being paired, in its colour."""
    lamps = [P.PAIRING_LETTER if p.lamps >> i & 1 else P.OFF for i in range(16)]
    towers = {name: (P.PAIRING_PLACE if i == p.place else P.PAIRING) for i, name in enumerate(FRAME_TOWERS[:p.places])}
    seats = dict.fromkeys(FRAME_SEATS, P.PAIRING) if p.seat is None else {p.seat: P.SEAT[p.seat]}
    return Frame.build(lamps=lamps, towers=towers, seats=seats)


def _lights(view: View, now: float):
    play = view.play if view.play is not None else view.state.config.game.board_play()
    return play.lights(view.state, now, view.screen_since)


def _game(view: View, now: float):
    lights = _lights(view, now)
    lamps = [P.OFF] * 16
    for lamp, role in lights.lamps.items():
        lamps[lamp] = P.colour(role)
    towers = {name: P.colour(role) for name, role in lights.towers.items()}
    seats = {seat: P.colour(role) for seat, role in lights.seats.items()}
    seat = lights.turn
    if view.express_started is not None and seat in seats:
        left = view.express_seconds - (now - view.express_started)
        colour = seats[seat]
        if left <= EXPRESS_BLINK_LAST_S:
            on = blink_on(now, view.express_started, EXPRESS_BLINK_S)
            seats[seat] = colour if on and left > 0 else P.OFF
        else:
            seats[seat] = P.scale(colour, 0.2 + 0.8 * left / view.express_seconds)
    c = view.computer
    if c is not None and c.seat in P.SEAT and blink_on(now, 0.0, BLINK_S):
        # a computer player's move, shown before it is played: the placement in its colour
        _overlay(lamps, c.lamps, P.SEAT[c.seat])
        if c.tower is not None and getattr(c.action, "act", None) == "move":
            towers[FRAME_TOWERS[c.tower]] = P.SEAT[c.seat]
    r = view.reaction
    if r is not None:  # the computer's move held for an answer: who may answer blinks
        on = blink_on(now, r.since, BLINK_S)
        seats.update((s, P.SEAT[s] if on else P.OFF) for s in r.people if s in P.SEAT)
    f = view.flash
    if f is not None and now < f.since + f.seconds and blink_on(now, f.since, FLASH_BLINK_S):
        _overlay(lamps, f.mask, f.colour)
    if view.screen == "confirm" and blink_on(now, view.screen_since, CONFIRM_BLINK_S):
        lamps = [P.CONFIRM if c != P.OFF else P.scale(P.CONFIRM, 0.2) for c in lamps]
    return lamps, towers, seats


def _resume(view: View, now: float):
    on = blink_on(now, view.screen_since, RESUME_BLINK_S)
    if view.state is None or view.screen == "refused":
        return [P.OFF] * 16, {}, {s: P.ERROR if on else P.OFF for s in FRAME_SEATS}
    if not on:
        return [P.OFF] * 16, {}, {}
    return _game(View("game", view.state, spell=view.spell), now)


def _setup(view: View, now: float):
    m = view.setup
    lamps = [P.OFF] * 16
    towers: dict[str, tuple] = {}
    seats: dict[str, tuple] = {}
    letter = m.letter
    colour = P.SETUP_LETTER
    if m.page == "variants":
        colour = P.SETUP_ON if m.letter_on else P.SETUP_OFF
        for k, v in enumerate(variants_of(m.mode)):
            on = v in m.variants
            c = P.SETUP_ON if on else P.SETUP_OFF
            if k == m.cursor:
                c = P.SETUP_CURSOR if blink_on(now, m.since, BLINK_S) else c
            towers[FRAME_TOWERS[k]] = c
    if letter is not None and view.spell is not None:  # in the edition's alphabet, on its spelling tower
        _overlay(lamps, view.spell(letter), colour)
    if m.page in ("seats", "names", "words"):
        waiting = m.waiting_seat() if m.page in ("names", "words") else None
        for s in m.seats:
            strength = m.strength_of(s)
            if s == waiting:
                seats[s] = P.SEAT[s] if blink_on(now, m.since, BLINK_S) else P.OFF
            elif strength is not None and m.page == "seats":
                seats[s] = P.scale(P.COMPUTER, P.COMPUTER_LEVEL[strength])
            else:
                seats[s] = P.SEAT[s]
    return lamps, towers, seats


def animation_deadline(view: View, now: float) -> float | None:
    """When the frame drawn for ``view`` next changes with time alone (None: it does not)."""
    if view.pairing is not None:
        return view.pairing.changes_at
    times = []
    if view.reader_offline:
        times.append(now + ANIMATION_STEP_S)
    if view.storage_full:
        times.append(_next_edge(now, 0.0, STORAGE_BLINK_S))
    if view.error_since is not None:
        times.append(view.error_since + view.error_seconds)
    if view.screen in ("resume", "refused"):
        times.append(_next_edge(now, view.screen_since, RESUME_BLINK_S))
        return min(times)
    if view.setup is not None:
        if view.setup.page in ("variants", "names", "words"):
            times.append(_next_edge(now, view.setup.since, BLINK_S))
        return min(times) if times else None
    if view.state is None:
        return min(times) if times else None
    times.append(_lights(view, now).changes_at)
    if view.computer is not None:
        times.append(_next_edge(now, 0.0, BLINK_S))
    if view.reaction is not None:
        times.append(_next_edge(now, view.reaction.since, BLINK_S))
    if view.flash is not None:
        times.append(min(_next_edge(now, view.flash.since, FLASH_BLINK_S), view.flash.since + view.flash.seconds))
    if view.screen in ("confirm", "over"):
        times.append(_next_edge(now, view.screen_since, CONFIRM_BLINK_S))
    if view.express_started is not None:
        left = view.express_seconds - (now - view.express_started)
        if left <= EXPRESS_BLINK_LAST_S:
            times.append(_next_edge(now, view.express_started, EXPRESS_BLINK_S))
        else:
            times.append(now + 0.5)  # the fade: a few steps a second is smooth enough
    times = [t for t in times if t is not None]
    return min(times) if times else None
