"""A Clacks position as a JSON object, as one viewer may see it (every mode's ``position``):
what `clacks-hw replay --json` prints, the pages show and tools script against.

One object for every mode, which each extends (``player_fields``, ``position_fields``) instead
of inventing another. ``board`` is 16 characters of 0/1, lamp 0 (north-west) first; towers are
named like "R2"; ``turn`` is null once the game is over.
"""

from __future__ import annotations

from ..core.table import board_bits
from .board import TOWERS
from .config import TEAM
from .state import NO_BUDGET, GameState


def tower_name(index: int | None) -> str | None:
    return None if index is None else TOWERS[index].name


def words_of(state: GameState, seat: str) -> str:
    """A seat's word(s) joined by a space; in the team games, the team's words."""
    words = state.config.words.get(seat)
    if words is None:  # co-op: the words belong to the team, not to a seat
        words = [w for ws in state.config.words.values() for w in ws]
    return " ".join(words)


def hand_visible(state: GameState, seat: str, view: str | None) -> bool:
    """May ``view`` see ``seat``'s hand? The game decides (``hidden_hands``): ``None`` sees
    everything (the journal's own replay), a seat its own hand, ``PUBLIC`` (a spectator, the
    kiosk page, a hall) tracked hands unless Long Distance hides them. Physical hands are unknown."""
    return state.config.hands == "tracked" and seat not in state.config.game.hidden_hands(state, view)


def player_json(state: GameState, seat: str, view: str | None = None) -> dict:
    """One seat; a hand the game hides from ``view`` is only counted."""
    p = state.player(seat)
    game = state.config.game
    out = {}
    if any(t.owner == seat for t in game.tracks(state)):  # the seat sends its own message
        out.update(word=words_of(state, seat), sent=p.sent, signals=len(p.signals), next=p.next_signal,
                   tower=tower_name(p.tower))
    out["hand_count"] = p.hand_count
    if "word" in out:
        out.update(sabotaged=p.sabotaged, sent_from=[TOWERS[t].name for t in p.sent_from])
    out.update(game.player_fields(state, seat))
    if hand_visible(state, seat, view):
        out["hand"] = list(p.hand)  # physical hands are unknown to the engine
        out["faults"] = list(p.faults)
    return out


def team_json(state: GameState, view: str | None = None) -> dict:
    """What the team games add: the message, the route, the Post Office and the report cards."""
    game = state.config.game
    out = {}
    for track in game.tracks(state):
        if track.owner == TEAM:
            out.update(message=list(track.signals), signals_sent=track.sent,
                       sent_from=[TOWERS[t].name for t in game.sent_from(state)[TEAM]],
                       next=state.next_signal(state.turn.seat))
    out.update(game.position_fields(state))
    if game.reports:
        out["reports"] = []
        for r in state.reports:
            card, jacquard = game.report_view(r, view)
            out["reports"].append({"card": card, "deck": state.edition.cards[r.card].deck,
                                   "jacquard": jacquard, "face_up": r.face_up})
    if state.pending and game.reports:
        out["pending"] = {"seat": state.pending_seat, "cards": list(state.pending)}
    return out


def position_json(state: GameState, actions: int | None = None, view: str | None = None) -> dict:
    """The position; ``view`` = a seat: what that player may see (others' hands hidden);
    PUBLIC: what everybody may see; None: everything (the journal tools)."""
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
    if state.config.hints is not None:  # did the board hint? Left out when not known (older journals)
        out["hints"] = state.config.hints
    out.update(team_json(state, view))
    if view is not None:
        out["view"] = view
    if actions is not None:
        out["actions"] = actions
    return out
