"""Clacks as the public pages draw it (the kiosk page, the hall, MQTT): the public position and
what a page draws from it: each message's letters, the tower buttons lit as the board lights
them, the jacquards as hole patterns, the turn's stress points, and a card being placed.

Hidden information is decided once, by the position for ``PUBLIC`` (position.py): in Long
Distance no hand or fault card of any seat (counts only), report cards by their deck only, a
jacquard on one only while it lies face up. Nothing here adds a secret.
"""

from __future__ import annotations

from ..core.table import board_bits
from ..core.view import PUBLIC
from .board import TOWERS
from .hint_text import hint_text
from .state import NO_BUDGET, ROUTE_TOWERS, GameState


def _letters(signals, sent: int) -> list:
    return [[s, k < sent] for k, s in enumerate(signals)]


def _towers(state: GameState) -> dict:
    """Each tower button as the board lights it, from the game's own tower marks (the renderer
    draws the same, so the page cannot disagree with the LEDs): pawns and the Deep Dwarf
    (competitive), the route reached (race, solitaire), each seat's progress two towers a button
    (junior; ``half``: one)."""
    out = {t.name: {"pawns": [], "dwarf": False, "route": False, "seat": None, "half": False}
           for t in TOWERS}
    for mark in state.config.game.tower_marks(state):
        tower = out[TOWERS[mark.tower].name]
        if mark.kind == "pawn":
            tower["pawns"].append(mark.seat)
        elif mark.kind == "dwarf":
            tower["dwarf"] = True
        else:
            tower.update(route=True, seat=mark.seat, half=mark.half)
            if mark.here:
                tower["pawns"].append(mark.seat)
    return out


def jacquard_json(edition, card: str) -> dict | None:
    """A jacquard as the page draws it: its holes (row, column), cost and shape name."""
    j = edition.jacquards.get(card)
    if j is None:
        return None
    return {"holes": [list(h) for h in j.shape.holes], "cost": j.cost, "shape": j.shape.name}


def page_position(state: GameState, actions: int | None = None, view: str = PUBLIC) -> dict:
    """The public position (or ``view``'s, a seat's), plus what the page draws."""
    pos = state.config.game.position(state, view, actions)
    pos.pop("view", None)
    for track in state.config.game.tracks(state):
        letters = _letters(track.signals, track.sent)
        if track.owner in pos["players"]:
            pos["players"][track.owner]["letters"] = letters
        else:
            pos["letters"] = letters
    for r in pos.get("reports", ()):
        r.pop("card", None)  # a report card's face is never public
    pos["hands_shown"] = any("hand" in pj for pj in pos["players"].values())
    pos["budget"] = state.turn.budget if state.turn.base_budget < NO_BUDGET else None
    pos["route_towers"] = ROUTE_TOWERS
    pos["towers"] = _towers(state)
    ids = set(pos.get("played", ()))
    for pj in pos["players"].values():
        ids.update(pj.get("hand", ()))
        ids.update(pj.get("faults", ()))
    ids.update(r["jacquard"] for r in pos.get("reports", ()) if r["jacquard"])
    ids.update(c for c in pos.get("pending", {}).get("cards", ()) if c)
    pos["labels"] = {c: state.edition.card_label(c) for c in sorted(ids)}
    pos["jacquards"] = {c: j for c in sorted(ids) if (j := jacquard_json(state.edition, c))}
    return pos


def page_preview(state: GameState, p) -> dict:
    """A card being placed (it lies face up on the table, so public) as the page draws it."""
    return {
        "seat": p.seat, "act": p.act, "card": p.card, "label": state.edition.card_label(p.card),
        "lamps": board_bits(p.mask), "tower": None if p.tower is None else TOWERS[p.tower].name,
        "affordable": p.affordable, "jacquard": jacquard_json(state.edition, p.card),
        # Hints on: what the engine answered for this placement (null: it sends nothing), and the
        # hint in words (hint_text.py: the pages write no sentence of their own).
        "hints": p.hints, "sends": None if p.sends is None else {
            "seat": p.sends[0], "signal": p.sends[1], "tower": TOWERS[p.sends[2]].name},
        "hint": None if not p.hints or p.hint is None else hint_text(state, p.seat, p.hint),
        "budget_left": max(0, state.turn.left) if state.turn.base_budget < NO_BUDGET else None,
    }
