"""Which card a tag is: the enrolment (``clacks_hw.cards.enrolment``), with a fallback reader for the
same simple file while that module is not installed.

The enrolment file's default place: ``<journal dir>/cards.toml`` (config has no key for it).
"""

from __future__ import annotations

import logging
import tomllib
from pathlib import Path

log = logging.getLogger(__name__)

WORD_PREFIX = "W:"  # a Clacks word card, e.g. "W:GUILD"


class CardMap:
    """uid (upper-case hex) -> card id; the fallback for ``clacks_hw.cards.enrolment.Enrolment``."""

    def __init__(self, cards: dict[str, str] | None = None) -> None:
        self.cards = {k.upper(): v for k, v in (cards or {}).items()}

    def card_for(self, uid: str) -> str | None:
        return self.cards.get(uid.upper())


def default_path(journal_dir) -> Path:
    return Path(journal_dir) / "cards.toml"


def _fallback(path: Path) -> CardMap:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    table = data.get("tags", data)
    return CardMap({str(k): str(v) for k, v in table.items() if isinstance(v, str)})


def load_cards(path, edition=None) -> CardMap:
    """The enrolment at ``path``; an empty map (every tag unknown) when it is missing or bad."""
    path = Path(path)
    if not path.exists():
        log.warning("no card enrolment at %s: every tag is unknown (run `clacks-hw enroll`)", path)
        return CardMap()
    try:
        from ..cards.enrolment import load_enrolment  # type: ignore[import-not-found]
    except ImportError:
        load_enrolment = None
    try:
        return load_enrolment(path, edition) if load_enrolment is not None else _fallback(path)
    except Exception as exc:  # a bad enrolment must not stop the board; the tags are unknown
        log.error("cannot read the card enrolment %s: %s; every tag is unknown", path, exc)
        return CardMap()


def word_of(card: str | None) -> str | None:
    return card[len(WORD_PREFIX):] if card and card.startswith(WORD_PREFIX) else None
