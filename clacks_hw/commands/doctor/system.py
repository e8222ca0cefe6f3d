"""The machine as `clacks-hw doctor` sees it: everything the checks read from it goes through
:class:`System`, so tests can fake a Raspberry Pi, another user, other ports, another network."""

from __future__ import annotations

import grp
import importlib.util
import os
import pwd
import socket
import sys
from collections.abc import Mapping
from pathlib import Path

from ...drivers.hub_probe import probe_hub
from ...drivers.hub_ports import PortInfo, by_id_name, list_serial_ports
from ...drivers.pi import BoardInfo, detect_board


class System:
    """The machine as doctor sees it; override attributes or methods to fake another one."""

    def __init__(self, root: str | Path = "/", env: Mapping[str, str] | None = None) -> None:
        self.root = Path(root)
        self.env = dict(os.environ if env is None else env)

    def board(self) -> BoardInfo:
        return detect_board(self.root)

    def euid(self) -> int:
        return os.geteuid()

    def user(self) -> str:
        try:
            return pwd.getpwuid(self.euid()).pw_name
        except KeyError:
            return str(self.euid())

    def groups(self) -> set[str]:
        """Groups this process has now (what device access is decided by)."""
        names = set()
        for gid in set(os.getgroups()) | {os.getegid()}:
            try:
                names.add(grp.getgrgid(gid).gr_name)
            except KeyError:
                pass
        return names

    def group_members(self, group: str) -> list[str] | None:
        """Members listed in the group database, or None if the group does not exist."""
        try:
            return list(grp.getgrnam(group).gr_mem)
        except KeyError:
            return None

    def has_module(self, name: str) -> bool:
        # find_spec only locates the module: rpi_ws281x must never be imported off a Pi.
        try:
            return importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            return False

    def python_install(self) -> tuple[str, str]:
        """How this Python runs clacks-hw: ("venv", its prefix) when a virtual environment
        cannot see the system's packages (apt's python3-* are invisible to it), ("venv-system",
        prefix) when it can, ("system", prefix) without a venv."""
        if sys.prefix == sys.base_prefix:
            return "system", sys.prefix
        try:
            cfg = (Path(sys.prefix) / "pyvenv.cfg").read_text(errors="replace")
        except OSError:
            cfg = ""
        for line in cfg.splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "include-system-site-packages" and value.strip().lower() == "true":
                return "venv-system", sys.prefix
        return "venv", sys.prefix

    def path(self, p: str) -> Path:
        """A device path under the (possibly fake) root."""
        return self.root / p.lstrip("/") if str(self.root) != "/" else Path(p)

    def exists(self, p: str) -> bool:
        return self.path(p).exists()

    def can_rw(self, p: str) -> bool:
        return os.access(self.path(p), os.R_OK | os.W_OK)

    def read_text(self, p: str) -> str:
        try:
            return self.path(p).read_text(errors="replace")
        except OSError:
            return ""

    def ports(self) -> list[PortInfo]:
        return list_serial_ports()

    def probe(self, port: str, timeout: float):
        return probe_hub(port, timeout)

    def lan_address(self) -> str | None:
        """This machine's address on its network (base/lan.py), or None."""
        from ...base import lan

        return lan.lan_address()

    def holder(self, port: str):
        """The process holding ``port`` (drivers/port_holder.py), or None."""
        from ...drivers.port_holder import held_by

        return held_by(str(self.path(port)))

    def by_id(self, device: str) -> str | None:
        return by_id_name(device, self.root)

    def can_bind(self, host: str, port: int) -> OSError | None:
        """None when a server could listen on ``host``:``port`` now, else why not."""
        try:
            family = socket.AF_INET6 if ":" in host else socket.AF_INET
            with socket.socket(family, socket.SOCK_STREAM) as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the page's server does
                s.bind((host, port))
        except OSError as exc:
            return exc
        return None

    def connect(self, host: str, port: int, timeout: float) -> OSError | None:
        """None when a TCP connection to ``host``:``port`` opens within ``timeout`` s, else why not."""
        try:
            socket.create_connection((host, port), timeout=timeout).close()
        except OSError as exc:
            return exc
        return None
