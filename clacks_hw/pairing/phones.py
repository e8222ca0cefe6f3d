"""The phones paired to the board, kept in ``journal.dir/phones.json`` so a restart keeps them.

A phone holds a session secret (256 random bits, kept by its page for the board's origin only,
web/pairing_api.py); the file holds, for
each phone, only HMAC-SHA256 of that secret keyed with the admin token, a short random name
for logs and lists, its role and when it paired (and a seat's phone, its seat and its game).
Reading the file gives nothing a phone could present, and a new token (``clacks-hw admin
--rotate``) unpairs every phone at once.

The daemon and ``clacks-hw admin`` (perhaps as root) both change the file: each change is a
read-modify-write under an flock of the folder, written through secure_files.py (a fresh
O_EXCL|O_NOFOLLOW name, renamed into place, given to the folder's owner when written as root).
The daemon reads it again whenever it changed on disk, so ``--forget-phones`` takes effect on
a running board at the phone's next request.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import logging
import os
import secrets
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..base.secure_files import SafeDir, UnsafePath, trusted_uids

log = logging.getLogger(__name__)

PHONES_FILE = "phones.json"
MAX_PHONES = 32  # the oldest is let go beyond this: a show pairs a few phones, not hundreds
MAX_FILE = 64 * 1024
# 2: sessions held by the page and sent in a header. A file of version 1 holds sessions handed
# out as cookies, which the browser sent to every port of the host: they are let go, not trusted.
VERSION = 2
SEAT = "seat"  # the role of a player's own phone (its seat's private view and prompts)


@dataclass(frozen=True)
class Phone:
    name: str  # a short random name for logs and lists: not the session, nothing derived from it
    role: str  # what it may do: "admin" (start, abandon, dim), "seat" (one seat's private view)
    paired: str  # when, ISO 8601 UTC
    seat: str | None = None  # a player's own phone: the seat it speaks for
    game: str | None = None  # ... in that game only (None: paired while no game was on the board, for the next)


def _phone(entry: dict) -> Phone:
    """The phone a checked entry of the file describes."""
    return Phone(entry["name"], entry["role"], str(entry.get("paired", "")), entry.get("seat"), entry.get("game"))


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class PhoneBook:
    def __init__(self, folder, key: Callable[[], bytes | None], *, wall: Callable[[], str] = _now) -> None:
        """``key``: the root secret now (None: no phone can pair or be recognised)."""
        self.folder = Path(folder)
        self.key = key
        self.wall = wall
        self._lock = threading.Lock()
        self._seen: tuple | None = None  # (inode, mtime, size) of the file last read
        self._phones: dict[str, Phone] = {}  # hash -> phone

    def _hash(self, key: bytes, secret: str) -> str:
        return hmac.new(key, secret.encode("utf-8", "replace"), hashlib.sha256).hexdigest()

    # -- the file ------------------------------------------------------------------------
    def _open(self, create: bool = False) -> SafeDir:
        # As root (clacks-hw admin under sudo) the folder must be root's or the service's, which
        # owns journal.dir: its owner is trusted, the folders above it are checked as always.
        try:
            owner = os.stat(self.folder).st_uid
        except OSError:
            owner = None
        return SafeDir.open(self.folder, trust=trusted_uids(owner), create=0o700 if create else None)

    def _read(self, folder: SafeDir) -> list[dict]:
        try:
            data = json.loads(folder.read(PHONES_FILE, MAX_FILE))
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            log.warning("%s cannot be read (%s): no phone is paired until one pairs again",
                        self.folder / PHONES_FILE, exc)
            return []
        phones = data.get("phones") if isinstance(data, dict) else None
        if isinstance(phones, list) and data.get("version") != VERSION:
            if phones:
                log.warning("%s holds phones paired before sessions left cookies (version %r): they are "
                            "forgotten; pair each phone again", self.folder / PHONES_FILE, data.get("version"))
            return []
        if not isinstance(phones, list):
            log.warning("%s is not a list of phones: no phone is paired until one pairs again",
                        self.folder / PHONES_FILE)
            return []
        return [p for p in phones if isinstance(p, dict) and isinstance(p.get("hash"), str)
                and isinstance(p.get("name"), str) and isinstance(p.get("role"), str)
                and isinstance(p.get("seat"), str) == (p["role"] == SEAT)  # a seat's phone names its seat
                and isinstance(p.get("game"), str | None)]

    def _stat(self) -> tuple | None:
        try:
            st = os.stat(self.folder / PHONES_FILE, follow_symlinks=False)
        except OSError:
            return None
        return st.st_ino, st.st_mtime_ns, st.st_size

    def _refresh(self) -> None:
        """Read the file again if it changed since it was last read (another process wrote it)."""
        seen = self._stat()
        if seen == self._seen:
            return
        try:
            with self._open() as folder:
                entries = self._read(folder)
        except (OSError, UnsafePath) as exc:  # a folder made unsafe while the board runs: nobody is paired
            log.warning("cannot read the paired phones in %s: %s", self.folder, exc)
            entries = []
        self._phones = {e["hash"]: _phone(e) for e in entries}
        self._seen = seen

    def _change(self, change: Callable[[list[dict]], list[dict]], create: bool = False) -> None:
        with self._open(create) as folder:
            fcntl.flock(folder.fd, fcntl.LOCK_EX)  # released when the folder is closed
            before = self._read(folder)
            entries = change(before)[-MAX_PHONES:]
            if entries == before:
                return  # nothing changed: nothing written (the loop asks at every game)
            text = json.dumps({"version": VERSION, "phones": entries}, indent=1) + "\n"
            owner = folder.owner if os.geteuid() == 0 else None  # the service must still write it
            folder.write(PHONES_FILE, text, 0o600, owner)
        self._seen = None  # read back at the next question

    # -- questions and changes -------------------------------------------------------------
    def find(self, secret: str) -> Phone | None:
        """The phone holding ``secret``, or None."""
        key = self.key()
        if key is None or not secret:
            return None
        with self._lock:
            self._refresh()
            return self._phones.get(self._hash(key, secret))

    def phones(self) -> list[Phone]:
        with self._lock:
            self._refresh()
            return list(self._phones.values())

    def add(self, role: str = "admin", seat: str | None = None, game: str | None = None) -> tuple[str, Phone]:
        """A new session: (the secret the phone's page keeps, the phone); a seat's for ``seat`` of
        ``game``. Raises OSError when it cannot be kept (the phone is then not paired). A seat
        has one phone: pairing it again unpairs the one before (a player who finds their seat
        taken pairs again and ends it)."""
        key = self.key()
        if key is None:
            raise PermissionError("no admin token: pairing is off")
        secret = secrets.token_urlsafe(32)  # 256 bits
        phone = Phone(secrets.token_hex(3), role, self.wall(), seat, game)
        entry = {"hash": self._hash(key, secret), **asdict(phone)}
        with self._lock:
            self._change(lambda entries: [*(e for e in entries if seat is None or e.get("seat") != seat), entry],
                         create=True)
        return secret, phone

    def follow(self, game: str | None, seats: tuple[str, ...]) -> list[Phone]:
        """Keep the seat phones of ``game`` (None: no game on the board) and no other: one paired
        while no game was on the board joins ``game`` if its seat is one of ``seats`` (those a
        phone may pair for), else it goes too. The phones let go."""
        gone: list[dict] = []

        def change(entries: list[dict]) -> list[dict]:
            kept = []
            for e in entries:
                if e["role"] != SEAT:
                    kept.append(e)
                    continue
                owner = e.get("game")
                if owner is None and game is not None and e["seat"] in seats:
                    e, owner = {**e, "game": game}, game  # paired before the game: it joins it
                (kept if owner == game else gone).append(e)
            return kept

        with self._lock:
            try:
                self._change(change)
            except FileNotFoundError:
                return []  # no folder, so no phone was ever paired here
        return [_phone(e) for e in gone]

    def remove(self, secret: str) -> Phone | None:
        phone = self.find(secret)
        key = self.key()
        if phone is None or key is None:
            return None
        digest = self._hash(key, secret)
        with self._lock:
            self._change(lambda entries: [e for e in entries if e["hash"] != digest])
        return phone

    def forget_all(self) -> int:
        """Unpair every phone; how many there were."""
        gone: list[dict] = []
        with self._lock:
            try:
                self._change(lambda entries: gone.extend(entries) or [])
            except FileNotFoundError:
                return 0  # no folder, so no phone was ever paired here
        return len(gone)
