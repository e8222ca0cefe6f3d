"""A seat's answer from its own phone (web/seat_api.py), done in the loop thread.

The web server checked the phone, its seat and its game against the state it had; the state
may have moved on since (to another game, even: a seat's phone answers in its own game only), so
the loop checks again that the game is the phone's and that its prompts for that seat still
offer this answer, and only then applies it the way every action is applied (journaled first, through
the controller). The reply is the game's sentence as that seat may read it.
"""

from __future__ import annotations

import logging

from ..game.core.seat_page import offered
from .events import SeatAction

log = logging.getLogger(__name__)


def run(event: SeatAction, controller, now: float) -> str | None:
    """Do ``event``; None when applied, else why not (nothing changed)."""
    halted = controller.base.halted  # a fault: the game waits for the reader or the disk
    if halted and controller.in_game:
        return f"the board waits: {halted}"
    state = controller.state if controller.in_game else None
    if state is None:
        return "no game is in play"
    if event.game != controller.session.game_id:  # dealt since the page server checked the phone
        return "this phone was paired for another game: pair it again for this one"
    game = state.config.game
    if event.action.seat != event.seat or not offered(game, state, event.seat, event.action):
        return "that is not a question the game puts to you now"
    log.info("%s answers a private prompt", event.by)  # what it chose stays private
    if controller.submit(event.action, now):  # the one way an action reaches the engine
        return None
    return controller.message or "the board refused it"


def handle(event: SeatAction, controller, now: float) -> None:
    try:
        text = run(event, controller, now)
    except Exception:  # a bad answer must not end the board
        log.exception("error doing an answer from %s", event.by)
        text = "the board could not do that; see its log"
    if event.reply is not None:
        event.reply(text)
