"""The hall's own file, ``hall.toml``: its broker login, its page, its signing key and the boards
it counts (each board's public key). `clacks-hw hall setup` writes it; `clacks-hw hall trust`
adds a board (so can the hall's arbiter: ``boards-added.toml`` beside its database). Secret (the
broker password, the key): written 0600.

The boards may change while the hall runs: :class:`Trust` reads the file again when it changes,
so a board added with `clacks-hw hall trust` counts from its next message, without a restart.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from ..base.errors import ClacksError
from ..mqtt.signing import BadKey, SigningKey, VerifyKey, key_bytes
from ..mqtt.topics import board_id_problem
from ..base.regular_file import read_regular
from ..base.secure_files import write_file
from ..base.unsafe_chars import printable

MAX_FILE = 1 << 20
ADDED = "boards-added.toml"  # beside the database: the boards an arbiter added
BOARDS_HEADER = re.compile(r"^\s*\[\s*boards\s*\]\s*(#.*)?$", re.M)
TABLE = re.compile(r"^\s*\[", re.M)


class HallConfigError(ClacksError, ValueError):
    """hall.toml cannot be used; the message names the key and the fix."""


# A name the page answers to (no scheme, port or path); the broker: a name or an address (IPv6 too).
HOST_NAME = r"^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$"
HostName = Annotated[str, Meta(pattern=HOST_NAME)]
BrokerHost = Annotated[str, Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9.:-]{0,252}$")]


class BrokerSettings(Struct, forbid_unknown_fields=True, frozen=True):
    host: BrokerHost = "127.0.0.1"
    port: Annotated[int, Meta(ge=1, le=65535)] = 1883
    username: str = "hall"
    password: str = ""
    tls: bool = False
    ca_file: str = ""  # "": the system's certificate authorities


class PageSettings(Struct, forbid_unknown_fields=True, frozen=True):
    bind: str = "127.0.0.1"
    port: Annotated[int, Meta(ge=0, le=65535)] = 8090
    hosts: list[HostName] = []
    db: str = "clacks-hall.sqlite"


class HallSettings(Struct, forbid_unknown_fields=True, frozen=True):
    key: str = ""


class _File(Struct, forbid_unknown_fields=True, frozen=True):
    broker: BrokerSettings = BrokerSettings()
    page: PageSettings = PageSettings()
    hall: HallSettings = HallSettings()
    boards: dict[str, str] = {}


@dataclass(frozen=True)
class HallConfig:
    broker: BrokerSettings
    page: PageSettings
    key: SigningKey | None  # signs receipts; None: boards get none and keep sending
    boards: dict[str, str] = field(default_factory=dict)  # board -> public key text
    source: str = "<no hall.toml>"


def _fix(where: str) -> str:
    return {"boards": "each line: board_name = \"its public key\" (`clacks-hw hall trust` writes it)",
            "hall.key": "the hall's key as `clacks-hw hall setup` wrote it (43 characters)"}.get(
        where, "see docs/shows.md for hall.toml (or write it again with `clacks-hw hall setup`)")


def parse(text: str, source: str) -> HallConfig:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HallConfigError(f"{source}: not valid TOML: {exc}\n  fix: {_fix('')}") from None
    except RecursionError:
        raise HallConfigError(f"{source}: arrays or tables nested too deeply\n  fix: {_fix('')}") from None
    except ValueError as exc:  # an integer of thousands of digits
        raise HallConfigError(f"{source}: a value cannot be read: {exc}\n  fix: {_fix('')}") from None
    try:
        f = msgspec.convert(raw, _File)
    except msgspec.ValidationError as exc:
        said = printable(str(exc))  # it quotes an unknown key as it was written
        m = re.search(r" - at `\$\.?([^`]*)`", said)
        where = m[1] if m else ""
        raise HallConfigError(f"{source}: {where or 'the file'}: {said.split(' - at ')[0]}\n"
                              f"  fix: {_fix(where.split('.')[0] if where.startswith('boards') else where)}") from None
    for name, key in f.boards.items():
        problem = board_id_problem(name)
        if problem:
            raise HallConfigError(f"{source}: boards: {problem}\n  fix: {_fix('boards')}")
        try:
            key_bytes(key, f"boards.{name}")
        except BadKey as exc:
            raise HallConfigError(f"{source}: {exc}\n  fix: {_fix('boards')}") from None
    try:
        key = SigningKey.from_text(f.hall.key, "hall.key") if f.hall.key else None
    except BadKey as exc:
        raise HallConfigError(f"{source}: {exc}\n  fix: {_fix('hall.key')}") from None
    return HallConfig(f.broker, f.page, key, dict(f.boards), source)


def load(path) -> HallConfig:
    try:
        data = read_regular(str(path), MAX_FILE)
    except OSError as exc:
        raise HallConfigError(f"{path}: cannot read it ({exc.strerror or exc})\n  fix: give the hall.toml "
                              "`clacks-hw hall setup` wrote") from None
    try:
        return parse(data.decode("utf-8"), str(path))
    except UnicodeDecodeError:
        raise HallConfigError(f"{path}: not UTF-8 text\n  fix: {_fix('')}") from None


def with_board(text: str, board: str, key: str) -> str:
    """``text`` with ``board = "key"`` in its [boards] table (comments kept, an older key for the
    board replaced); the table must be the file's last, as setup writes it."""
    m = BOARDS_HEADER.search(text)
    if m is None:
        return text.rstrip("\n") + f'\n\n[boards]\n{board} = "{key}"\n'
    if any(t.start() > m.start() for t in TABLE.finditer(text)):
        raise HallConfigError("[boards] is not the last table of the file, so a board cannot be added to it\n"
                              "  fix: move the [boards] table to the end of the file")
    same = re.compile(rf"\s*{re.escape(board)}\s*=")
    tail = [ln for ln in text[m.end():].split("\n") if not same.match(ln)]
    return text[:m.end()] + "\n".join(tail).rstrip("\n") + f'\n{board} = "{key}"\n'


class Trust:
    """Which boards the hall counts: hall.toml's, and those the arbiter added from a paired phone
    (``added``, a file beside the results: the hall may write there, never in /etc). Both are
    read again when either changes; hall.toml wins for a board in both."""

    def __init__(self, config: HallConfig, path=None, added=None) -> None:
        self.path = None if path is None else Path(path)
        self.added = None if added is None else Path(added)
        self._base = dict(config.boards)
        self._stamp = None
        self._set({})
        self.reload()

    def _set(self, boards: dict[str, str]) -> None:
        self.boards = dict(boards)
        self._keys = {b: VerifyKey(k) for b, k in boards.items()}

    @staticmethod
    def _stat(path):
        try:
            st = os.stat(path)
        except (OSError, TypeError):
            return None
        return st.st_mtime_ns, st.st_size, st.st_ino

    def key(self, board: str) -> VerifyKey | None:
        return self._keys.get(board)

    def reload(self) -> str | None:
        """Read the files again if either changed: the boards added (a sentence), or None. A file
        that no longer reads leaves the boards as they were (HallConfigError, to be logged)."""
        stamp = (self._stat(self.path), self._stat(self.added))
        if stamp == self._stamp:
            return None
        self._stamp = stamp
        base = load(self.path).boards if stamp[0] is not None else self._base
        extra = load(self.added).boards if stamp[1] is not None else {}
        boards = {**extra, **base}
        added = sorted(set(boards) - set(self.boards))
        self._set(boards)
        return ", ".join(added) or "the boards' keys changed"

    def add(self, board: str, key: str) -> None:
        """Count ``board``, signing with ``key``, from the next :meth:`reload` (HallConfigError if
        either will not do; nothing written then)."""
        if self.added is None:
            raise HallConfigError("this hall keeps no file of its own (its database is in memory)\n"
                                  "  fix: run `clacks-hw hall trust` on the hall's machine")
        if self._stat(self.added) is None:
            write_file(self.added, "# Boards the hall's arbiter counted from a paired phone.\n[boards]\n", 0o600)
        add_board(self.added, board, key)


def add_board(path, board: str, key: str) -> None:
    problem = board_id_problem(board)
    if problem:
        raise HallConfigError(f"{problem}\n  fix: give the board's name as it knocks (its user on the broker)")
    try:
        key_bytes(key, "the board's public key")
    except BadKey as exc:
        raise HallConfigError(f"{exc}\n  fix: copy the key the arbiter's page (and the hall's log) shows for the board") from None
    load(path)  # the file as it is must read
    text = with_board(read_regular(str(path), MAX_FILE).decode("utf-8"), board, key)
    parse(text, str(path))  # never write a file the hall could not read back
    write_file(path, text, 0o600)
