"""Helpers for the rules tests: build a game, set up a position, act, and check answers.

Positions are built from a real ``new_game`` with ``replace`` (states are immutable),
so each test states exactly the board, hands and turn it relies on.
"""

from __future__ import annotations

import pytest

from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import TOWER_BY_NAME, TOWERS, mask_of
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.state import GameState
from clacks_hw.game.clacks.turns import target_mask
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.core.values import replace

ED = default_edition()

# Words chosen so the first player is predictable: S's word comes first alphabetically.
WORDS = {"S": "ADORA", "W": "BRICK", "N": "CLACK", "E": "DEATH"}
SEATINGS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


def T(name: str) -> int:
    """Tower index from its name (R1..R6, G1..G6)."""
    return TOWER_BY_NAME[name].index


def L(*lamps: int) -> int:
    """A 16-bit mask from lamp indices."""
    return mask_of(lamps)


def game(players: int = 2, *, words=None, seed: int = 0, hands: str = "tracked",
         variants=()) -> GameState:
    seats = SEATINGS[players]
    words = words or {s: WORDS[s] for s in seats}
    words = {s: (w,) if isinstance(w, str) else tuple(w) for s, w in words.items()}
    return new_game(ED, ClacksConfig(seats, words, seed=seed, hands=hands,
                                   variants=frozenset(variants)))


def player(state: GameState, seat: str, **fields) -> GameState:
    """Change fields of one player (hand also sets hand_count unless given)."""
    if "hand" in fields and "hand_count" not in fields:
        fields["hand_count"] = len(fields["hand"])
    return state.with_player(replace(state.player(seat), **fields))


def turn(state: GameState, **fields) -> GameState:
    return replace(state, turn=replace(state.turn, **fields))


def at_turn(state: GameState, seat: str, *, number: int = 5, **fields) -> GameState:
    """Make it ``seat``'s turn, starting from where its pawn now stands (a later turn)."""
    p = state.player(seat)
    from clacks_hw.game.clacks.state import Turn
    return replace(state, turn=Turn(seat=seat, number=number, start_tower=p.tower,
                                    dwarf_before=state.dwarf, **fields))


def sig(seat: str, tower: str, letter: str) -> int:
    """The board lamps lit when ``tower`` shows ``letter`` to ``seat``."""
    return target_mask(seat, T(tower), ED.signals[letter])


def ok(state: GameState, action: Action) -> GameState:
    out = apply(state, action)
    assert not isinstance(out, Rejection), f"{action} was refused: {out.code}: {out.message}"
    return out


def refused(state: GameState, action: Action, code: str, *quotes: str) -> Rejection:
    """Assert ``action`` is refused with ``code`` and a message quoting each of ``quotes``."""
    out = apply(state, action)
    assert isinstance(out, Rejection), f"{action} was accepted; expected {code}"
    assert out.code == code, f"{action}: got {out.code} ({out.message}); expected {code}"
    msg = out.message
    assert msg and msg[0].isupper() and msg.rstrip().endswith((".", ")")), f"message reads badly: {msg!r}"
    for q in quotes:
        assert q in msg, f"message {msg!r} should mention {q!r}"
    return out


def move(seat, tower, **kw):
    return Action(seat, "move", tower=T(tower), **kw)


def play(seat, card, mask, **kw):
    return Action(seat, "play", card=card, lamps=mask, **kw)


def end(seat, **kw):
    return Action(seat, "end", **kw)


def fault(seat, card, **kw):
    if "tower" in kw and isinstance(kw["tower"], str):
        kw["tower"] = T(kw["tower"])
    return Action(seat, "fault", card=card, **kw)


def tower_lamps(name: str) -> int:
    return TOWERS[T(name)].mask


@pytest.fixture
def ed():
    return ED
