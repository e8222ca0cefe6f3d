"""Computer players: any seat of any game can be played by the computer, at three strengths.

Which seats the computer plays is part of a game's set-up (``GameConfig.computer``, seat ->
strength), so the journal records it and a game resumed after a power cut goes on with the
same players. Each game brings its own players (``Game.computer_move``); what they may look at
is decided here, once for every game: a computer player is handed the game's view for its seat
(``Game.seat_view``), never the state itself, so it cannot see a hand (or a deck's order, or the
seed that shuffled it) its seat may not see.

    easy    a beginner: sends when one card does it, otherwise plays about anything
    normal  plans every send it can make this turn, otherwise brings a tower closer
    strong  the normal player, and sabotage, Fault Report cards, the best dice policy

``--computer`` on the commands and ``game.computer`` in the config are written the same way:
seats separated by commas, each with an optional strength (``E``, ``E:strong``, ``W,E:easy``).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .errors import SetupError, suggest
from .table import SEATS

STRENGTHS = ("easy", "normal", "strong")
DEFAULT_STRENGTH = "normal"
# A model of somebody in their first game (each game says how they play), which the strengths
# are measured against (bench/bench_computer.py); never offered at the table.
FIRST_TIMER = "first-timer"


class ComputerError(SetupError):
    """A ``--computer`` or ``game.computer`` value that names no seat or strength: the message
    says which part and how to write it."""


class Move(NamedTuple):
    """What a computer player does and why, in words every player may read (the card it plays
    is shown as it is played; cards still in its hand never are)."""

    seat: str
    action: object
    why: str
    card: str | None = None  # the card played (None: no card)
    lamps: int = 0  # the lamps it flips (the placement), for the board to show
    tower: int | None = None  # the tower it plays on or moves to
    letter: str | None = None  # the signal it works toward


def parse_computer(spec, seats=None) -> dict[str, str]:
    """Seat -> strength from ``spec`` ("W,E:strong", or a list of such items); ComputerError
    when a seat or strength does not exist, or a seat is not in the game ``seats`` describes."""
    items = spec if isinstance(spec, (list, tuple)) else str(spec).split(",")
    out: dict[str, str] = {}
    for raw in items:
        if not isinstance(raw, str):
            raise ComputerError(f"{raw!r} is not a seat: write seats like \"E\" or \"E:strong\"")
        item = raw.strip()
        if not item:
            continue
        seat, _, strength = item.partition(":")
        seat, strength = seat.strip().upper(), strength.strip().lower() or DEFAULT_STRENGTH
        if seat not in SEATS:
            raise ComputerError(f"seat {seat!r} does not exist: the seats are {', '.join(SEATS)} "
                                f"(write e.g. E or E:strong)")
        if strength not in STRENGTHS:
            raise ComputerError(f"strength {strength!r} (for seat {seat}) does not exist{suggest(strength, STRENGTHS)}: "
                                f"choose {', '.join(STRENGTHS[:-1])} or {STRENGTHS[-1]}")
        if seat in out:
            raise ComputerError(f"seat {seat} is named twice: name each computer seat once")
        out[seat] = strength
    if seats is not None:
        why = computer_problem(out, seats)
        if why:
            raise ComputerError(why)
    return out


def computer_problem(computer, seats) -> str | None:
    """Why ``computer`` (seat -> strength) will not do for a game at ``seats`` (None: it will)."""
    if not isinstance(computer, dict):
        return 'computer must map seats to strengths, like {"E": "strong"}'
    for seat, strength in computer.items():
        if seat not in seats:
            return (f"seat {seat} cannot be a computer player: it is not in the game "
                    f"(seats: {' '.join(seats)})")
        if strength not in STRENGTHS:
            return f"seat {seat}'s strength {strength!r} does not exist: choose {', '.join(STRENGTHS)}"
    return None


def describe(computer: dict[str, str]) -> str:
    """"E (strong), W (easy)" for a status line."""
    return ", ".join(f"{seat} ({strength})" for seat, strength in computer.items()) or "nobody"


def move_rng(state, seat: str, moves: int) -> random.Random:
    """The dice a computer player decides with: fixed by the game's seed, the seat and how many
    actions were applied, so a replayed or resumed game sees the same moves. The seed reaches
    the player only through this generator's stream, never as the seed of the deal itself."""
    return random.Random(f"computer/{state.config.seed}/{seat}/{moves}")


def choose(state, seat: str, strength: str, rng: random.Random) -> Move:
    """What the computer playing ``seat`` at ``strength`` does now, decided from ``seat``'s view
    of ``state`` alone."""
    game = state.config.game
    view = game.seat_view(state, seat)
    return game.computer_move(view, seat, strength, rng)


def to_act(state) -> str | None:
    """The seat that must act now (a player choosing for a revealed card included); None when
    the game is over."""
    return state.config.game.acting_seat(state)


def play_out(state, players: dict[str, str], seed: int = 0, limit: int = 20_000, moves=None):
    """Play ``state`` to its end with the computer at every seat (``players``: seat -> strength
    or FIRST_TIMER): the final state. ``moves``, a list, collects every Move. RuntimeError when
    a player's action is refused or the game does not end within ``limit`` actions."""
    game = state.config.game
    for n in range(limit):
        seat = to_act(state)
        if seat is None:
            return state
        move = choose(state, seat, players[seat], move_rng(state, seat, n + seed))
        after = game.apply(state, move.action)
        if not hasattr(after, "config"):  # a Rejection: a computer player must only play legal moves
            raise RuntimeError(f"the computer at {seat} played {move.action}, refused: {after.message}")
        if moves is not None:
            moves.append(move)
        state = after
    raise RuntimeError(f"no end after {limit} actions")
