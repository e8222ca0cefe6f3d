"""The hall's systemd unit, hardened as the board's is, and the kiosk screen's autostart entry.

The hall needs the network and its own state folder, nothing else: an unprivileged user, no
capabilities, no devices, a read-only system but ``/var/lib/clacks-hall`` (the results' SQLite
file), its own /tmp, no other users' processes, the @system-service system calls.
``systemd-analyze security`` rates it 1.1 (tests/mqtt/test_hall_setup.py checks).
"""

from __future__ import annotations

from string import Template

from ... import __version__
from ...config.systemd_unit import CALLS_AND_INSTALL, SANDBOX, UnitError, check_value, install_hint, quote
from ...base.unsafe_chars import first_unsafe

STATE_DIR = "/var/lib/clacks-hall"
UNIT_NAME = "clacks-hall.service"
BROWSER_FLAGS = ("--kiosk", "--noerrdialogs", "--disable-session-crashed-bubble", "--no-first-run",
                 "--disable-features=Translate")

TEMPLATE = Template("""\
# The Clacks hall page (clacks-hw $version). Written by `clacks-hw hall setup`; docs/shows.md.
[Unit]
Description=Clacks hall page (clacks-hw hall)
After=network-online.target mosquitto.service
Wants=network-online.target
StartLimitIntervalSec=0

[Service]
Type=simple
ExecStart=$exec_start
Restart=on-failure
RestartSec=2
# Exit status 2 is a bad hall.toml: restarting cannot fix it (systemctl status says why).
RestartPreventExitStatus=2
TimeoutStopSec=10
Environment=PYTHONUNBUFFERED=1
User=$user
# The results (SQLite) live here, which only the hall's user may open.
StateDirectory=clacks-hall
StateDirectoryMode=0700
WorkingDirectory=$state_dir

# Hardening: the network and the state directory, nothing else.
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
DevicePolicy=closed
PrivateUsers=yes
NoNewPrivileges=yes
CapabilityBoundingSet=
AmbientCapabilities=
$sandbox
$calls_and_install""")


def hall_unit(exec_path: str, config_path: str, user: str, db: str = f"{STATE_DIR}/hall.sqlite") -> str:
    if not db.startswith(STATE_DIR + "/"):
        raise UnitError(f"the hall's database {db} is outside {STATE_DIR}, the one folder the service may write "
                        f"in (ProtectSystem=strict), so it could not start.\n  fix: leave --db as it is, or give "
                        f"a file in {STATE_DIR}")
    check_value("the clacks-hw executable", exec_path, install_hint("hall setup"))
    check_value("the hall's folder", config_path, "write the hall with --out /etc/clacks-hall (the default as root)")
    check_value("--user", user)
    return TEMPLATE.substitute(version=__version__, user=user, state_dir=STATE_DIR, sandbox=SANDBOX.rstrip("\n"),
                               calls_and_install=CALLS_AND_INSTALL, exec_start=" ".join(quote(a, command=True)
                                                   for a in (exec_path, "hall", "--config", config_path)))


def kiosk_autostart(browser: str, url: str) -> str:
    """An XDG autostart entry (~/.config/autostart/): the hall page full screen at login."""
    for what, value in (("--browser", browser), ("the hall's address", url)):
        if first_unsafe(value, visible=True) is not None or any(c in value for c in " \"'\\`$%"):
            raise UnitError(f"{what} {value!r} cannot go into a desktop entry: give a plain path or address")
    return ("[Desktop Entry]\nType=Application\nName=Clacks hall\n"
            "Comment=The hall page full screen (written by clacks-hw hall setup)\n"
            f"Exec={browser} {' '.join(BROWSER_FLAGS)} {url}\n"
            "X-GNOME-Autostart-enabled=true\n")
