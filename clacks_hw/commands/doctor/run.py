"""The doctor: runs every area's checks in order and keeps what they found.

A check that itself breaks is a FAIL line naming the bug, never a traceback. Exit status: 0
nothing failed (warnings allowed), 1 something failed, 2 the configuration is invalid.
"""

from __future__ import annotations

from ..common import BAD_CONFIG
from ...base.hints import pip_install
from ...drivers.pi import BoardInfo
from . import admin, config, editions, journal, leds, network, pi, reader
from .check import FAIL, Check
from .system import System

FAILED = 1

# (topic, check): the order of the report; the config is read second, and the later checks use it.
CHECKS = (
    ("board", pi.check_board),
    ("config", config.check_config),
    ("user", pi.check_user),
    ("buttons", pi.check_pin_factory),
    ("leds", leds.check_leds),
    ("power", leds.check_power),
    ("serial", reader.check_reader),
    ("admin", admin.check_admin),
    ("network", network.check_network),
    ("journal", journal.check_journal),
    ("editions", editions.check_editions),
)


class Doctor:
    def __init__(self, config_path: str | None, system: System, probe_timeout: float = 2.0) -> None:
        self.config_path = config_path
        self.sys = system
        self.timeout = probe_timeout
        self.checks: list[Check] = []
        self.config = None
        self.config_bad = False
        self.board: BoardInfo | None = None

    def add(self, status: str, topic: str, text: str, fix: str = "") -> None:
        self.checks.append(Check(status, topic, text, fix))

    def install_fix(self, apt: str, pip: str) -> str:
        """How to install a Python library so that this installation of clacks-hw sees it."""
        kind, prefix = self.sys.python_install()
        if kind == "venv":  # apt's python3-* are invisible to it
            return (f"{pip_install(prefix, kind, pip)} (this venv cannot see apt's {apt}; or recreate it "
                    f"with python3 -m venv --system-site-packages {prefix} and sudo apt install {apt})")
        return f"sudo apt install {apt}"  # Raspberry Pi OS refuses pip outside a venv

    def run(self) -> list[Check]:
        for topic, check in CHECKS:
            try:
                check(self)
            except Exception as exc:  # noqa: BLE001 - doctor reports, never crashes
                self.add(FAIL, topic, f"doctor could not check this ({type(exc).__name__}: {exc})",
                         "this is a bug in clacks-hw doctor; please report it with this output")
        return self.checks

    @property
    def exit_status(self) -> int:
        if self.config_bad:
            return BAD_CONFIG
        return FAILED if any(c.status == FAIL for c in self.checks) else 0
