"""The admin's phone at the board: its commands, run in the loop's thread, answered by the screen
showing and done through the board's own steps.

The web server has already checked that a paired phone asks (pairing.py pairs it); here each
command is checked as the board would check it (the set-up menu's modes, variants, seats, words
and players' names) and then done exactly as the buttons do it: a new game goes through the
set-up menu's ``game_config`` and the journal store, abandoning renames the journal as the reset
question does. Whether a new game may start now is the screen's to say (``Screen.busy``: a game
in play, the resume question, a fault), so nothing here names a screen. Every command is
logged; a new game is journalled from its first line like any other.
"""

from __future__ import annotations

import logging

from ...game.core.computer import ComputerError, computer_problem, parse_computer
from ...game.core.names import names_problem
from ...game.core.registry import board_modes, canonical, game_for
from ..events import AdminCommand
from ..setup_menu import SetupMenu, seatings, word_slots

log = logging.getLogger(__name__)


def requested_menu(params: dict, edition, computer_default=None) -> SetupMenu | str:
    """The setup menu the admin asked for, ready to start; or what is wrong with the request.
    ``computer_default``: seat -> strength (game.computer), for a request that names no computer
    players: the seats of it in this game are the computer's, as in the board's own set-up."""
    mode = params.get("mode", "competitive")
    mode = canonical(mode) if isinstance(mode, str) else mode  # a mode's old name still reads
    if mode not in board_modes():
        return f"mode {mode!r} must be one of {', '.join(board_modes())}"
    variants = params.get("variants", [])
    if not isinstance(variants, list) or any(v not in game_for(mode).variants for v in variants):
        return f"variants {variants!r}: {mode} allows {', '.join(game_for(mode).variants) or 'none'}"
    route = params.get("route", "easy")
    if route not in ("easy", "hard"):
        return f"route {route!r} must be easy or hard"
    allowed = seatings(mode)
    seats = params.get("seats", list(allowed[0]))
    if not isinstance(seats, list) or tuple(seats) not in allowed:
        return f"seats {seats!r}: {mode} is played from " + " or ".join("".join(s) for s in allowed)
    words = params.get("words", [])
    total = sum(n for _, n in word_slots(mode, seats, variants))
    if not isinstance(words, list) or len(words) > total or len(set(words)) != len(words):
        return f"words {words!r}: give at most {total} different words (the rest are dealt)"
    unknown = [w for w in words if w not in edition.words]
    if unknown:
        return f"words {', '.join(map(repr, unknown))} are not in this edition's word list"
    names = params.get("names", [])
    if not isinstance(names, list) or len(names) > len(seats):
        return f"names {names!r}: give at most one name a seat, in seat order ({' '.join(seats)})"
    given = {seat: name for seat, name in zip(seats, names) if name}
    why = names_problem(given, seats)
    if why:
        return why
    computer = params.get("computer")  # seat -> strength of a computer player
    if computer is None:
        computer = {s: k for s, k in (computer_default or {}).items() if s in seats}
    if isinstance(computer, list):  # from a page's JSON: ["N:strong", ...], as --computer writes them
        try:
            computer = parse_computer(computer)
        except ComputerError as exc:
            return f"computer: {exc}"
    why = computer_problem(computer, seats)
    if why:
        return why
    toggles = set(variants) | ({"hard_route"} if route == "hard" and game_for(mode).routes else set())
    return SetupMenu(page="words", mode=mode, variants=frozenset(toggles), seats=tuple(seats),
                     words=tuple(words), names=tuple(given.items()),
                     computer=tuple((s, computer[s]) for s in seats if s in computer))


def run(event: AdminCommand, controller, leds, now: float) -> str | None:
    """Do ``event``; None when done, else the sentence saying why not (nothing changed)."""
    if event.kind == "new_game":
        busy = controller.base.busy()  # a game in play, the resume question, a fault
        if busy is not None:
            return busy
        menu = requested_menu(event.params, controller.edition, dict(controller.settings.computer))
        if isinstance(menu, str):
            return menu
        log.info("%s: new game %s, seats %s", event.by, menu.mode, " ".join(menu.seats))
        return controller.start_game(menu, now)
    if event.kind == "abandon":
        if not controller.abandon(now, by=event.by):
            return "no game is in play"
        return None
    if event.kind == "brightness":
        value = event.params.get("value")
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            return f"brightness {value!r} must be a number from 0 to 1"
        leds.set_brightness(float(value))
        log.info("%s: LED brightness scale %.2f", event.by, value)
        return None
    return f"unknown admin command {event.kind!r}"


def handle(event: AdminCommand, controller, leds, now: float) -> None:
    try:
        answer = run(event, controller, leds, now)
    except Exception as exc:  # the board goes on; the phone is told
        log.exception("admin command %s failed", event.kind)
        answer = f"failed: {exc}"
    if event.reply is not None:
        event.reply(answer)
