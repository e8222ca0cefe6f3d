"""Which game a config plays: the registry the game objects (``game/modes/``) fill.

Kept apart from the games themselves so the state can name its game without importing the
rules (the games import the state).
"""

from __future__ import annotations

GAMES: dict = {}  # mode name -> its Game object, in menu order (each game's ``order``)
PUBLIC = "public"  # the viewer "everybody": a notice, the status page, a log line


def register(game):
    games = sorted([*(g for g in GAMES.values() if g.name != game.name), game], key=lambda g: g.order)
    GAMES.clear()
    GAMES.update((g.name, g) for g in games)
    return game


def modes() -> tuple[str, ...]:
    _load()
    return tuple(GAMES)


def game_for(mode: str):
    """The Game object for ``mode``; a KeyError naming the games there are otherwise."""
    _load()
    try:
        return GAMES[mode]
    except KeyError:
        raise KeyError(f"no game {mode!r}: choose from {', '.join(GAMES)}") from None


def _load() -> None:
    if not GAMES:
        from . import modes  # noqa: F401  (registers every game)
