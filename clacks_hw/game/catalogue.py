"""The names of the games, their variants and the board's screens, as plain data: what a
message between boards and a hall may name, for a process that must not load the engine (the
hall: its rules and game objects would be 4 MB of its memory, for names).

The games' own objects (game/modes/) and daemon/view.py say these first; this is their list,
checked by tests/game/test_catalogue.py, which fails the moment a game, a variant, a label or a
screen differs.
"""

from __future__ import annotations

# name: (label, variants), in the set-up menu's order
GAMES = {
    "competitive": ("Competitive", ("express", "long_message", "quick")),
    "race": ("Race to Genua", ("night_shift", "long_distance")),
    "solitaire": ("Solitaire", ("night_shift",)),
    "junior": ("Junior Race", ()),
    "klackers": ("KLACKERS", ("hughie", "klack_to_win", "klack_worth_two")),
}
MODES = tuple(GAMES)
LABELS = {name: label for name, (label, _) in GAMES.items()}
VARIANTS = {name: variants for name, (_, variants) in GAMES.items()}
SCREENS = ("attract", "setup", "game", "confirm", "over", "resume", "refused")
