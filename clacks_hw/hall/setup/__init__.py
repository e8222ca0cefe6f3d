"""A whole hall written by one command: the broker's users and access list, the hall's own file
and key, each board's [mqtt] section with its login and key, the hall's systemd unit and the
kiosk screen's autostart (`clacks-hw hall setup`, docs/shows.md).

Everything secret (passwords, private keys) is made here from the operating system's random
source and written only to files no one else can read, through secure_files.py (never through
a link, atomically). Running it again adds boards (``add``) to the same hall without touching
the others' keys.
"""

from __future__ import annotations

import ipaddress
import os
import re
import shutil
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ...base.errors import ClacksError
from ...mqtt.signing import SigningKey
from ...mqtt.topics import HALL_USER, board_id_problem
from ...base.regular_file import read_regular
from ...base.secure_files import write_file
from ...config.systemd_unit import UnitError
from ..config import HallConfigError, load, with_board
from . import mosquitto
from .broker_files import CERT_NAME, KEY_NAME, tls_files, unreadable
from .unit import STATE_DIR, UNIT_NAME, hall_unit, kiosk_autostart

HALL_TOML = "hall.toml"
CA_NAME = "hall-ca.pem"


class SetupError(ClacksError, ValueError):
    """The hall cannot be written as asked; the message says why and what to do."""


@dataclass
class Plan:
    out: Path
    boards: list[str]
    host: str  # the name (or address) boards reach the hall's broker by
    port: int = 1883  # the boards' listener (8883 with TLS)
    tls: tuple[str, str] | None = None  # the exhibitor's certificate and key (copied beside the broker's files)
    ca: str | None = None  # the authority boards check the certificate against ("": the system's)
    local_port: int = 1883  # with TLS: the hall's own plain listener on 127.0.0.1
    page_port: int = 8090
    db: str = f"{STATE_DIR}/hall.sqlite"
    exec_path: str = "clacks-hw"
    user: str = "clacks"
    browser: str = "chromium"
    written: list[Path] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # what was not written, and why
    warnings: list[str] = field(default_factory=list)  # what the broker will not be able to read, and the fix


HOST_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
PLAIN_PATH = re.compile(r"(/[A-Za-z0-9._-]+)+")


def check_host(host: str) -> None:
    """``host``: an address or a DNS name, as the boards' config and the page's names need it."""
    try:
        ipaddress.ip_address(host)
        return
    except ValueError:
        pass
    if len(host) > 253 or not all(HOST_LABEL.fullmatch(label) for label in host.rstrip(".").split(".")):
        raise SetupError(f"--host {host!r} is not a host name or an address\n  fix: give the name the boards "
                         "reach this machine by (letters, digits, '-' and dots, e.g. hall-laptop.local) or its address")


def check_db(db: str) -> None:
    if not PLAIN_PATH.fullmatch(db) or any(part in (".", "..") for part in db.split("/")):
        raise SetupError(f"--db {db!r} is not a plain absolute path\n  fix: give a path such as "
                         f"{STATE_DIR}/hall.sqlite (letters, digits, '.', '_', '-' in each part)")


def check_names(boards) -> None:
    for name in boards:
        problem = board_id_problem(name)
        if problem:
            raise SetupError(f"{problem}\n  fix: name the boards with --board NAME (or let --boards N name them)")
    twice = sorted({b for b in boards if list(boards).count(b) > 1})
    if twice:
        raise SetupError(f"board {twice[0]!r} is named twice\n  fix: give each board its own name")


def _secret_files(path: Path) -> tuple[int, tuple[int, int] | None]:
    """Mode and owner of the broker's password and access files: readable by Mosquitto's group
    when root writes them for the system's broker, else by their writer only."""
    if os.geteuid() == 0:
        import grp

        try:
            return 0o640, (0, grp.getgrnam("mosquitto").gr_gid)
        except KeyError:
            pass
    return 0o600, None


def _owner(user: str) -> tuple[int, int] | None:
    if os.geteuid() != 0:
        return None
    import pwd

    try:
        u = pwd.getpwnam(user)
    except KeyError:
        raise SetupError(f"--user {user!r} does not exist on this machine\n  fix: sudo adduser --system "
                         f"--group {user}, or give an existing user") from None
    return u.pw_uid, u.pw_gid


def _write(plan: Plan, name: str, text: str, mode: int, owner=None) -> Path:
    path = plan.out / name
    write_file(path, text, mode, owner=owner, make_dir=0o755)
    plan.written.append(path)
    return path


def board_block(plan: Plan, board: str, password: str, key: SigningKey, hall_key: str) -> str:
    ca = f"/etc/clacks-hw/{CA_NAME}" if plan.ca else ""
    return (f"# Board {board}'s [mqtt] section for the Clacks hall at {plan.host}: put it in the board's\n"
            "# config (/etc/clacks-hw/config.toml) in place of any [mqtt] section there.\n"
            + (f"# Copy {CA_NAME} (beside this file) to {ca} on the board.\n" if ca else "")
            + "# Secret: its password and its key. Written by `clacks-hw hall setup`.\n"
            f'[mqtt]\nhost = "{plan.host}"\nport = {plan.port}\nboard_id = "{board}"\nusername = "{board}"\n'
            f'password = "{password}"\nkeepalive_s = 3\nkey = "{key.text}"\nhall_key = "{hall_key}"\n'
            f"tls = {'true' if plan.tls else 'false'}\nca_file = \"{ca}\"\n")


def hall_toml(plan: Plan, password: str, key: SigningKey, boards: dict[str, str]) -> str:
    hosts = "" if ":" in plan.host else f'"{plan.host}"'  # an address always works; a name is the page's to answer
    text = ("# The Clacks hall: written by `clacks-hw hall setup` (docs/shows.md).\n"
            "# Secret (the hall's broker password and its key): keep it 0600.\n"
            f'[broker]\nhost = "127.0.0.1"\nport = {plan.local_port if plan.tls else plan.port}\n'
            f'username = "{HALL_USER}"\npassword = "{password}"\ntls = false\nca_file = ""\n\n'
            f'[page]\nbind = "0.0.0.0"\nport = {plan.page_port}\nhosts = [{hosts}]\ndb = "{plan.db}"\n\n'
            "[hall]\n# Signs the receipts the boards wait for; each board holds its public key (mqtt.hall_key).\n"
            f'key = "{key.text}"\n\n'
            "# The boards the hall counts, each with its public key (`clacks-hw hall trust` adds one).\n[boards]\n")
    return text + "".join(f'{b} = "{k}"\n' for b, k in boards.items())


def write_hall(plan: Plan, force: bool = False) -> Plan:
    """A new hall in ``plan.out`` (SetupError if one is there already, unless ``force``)."""
    check_names(plan.boards)
    check_host(plan.host)
    check_db(plan.db)
    if (plan.out / HALL_TOML).exists() and not force:
        raise SetupError(f"a hall is set up in {plan.out} already, and its boards hold its keys\n  fix: add "
                         "boards with --add NAME, or give another --out (or --force to start a new show: "
                         "every board then needs its new section)")
    return _write_all(plan, SigningKey.generate(), mosquitto.new_password(), {}, "")


def add_boards(plan: Plan) -> Plan:
    """More boards for the hall in ``plan.out``: their users, keys and sections; the others untouched."""
    check_names(plan.boards)
    try:
        cfg = load(plan.out / HALL_TOML)
    except HallConfigError as exc:
        raise SetupError(f"{exc}\n  (--add needs the hall `clacks-hw hall setup` wrote in {plan.out})") from None
    known = sorted(set(plan.boards) & set(cfg.boards))
    if known:
        raise SetupError(f"board {known[0]!r} is in this hall already\n  fix: give the new boards new names")
    if cfg.key is None:
        raise SetupError(f"{plan.out / HALL_TOML} has no [hall] key\n  fix: set the hall up afresh with --force")
    try:
        passwd = read_regular(plan.out / "mosquitto" / "clacks.passwd", 1 << 20).decode("utf-8")
        block = tomllib.loads(read_regular(next((plan.out / "boards").glob("*.toml")), 1 << 16).decode())["mqtt"]
    except (OSError, StopIteration, KeyError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise SetupError(f"{plan.out}: cannot read the hall's broker users or a board's section ({exc})\n"
                         "  fix: give the --out folder `clacks-hw hall setup` wrote, as it wrote it") from None
    # The new boards reach the broker as the others do.
    plan.host, plan.port, tls = block["host"], block["port"], block["tls"]
    plan.tls = ("", "") if tls else None
    plan.ca = (plan.out / "boards" / CA_NAME) if block.get("ca_file") else None
    return _write_all(plan, cfg.key, None, cfg.boards, passwd)


def _write_all(plan: Plan, hall_key: SigningKey, hall_password: str | None, boards: dict[str, str],
               passwd: str) -> Plan:
    if not 1 <= len(plan.boards) + len(boards) <= 64:
        raise SetupError("a hall has 1 to 64 boards\n  fix: give --boards from 1 to 64")
    mode, owner = _secret_files(plan.out)
    lines = [passwd.rstrip("\n")] if passwd else [mosquitto.password_line(HALL_USER, hall_password)]
    boards = dict(boards)
    for board in plan.boards:
        password, key = mosquitto.new_password(), SigningKey.generate()
        lines.append(mosquitto.password_line(board, password))
        boards[board] = key.public
        _write(plan, f"boards/{board}.toml", board_block(plan, board, password, key, hall_key.public), 0o600)
    out = plan.out.resolve()
    _write(plan, "mosquitto/clacks.passwd", "\n".join(lines) + "\n", mode, owner)
    _write(plan, "mosquitto/clacks.acl", mosquitto.acl(boards), mode, owner)  # the new boards' rules too
    if hall_password is None:  # adding: the boards join the [boards] table, nothing else changes
        text = read_regular(plan.out / HALL_TOML, 1 << 20).decode("utf-8")
        for board in plan.boards:
            text = with_board(text, board, boards[board])
        _write(plan, HALL_TOML, text, 0o600, _owner(plan.user))
        return plan
    if plan.ca:
        _write(plan, f"boards/{CA_NAME}", read_regular(plan.ca, 1 << 20).decode("ascii", "replace"), 0o644)
    broker_reads = [out / "mosquitto" / "clacks.passwd", out / "mosquitto" / "clacks.acl"]
    tls = plan.tls
    if tls:  # the exhibitor's certificate and key, where the broker reads them and nobody else the key
        cert, key = tls_files(*tls)
        broker_reads += [_write(plan, f"mosquitto/{CERT_NAME}", cert.decode("ascii"), 0o644).resolve(),
                         _write(plan, f"mosquitto/{KEY_NAME}", key.decode("ascii"), mode, owner).resolve()]
        tls = (str(broker_reads[2]), str(broker_reads[3]))
    _write(plan, "mosquitto/clacks.conf", mosquitto.broker_conf(
        port=plan.port, passwd=str(broker_reads[0]), acl=str(broker_reads[1]),
        tls=tls, local_port=plan.local_port if plan.tls else None), 0o644)
    plan.warnings += unreadable(broker_reads)
    _write(plan, HALL_TOML, hall_toml(plan, hall_password, hall_key, boards), 0o600, _owner(plan.user))
    try:
        _write(plan, UNIT_NAME, hall_unit(plan.exec_path, str(out / HALL_TOML), plan.user, plan.db), 0o644)
    except UnitError as exc:  # a hall tried out in a home folder: everything but the service
        plan.skipped.append(f"{UNIT_NAME} not written: {exc}")
    _write(plan, "clacks-hall-kiosk.desktop", kiosk_autostart(plan.browser, f"http://127.0.0.1:{plan.page_port}/"),
           0o644)
    return plan


def find_browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return "chromium"
