"""Which card a tag is: the enrolment (``clacks_hw.cards.enrolment``), with a fallback reader for the
same simple file while that module is not installed.

The enrolment files' places: ``<journal dir>/cards.toml`` for the Clacks cards and
``<journal dir>/guards-cards.toml`` for the Guards! Guards! box's volunteers (`clacks-hw enroll
--guards`, against the edition the board plays: config [editions]); config has no key for the
files' places. A tag is the card of the first file that knows it.
"""

from __future__ import annotations

import logging
import re
import tomllib
from pathlib import Path

from ..game.core.editions import SHIPPED, Editions
from ..game.core.registry import printed_boxes

log = logging.getLogger(__name__)

WORD_PREFIX = "W:"  # a Clacks word card, e.g. "W:GUILD"
UID_TEXT = re.compile(r"(?:[0-9A-Fa-f]{2}){4,10}")  # a tag's id as hex: 4 to 10 bytes
GUARDS_FILE = "guards-cards.toml"  # the Guards! Guards! box's enrolment: NAME-cards.toml, as load_board_cards reads


class CardMap:
    """uid (upper-case hex) -> card id; the fallback for ``clacks_hw.cards.enrolment.Enrolment``."""

    def __init__(self, cards: dict[str, str] | None = None) -> None:
        self.cards = {k.upper(): v for k, v in (cards or {}).items()}

    def card_for(self, uid: str) -> str | None:
        return self.cards.get(uid.upper())


class CardMaps:
    """Several enrolments read as one: a tag is the card of the first that knows it."""

    def __init__(self, *maps) -> None:
        self.maps = maps

    def card_for(self, uid: str) -> str | None:
        return next((card for m in self.maps if (card := m.card_for(uid)) is not None), None)


def default_path(journal_dir) -> Path:
    return Path(journal_dir) / "cards.toml"


def _fallback(path: Path) -> CardMap:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    table = data.get("tags", data)
    return CardMap({str(k): str(v) for k, v in table.items() if isinstance(v, str)})


def load_cards(path, edition=None, against: str = "") -> CardMap:
    """The enrolment at ``path``; an empty map (every tag unknown) when it is missing or bad
    (``against``: which edition it was checked against and how to mend it, for the log)."""
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
        log.error("cannot read the card enrolment %s: %s\n  every tag of it is unknown until it is mended%s",
                  path, exc, against)
        return CardMap()


def load_board_cards(journal_dir, edition, editions: Editions = SHIPPED) -> CardMaps:
    """The board's own cards (``edition``'s) and, for every other game with printed cards of its
    own whose box is enrolled (``NAME-cards.toml``: the Guards! Guards! volunteers), that box's,
    checked against the edition of it the board plays (the owner's, config [editions], or the
    one the game ships: registry.printed_boxes)."""
    maps = [load_cards(default_path(journal_dir), edition)]
    for box in printed_boxes()[1:]:
        path = box_cards_path(journal_dir, box)
        if path.exists():
            maps.append(load_cards(path, editions.of(box), against=_mend(box, editions)))
    return CardMaps(*maps)


def box_cards_path(journal_dir, box) -> Path:
    """Where the enrolment of another game's box is kept: ``<journal dir>/NAME-cards.toml``."""
    return Path(journal_dir) / f"{box.name}-cards.toml"


def _mend(box, editions: Editions) -> str:
    """Which edition of ``box`` an enrolment was checked against, and the two ways to agree."""
    key, chosen = f"editions.{box.name}", editions.chosen(box)
    played = f"{key} = {chosen}" if chosen else f"the one {box.title} ships ({key} is empty)"
    return (f": its cards must be cards of the {box.title} edition the board plays, {played}.\n"
            f"  fix: enrol the cards again against it (clacks-hw enroll --{box.name}), or set {key} "
            "to the edition they were enrolled against")


def word_of(card: str | None) -> str | None:
    return card[len(WORD_PREFIX):] if card and card.startswith(WORD_PREFIX) else None


def looks_like_uid(text: str) -> bool:
    """Is ``text`` (typed at the virtual board's card prompt) a tag's id rather than a card's?"""
    return bool(UID_TEXT.fullmatch(text))


def short_uid(uid: str) -> str:
    """A tag id short enough for the board's one line: its first and last four hex digits."""
    uid = uid.upper()
    return uid if len(uid) <= 10 else f"{uid[:4]}\u2026{uid[-4:]}"


def unenrolled(uid: str | None, reader: int | None, seat: str | None) -> str:
    """Why a tag read is refused: which reader read it, the tag, and how to make it a card."""
    if seat is not None:
        where = f"The reader at seat {seat}"
    elif reader is not None:
        where = f"Reader {reader}"
    else:
        where = "The card reader"
    tag = f"tag {short_uid(uid)}" if uid else "a tag it could not read whole"
    return (f"{where} read {tag}, which is not enrolled as a card: stop the board and run "
            "clacks-hw enroll --resume (a Guards! Guards! card: add --guards) to give it its card.")
