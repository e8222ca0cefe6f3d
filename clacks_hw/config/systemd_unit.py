"""The systemd unit that runs the board daemon, as one template filled from the config.

``render_unit(unit_settings(config, ...))`` gives the text ``clacks-hw install-service``
writes. Decisions, each also explained by a comment in the unit itself:

- ``Type=notify`` + ``WatchdogSec=30``: the daemon says READY=1 once the board shows its
  first frame and WATCHDOG=1 from its loop (sd_notify); a hung loop is killed and restarted.
- ``Restart=on-failure``, ``RestartSec=2``; ``RestartPreventExitStatus=2``: a bad config
  (exit 2) is not retried, since restarting cannot fix it (``systemctl status`` shows why).
- An unprivileged ``User=`` with only the groups its devices need (spi, gpio, dialout) and a
  closed device policy listing those devices; root only for the ws281x LED backend, which
  maps ``/dev/mem`` for PWM and DMA.
- ``ProtectSystem=strict`` with ``StateDirectory=clacks-hw``: the only writable place is
  ``/var/lib/clacks-hw`` (journals and ``cards.toml``), plus ``journal.dir`` if the config
  moves it elsewhere. ``ProtectHome=yes`` and ``PrivateTmp=yes``, so clacks-hw, its config
  and its journals must be outside /home and /tmp (refused otherwise, saying where to put them).
- Everything else the daemon does not need is taken away: no capabilities (root for ws281x
  keeps only CAP_SYS_RAWIO for /dev/mem), kernel, clock and control-group protection, no new
  namespaces, sockets limited to UNIX, IPv4 and IPv6, the @system-service system calls,
  LockPersonality, RestrictSUIDSGID, MemoryDenyWriteExecute, UMask=0077, and the state
  directory 0700 (StateDirectoryMode). ``systemd-analyze security`` rates the spi unit 1.5 and
  the ws281x one 2.1 (was 8.7 and 8.9).
- No value reaches the unit with a character that could end a line (Unicode categories Cc, Zl,
  Zp: a newline, U+2028, U+0085 would start a new directive) or hide what it says (Cf, Co, odd
  spaces) (unsafe_chars.py); journal.dir is a plain path that can be a folder; paths are quoted
  as systemd.syntax(7) says.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from string import Template

from .. import __version__
from ..base.errors import ClacksError
from ..base.unsafe_chars import first_unsafe

STATE_DIR = "/var/lib/clacks-hw"
DEFAULT_UNIT_PATH = "/etc/systemd/system/clacks-hw.service"
# Where the unit's own sandbox hides files: a program there could not even be started.
HIDDEN = {"/tmp/": "PrivateTmp=yes", "/var/tmp/": "PrivateTmp=yes", "/home/": "ProtectHome=yes",
          "/root/": "ProtectHome=yes", "/run/user/": "ProtectHome=yes"}
PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # where Python loads clacks_hw from


def install_hint(command: str = "install-service") -> str:
    """Exactly what to type to install this copy where a service can run it (pipx into /opt, its
    program in /usr/local/bin, as docs/setup.md does), then ``command`` from there. A clone or
    an unpacked release is installed from its own folder."""
    import shlex

    source = os.path.dirname(PACKAGE)
    folder = shlex.quote(source) if os.path.isfile(os.path.join(source, "pyproject.toml")) else "THE-CLONE'S-FOLDER"
    return ("install clacks-hw where the service can see it (outside /home, /root and /tmp) and run "
            f"{command} from there:\n"
            f"       sudo PIPX_HOME=/opt/pipx PIPX_BIN_DIR=/usr/local/bin pipx install --system-site-packages {folder}\n"
            f"       sudo /usr/local/bin/clacks-hw {command}")


INSTALL_HINT = install_hint()


class UnitError(ClacksError, ValueError):
    """A value that cannot go into the unit; the message says which and what to do."""

# Kernel, control groups, clock, hostname, namespaces, other users' processes: no service of
# clacks-hw's business (the board's unit and the hall's, hall/setup/unit.py).
SANDBOX = """\
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
ProtectProc=invisible
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
MemoryDenyWriteExecute=yes
RemoveIPC=yes
PrivateMounts=yes
KeyringMode=private
"""
# Sockets for the network and sd_notify only, the system calls a service needs and no more,
# files private to the service's user; then where both units are wanted (the board's and the
# hall's end alike).
CALLS_AND_INSTALL = """\
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6
SystemCallArchitectures=native
SystemCallFilter=@system-service
SystemCallFilter=~@privileged @resources
SystemCallErrorNumber=EPERM
UMask=0077

[Install]
WantedBy=multi-user.target
"""

TEMPLATE = Template("""\
# clacks-hw board daemon. Written by `clacks-hw install-service` (clacks-hw $version);
# run it again after changing the config's LED backend, reader or journal.dir.
# Setup and troubleshooting: docs/setup.md in clacks-hw.
[Unit]
Description=Clacks board daemon (clacks-hw)
After=network.target
# Never give up restarting a kiosk board for good; RestartSec spaces the attempts.
StartLimitIntervalSec=0

[Service]
# The daemon reports READY=1 when the board is up and feeds the watchdog (WATCHDOG=1)
# from its event loop; a loop stuck for WatchdogSec is killed and restarted.
Type=notify
NotifyAccess=main
ExecStart=$exec_start
Restart=on-failure
RestartSec=2
# Exit status 2 is a bad configuration: restarting cannot fix it, so don't.
RestartPreventExitStatus=2
WatchdogSec=30
TimeoutStopSec=10
Environment=PYTHONUNBUFFERED=1
$identity
# Journals and cards.toml live in /var/lib/clacks-hw (created and owned for the service user),
# which only that user may open: a journal's seed decides every hidden hand.
StateDirectory=clacks-hw
StateDirectoryMode=0700
# lgpio (the buttons) creates its notification pipes in the working directory, which must
# be writable; under ProtectSystem=strict that is the state directory.
WorkingDirectory=$state_dir

# Hardening: the whole file system is read-only except the state directory$rw_note.
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
$no_new_privileges
$read_write_paths
$devices
$capabilities
# Kernel, control groups, clock, hostname, namespaces, other users' processes: not the
# board's business.
$sandbox
# Sockets: the status page and MQTT (IPv4, IPv6) and sd_notify (a UNIX socket); the serial
# line is a device, not a socket. UMask: journals hold the seed (so every hidden hand), private
# to the service's user; a journal folder shared with a group (set-group-ID) still gets 0640
# files: the daemon sets their mode.
$calls_and_install""")


@dataclass(frozen=True)
class UnitSettings:
    exec_path: str  # the clacks-hw executable, absolute
    config_path: str  # absolute
    user: str  # "root" only for the ws281x backend
    led_backend: str
    spi_device: str
    reader_type: str
    pin_factory: str
    journal_dir: str
    editions: tuple[tuple[str, str], ...] = ()  # (game box, the owner's edition file) the daemon reads

    @property
    def runs_as_root(self) -> bool:
        return self.user == "root"

    @property
    def groups(self) -> tuple[str, ...]:
        """Supplementary groups for the devices this config uses (Raspberry Pi OS names)."""
        groups = []
        if self.led_backend == "spi":
            groups.append("spi")
        if self.pin_factory != "mock":
            groups.append("gpio")
        if self.reader_type != "none":
            groups.append("dialout")
        return tuple(groups)

    def values(self) -> dict[str, str]:
        """Every value that reaches the unit's text."""
        return {"the clacks-hw executable": self.exec_path, "--config": self.config_path,
                "--user": self.user, "leds.spi_device": self.spi_device, "journal.dir": self.journal_dir,
                **{f"editions.{name}": path for name, path in self.editions if path}}


def check_settings(s: UnitSettings) -> None:
    """Refuse what would corrupt the unit (a newline starts a new directive) or what its
    sandbox would hide from it."""
    fixes = {"the clacks-hw executable": INSTALL_HINT,
             "--config": "move the config to /etc/clacks-hw/config.toml (sudo mkdir -p /etc/clacks-hw; "
                         "sudo cp CONFIG /etc/clacks-hw/config.toml) and give --config that path",
             "journal.dir": f"leave journal.dir at its default, {STATE_DIR}, or choose a folder outside "
                            "/home, /root and /tmp",
             **{f"editions.{name}": f"copy the file beside the config (sudo cp FILE /etc/clacks-hw/{name}-box.toml) "
                                    f"and set editions.{name} to that path" for name, path in s.editions if path}}
    values = s.values()
    for what, value in values.items():  # every value's characters first, then where the paths are
        check_value(what, value)
    for what, fix in fixes.items():
        check_value(what, values[what], fix)
    _check_folder_path(s.journal_dir)


def check_value(what: str, value: str, hidden_fix: str | None = None) -> None:
    """Refuse a value that could corrupt a unit (a newline starts a new directive) and, given
    ``hidden_fix`` (what to do instead), a path the unit's own sandbox would hide (the board's
    unit and the hall's, hall/setup/unit.py)."""
    bad = first_unsafe(value, visible=True)
    if bad is not None:
        raise UnitError(f"{what} {value!r} contains {bad}; a unit file cannot hold one (it could "
                        "start a new line or hide what the line does): give a plain path or name")
    if hidden_fix is None:
        return
    for prefix, setting in HIDDEN.items():
        if value.rstrip("/") + "/" == prefix or value.startswith(prefix):
            raise UnitError(f"{what} {value} is under {prefix}, which the service cannot see "
                            f"({setting}), so it could not start.\n  fix: {hidden_fix}")


def _check_folder_path(path: str) -> None:
    """journal.dir becomes ReadWritePaths=: a plain absolute path whose nearest existing part is
    a folder (``/dev/null/x`` can never exist, and systemd could not set up the sandbox)."""
    fix = f"give a folder, e.g. journal.dir = \"{STATE_DIR}\" (the default)"
    parts = path.rstrip("/").split("/")
    if not path.startswith("/") or any(p in ("", ".", "..") for p in parts[1:]):
        raise UnitError(f"journal.dir {path} is not a plain absolute path (no //, /./ or /../).\n  fix: {fix}")
    for n in range(len(parts), 0, -1):
        prefix = "/".join(parts[:n]) or "/"
        if os.path.lexists(prefix):
            if not os.path.isdir(prefix):
                raise UnitError(f"journal.dir {path}: {prefix} is not a folder, so {path} can never be "
                                f"one and the service could not start.\n  fix: {fix}")
            return


def unit_settings(config, exec_path: str, config_path: str, user: str) -> UnitSettings:
    """From a loaded :class:`clacks_hw.config.load.Config`. ``user`` is ignored (root) for ws281x."""
    leds = config.leds
    return UnitSettings(
        exec_path=exec_path,
        config_path=config_path,
        user="root" if leds.backend == "ws281x" else user,
        led_backend=leds.backend,
        spi_device=leds.spi_device,
        reader_type=config.reader.type,
        pin_factory=config.buttons.pin_factory,
        journal_dir=config.journal.dir,
        editions=tuple(config.editions),
    )


def quote(arg: str, command: bool = False) -> str:
    """systemd quoting (systemd.syntax(7), systemd.service(7)): double quotes with backslash
    escapes where needed, ``%`` doubled (specifiers) and, on a command line, ``$`` doubled
    (variable expansion). Control characters never get here (check_settings)."""
    if command:
        arg = arg.replace("$", "$$")
    if arg and all(c.isalnum() or c in "/._-+:=@,%$" for c in arg):
        return arg.replace("%", "%%")
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%") + '"'


def _identity(s: UnitSettings) -> str:
    if s.runs_as_root:
        return ("# Root, only because the ws281x LED backend needs it: rpi-ws281x drives the PWM and\n"
                "# DMA hardware through /dev/mem. The spi backend runs unprivileged (groups spi, gpio).\n"
                "User=root")
    lines = ["# An unprivileged user; the groups give it exactly the devices it uses:",
             "# spi = /dev/spidev*, gpio = /dev/gpiochip* (buttons), dialout = the reader's serial port."]
    lines.append(f"User={s.user}")
    if s.groups:
        lines.append("SupplementaryGroups=" + " ".join(s.groups))
    return "\n".join(lines)


def _no_new_privileges(s: UnitSettings) -> str:
    if s.runs_as_root:
        return ("# Safe with root and ws281x: NoNewPrivileges only stops gaining privileges through\n"
                "# execve (setuid, file capabilities); root keeps CAP_SYS_RAWIO, which /dev/mem needs.\n"
                "NoNewPrivileges=yes")
    return "NoNewPrivileges=yes"


def _read_write_paths(s: UnitSettings) -> str:
    jd = s.journal_dir.rstrip("/") or "/"
    if jd == STATE_DIR or jd.startswith(STATE_DIR + "/"):
        return ""
    return (f"# journal.dir is outside the state directory: it must exist and be writable by {s.user}.\n"
            f"ReadWritePaths={quote(jd)}")


def _devices(s: UnitSettings) -> str:
    if s.runs_as_root:
        return ("# No device policy: rpi-ws281x needs /dev/mem and the VideoCore mailbox (/dev/vcio),\n"
                "# and a closed policy would break it.")
    lines = ["# Devices: only the board's (plus systemd's basic set: null, zero, urandom, tty, ...).",
             "DevicePolicy=closed"]
    if s.led_backend == "spi":
        lines.append(f"DeviceAllow={quote(s.spi_device)} rw")
    if s.pin_factory != "mock":
        lines.append("DeviceAllow=char-gpiochip rw")
        if s.pin_factory in ("rpigpio", "native"):
            lines.append("DeviceAllow=/dev/gpiomem rw")
    if s.reader_type == "hub":
        lines += ["DeviceAllow=char-ttyACM rw", "DeviceAllow=char-ttyUSB rw"]
    elif s.reader_type == "rdm6300":
        lines += ["DeviceAllow=char-ttyAMA rw", "DeviceAllow=char-ttyS rw"]
    return "\n".join(lines)


def _capabilities(s: UnitSettings) -> str:
    if s.runs_as_root:
        return ("# Root keeps only raw I/O, which mapping /dev/mem for the ws281x PWM and DMA needs.\n"
                "CapabilityBoundingSet=CAP_SYS_RAWIO\nAmbientCapabilities=")
    return "# No capabilities at all: files and devices are reached through the user's groups.\nCapabilityBoundingSet=\nAmbientCapabilities="


def render_unit(s: UnitSettings) -> str:
    """The unit's text; UnitError for a value that cannot go into it (check_settings)."""
    check_settings(s)
    rw_note = f" and {s.journal_dir}" if _read_write_paths(s) else ""
    text = TEMPLATE.substitute(
        version=__version__,
        exec_start=" ".join(quote(a, command=True) for a in (s.exec_path, "run", "--config", s.config_path)),
        identity=_identity(s),
        state_dir=STATE_DIR,
        rw_note=rw_note,
        no_new_privileges=_no_new_privileges(s),
        read_write_paths=_read_write_paths(s),
        devices=_devices(s),
        capabilities=_capabilities(s),
        sandbox=SANDBOX.rstrip("\n"),
        calls_and_install=CALLS_AND_INSTALL,
    )
    # Blocks that came out empty leave blank lines; keep at most one in a row.
    out: list[str] = []
    for line in text.split("\n"):  # not splitlines(): that would break at U+2028 and the like
        if line == "" and out and out[-1] == "":
            continue
        out.append(line)
    return "\n".join(out).rstrip("\n") + "\n"

