"""`clacks-hw doctor`: is this machine ready to run the board? A checklist with fixes.

Checks the board (which Pi), the configuration, the user's groups, the gpiozero pin factory,
the LED backend and its device, the serial ports and whether a reader hub answers HELLO.
Every line is OK, WARN or FAIL, and every WARN or FAIL says how to fix it.

Exit status: 0 nothing failed (warnings allowed), 1 something failed, 2 the configuration is
invalid. Never a traceback: a check that itself breaks is reported as a FAIL.

Everything the checks read from the machine goes through :class:`System`, so tests can fake
a Raspberry Pi, another user, other ports.
"""

from __future__ import annotations

import grp
import importlib.util
import json
import os
import pwd
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import click

from ..config import BUILTIN, DEFAULT_PATH, ConfigError, load_config
from ..drivers.card_reader import probe_hub
from ..drivers.hub_ports import (
    PICO_VID,
    PortInfo,
    by_id_name,
    hub_candidates,
    list_serial_ports,
)
from ..drivers.pi import BoardInfo, detect_board
from . import COMMANDS
from .common import BAD_CONFIG

OK, WARN, FAIL = "OK", "WARN", "FAIL"
FAILED = 1

USERMOD = "sudo usermod -aG {group} $USER, then log out and back in"


@dataclass(frozen=True)
class Check:
    status: str  # OK | WARN | FAIL
    topic: str
    text: str
    fix: str = ""


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

    def by_id(self, device: str) -> str | None:
        return by_id_name(device, self.root)


# -- the checks ----------------------------------------------------------------------------------

BOOT_CONFIGS = ("/boot/firmware/config.txt", "/boot/config.txt")  # Bookworm and later; before
# The core clock the spi LED backend needs fixed, per Pi generation (the SPI clock follows it).
CORE_FREQ = {3: {"core_freq": "250"}, 4: {"core_freq": "500", "core_freq_min": "500"}}


class Doctor:
    def __init__(self, config_path: str | None, system: System, probe_timeout: float = 2.0) -> None:
        self.config_path = config_path
        self.sys = system
        self.timeout = probe_timeout
        self.checks: list[Check] = []
        self.config = None
        self.config_bad = False
        self.board: BoardInfo | None = None

    def install_fix(self, apt: str, pip: str) -> str:
        """How to install a Python library so that this installation of clacks-hw sees it."""
        kind, prefix = self.sys.python_install()
        if kind == "venv":
            return (f"{prefix}/bin/pip install {pip} (this venv cannot see apt's {apt}; or recreate it "
                    f"with python3 -m venv --system-site-packages {prefix} and sudo apt install {apt})")
        return f"sudo apt install {apt} (or: pip install {pip})"

    def add(self, status: str, topic: str, text: str, fix: str = "") -> None:
        self.checks.append(Check(status, topic, text, fix))

    def run(self) -> list[Check]:
        for topic, step in (
            ("board", self.check_board),
            ("config", self.check_config),
            ("user", self.check_user),
            ("buttons", self.check_pin_factory),
            ("leds", self.check_leds),
            ("power", self.check_power),
            ("serial", self.check_reader),
            ("admin", self.check_admin),
            ("journal", self.check_journal),
        ):
            try:
                step()
            except Exception as exc:  # noqa: BLE001 - doctor reports, never crashes
                self.add(FAIL, topic, f"doctor could not check this ({type(exc).__name__}: {exc})",
                         "this is a bug in clacks-hw doctor; please report it with this output")
        return self.checks

    @property
    def exit_status(self) -> int:
        if self.config_bad:
            return BAD_CONFIG
        return FAILED if any(c.status == FAIL for c in self.checks) else 0

    # -- board -----------------------------------------------------------------------------------
    def check_board(self) -> None:
        self.board = b = self.sys.board()
        if b.is_pi:
            ws = "ws281x LED backend supported" if b.ws281x_supported else "no ws281x LED backend here (use spi)"
            self.add(OK, "board", f"{b.describe()}; {ws}")
        else:
            self.add(WARN, "board", b.describe(),
                     "the LEDs, buttons and UART need a Raspberry Pi; elsewhere use clacks-hw run --virtual")

    # -- config ----------------------------------------------------------------------------------
    def check_config(self) -> None:
        try:
            self.config = load_config(self.config_path, check_devices=False)
        except ConfigError as err:
            self.config_bad = True
            self.add(FAIL, "config", f"{err.source}: {len(err.problems)} problem(s); the daemon refuses to start",
                     "fix every problem below (docs/config.md describes each key)")
            for p in err.problems:
                self.add(FAIL, "config", f"{p.key}: {p.message}", p.fix)
            return
        c = self.config
        src = "built-in defaults (no /etc/clacks-hw/config.toml)" if c.source == BUILTIN else c.source
        self.add(OK, "config", f"valid: {src}; LEDs {c.leds.backend}, reader {c.reader.type} "
                               f"({c.reader.port}), {c.game.mode} game")

    # -- power ------------------------------------------------------------------------------------
    def check_power(self) -> None:
        if self.config is None:
            return
        from ..hardware.data import load_hardware
        from ..hardware.power import budget
        b = budget(load_hardware(), self.config)
        cap = min(1.0, b.led_light_a / b.full_white_a)
        text = (f"the board may draw {b.board_a:.2f} A (weakest link: {b.weakest.name}, {b.weakest.amps:g} A, less 25 %); "
                f"the LEDs get {b.led_light_a:.2f} A: a frame of every LED white is dimmed to {cap:.2f}")
        if cap < 0.5:
            self.add(WARN, "power", text, "use a bigger 5 V supply and set leds.supply_a to its rating (wiring/power.md)")
        else:
            self.add(OK, "power", text)

    # -- the admin page ---------------------------------------------------------------------------
    def check_admin(self) -> None:
        """Whether phones can pair (an admin token: never shown) and how many are paired."""
        c = self.config
        if c is None:
            return
        if c.status.port == 0:
            self.add(OK, "admin", "status page off (status.port = 0): no kiosk or admin page")
            return
        from ..web.token import token_path

        where = "status.admin_token" if c.status.admin_token else str(token_path(c))
        token = c.status.admin_token or self.sys.read_text(where).strip()
        if len(token) < 16:
            self.add(WARN, "admin", "no admin token: no phone can pair with the board, so none can start, "
                                    "abandon or dim a game", "sudo clacks-hw install-service makes one "
                                    "(or sudo clacks-hw admin --rotate)")
            return
        try:
            paired = len(json.loads(self.sys.read_text(str(Path(c.journal.dir) / "phones.json")))["phones"])
        except (ValueError, KeyError, TypeError):
            paired = 0
        host = c.status.hosts[0] if c.status.hosts else (
            "127.0.0.1" if c.status.bind in ("127.0.0.1", "::1", "localhost") else "THIS-BOARD")
        self.add(OK, "admin", f"admin token in {where} (never shown; `clacks-hw admin --rotate` replaces it); "
                              f"{paired} phone(s) paired. To pair one: hold TURN and BACK together on the board "
                              f"for 3 s, then scan the QR code on its own screen, or open "
                              f"http://{host}:{c.status.port}/admin and type the code its lamps spell")
        path = Path(self.config_path or DEFAULT_PATH)
        try:
            readable = c.status.admin_token and path.stat().st_mode & 0o004
        except OSError:
            readable = False
        if readable:
            self.add(WARN, "admin", f"status.admin_token is in {path}, which every user of this machine can read",
                     f"sudo chmod 640 {path}, or remove status.admin_token and let sudo clacks-hw "
                     "install-service keep the token in journal.dir, readable by the service only")

    # -- the journal folder ----------------------------------------------------------------------
    def check_journal(self) -> None:
        """A journal holds its game's seed, so every hidden hand: nobody else may look in."""
        if self.config is None:
            return
        from ..journal.folder import exposure

        where = self.config.journal.dir
        if not self.sys.path(where).is_dir():
            self.add(OK, "journal", f"{where} does not exist yet; the board makes it for its own user only (0700)")
            return
        problems = exposure(self.sys.path(where), shown=where)
        for problem, fix in problems:
            self.add(WARN, "journal", problem, fix)
        if not problems:
            self.add(OK, "journal", f"{where}: only the board's user can look in")

    # -- user and groups -------------------------------------------------------------------------
    def needed_groups(self) -> list[tuple[str, str]]:
        c = self.config
        need = []
        if c is None or c.buttons.pin_factory != "mock":
            need.append(("gpio", "the buttons (/dev/gpiochip*)"))
        if c is None or c.leds.backend == "spi":
            need.append(("spi", f"the spi LED backend ({c.leds.spi_device if c else '/dev/spidev0.0'})"))
        if c is None or c.reader.type != "none":
            need.append(("dialout", "the card reader's serial port"))
        return need

    def check_user(self) -> None:
        user = self.sys.user()
        if self.sys.euid() == 0:
            self.add(OK, "user", "running as root: device permissions do not apply "
                                 "(the service runs as an unprivileged user; see clacks-hw install-service)")
            return
        have = self.sys.groups()
        ok = []
        for group, why in self.needed_groups():
            if group in have:
                ok.append(group)
                continue
            members = self.sys.group_members(group)
            if members is None:
                self.add(WARN, "user", f"no group {group!r} on this system (needed for {why})",
                         "normal off a Raspberry Pi; Raspberry Pi OS has it")
            elif user in members:
                self.add(WARN, "user", f"{user} was added to {group!r} but this login does not have it yet",
                         "log out and back in (or reboot)")
            else:
                self.add(WARN, "user", f"{user} is not in group {group!r} (needed for {why})",
                         USERMOD.format(group=group))
        if ok:
            self.add(OK, "user", f"{user} is in group(s) {', '.join(ok)}")

    # -- pin factory -----------------------------------------------------------------------------
    def check_pin_factory(self) -> None:
        env = self.sys.env.get("GPIOZERO_PIN_FACTORY", "").strip()
        configured = self.config.buttons.pin_factory if self.config else "auto"
        effective = configured if configured != "auto" else (env or "auto")
        source = (f"buttons.pin_factory = {configured!r}" if configured != "auto"
                  else f"GPIOZERO_PIN_FACTORY={env}" if env else "gpiozero's choice")
        if configured != "auto" and env and env != configured:
            self.add(WARN, "buttons", f"GPIOZERO_PIN_FACTORY={env} is ignored: the config sets {configured!r}",
                     "unset GPIOZERO_PIN_FACTORY, or set buttons.pin_factory = \"auto\" to honour it")
        is_pi = self.board is not None and self.board.is_pi
        gen = self.board.generation if self.board else None
        if effective == "mock":
            self.add(WARN, "buttons", f"pin factory mock ({source}): the real buttons are ignored",
                     'for real buttons set buttons.pin_factory = "auto" and unset GPIOZERO_PIN_FACTORY')
            return
        lgpio = self.sys.has_module("lgpio")
        if effective in ("auto", "lgpio"):
            if lgpio:
                self.add(OK, "buttons", f"pin factory lgpio available ({source})")
            elif is_pi:
                fallback = self.sys.has_module("RPi") and gen != 5
                self.add(WARN if fallback else FAIL, "buttons",
                         f"the lgpio library is not installed ({source})"
                         + ("; gpiozero falls back to RPi.GPIO" if fallback else ": the buttons cannot work"),
                         self.install_fix("python3-lgpio", "lgpio"))
            else:
                self.add(WARN, "buttons", f"lgpio is not installed ({source}); fine off a Pi",
                         f"on the Pi: {self.install_fix('python3-lgpio', 'lgpio')}; here use clacks-hw run --virtual")
        elif effective == "rpigpio" and gen == 5:
            self.add(FAIL, "buttons", "pin factory rpigpio: RPi.GPIO does not work on the Pi 5",
                     f'set buttons.pin_factory = "lgpio" ({self.install_fix("python3-lgpio", "lgpio")})')
        elif effective in ("rpigpio", "native"):
            self.add(OK, "buttons", f"pin factory {effective} ({source})")
        else:
            self.add(WARN, "buttons", f"unknown pin factory {effective!r} ({source})",
                     "use lgpio (GPIOZERO_PIN_FACTORY=lgpio) or unset GPIOZERO_PIN_FACTORY")
        if is_pi and effective != "mock" and self.sys.euid() != 0:
            chips = sorted(p for p in ("/dev/gpiochip0", "/dev/gpiochip4") if self.sys.exists(p))
            denied = [p for p in chips if not self.sys.can_rw(p)]
            if denied:
                self.add(FAIL, "buttons", f"no access to {', '.join(denied)}", USERMOD.format(group="gpio"))

    # -- LEDs ------------------------------------------------------------------------------------
    def check_leds(self) -> None:
        if self.config is None:
            self.add(WARN, "leds", "not checked: the configuration is invalid", "fix the config problems above")
            return
        leds = self.config.leds
        if leds.backend == "virtual":
            self.add(OK, "leds", "backend virtual: the board is drawn in the terminal, no LEDs are driven")
        elif leds.backend == "spi":
            dev = leds.spi_device
            if not self.sys.exists(dev):
                self.add(FAIL, "leds", f"backend spi: {dev} does not exist",
                         "enable SPI: sudo raspi-config nonint do_spi 0 (or dtparam=spi=on in "
                         "/boot/firmware/config.txt), then reboot")
            elif self.sys.euid() != 0 and not self.sys.can_rw(dev):
                self.add(FAIL, "leds", f"backend spi: no read/write access to {dev}", USERMOD.format(group="spi"))
            else:
                self.add(OK, "leds", f"backend spi: {dev} present and writable (MOSI = GPIO10)")
            self._check_core_freq()
        elif leds.backend == "ws281x":
            self._check_ws281x(leds)

    def _boot_config(self) -> tuple[str, dict[str, str]]:
        """The Pi's boot config (path, settings that apply to every boot): lines outside
        comments, in no section or in [all]/[piN] sections for this generation."""
        for path in BOOT_CONFIGS:
            if self.sys.exists(path):
                break
        else:
            return BOOT_CONFIGS[0], {}
        gen = self.board.generation if self.board else None
        applies, settings = True, {}
        for raw in self.sys.read_text(path).splitlines():
            line = raw.split("#", 1)[0].strip()
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1].strip().lower()
                applies = section in ("all", "none") or section == f"pi{gen}"
                applies = applies and section != "none"
            elif "=" in line and applies:
                key, value = (part.strip() for part in line.split("=", 1))
                settings[key] = value
        return path, settings

    def _check_core_freq(self) -> None:
        # On a Pi 3 or 4 the SPI clock is divided from the core clock, which the firmware
        # scales with load: the LED bit timing drifts (flicker, wrong colours) unless the
        # core clock is fixed. The Pi 5 (RP1) and earlier models do not need it.
        gen = self.board.generation if self.board else None
        need = CORE_FREQ.get(gen)
        if need is None:
            return
        path, settings = self._boot_config()
        missing = [f"{k}={v}" for k, v in need.items() if settings.get(k) != v]
        if missing:
            self.add(FAIL, "leds", f"backend spi on a Pi {gen}: the core clock is not fixed in {path}, so the "
                                   "SPI clock (the LED timing) changes with load",
                     f"add {' and '.join(missing)} to {path} (one per line, in [all]), then reboot")
        else:
            self.add(OK, "leds", f"backend spi on a Pi {gen}: core clock fixed ({', '.join(f'{k}={v}' for k, v in need.items())})")

    def _check_ws281x(self, leds) -> None:
        b = self.board
        problems = False
        if b is None or not b.ws281x_supported:
            problems = True
            self.add(FAIL, "leds", f"backend ws281x needs a Raspberry Pi 1-4; this is "
                                   f"{b.describe() if b else 'an unknown board'}",
                     'set leds.backend = "spi" (every Pi, including the Pi 5, no root)')
        if self.sys.euid() != 0:
            problems = True
            self.add(FAIL, "leds", "backend ws281x needs root (it maps /dev/mem for PWM and DMA); "
                                   f"running as {self.sys.user()}",
                     "run the daemon as root (clacks-hw install-service does for ws281x), or use the spi backend")
        if b is not None and b.ws281x_supported and not self.sys.has_module("rpi_ws281x"):
            problems = True
            self.add(FAIL, "leds", "backend ws281x: the rpi-ws281x library is not installed",
                     "pip install 'clacks-hw[pi]'")
        if leds.ws281x_pin in (18, 12, 13, 19):
            cfg = self.sys.read_text("/boot/firmware/config.txt") or self.sys.read_text("/boot/config.txt")
            if any(line.strip().replace(" ", "") == "dtparam=audio=on" for line in cfg.splitlines()):
                self.add(WARN, "leds", f"analog audio is on: it shares the PWM that drives GPIO{leds.ws281x_pin}",
                         "set dtparam=audio=off in /boot/firmware/config.txt and reboot")
        if not problems:
            self.add(OK, "leds", f"backend ws281x on GPIO{leds.ws281x_pin}: supported board, root, library present")

    # -- serial ports and the reader -------------------------------------------------------------
    def check_reader(self) -> None:
        ports = self.sys.ports()
        for p in ports:
            desc = "" if p.description in ("", "n/a", p.device, os.path.basename(p.device)) else p.description
            extra = ", ".join(x for x in (desc, f"USB {p.usb_id}" if p.usb_id else "") if x)
            self.add(OK, "serial", f"port {p.device}" + (f" ({extra})" if extra else ""))
        if not ports:
            self.add(WARN, "serial", "no serial ports found (pyserial list_ports)",
                     "plug the reader hub in with a data USB cable (not a charge-only one)")
        c = self.config
        rtype = c.reader.type if c else "hub"
        port = c.reader.port if c else "auto"
        if rtype == "none":
            self.add(OK, "reader", 'no card reader configured (reader.type = "none")')
        elif rtype == "rdm6300":
            self._check_rdm6300(port)
        elif port == "auto":
            self._probe_candidates(ports)
        else:
            self._probe_configured(port)

    def _port_access(self, port: str) -> bool:
        if not self.sys.exists(port):
            self.add(FAIL, "reader", f"{port} (reader.port) does not exist",
                     'plug the reader in, or set reader.port to a port listed above (or "auto")')
            return False
        if self.sys.euid() != 0 and not self.sys.can_rw(port):
            self.add(FAIL, "reader", f"no read/write access to {port}", USERMOD.format(group="dialout"))
            return False
        return True

    def _probe_configured(self, port: str) -> None:
        if not self._port_access(port):
            return
        result = self.sys.probe(port, self.timeout)
        if result.ok:
            self.add(OK, "reader", f"{port} answers HELLO: {result.message}")
        else:
            self.add(FAIL, "reader", f"{port}: {result.message}",
                     "flash the hub (firmware/README.md); if the daemon is running it holds the port: "
                     "sudo systemctl stop clacks-hw, then run doctor again")

    def _probe_candidates(self, ports: list[PortInfo]) -> None:
        candidates = hub_candidates(ports)
        if not candidates:
            self.add(FAIL, "reader", f'reader.port = "auto" but no port looks like a reader hub '
                                     f"(USB id {PICO_VID:04X}:xxxx or ttyACM)",
                     "plug the hub in (a data cable), flash it (firmware/README.md), or set reader.port")
            return
        answering = []
        for p in candidates:
            if self.sys.euid() != 0 and not self.sys.can_rw(p.device):
                self.add(FAIL, "reader", f"no read/write access to {p.device}", USERMOD.format(group="dialout"))
                continue
            result = self.sys.probe(p.device, self.timeout)
            if result.ok:
                answering.append(p.device)
                self.add(OK, "reader", f"{p.device} answers HELLO: {result.message}")
            else:
                self.add(WARN, "reader", f"{p.device}: {result.message}",
                         "if this is the hub, flash it (firmware/README.md) or stop the daemon holding it")
        if len(answering) == 1:
            stable = self.sys.by_id(answering[0])
            self.add(OK, "reader", f'reader.port = "auto" finds the hub at {answering[0]}',
                     f'for a stable name set reader.port = "{stable}"' if stable else "")
        elif not answering:
            self.add(FAIL, "reader", "no reader hub answered HELLO",
                     "check the hub's firmware and cable (firmware/README.md)")
        else:
            self.add(FAIL, "reader", f"several reader hubs answer ({', '.join(answering)}); \"auto\" cannot choose",
                     "set reader.port to one of them (prefer its /dev/serial/by-id/... name)")

    def _check_rdm6300(self, port: str) -> None:
        if not self._port_access(port):
            return
        cmdline = self.sys.read_text("/proc/cmdline")
        if any(tok.startswith(("console=serial0", "console=ttyAMA0", "console=ttyS0")) for tok in cmdline.split()):
            self.add(FAIL, "reader", "the Linux serial console uses the UART the RDM6300 is on",
                     "sudo raspi-config nonint do_serial_cons 1 (keeps the UART, drops the console), then reboot")
        else:
            self.add(OK, "reader", f"RDM6300 on {port}: it only sends, so it cannot be probed; "
                                   "tap a card in clacks-hw enroll to test it")


# -- the command ---------------------------------------------------------------------------------


def format_checks(checks: list[Check]) -> list[str]:
    lines = []
    for c in checks:
        lines.append(f"{c.status:<5} {c.topic:<8} {c.text}")
        if c.fix and c.status != OK:
            lines.append(f"{'':<5} {'':<8} fix: {c.fix}")
        elif c.fix:
            lines.append(f"{'':<5} {'':<8} tip: {c.fix}")
    fails = sum(c.status == FAIL for c in checks)
    warns = sum(c.status == WARN for c in checks)
    if fails:
        verdict = f"{fails} failure(s), {warns} warning(s): fix the FAIL lines first."
    elif warns:
        verdict = f"No failures, {warns} warning(s)."
    else:
        verdict = "All checks passed."
    lines += ["", verdict]
    return lines


@click.command("doctor")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file (default /etc/clacks-hw/config.toml, else the built-in defaults).")
@click.option("--probe-timeout", type=click.FloatRange(0.1, 30), default=2.0, show_default=True,
              help="Seconds to wait for a reader hub's HELLO on each port.")
def doctor_cmd(config_path, probe_timeout):
    """Check this machine for the board: Pi model, pin factory, LED backend and permissions,
    serial ports and the reader hub, and the configuration.

    Prints OK / WARN / FAIL lines, each problem with its fix. Exits 0 when nothing fails,
    1 when something fails, 2 when the configuration is invalid.
    """
    doctor = Doctor(config_path, System(), probe_timeout)
    try:
        checks = doctor.run()
    except KeyboardInterrupt:
        click.echo("\ninterrupted", err=True)
        raise SystemExit(130)
    click.echo("clacks-hw doctor")
    for line in format_checks(checks):
        click.echo(line)
    raise SystemExit(doctor.exit_status)


COMMANDS.append(doctor_cmd)
