"""Made-up tag uids for every card of an edition, so emulated readers can "tap" a card by id."""

from __future__ import annotations

import re

from clacks_hw.daemon.cards import CardMap
from clacks_hw.cards.enrolment import Enrolment, save_enrolment
from clacks_hw.game.clacks.edition_files import default_edition

EDITION = default_edition()
HEX_UID = re.compile(r"[0-9A-Fa-f]{8}|[0-9A-Fa-f]{14}|[0-9A-Fa-f]{20}")  # a 4-, 7- or 10-byte uid


def uid_of(card: str) -> str:
    """A made-up 7-byte NTAG uid for each card (upper-case hex), the same on every run."""
    n = sum(ord(c) * 31 ** k for k, c in enumerate(card)) & 0xFFFFFFFFFF
    return f"04{n:010X}80"


def all_cards(edition=EDITION) -> list[str]:
    return list(edition.jacquards) + list(edition.cards) + [f"W:{w}" for w in edition.words]


def card_map(edition=EDITION) -> CardMap:
    return CardMap({uid_of(c): c for c in all_cards(edition)})


def write_enrolment(path, edition=EDITION, uid_for=uid_of) -> None:
    """A cards.toml mapping every card's made-up uid to the card, as `clacks-hw enroll` would."""
    enrolment = Enrolment()
    for card in all_cards(edition):
        enrolment.assign(uid_for(card), card)
    save_enrolment(path, enrolment, edition)
