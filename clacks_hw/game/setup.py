"""Starting a game: checking the set-up and dealing from the seeded bag."""

from __future__ import annotations

from .deck import draw_faults, draw_up_to, shuffled
from .edition import Edition
from .state import (
    HAND,
    HANDS,
    MODES,
    VARIANTS,
    GameConfig,
    GameState,
    Player,
    Turn,
    seatings,
)
from .values import replace


class SetupError(ValueError):
    """A game that cannot be set up as asked; the message says what to change."""


def words_needed(config: GameConfig) -> int:
    return 2 if config.has("long_message") else 1


def _normalised(config: GameConfig) -> GameConfig:
    return replace(config, seats=tuple(config.seats), variants=frozenset(config.variants),
                   words={k: tuple(v) for k, v in config.words.items()})


def _check_common(config: GameConfig) -> None:
    if config.mode not in MODES:
        raise SetupError(f"mode {config.mode!r} must be one of {', '.join(MODES)}")
    if config.hands not in HANDS:
        raise SetupError(f"hands {config.hands!r} must be one of {', '.join(HANDS)}")
    unknown = set(config.variants) - set(VARIANTS[config.mode])
    if unknown:
        allowed = ", ".join(VARIANTS[config.mode]) or "none"
        raise SetupError(f"variant(s) {', '.join(sorted(unknown))} do not exist for {config.mode}; "
                         f"choose from {allowed}")
    if not isinstance(config.seed, int):
        raise SetupError(f"seed {config.seed!r} must be a whole number")
    if not 10 <= config.express_seconds <= 600:
        raise SetupError(f"express_seconds {config.express_seconds!r} must be from 10 to 600")


def check_config(edition: Edition, config: GameConfig) -> None:
    _check_common(config)
    if config.hands not in HANDS:
        raise SetupError(f"hands {config.hands!r} must be one of {', '.join(HANDS)}")
    unknown = set(config.variants) - set(VARIANTS[config.mode])
    if unknown:
        raise SetupError(f"variant(s) {', '.join(sorted(unknown))} do not exist for {config.mode}; "
                         f"choose from {', '.join(VARIANTS[config.mode])}")
    seats = tuple(config.seats)
    if seats not in seatings(config.mode):
        sets = "; ".join(" ".join(s) for s in seatings(config.mode))
        raise SetupError(f"seats {' '.join(seats)} are not a {config.mode} seating: use {sets}")
    n = words_needed(config)
    if set(config.words) != set(seats):
        raise SetupError(f"words must be given for exactly the seats {' '.join(seats)}")
    for seat in seats:
        words = config.words[seat]
        if len(words) != n:
            raise SetupError(f"seat {seat} needs {n} word(s), got {len(words)}")
        for w in words:
            missing = sorted({ch for ch in w if ch not in edition.signals}) if w else ["(empty)"]
            if missing:
                raise SetupError(f"seat {seat}'s word {w!r} cannot be sent: no signal for {', '.join(missing)}")


def message(config: GameConfig, seat: str) -> tuple[str, ...]:
    """The signals a seat must send: its word, or word SPACE word END in Long Message."""
    words = config.words[seat]
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


def new_game(edition: Edition, config: GameConfig) -> GameState:
    if config.mode in MODES and config.mode != "competitive":
        from .coop_setup import CoopSetupError, new_coop_game

        _check_common(config)
        try:
            return new_coop_game(edition, _normalised(config))
        except CoopSetupError as exc:
            raise SetupError(str(exc)) from None
    check_config(edition, config)
    config = _normalised(config)
    players = tuple(Player(seat=s, signals=message(config, s)) for s in config.seats)
    first = first_player(config)
    state = GameState(
        edition=edition, config=config, board=edition.start, players=players,
        turn=Turn(seat=first), first=first,
    )
    if config.hands == "tracked":
        state = replace(state, bag=shuffled(edition.jacquards, config.seed, "bag/0"),
                        fault_deck=shuffled(edition.deck("fault"), config.seed, "faults"))
    for seat in config.seats:  # the first deal draws no Fault Report cards for stamps
        state = draw_up_to(state, seat, HAND, stamps_draw_faults=False)
        state = draw_faults(state, seat, 1)
    return state
