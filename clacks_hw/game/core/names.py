"""Players' names: what the people at the table are called, entered at set-up (initials on the
board's tower buttons, a name on a paired phone) and shown on the pages and the hall's
leaderboard. A name never changes the game; it only has to be safe to show anywhere.

A name is 1 to 16 characters: letters of any alphabet, digits, spaces, and . ' - inside it;
it starts with a letter or a digit (so no spreadsheet reads it as a formula) and has no
leading, trailing or doubled spaces.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 16
INITIALS = 3  # the most letters the board's letter picker takes
PUNCTUATION = " .'-"


def name_problem(name) -> str | None:
    """Why ``name`` will not do as a player's name (None: it will)."""
    if not isinstance(name, str):
        return f"a name must be text, not {type(name).__name__}"
    if not name:
        return "a name may not be empty (leave the seat out instead)"
    if len(name) > MAX_NAME:
        return f"{name[:MAX_NAME]!r}... is longer than {MAX_NAME} characters"
    if not name[0].isalnum():
        return f"{name!r} must start with a letter or a digit"
    if name != name.strip() or "  " in name:
        return f"{name!r} has spaces at its ends or two in a row"
    for ch in name:
        if not (ch.isalnum() or ch in PUNCTUATION) or unicodedata.category(ch).startswith("C"):
            return f"{name!r} holds {ch!r}: use letters, digits, spaces and . ' - only"
    return None


def names_problem(names, seats) -> str | None:
    """Why ``names`` (seat -> name) will not do for a game at ``seats`` (None: they will)."""
    if not isinstance(names, dict):
        return "names must map seats to names, like {\"S\": \"ANN\"}"
    for seat, name in names.items():
        if seat not in seats:
            return f"a name is given for seat {seat!r}, which is not in the game (seats: {' '.join(seats)})"
        why = name_problem(name)
        if why:
            return f"seat {seat}'s name: {why}"
    return None
