"""A position as a JSON object: what `clacks-hw replay --json` prints and tools script against.

Kept apart from the replay command so the co-op modes and the board daemon can extend the same
object instead of inventing another. ``board`` is 16 characters of 0/1, lamp 0 (north-west)
first; towers are named like "R2"; ``turn`` is null once the game is over.
"""

from __future__ import annotations

from .game.board import TOWERS
from .game.coop_setup import junior_route
from .game.state import COOP, NO_BUDGET, GameState


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


PUBLIC = "public"  # the viewer who sits at no seat: a spectator, the kiosk page, a hall


def hand_visible(state: GameState, seat: str, view: str | None) -> bool:
    """The one hidden-information decision for hands: may ``view`` see ``seat``'s hand?

    ``None`` sees everything (the journal's own replay); a seat sees its own hand; a spectator
    (``PUBLIC``) sees tracked hands unless Long Distance hides them. Physical hands are unknown.
    """
    if state.config.hands != "tracked":
        return False
    if view is None or view == seat:
        return True
    return view == PUBLIC and not state.config.has("long_distance")


def player_json(state: GameState, seat: str, view: str | None = None) -> dict:
    """One seat; with ``view``, hands it may not see (``hand_visible``) are only counted."""
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
    if state.config.mode == "junior":
        out["route"] = junior_route(state.config, seat)
        out["tower"] = p.sent  # the pawn's tower on its route (12 = Genua)
    elif state.config.mode != "competitive":
        for key in ("word", "sent", "signals", "next", "tower", "sabotaged"):
            out.pop(key)
    if hand_visible(state, seat, view):
        out["hand"] = list(p.hand)  # physical hands are unknown to the engine
        out["faults"] = list(p.faults)
    return out


def coop_json(state: GameState, view: str | None = None) -> dict:
    """What the team games add: the route, the Post Office and the report cards."""
    out = {
        "route": state.config.route,
        "message": list(state.message),
        "signals_sent": state.signals_sent,
        "next": state.next_signal(state.turn.seat),
        "post_office": state.post_office,
        "post_office_goal": state.post_office_goal,
        "reports": [{"card": r.card if view is None else None,
                     "deck": state.edition.cards[r.card].deck,
                     "jacquard": r.jacquard if r.face_up or view is None else None,
                     "face_up": r.face_up} for r in state.reports],
    }
    if state.pending:
        out["pending"] = {"seat": state.pending_seat, "cards": list(state.pending)}
    return out


def position_json(state: GameState, actions: int | None = None, view: str | None = None) -> dict:
    """The position; ``view`` = a seat (what that player may see) or ``PUBLIC`` (a spectator)."""
    turn = state.turn
    budget = turn.base_budget < NO_BUDGET
    out = {
        "mode": state.config.mode,
        "hands": state.config.hands,
        "variants": sorted(state.config.variants),
        "board": board_bits(state.board),
        "turn": None if state.over else turn.seat,
        "turn_number": turn.number,
        "budget_left": max(0, turn.left) if budget else None,
        "played": list(turn.played),
        "players": {p.seat: player_json(state, p.seat, view) for p in state.players},
        "dwarf": tower_name(state.dwarf) if state.has_dwarf else None,
        "sabotage": None if state.sabotage is None else
        {"sender": state.sabotage[0], "tower": tower_name(state.sabotage[1])},
        "winner": state.winner,
    }
    if state.config.mode in COOP:
        out.update(coop_json(state, view))
    if view is not None:
        out["view"] = view
    if actions is not None:
        out["actions"] = actions
    return out
