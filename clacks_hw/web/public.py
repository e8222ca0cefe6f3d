"""The public view: what the kiosk page, the hall and MQTT may show of one snapshot.

Hidden information is decided once, by ``position_json(view=PUBLIC)``: in Long Distance no
hand or fault card of any seat (counts only), report cards by their deck only, a jacquard on
one only while it lies face up. This module only adds what a page draws (letters, towers lit as
the board lights them, jacquards as hole patterns, the preview) from that public position.
"""

from __future__ import annotations

from ..game.clacks.board import TOWERS
from ..game.clacks.state import NO_BUDGET, ROUTE_TOWERS, GameState
from ..views.position_json import PUBLIC, board_bits, position_json
from .seats import SEATS_JSON
from .snapshot import StatusSnapshot

SCREEN_LABELS = {
    "starting": "Starting",
    "attract": "How to play",
    "setup": "Setup",
    "game": "Game",
    "confirm": "Reset question",
    "over": "Game over",
    "resume": "Resume an older game?",
    "refused": "Journal not resumed",
}


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


def shown(state) -> dict:
    """What every page says of a game, whichever it is, as its game object puts it: its name and
    variants, the 16 lamps as lit, the players' names, and a glance at the table (summary)."""
    game = state.config.game
    return {"game": game.traits(), "variant_labels": game.variant_names(state.config.variants),
            "lamps": board_bits(game.lamps(state)), "names": dict(state.config.names),
            "summary": game.summary(state)._asdict()}


def public_position(state: GameState, actions: int | None = None) -> dict:
    """``position_json`` as a spectator sees it, plus what the page draws."""
    game = state.config.game
    if not game.shutters:
        # KLACKERS' dice and numbers, a game beside its own map: no shutters, letters or
        # jacquards to draw; the game's public view as it is
        return {**position_json(state, actions=actions, view=PUBLIC), **shown(state)}
    pos = position_json(state, actions=actions, view=PUBLIC)
    pos.pop("view", None)
    for track in game.tracks(state):
        letters = _letters(track.signals, track.sent)
        if track.owner in pos["players"]:
            pos["players"][track.owner]["letters"] = letters
        else:
            pos["letters"] = letters
    for r in pos.get("reports", ()):
        r.pop("card", None)  # a report card's face is never public
    pos["hands_shown"] = any("hand" in pj for pj in pos["players"].values())
    pos.update(shown(state))
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


def preview_json(snapshot: StatusSnapshot) -> dict | None:
    p, state = snapshot.preview, snapshot.state
    if p is None or state is None:
        return None
    return {
        "seat": p.seat, "act": p.act, "card": p.card, "label": state.edition.card_label(p.card),
        "lamps": board_bits(p.mask), "tower": None if p.tower is None else TOWERS[p.tower].name,
        "affordable": p.affordable, "jacquard": jacquard_json(state.edition, p.card),
        # Hints on: what the engine answered for this placement (null: it sends nothing).
        "hints": p.hints, "sends": None if p.sends is None else {
            "seat": p.sends[0], "signal": p.sends[1], "tower": TOWERS[p.sends[2]].name},
        "budget_left": max(0, state.turn.left) if state.turn.base_budget < NO_BUDGET else None,
    }


def alphabet_json(edition) -> list:
    """Every signal and its six lamps as its sender sees them (bit ``2*row+col``)."""
    return [[name, bits] for name, bits in edition.signals.items()]


def status_json(snapshot: StatusSnapshot | None, edition=None) -> dict:
    """The whole public state for one snapshot (None: the loop has not run yet)."""
    if snapshot is None:
        return {"seq": None, "screen": "starting", "screen_label": SCREEN_LABELS["starting"],
                "health": None, "storage": None, "express": None, "notice": "", "setup": None, "seats": SEATS_JSON,
                "position": None, "preview": None, "recent": [], "alphabet": None}
    s = snapshot
    express = None
    if s.express_left is not None:
        express = {"seconds_left": round(s.express_left, 2), "seconds": s.express_seconds}
    if s.state is not None and s.state.config.game.shutters:  # else the board's own alphabet
        edition = s.state.edition
    return {
        "seq": s.seq,
        "screen": s.screen,
        "screen_label": SCREEN_LABELS.get(s.screen, s.screen),
        "health": {"reader": s.reader, "leds": s.leds},
        "storage": {"state": s.storage, "text": s.storage_text},
        "express": express,
        "notice": s.notice,
        "setup": s.setup,
        "seats": SEATS_JSON,
        "position": None if s.state is None else public_position(s.state, s.actions),
        "preview": preview_json(s),
        "recent": [s.state.config.game.public_action(a) for a in s.recent] if s.state is not None else [],
        "alphabet": alphabet_json(edition) if s.screen == "attract" and edition is not None else None,
        "brightness": s.brightness,
        "started": None if s.started is None else int(s.started),
    }
