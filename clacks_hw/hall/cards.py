"""A board's card on the hall page: the few things a screen across the hall shows of it.

Built from what the hall holds of the board (ingest.Card: its link online, silent, offline
or unknown, when it was last heard, its page, and its last state as the schema decoded it): the
lamps as lit, the game's name and variants, whose turn and what they do, how far the game is,
the result and why the game ended (in the board's words, views/moments.py), when the game
began, and the address of the board's own page. Every text is the board's game
object's own (the page never asks which game it is), cut to a bounded length; anything a board
sends that is not what a card expects is left out, never raised: one odd board must not take
the hall down.
"""

from __future__ import annotations

import math
import re

from ..web.seats import SEATS_JSON

TEXT = 80  # the longest text a card shows from a board
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
LAMPS = re.compile(r"[01]{16}")
PAGE = re.compile(r"https?://[A-Za-z0-9.:\[\]_-]{1,253}(/[!-~]{0,200})?")
SCREENS = {"attract": "demo", "setup": "setting up", "game": "", "confirm": "reset question", "over": "game over",
           "resume": "resume question", "refused": "journal not resumed", "starting": "starting"}


def _text(value, limit: int = TEXT) -> str:
    return value[:limit] if isinstance(value, str) else ""


def _number(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return value


def _seat(position: dict, seat) -> dict | None:
    """A seat as a card names it: its letter, the player's name if the table gave one, its colour."""
    if not isinstance(seat, str) or seat not in SEATS_JSON:
        return None
    info = SEATS_JSON[seat]
    names = position.get("names") if isinstance(position.get("names"), dict) else {}
    return {"seat": seat, "name": _text(names.get(seat), 24), "place": info["name"], "colour": info["colour"]}


def _game(state: dict, position: dict) -> dict:
    game = position.get("game") if isinstance(position.get("game"), dict) else {}
    labels = position.get("variant_labels") if isinstance(position.get("variant_labels"), list) else []
    title = _text(game.get("label")) or _text(position.get("mode"))
    variants = [_text(v, 40) for v in labels[:8] if isinstance(v, str)]
    summary = position.get("summary") if isinstance(position.get("summary"), dict) else {}
    outcome = position.get("outcome") if isinstance(position.get("outcome"), dict) else {}
    winners = summary.get("winners") if isinstance(summary.get("winners"), list) else []
    lamps = position.get("lamps")
    started = _number(state.get("started"))
    express = state.get("express") if isinstance(state.get("express"), dict) else {}
    left = _number(express.get("seconds_left"))
    return {
        "title": " \u00b7 ".join([title, *variants]) if title else "",
        "lamps": lamps if isinstance(lamps, str) and LAMPS.fullmatch(lamps) else None,
        "turn": _seat(position, summary.get("seat")),
        "doing": _text(summary.get("doing")),
        "progress": _text(summary.get("progress")),
        "winners": [w for w in (_seat(position, s) for s in winners[:4]) if w],
        "result": _text(summary.get("result")),
        "why": _text(outcome.get("why")),
        "started": int(started) if started is not None and started > 0 else None,
        "express": None if left is None else max(0, math.ceil(left)),
    }


def card(record: dict) -> dict:
    """The card of one board from the hall's ``record`` of it (ingest.Card.data)."""
    state = record.get("state") if isinstance(record.get("state"), dict) else None
    link = record.get("link")
    seen = _number(record.get("seen"))
    page = record.get("page")
    out = {"status": link if link in ("online", "silent", "offline") else "unknown",
           "seen": None if seen is None else int(seen),
           "page": page if isinstance(page, str) and PAGE.fullmatch(page) else None}
    if state is None:
        return {**out, "screen": "no state yet", "demo": False}
    screen = state.get("screen")
    out["screen"] = SCREENS.get(screen, "") if isinstance(screen, str) else ""
    out["demo"] = bool(state.get("demo"))
    position = state.get("position") if isinstance(state.get("position"), dict) else None
    if position is not None:
        out.update(_game(state, position))
    return out
