"""Finding the games: every game package registers itself under the ``clacks_hw.games`` entry
point group (pyproject.toml), the built-in ones exactly as a game installed from elsewhere
would, and the registry loads them all the first time a game is asked for.

An entry point names a ``GameBox`` (core/protocol.py): the game's name and the modes it is
played in. Modes are what a config, a journal header and the board's menu name ("competitive",
"race", "klackers", ...), so each must be unique; the built-in games are loaded first, so a
plugin cannot take one of their names. A plugin that fails to import, names something that is
no GameBox, or clashes is left out with a logged error saying which and why; the board plays
on with the rest. ``CLACKS_HW_PLUGINS=0`` in the environment loads only the built-in games.
"""

from __future__ import annotations

import os
from importlib import metadata

GROUP = "clacks_hw.games"
BUILT_IN = "clacks-hw"  # the distribution whose games are the board's own
GAMES: dict = {}  # mode name -> its Game object, in menu order (each game's ``order``)
OLD_NAMES: dict = {}  # a mode's old name -> its name now (a journal or config written before still reads)
BOXES: dict = {}  # game name -> its GameBox
PROBLEMS: list[str] = []  # why each plugin left out was left out


def modes() -> tuple[str, ...]:
    """Every mode of every game, in menu order."""
    _load()
    return tuple(GAMES)


def board_modes() -> tuple[str, ...]:
    """The modes the board daemon can run itself (its set-up menu, the admin page, the attract
    demo): those whose game says it has the board's screens (``on_board``)."""
    _load()
    return tuple(name for name, g in GAMES.items() if g.on_board)


def variants() -> dict[str, tuple[str, ...]]:
    """Each mode's variants."""
    _load()
    return {name: g.variants for name, g in GAMES.items()}


def game_for(mode: str):
    """The Game object for ``mode`` (or a mode's old name); a KeyError naming the games there
    are otherwise."""
    _load()
    try:
        return GAMES[OLD_NAMES.get(mode, mode)]
    except KeyError:
        raise KeyError(f"no game {mode!r}: choose from {', '.join(GAMES)}") from None


def box_of(mode: str):
    """The GameBox whose modes include ``mode`` (or a mode's old name); a KeyError as
    ``game_for``'s when no game has it."""
    game = game_for(mode)
    return next(b for b in BOXES.values() if game in b.modes)


def canonical(mode: str) -> str:
    """The mode's name now, for its name now or an old one; anything else as given."""
    _load()
    return OLD_NAMES.get(mode, mode)


def board_edition():
    """The printed cards the board plays with (its words, and the alphabet it spells set-up
    choices and pairing codes in): the default edition of the first game, in menu order, that
    has one; None when no game has printed cards."""
    boxes = printed_boxes()
    return boxes[0].edition() if boxes else None


def printed_boxes() -> list:
    """The games that come with printed cards of their own (a GameBox naming its edition), in
    menu order: the board's own first (board_edition), then those whose box it may also enrol."""
    _load()
    return sorted((b for b in BOXES.values() if b.edition is not None), key=lambda b: min(m.order for m in b.modes))


def boxes() -> dict:
    """Every game found, by name."""
    _load()
    return dict(BOXES)


def _load() -> None:
    if BOXES or PROBLEMS:
        return
    points = metadata.entry_points(group=GROUP)
    if os.environ.get("CLACKS_HW_PLUGINS", "1") == "0":
        points = [p for p in points if _dist(p) == BUILT_IN]
    for point in sorted(points, key=lambda p: (_dist(p) != BUILT_IN, _dist(p), p.name)):
        problem = _add(point)
        if problem:
            PROBLEMS.append(problem)
            _log(problem)
    if not GAMES:
        problem = (f"no game is installed: the {GROUP!r} entry points name none "
                   "(is clacks-hw installed? `pip install -e .` in a checkout)")
        PROBLEMS.append(problem)
        _log(problem)


def _add(point) -> str | None:
    """Register the box ``point`` names; why not, when it cannot be."""
    from .protocol import Game, GameBox

    where = f"game plugin {point.name!r} ({point.value}, from {_dist(point) or 'an unknown distribution'})"
    try:
        box = point.load()
    except Exception as exc:  # noqa: BLE001 - a broken plugin must not take the board down
        return f"{where} is left out: importing it failed: {type(exc).__name__}: {exc}"
    if not isinstance(box, GameBox):
        return f"{where} is left out: it names a {type(box).__name__}, not a GameBox"
    bad = [g for g in box.modes if not isinstance(g, Game)]
    if bad or not box.modes:
        return f"{where} is left out: its modes must be Game objects, got {bad or 'none'}"
    if box.name in BOXES:
        return f"{where} is left out: a game named {box.name!r} is already installed"
    taken = [n for g in box.modes for n in (g.name, *g.old_names) if n in GAMES or n in OLD_NAMES]
    if taken:
        return f"{where} is left out: mode {', '.join(taken)} is already another game's"
    BOXES[box.name] = box
    OLD_NAMES.update((old, g.name) for g in box.modes for old in g.old_names)
    ordered = sorted([*GAMES.values(), *box.modes], key=lambda g: g.order)
    GAMES.clear()
    GAMES.update((g.name, g) for g in ordered)
    return None


def _dist(point) -> str:
    return point.dist.name if point.dist is not None else ""


def _log(problem: str) -> None:
    import logging  # only when something is wrong: the CLI's --help imports no logging

    logging.getLogger("clacks_hw.games").error("%s", problem)
