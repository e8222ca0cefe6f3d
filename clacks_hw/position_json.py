"""A position as a JSON object: what `clacks-hw replay --json` prints and tools script against.

Kept apart from the replay command so the co-op modes and the board daemon can extend the same
object instead of inventing another. ``board`` is 16 characters of 0/1, lamp 0 (north-west)
first; towers are named like "R2"; ``turn`` is null once the game is over.
"""

from __future__ import annotations

from .game.board import TOWERS
from .game.state import GameState


def tower_name(index: int | None) -> str | None:
    return None if index is None else TOWERS[index].name


def board_bits(board: int) -> str:
    return "".join("1" if board >> i & 1 else "0" for i in range(16))


def words_of(state: GameState, seat: str) -> str:
    """A seat's word(s) joined by a space; in the team games, the team's words."""
    words = state.config.words.get(seat)
    if words is None:  # co-op: the words belong to the team, not to a seat
        words = [w for ws in state.config.words.values() for w in ws]
    return " ".join(words)


def player_json(state: GameState, seat: str) -> dict:
    p = state.player(seat)
    out = {
        "word": words_of(state, seat),
        "sent": p.sent,
        "signals": len(p.signals),
        "next": p.next_signal,
        "tower": tower_name(p.tower),
        "hand_count": p.hand_count,
        "sabotaged": p.sabotaged,
    }
    if state.config.hands == "tracked":  # physical hands are unknown to the engine
        out["hand"] = list(p.hand)
        out["faults"] = list(p.faults)
    return out


def position_json(state: GameState, actions: int | None = None) -> dict:
    turn = state.turn
    out = {
        "mode": state.config.mode,
        "hands": state.config.hands,
        "variants": sorted(state.config.variants),
        "board": board_bits(state.board),
        "turn": None if state.over else turn.seat,
        "turn_number": turn.number,
        "budget_left": turn.left,
        "played": list(turn.played),
        "players": {p.seat: player_json(state, p.seat) for p in state.players},
        "dwarf": tower_name(state.dwarf) if len(state.players) == 3 and state.config.mode == "competitive" else None,
        "sabotage": None if state.sabotage is None else
        {"sender": state.sabotage[0], "tower": tower_name(state.sabotage[1])},
        "winner": state.winner,
    }
    if actions is not None:
        out["actions"] = actions
    return out
