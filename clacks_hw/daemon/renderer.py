"""Drawing: a pure function (View, time) -> Frame. Nothing here keeps state or reads a clock.

Lamps show the board; a pawn is its tower button's LED in its owner's colour; the Deep Dwarf
has its own colour; the current seat's indicator lights in its colour (Express: fading as the
time runs down, blinking for the last 10 s). A preview blinks the placement's lamps (red when
the card cannot be paid). A transmission flashes the tower in the sender's colour. A reader
that is offline makes the seat indicators pulse amber; a journal that cannot be written (storage
full) blinks all twelve tower buttons white, over anything else on them; an unknown tag or a refused action
flashes them red.

After a restart whose newest journal could not be resumed: with an older game in play to offer
(screen resume), that game's whole picture blinks slowly, asking whether to bring it back;
with nothing to offer (screen refused) the seat indicators blink red slowly.

Co-op (race, solitaire): no pawns; the tower-button LEDs are the route, R1..R6 then G1..G6,
one more lit per signal sent (scaled to 12 towers if owners' words make the message longer or
shorter); the playing seats' indicators go from green to red as the Post Office nears Genua
(the current seat bright, the others dim); game over blinks them green (the team won) or red
(the Post Office). Junior: each player's progress on the six buttons of their own colour (the
red seat on R1..R6, the green seat on G1..G6): each button is two towers of the route, dim
when the first of them is reached, full when both are. A revealed Fault Report card that
waits (Night Shift, Junior) blinks the indicator of the seat that must deal with it. A swap
shows the jacquard that would be discarded blinking orange in the top-left corner.
"""

from __future__ import annotations

import math

from ..drivers.frame import SEATS as FRAME_SEATS
from ..drivers.frame import TOWERS as FRAME_TOWERS
from ..drivers.frame import Frame
from ..game.clacks.board import COLOUR, TOWER_BY_NAME
from ..game.clacks.modes.base import TowerMark
from ..game.clacks.modes.team import route_reached
from ..game.clacks.turns import target_mask
from . import klackers_frame, lights_frame
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
SETUP_TOWER = TOWER_BY_NAME["R2"].index  # the letters are spelled here, read from seat S


def blink_on(now: float, since: float, period: float) -> bool:
    return ((now - since) % period) < period / 2


def _next_edge(now: float, since: float, period: float) -> float:
    half = period / 2
    k = math.floor((now - since) / half) + 1
    return since + k * half


def _lamps(board: int) -> list:
    return [P.LAMP_ON if board >> i & 1 else P.OFF for i in range(16)]


def _overlay(lamps: list, mask: int, colour) -> None:
    for i in range(16):
        if mask >> i & 1:
            lamps[i] = colour


def render(view: View, now: float) -> Frame:
    if view.screen in ("resume", "refused"):
        lamps, towers, seats = _resume(view, now)
    elif view.screen == "setup" and view.setup is not None:
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
    return Frame.build(lamps=lamps, towers=towers, seats=seats)


def _game(view: View, now: float):
    state = view.state
    lights = state.config.game.lights(state)
    if lights is not None:  # a game that says what to light (game/core/lights.py)
        return lights_frame.parts(lights, now)
    if state.config.game.dice:  # KLACKERS: numbers and dice instead of shutters and cards
        over = state.over and blink_on(now, view.screen_since, CONFIRM_BLINK_S)
        return klackers_frame.frame(state, view.dice_input, over, now)
    lamps = _lamps(state.board)
    towers: dict[str, tuple] = {}
    seats: dict[str, tuple] = {}
    game = state.config.game
    for mark in game.tower_marks(state):
        towers[FRAME_TOWERS[mark.tower]] = mark_colour(mark)
    if not state.over:
        seat = state.turn.seat
        if game.moves_post_office:
            colour = post_office_colour(state.post_office, state.post_office_goal)
            for s in state.config.seats:
                seats[s] = colour if s == seat else P.scale(colour, 0.25)
        else:
            seats[seat] = P.SEAT[seat]
        if state.pending and state.pending_seat is not None:
            seats[state.pending_seat] = P.PENDING if blink_on(now, 0.0, BLINK_S) else P.OFF
        if view.express_started is not None and seat in seats:
            left = view.express_seconds - (now - view.express_started)
            colour = seats[seat]
            if left <= EXPRESS_BLINK_LAST_S:
                on = blink_on(now, view.express_started, EXPRESS_BLINK_S)
                seats[seat] = colour if on and left > 0 else P.OFF
            else:
                seats[seat] = P.scale(colour, 0.2 + 0.8 * left / view.express_seconds)
    elif blink_on(now, view.screen_since, CONFIRM_BLINK_S):
        if state.winner in P.SEAT:
            seats[state.winner] = P.SEAT[state.winner]
        elif state.winner in ("team", "post_office"):
            for s in state.config.seats:
                seats[s] = P.TEAM_WON if state.winner == "team" else P.PO_WON
    p = view.preview
    if p is not None and blink_on(now, p.since, BLINK_S):
        colour = P.DISCARD if p.act == "discard" else P.PREVIEW if p.affordable else P.UNAFFORDABLE
        _overlay(lamps, p.mask, colour)
    c = view.computer
    if c is not None and c.seat in P.SEAT and blink_on(now, 0.0, BLINK_S):
        # a computer player's move, shown before it is played: the placement in its colour
        _overlay(lamps, c.lamps, P.SEAT[c.seat])
        if c.tower is not None and getattr(c.action, "act", None) == "move":
            towers[FRAME_TOWERS[c.tower]] = P.SEAT[c.seat]
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
    return _game(View("game", view.state, signals=view.signals), now)


def mark_colour(mark: TowerMark) -> tuple:
    """A tower button's colour for what the game marks on it."""
    if mark.kind == "dwarf":
        return P.DWARF
    if mark.seat is None:
        return P.ROUTE  # the team's route
    return P.scale(P.SEAT[mark.seat], P.JUNIOR_HALF) if mark.half else P.SEAT[mark.seat]


def route_leds(sent: int, length: int) -> dict[str, tuple]:
    """Co-op: the route towers reached, lit in order R1..R6, G1..G6."""
    return {FRAME_TOWERS[k]: P.ROUTE for k in range(route_reached(sent, length))}


def junior_leds(seat: str, sent: int, length: int) -> dict[str, tuple]:
    """Junior: ``seat``'s progress on the six buttons of its colour, two route towers each."""
    reached = route_reached(sent, length)
    names = [n for n in FRAME_TOWERS if n[0] == COLOUR[seat][0].upper()]
    return {name: mark_colour(TowerMark(0, "route", seat, half=reached == 2 * k + 1))
            for k, name in enumerate(names) if reached >= 2 * k + 1}


def post_office_colour(post_office: int, goal: int) -> tuple:
    """Co-op seat indicators: green while the Post Office is far from Genua, red when it is there."""
    return P.mix(P.PO_FAR, P.PO_NEAR, post_office / (goal or 1))


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
    if letter is not None and letter in view.signals:
        _overlay(lamps, target_mask("S", SETUP_TOWER, view.signals[letter]), colour)
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
    if view.screen == "setup" and view.setup is not None:
        if view.setup.page in ("variants", "names", "words"):
            times.append(_next_edge(now, view.setup.since, BLINK_S))
        return min(times) if times else None
    if view.state is None:
        return min(times) if times else None
    if view.preview is not None:
        times.append(_next_edge(now, view.preview.since, BLINK_S))
    if view.computer is not None:
        times.append(_next_edge(now, 0.0, BLINK_S))
    if view.flash is not None:
        times.append(min(_next_edge(now, view.flash.since, FLASH_BLINK_S), view.flash.since + view.flash.seconds))
    if view.screen in ("confirm", "over"):
        times.append(_next_edge(now, view.screen_since, CONFIRM_BLINK_S))
    lights = view.state.config.game.lights(view.state)
    if lights is not None:
        if lights_frame.blinks(lights):
            times.append(lights_frame.next_edge(now))
    elif view.state.config.game.dice:  # KLACKERS: a selection of numbers blinks
        if view.dice_input is not None and view.dice_input.selected:
            times.append(_next_edge(now, 0.0, klackers_frame.BLINK_S))
    elif view.state.pending and not view.state.over:
        times.append(_next_edge(now, 0.0, BLINK_S))
    if view.express_started is not None:
        left = view.express_seconds - (now - view.express_started)
        if left <= EXPRESS_BLINK_LAST_S:
            times.append(_next_edge(now, view.express_started, EXPRESS_BLINK_S))
        else:
            times.append(now + 0.5)  # the fade: a few steps a second is smooth enough
    return min(times) if times else None
