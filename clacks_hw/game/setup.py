"""Starting a game: what every game checks of a set-up, the words, and the deal's helpers.
Each game's own checks and deal live in its game object (``game/modes/``)."""

from __future__ import annotations

from ..errors import ClacksError
from .deck import shuffled
from .edition import Edition
from .names import names_problem
from .registry import game_for
from .state import HANDS, GameConfig, GameState
from .values import replace


class SetupError(ClacksError, ValueError):
    """A game that cannot be set up as asked; the message says what to change."""


def normalised(config: GameConfig) -> GameConfig:
    return replace(config, seats=tuple(config.seats), variants=frozenset(config.variants),
                   words={k: tuple(v) for k, v in config.words.items()})


def check_common(config: GameConfig, game) -> None:
    """What every game asks of a set-up: known hands and variants, a seed, an Express length."""
    if config.hands not in HANDS:
        raise SetupError(f"hands {config.hands!r} must be one of {', '.join(HANDS)}")
    unknown = set(config.variants) - set(game.variants)
    if unknown:
        allowed = ", ".join(game.variants) or "none"
        raise SetupError(f"variant(s) {', '.join(sorted(unknown))} do not exist for {game.name}; "
                         f"choose from {allowed}")
    if not isinstance(config.seed, int):
        raise SetupError(f"seed {config.seed!r} must be a whole number")
    if not 10 <= config.express_seconds <= 600:
        raise SetupError(f"express_seconds {config.express_seconds!r} must be from 10 to 600")
    why = names_problem(config.names, config.seats)
    if why:
        raise SetupError(why)


def check_words(edition: Edition, config: GameConfig, slots) -> None:
    """Words for exactly the keys of ``slots`` ((key, how many) pairs), each one sendable."""
    keys = [k for k, _ in slots]
    if set(config.words) != set(keys):
        raise SetupError(f"words must be given for exactly {' and '.join(keys)}")
    for key, n in slots:
        words = config.words[key]
        if len(words) != n:
            raise SetupError(f"{'seat ' * (key != 'team')}{key} needs {n} word{'s' * (n > 1)}, "
                             f"got {len(words)}")
        for w in words:
            missing = sorted({ch for ch in w if ch not in edition.signals}) if w else ["(empty)"]
            if missing:
                raise SetupError(f"{'seat ' * (key != 'team')}{key}'s word {w!r} cannot be sent: "
                                 f"no signal for {', '.join(missing)}")


def message(config: GameConfig, key: str) -> tuple[str, ...]:
    """The signals a seat (or the team) must send: its word, or word SPACE word END."""
    words = config.words[key]
    if len(words) == 1:
        return tuple(words[0])
    return tuple(words[0]) + ("SPACE",) + tuple(words[1]) + ("END",)


def first_player(config: GameConfig) -> str:
    """The seat whose word comes first alphabetically (seat order breaks a tie)."""
    return min(config.seats, key=lambda s: (config.words[s], config.seats.index(s)))


def deal_words(edition: Edition, seats, per_seat: int, seed: int) -> dict[str, tuple[str, ...]]:
    words = shuffled(edition.words, seed, "words")
    if len(words) < per_seat * len(seats):
        raise SetupError(f"the edition has {len(words)} words; {per_seat * len(seats)} are needed")
    return {s: words[i * per_seat:(i + 1) * per_seat] for i, s in enumerate(seats)}


def seatings(mode: str) -> tuple[tuple[str, ...], ...]:
    """The seatings of the game ``mode`` (its game object's)."""
    return game_for(mode).seatings()


def jacquards_dealt(mode: str, seats: int, selected: int) -> int:
    """How many jacquards the set-up of ``mode`` deals (its game object's count)."""
    return game_for(mode).jacquards_dealt(seats, selected)


def new_game(edition: Edition, config: GameConfig) -> GameState:
    """The first position of the game ``config`` describes, or SetupError saying what to change."""
    try:
        game = game_for(config.mode)
    except KeyError as exc:
        raise SetupError(f"mode {config.mode!r}: {exc.args[0]}") from None
    game.check(edition, config)
    return game.new_game(edition, normalised(config))
