"""The public view: what the kiosk page, the hall and MQTT may show of one snapshot.

Hidden information is decided once, by each game's position for ``PUBLIC``; what a page draws
of a game beyond it is the game's own (``Game.page``, ``Game.page_preview``: Clacks' letters,
towers lit as the board lights them, jacquards as hole patterns, the card being placed), and
this module adds only what every page says of any game.
"""

from __future__ import annotations

from ..views.moments import moments_json
from ..views.position_json import board_bits
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
    "fault": "Waiting for the reader or the disk",
}


def shown(state) -> dict:
    """What every page says of a game, whichever it is, as its game object puts it: its name and
    variants, the 16 lamps as lit, the players' names, a glance at the table (summary), and the
    decisive moments with their words (``moments``: a window open, what this turn did;
    ``outcome``: who won and why)."""
    game = state.config.game
    return {"game": game.traits(), "variant_labels": game.variant_names(state.config.variants),
            "lamps": board_bits(game.lamps(state)), "names": dict(state.config.names),
            "summary": game.summary(state)._asdict(), **moments_json(state)}


def public_position(state, actions: int | None = None, view: str | None = None) -> dict:
    """The public position as a page draws it: the game's own page (``Game.page``: Clacks adds
    its letters, towers and jacquards), and what every page says of any game (``shown``);
    ``view`` = a seat: that player's position instead (the play page's)."""
    return {**state.config.game.page(state, actions, view), **shown(state)}


def preview_json(snapshot: StatusSnapshot) -> dict | None:
    """The card being placed on the board, as the game's page draws it (None: none)."""
    p, state = snapshot.preview, snapshot.state
    if p is None or state is None:
        return None
    return state.config.game.page_preview(state, p)


def alphabet_json(edition) -> list:
    """Every signal and its six lamps as its sender sees them (bit ``2*row+col``)."""
    return [[name, bits] for name, bits in edition.signals.items()]


def pairing_label(pairing: str) -> str:
    """What the pages say beside the screen's name while a phone is paired at the board."""
    return "Pairing " + ("the admin's phone" if pairing == "admin" else f"seat {pairing}'s phone")


def status_json(snapshot: StatusSnapshot | None, edition=None) -> dict:
    """The whole public state for one snapshot (None: the loop has not run yet)."""
    if snapshot is None:
        return {"seq": None, "screen": "starting", "screen_label": SCREEN_LABELS["starting"],
                "pairing": None, "health": None, "storage": None, "express": None, "notice": "", "setup": None,
                "seats": SEATS_JSON,
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
        # Pairing rides over the screen, which goes on underneath (a game is still played): the
        # pages show both. Whose phone, never the code (the board's lamps and own screen only).
        "pairing": None if s.pairing is None else {"seat": None if s.pairing == "admin" else s.pairing,
                                                   "label": pairing_label(s.pairing)},
        "health": {"reader": s.reader, "leds": s.leds},
        "storage": {"state": s.storage, "text": s.storage_text},
        "express": express,
        "notice": s.notice,
        "setup": s.setup,
        "seats": SEATS_JSON,
        "position": None if s.state is None else public_position(s.state, s.actions),
        "preview": preview_json(s),
        "recent": [s.state.config.game.public_action(a, s.state) for a in s.recent] if s.state is not None else [],
        "alphabet": alphabet_json(edition) if s.screen == "attract" and edition is not None else None,
        "brightness": s.brightness,
        "started": None if s.started is None else int(s.started),
    }
