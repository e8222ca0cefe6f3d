"""Setting up a Clacks game: the words (checked, dealt, spelled out as signals) and who starts.
Each mode's own checks and deal live in its game object (``modes/``)."""

from __future__ import annotations

from ..core.errors import SetupError
from .config import ClacksConfig
from .deck import shuffled
from .edition import Edition


def check_words(edition: Edition, config: ClacksConfig, slots) -> None:
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


def message(config: ClacksConfig, key: str) -> tuple[str, ...]:
    """The signals a seat (or the team) must send: its word, or word SPACE word END."""
    words = config.words[key]
    if len(words) == 1:
        return tuple(words[0])
    return tuple(words[0]) + ("SPACE",) + tuple(words[1]) + ("END",)


def first_player(config: ClacksConfig) -> str:
    """The seat whose word comes first alphabetically (seat order breaks a tie)."""
    return min(config.seats, key=lambda s: (config.words[s], config.seats.index(s)))


def deal_words(edition: Edition, seats, per_seat: int, seed: int) -> dict[str, tuple[str, ...]]:
    words = shuffled(edition.words, seed, "words")
    if len(words) < per_seat * len(seats):
        raise SetupError(f"the edition has {len(words)} words; {per_seat * len(seats)} are needed")
    return {s: words[i * per_seat:(i + 1) * per_seat] for i, s in enumerate(seats)}
