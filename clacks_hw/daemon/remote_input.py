"""A seat's press or tap from the other end of a line, handled as if at this table.

Only while the seat may act: in a game, its turn or a reaction it may play now. The board's
set-up, its menus and the other seats' turns stay this table's. The outcome goes back to the
line (line/host.py) as codes: how many actions the input led to, or why it was refused.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from ..drivers.debounce import ButtonEvent
from ..drivers.reader_events import ReaderEvent
from .events import CardTap, LineStatus, RemoteInput

log = logging.getLogger(__name__)


def may_act(controller, seat: str) -> str | None:
    """None if ``seat`` may act now; else the refusal's code."""
    if not controller.in_game or controller.state is None:
        return "not_in_game"
    state = controller.state
    game = state.config.game
    acting = game.acting_seat(state)
    if acting == seat or any(s == seat for s, _ in game.reactions(state, acting)):
        return None  # its turn, or a card it may play on another's (a Fault Report)
    return "not_your_turn"


def held_for_the_line(controller, event) -> str | None:
    """The seat at the other place whose turn it is, when ``event`` is a press or a tap at this
    table (not its own to play: the other place's board plays it); else None. Chords (pairing a
    phone, the reset) stay this table's."""
    remote = controller.remote_seats
    if not remote or not controller.in_game or controller.state is None:
        return None
    if isinstance(event, ButtonEvent) and event.kind == "chord":
        return None
    if isinstance(event, ReaderEvent) and event.uid is None:
        return None  # a reader's fault or its coming back: this board's own news
    if not isinstance(event, (ButtonEvent, CardTap, ReaderEvent)):
        return None
    state = controller.state
    acting = state.config.game.acting_seat(state)
    return acting if acting in remote else None


def handle(event: RemoteInput, controller, handle_local) -> None:
    """Apply ``event`` through ``handle_local`` (the loop's own handling of a table event)."""
    refusal = may_act(controller, event.seat)
    outcome: dict
    if refusal is not None:
        outcome = {"refused": refusal}
    else:
        inner = event.event
        if isinstance(inner, CardTap):  # at the seat's own reader, if the board has one a seat
            reader = next((r for r, s in controller.readers.table.items() if s == event.seat), None)
            inner = replace(inner, reader=reader)
        before = controller.session.actions if controller.session is not None else 0
        handle_local(inner)
        after = controller.session.actions if controller.session is not None else 0
        outcome = {"applied": max(after - before, 0)}
    if event.done is not None:
        try:
            event.done(outcome)
        except Exception:  # the line's trouble must not stop the board
            log.exception("the line could not take the outcome of %s's input", event.seat)


def line_words(event: LineStatus) -> str:
    """What the board says of the line: down since when (its own clock's HH:MM), or back."""
    import time

    if event.down_since is None:
        return f"the line to {event.place} is back: play on"
    return (f"line down since {time.strftime('%H:%M', time.localtime(event.down_since))}: waiting for "
            f"{event.place} (nothing is lost; their moves come when the line is back)")
