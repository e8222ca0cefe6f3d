"""The card enrolment: which RFID tag is stuck on which physical card.

Written by ``clacks-hw enroll``, read by the daemon. One TOML file, by default
``<journal.dir>/cards.toml`` (``/var/lib/clacks-hw/cards.toml``)::

    # clacks-hw card enrolment: RFID tag UID (hex) = card id
    edition = "Clacks (default edition)"   # informational: the edition enrolled against

    [tags]
    "04A2B3C4D5E680" = "J01"       # jacquard, domino
    "04A2B3C4D5E681" = "F03"       # SPARE SHUTTER
    "0A00B1C2D3" = "W:GUILD"       # word card

- A key is a tag's UID in hex: 4, 5, 7 or 10 bytes (8, 10, 14 or 20 hex digits; NTAG213
  stickers have 7 bytes, RDM6300 EM4100 cards 5). Case does not matter; it is stored upper-case.
- A value is a card id of the edition: jacquards ``J01``..``J48``, report cards ``F01``..,
  ``I01``.., ``L01``.. (fault, incident, log), Clacks word cards ``W:<WORD>``.
- Each tag names one card and each card has at most one tag. Cards without a tag are simply
  not enrolled (the daemon shows an unknown tag on the board and ignores it).

:func:`load_enrolment` checks the whole file and raises :class:`EnrolmentError` listing every
problem with its line, key and fix; :func:`save_enrolment` replaces the file atomically.
"""

from __future__ import annotations

import errno
import os
import re
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..base.errors import ClacksError
from ..game.clacks.edition import Edition
from ..journal.append_file import file_mode
from ..base.regular_file import NotRegular, TooLarge
from ..base.secure_files import SafeDir

FILE_NAME = "cards.toml"
WORD_PREFIX = "W:"
MAX_BYTES = 1 << 20  # 112 cards take 5 KiB
UID_BYTES = (4, 5, 7, 10)  # MIFARE single size, EM4100 (RDM6300), NTAG/double, triple
_HEX = re.compile(r"[0-9A-Fa-f]+")
_GROUP_ORDER = {"J": 0, "F": 1, "I": 2, "L": 3, "W": 4}


def default_path(config) -> Path:
    """``<journal.dir>/cards.toml`` for a loaded :class:`clacks_hw.config.load.Config`."""
    return Path(config.journal.dir) / FILE_NAME


def normalise_uid(uid: str) -> str:
    """Upper-case hex; raises ValueError (with the reason) for anything that is not a tag UID."""
    if not isinstance(uid, str):
        raise ValueError(f"{uid!r} is not a string")  # noqa: TRY004 - callers catch ValueError
    text = uid.strip()
    if not text or not _HEX.fullmatch(text):
        raise ValueError(f"{uid!r} is not hexadecimal (digits 0-9 and A-F only)")
    if len(text) % 2 or len(text) // 2 not in UID_BYTES:
        raise ValueError(
            f"{uid!r} has {len(text)} hex digits; a tag UID has "
            + ", ".join(str(2 * n) for n in UID_BYTES[:-1]) + f" or {2 * UID_BYTES[-1]}"
        )
    return text.upper()


def card_ids(edition: Edition) -> list[str]:
    """Every card of the edition that can carry a tag, in enrolment order (a game with cards of
    its own, Guards! Guards!, lists them by group: ``tag_groups``)."""
    if hasattr(edition, "tag_groups"):
        return [c for ids in edition.tag_groups().values() for c in ids]
    ids = list(edition.jacquards)
    for deck in ("fault", "incident", "log"):
        ids.extend(edition.deck(deck))
    ids.extend(WORD_PREFIX + w for w in edition.words)
    return ids


def card_label(edition: Edition, card: str) -> str:
    """What to show an owner: ``J05 jacquard, domino (cost 3)``, ``F03 fault report SPARE SHUTTER``."""
    if hasattr(edition, "tag_label"):
        return edition.tag_label(card)
    if card in edition.jacquards:
        j = edition.jacquards[card]
        stamp = ", fault stamp" if j.stamp else ""
        return f"{card} jacquard, {j.shape.name} (cost {j.cost}{stamp})"
    if card in edition.cards:
        c = edition.cards[card]
        return f"{card} {c.deck} report {c.name}"
    if card.startswith(WORD_PREFIX):
        return f"{card} word card {card[len(WORD_PREFIX):]}"
    return card


def _sort_key(card: str) -> tuple[int, str]:
    return (_GROUP_ORDER.get(card[:1], 9), card)


class EnrolmentError(ClacksError, ValueError):
    """A bad enrolment file; ``problems`` are (line or None, key, message, fix)."""

    def __init__(self, path: str, problems: list[tuple[int | None, str, str, str]]) -> None:
        self.path = path
        self.problems = tuple(problems)
        n = len(problems)
        lines = [f"{path}: {n} problem{'s' if n != 1 else ''} in the card enrolment:"]
        for line, key, message, fix in problems:
            where = f"line {line}: " if line else ""
            what = f"{key}: " if key else ""
            lines.append(f"  - {where}{what}{message}" + (f"\n    fix: {fix}" if fix else ""))
        super().__init__("\n".join(lines))


class EnrolmentConflict(ClacksError, ValueError):
    """A tag that already names another card."""

    def __init__(self, uid: str, card: str, other: str) -> None:
        super().__init__(f"tag {uid} is already enrolled as {other}")
        self.uid, self.card, self.other = uid, card, other


class Enrolment:
    """Tag UID -> card id, one tag per card. Mutable (the enrolment walk grows it).

    ``edition`` is the edition's name as written in the file (informational only).
    """

    def __init__(self, tags: dict[str, str] | None = None, edition: str = "") -> None:
        self._by_uid = {}
        self._by_card: dict[str, str] = {}
        self.edition = edition
        for uid, card in (tags or {}).items():
            self.assign(uid, card)

    # -- questions the daemon asks --
    def card_for(self, uid: str) -> str | None:
        """The card a tag is stuck on, or None for an unknown (or malformed) tag."""
        try:
            return self._by_uid.get(normalise_uid(uid))
        except ValueError:
            return None

    def tag_for(self, card: str) -> str | None:
        return self._by_card.get(card)

    def __len__(self) -> int:
        return len(self._by_uid)

    def __contains__(self, card: object) -> bool:
        return card in self._by_card

    def items(self) -> Iterator[tuple[str, str]]:
        """(uid, card) in card order (jacquards, reports, words)."""
        for card in sorted(self._by_card, key=_sort_key):
            yield self._by_card[card], card

    @property
    def tags(self) -> dict[str, str]:
        return dict(self.items())

    # -- changes (the enrolment walk) --
    def assign(self, uid: str, card: str) -> None:
        """Stick tag ``uid`` on ``card`` (replacing the card's previous tag, if any).

        Raises :class:`EnrolmentConflict` if the tag already names another card, and
        ValueError for a malformed UID.
        """
        uid = normalise_uid(uid)
        other = self._by_uid.get(uid)
        if other is not None and other != card:
            raise EnrolmentConflict(uid, card, other)
        old = self._by_card.get(card)
        if old is not None:
            del self._by_uid[old]
        self._by_uid[uid] = card
        self._by_card[card] = uid

    def forget(self, card: str) -> str | None:
        """Remove the card's tag; returns the tag it had."""
        uid = self._by_card.pop(card, None)
        if uid is not None:
            del self._by_uid[uid]
        return uid

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Enrolment) and self._by_uid == other._by_uid

    def __repr__(self) -> str:
        return f"Enrolment({self.tags!r})"

    def copy(self) -> Enrolment:
        return Enrolment(dict(self._by_uid), self.edition)


# -- reading ------------------------------------------------------------------------------------

_KEY_LINE = re.compile(r"""^\s*(?:"([^"]*)"|'([^']*)'|([A-Za-z0-9_:-]+))\s*=""")
_TABLE_LINE = re.compile(r"^\s*\[\s*([^\]]*?)\s*\]")


def _key_lines(text: str) -> dict[tuple[str, str], int]:
    """(table, key) -> 1-based line number, from a simple scan (for messages only)."""
    found: dict[tuple[str, str], int] = {}
    table = ""
    for n, line in enumerate(text.splitlines(), 1):
        m = _TABLE_LINE.match(line)
        if m:
            table = m.group(1).strip("\"'")
            continue
        m = _KEY_LINE.match(line)
        if m:
            key = next(g for g in m.groups() if g is not None)
            found.setdefault((table, key), n)
    return found


def load_enrolment(path: str | os.PathLike, edition: Edition | None = None, *,
                   missing_ok: bool = False) -> Enrolment:
    """Read and check the whole file against ``edition`` (default: the built-in edition).

    Raises :class:`EnrolmentError` listing every problem. ``missing_ok``: a file that does not
    exist is an empty enrolment (for ``enroll --resume``) instead of an error.
    """
    if edition is None:
        from ..game.clacks.edition_files import default_edition

        edition = default_edition()
    path = Path(path)
    where = str(path)
    try:
        # Only a regular file, not through a link at its name (the daemon may read it as root and
        # would log what it found), and at most MAX_BYTES (/dev/zero, a FIFO: refused, no hang).
        with SafeDir.open(path.parent, strict=False) as folder:
            raw = folder.read(path.name, MAX_BYTES)
    except FileNotFoundError:
        if missing_ok:
            return Enrolment(edition=edition.name)
        raise EnrolmentError(where, [(None, "", "file not found",
                                      "enrol the cards first: clacks-hw enroll (or give the right --cards path)")]) from None
    except (NotRegular, TooLarge) as e:
        raise EnrolmentError(where, [(None, "", f"the file {e}", "give the enrolment file clacks-hw enroll wrote")]) from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise EnrolmentError(where, [(None, "", "is a link, which is not followed here",
                                          "put the file itself there (cp --remove-destination TARGET LINK), "
                                          "or give its real path with --cards")]) from None
        raise EnrolmentError(where, [(None, "", f"cannot read the file: {e.strerror}",
                                      "check its permissions")]) from None
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError as e:
        raise EnrolmentError(where, [(None, "", f"not UTF-8 text (byte {e.start})", "save it as UTF-8")]) from None
    except tomllib.TOMLDecodeError as e:
        raise EnrolmentError(where, [(None, "", f"not valid TOML: {e}",
                                      'fix the syntax: each line under [tags] is "UID" = "CARD"')]) from None
    lines = _key_lines(text)
    problems: list[tuple[int | None, str, str, str]] = []
    for key in data:
        if key not in ("tags", "edition"):
            problems.append((lines.get(("", key)), key, "unknown key",
                             "remove it; the file holds only edition = \"...\" and a [tags] table"))
    name = data.get("edition", "")
    if not isinstance(name, str):
        problems.append((lines.get(("", "edition")), "edition", "must be a string", 'e.g. edition = "Clacks"'))
        name = ""
    tags = data.get("tags", {})
    if not isinstance(tags, dict):
        problems.append((lines.get(("", "tags")), "tags", "must be a table", "write it as [tags] with UID = card lines below"))
        tags = {}
    known = set(card_ids(edition))
    enrolment = Enrolment(edition=name)
    first_uid: dict[str, str] = {}  # normalised uid -> key as written
    first_card: dict[str, str] = {}  # card -> key as written
    for key, card in tags.items():
        line = lines.get(("tags", key))
        label = f'tags."{key}"'
        try:
            uid = normalise_uid(key)
        except ValueError as e:
            problems.append((line, label, f"not a tag UID: {e}",
                             "write the UID as clacks-hw enroll shows it, e.g. \"04A2B3C4D5E680\""))
            continue
        if not isinstance(card, str):
            problems.append((line, label, f"the card must be a string, got {card!r}", 'e.g. "J05" or "W:GUILD"'))
            continue
        if card not in known:
            problems.append((line, label, f"{card!r} is not a card of the edition {edition.name!r}",
                             _card_fix(card, edition)))
            continue
        if uid in first_uid:
            problems.append((line, label, f"the same tag as tags.\"{first_uid[uid]}\" (UIDs ignore case)",
                             "keep one line per tag"))
            continue
        if card in first_card:
            problems.append((line, label, f"{card} already has the tag {first_card[card]}",
                             f"a card carries one tag: delete one of the lines, or re-enrol it: clacks-hw enroll --only {_group_of(card)}"))
            continue
        first_uid[uid], first_card[card] = key, uid
        enrolment.assign(uid, card)
    if problems:
        raise EnrolmentError(where, problems)
    return enrolment


def _group_of(card: str) -> str:
    return {"J": "jacquards", "F": "faults", "W": "words"}.get(card[:1], "reports")


def _card_fix(card: str, edition: Edition) -> str:
    import difflib

    close = difflib.get_close_matches(card.upper() if len(card) < 5 else card, card_ids(edition), n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    if hasattr(edition, "tag_groups"):
        return f"{hint}cards are the edition's volunteers and dragons (see clacks-hw edition check FILE)"
    return (f"{hint}cards are J01..J{len(edition.jacquards):02d}, report cards F../I../L.., "
            'word cards "W:WORD" (see clacks-hw edition)')


# -- writing ------------------------------------------------------------------------------------


def dumps(enrolment: Enrolment, edition: Edition | None = None) -> str:
    """The file's text, cards in edition order, each line commented with the card's name."""
    out = ["# clacks-hw card enrolment: RFID tag UID (hex) = card id. Written by clacks-hw enroll;",
           "# the format is described in clacks_hw/cards/enrolment.py and docs/setup.md."]
    name = edition.name if edition is not None else enrolment.edition
    if name:
        out.append(f"edition = {_quote(name)}")
    out += ["", "[tags]"]
    for uid, card in enrolment.items():
        comment = ""
        if edition is not None:
            label = card_label(edition, card)
            comment = "  # " + label[len(card) + 1:] if label.startswith(card + " ") else ""
        out.append(f"{_quote(uid)} = {_quote(card)}{comment}")
    return "\n".join(out) + "\n"


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def save_enrolment(path: str | os.PathLike, enrolment: Enrolment, edition: Edition | None = None) -> None:
    """Write the file atomically: a temporary file in the same (checked) folder, fsync'd, then
    renamed over the old one, so a power cut leaves either the old or the new file, never half
    of one, and a link planted at its name is replaced, never followed (secure_files.py)."""
    path = Path(path)
    with SafeDir.open(path.parent, create=0o700) as folder:
        # enroll runs as the service's user; run as root, the file still goes to the folder's
        # owner, the user the daemon reads it as.
        owner = folder.owner if os.geteuid() == 0 else None
        # 0600 (0640 in a set-group-ID folder): only the board's user needs it (journal/append_file.py).
        folder.write(path.name, dumps(enrolment, edition), file_mode(path.parent), owner)


def group_cards(edition: Edition, groups: Iterable[str] | None = None) -> list[str]:
    """The cards of ``groups`` (jacquards, faults, reports, words; None = all) in enrolment order.

    ``faults`` are the Fault Report cards (F..); ``reports`` the co-op Incident Report and
    Operator's Log cards (I.., L..).
    A Guards! Guards! edition's groups are its decks (lords, man_beast, shades) and dragons.
    """
    if hasattr(edition, "tag_groups"):
        parts = edition.tag_groups()
        chosen = set(groups) if groups else set(parts)
        if chosen - set(parts):
            raise ValueError(f"unknown card group(s) {', '.join(sorted(chosen - set(parts)))}; use {', '.join(parts)}")
        return [c for g, ids in parts.items() if g in chosen for c in ids]
    parts = {
        "jacquards": list(edition.jacquards),
        "faults": list(edition.deck("fault")),
        "reports": list(edition.deck("incident")) + list(edition.deck("log")),
        "words": [WORD_PREFIX + w for w in edition.words],
    }
    chosen = set(groups) if groups else set(GROUPS)
    unknown = chosen - set(GROUPS)
    if unknown:
        raise ValueError(f"unknown card group(s) {', '.join(sorted(unknown))}; use {', '.join(GROUPS)}")
    return [c for g in GROUPS if g in chosen for c in parts[g]]


GROUPS = ("jacquards", "faults", "reports", "words")
