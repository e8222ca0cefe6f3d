"""What a game hands the lit board: what a button or a card means, and what to light.

The board daemon's play screen names no game. For the game in play it asks the game object,
``Game.board_play()``, for a ``BoardPlay``: the game's own input in progress (a card
being placed, numbers selected, a swap half made), one per game in play, and its answers:

    press(table, button, now)      a button: PLAY BACK NEXT PREV TURN, the towers R1..R6 G1..G6
                                   (a game with a die: PLAY rolls it, a face button types the
                                   table's own die)
    tap(table, card, actor, now)   an enrolled card, tapped at ``actor``'s reader (None: one
                                   shared reader); a game played without cards refuses it
    waiting(table, now)            asked while nothing is in progress: what the game wants of
                                   the board by itself (a revealed card waiting for a choice)
    timeout(state, elapsed)        the action the end of a timed turn sends
    accepted(table, before, action, after, now) -> str
                                   an action was journalled and applied: what to say about it
                                   (the input in progress is the game's to keep or drop)
    new_turn()                     another seat's turn (or the next turn) began
    lights(state, now) -> Lights   what to light, as roles
    shown                          a card being placed, for the status page (or None)
    takes_cards                    cards are tapped in this game (a lost reader stops it)
    progress()                     the input in progress as a value (compared, never read)

The game acts through the ``table`` the board hands it (the board's side, ``Table``):

    table.state                    the position
    table.submit(action, now)      journal and apply it: True when accepted; a refusal has
                                   already been shown (a red flash and its public sentence)
    table.refuse(action, rejection, now)   show a refusal the game found itself
    table.error(now, sentence)     a red flash and a sentence
    table.say(sentence, message=None)   a sentence for the players (``message``: what the
                                   status page keeps showing, when it should)
    table.say_position()           the whole position again, as after an action
    table.public(rejection)        the sentence of a refusal everybody may read
    table.elapsed(now)             the time an action taken now records (None: no clock)
    table.in_play                  False once the game ended or the board left the game

This is the one way a game speaks to the board: what it lights, what a press or a tap means
and a die it rolled (core/die_run.py: the light running round its face buttons, started from
``accepted``) all go through its ``BoardPlay``; the engine's state stays pure and the board's
screens never ask which game is in play.

Lights are roles, never colours, so the board's palette decides how each looks. A role is a
tuple whose first item names it (what the board's palette knows, daemon/palette.py): for
lamps ``("lamp",)``, ``("preview",)``, ``("unaffordable",)``, ``("discard",)``, ``("up",)``,
``("selected",)``, ``("one_die",)``, ``("die", kind, weight)``, ``("dragon",)``, ``("run",)``,
``("sabotage",)``; for buttons ``("seat", seat)``, ``("seat_half", seat)``, ``("dwarf",)``,
``("route",)``, ``("face",)``, ``("test",)``, ``("passed",)``, ``("failed",)``,
``("rolling",)``; for seat indicators ``("seat", seat)``, ``("team", progress, bright)``,
``("pending",)``, ``("team_won",)``, ``("post_office_won",)``, ``("confined",)``,
``("watch",)``; and anywhere ``("dim", role)``, that role a quarter as bright. What blinks, the
game draws from ``now`` (``blink_on``), saying in ``changes_at`` when the lights change with
time alone (a blink, a die running), or None. The seat whose turn it is is named in
``Lights.turn`` (its clock, in a timed game, fades its indicator: the board's).
"""

from __future__ import annotations

from typing import NamedTuple

BLINK_S = 0.8  # a choice in progress blinks on half of this, off half


def blink_on(now: float, since: float, period: float = BLINK_S) -> bool:
    return ((now - since) % period) < period / 2


def next_edge(now: float, since: float, period: float = BLINK_S) -> float:
    """When a blink of ``period`` begun at ``since`` next turns on or off."""
    half = period / 2
    return since + ((now - since) // half + 1) * half


class Lights(NamedTuple):
    lamps: dict  # lamp index 0..15 -> role
    towers: dict  # tower button name (R1..G6) -> role
    seats: dict  # seat -> role
    turn: str | None = None  # the seat to act (its indicator shows a timed turn running out)
    changes_at: float | None = None


class BoardPlay:
    """A game's input on the board; every answer does nothing by default."""

    shown = None
    takes_cards = False  # cards are tapped in this game: a lost reader makes the board wait

    def press(self, table, button: str, now: float) -> None:
        pass

    def tap(self, table, card: str, actor: str | None, now: float) -> None:
        table.error(now, f"{card}: cards mean nothing in {table.state.config.game.title}.")

    def waiting(self, table, now: float) -> None:
        pass

    def timeout(self, state, elapsed: float):
        raise NotImplementedError(f"{state.config.game.title} has no timed turns")

    def accepted(self, table, before, action, after, now: float) -> str:
        return ""

    def new_turn(self) -> None:
        pass

    def lights(self, state, now: float, since: float = 0.0) -> Lights:
        return Lights({}, {}, {})

    def progress(self):
        """The input in progress as a value (None: none): the board compares it to tell whether
        an input changed anything."""
        return None
