"""`clacks-hw install-service`: write the systemd unit that runs the board daemon.

The unit's text comes from :mod:`clacks_hw.config.systemd_unit`. Exit status: 0 written (or printed
with --dry-run), 1 cannot write (exists without --force, no permission, no user to run as),
2 a bad configuration.
"""

from __future__ import annotations

import os
import pwd
from pathlib import Path

import click

from ..base.hints import executable as find_executable  # tests replace it here
from . import COMMANDS
from .common import BAD_CONFIG

# config.DEFAULT_PATH, written out so `--help` need not load the config module (a test checks they agree)
UNIT_CONFIG = "/etc/clacks-hw/config.toml"
# config.systemd_unit.DEFAULT_UNIT_PATH, likewise written out (tested)
DEFAULT_UNIT_PATH = "/etc/systemd/system/clacks-hw.service"

CANNOT_WRITE = 1


def _fail(message: str, status: int = CANNOT_WRITE) -> None:
    click.echo(message, err=True)
    raise SystemExit(status)


def default_user() -> str:
    """Whoever asked: the user behind sudo, else the current user."""
    sudo_user = os.environ.get("SUDO_USER")
    if sudo_user:
        return sudo_user
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


@click.command("install-service")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help=f"Config file the service runs with (default {UNIT_CONFIG}).")
@click.option("--user", default=None,
              help="Unprivileged user to run as (default: the user who ran sudo, else you). "
                   "Ignored for the ws281x LED backend, which needs root.")
@click.option("--output", type=click.Path(dir_okay=False), default=DEFAULT_UNIT_PATH, show_default=True,
              help="Where to write the unit.")
@click.option("--dry-run", is_flag=True, help="Print the unit instead of writing it.")
@click.option("--force", is_flag=True, help="Overwrite an existing unit file.")
def install_service_cmd(config_path, user, output, dry_run, force):
    """Write a systemd unit running `clacks-hw run` at boot: restarted on failure, watched by a
    watchdog, as an unprivileged user with the groups its devices need (root only for the
    ws281x LED backend), with a read-only system and /var/lib/clacks-hw for journals. It also
    makes the admin token phones pair under, journal.dir/admin-token, where the daemon reads it
    (unless the config sets status.admin_token).
    """
    from ..base import secure_files  # not at the top: `--help` stays quick
    from ..config.load import ConfigError, load_config
    from ..config.systemd_unit import UnitError, render_unit, unit_settings

    try:
        cfg = load_config(config_path, check_devices=False)
    except ConfigError as err:
        _fail(str(err), BAD_CONFIG)
    unit_config = os.path.abspath(config_path) if config_path else UNIT_CONFIG
    if config_path is None and not Path(UNIT_CONFIG).exists():
        click.echo(f"note: {UNIT_CONFIG} does not exist; the daemon will use the built-in defaults "
                   "until you create it (docs/config.md)", err=True)
    exe = find_executable()
    if exe is None:
        _fail("cannot find the clacks-hw executable on PATH.\n"
              "  fix: install clacks-hw (docs/setup.md) and run this from the installed clacks-hw")
    name = user or default_user()
    if cfg.leds.backend != "ws281x":
        if name == "root":
            _fail("the service should not run as root (only the ws281x LED backend needs it).\n"
                  "  fix: give --user NAME, e.g. --user pi, or create a user for it:\n"
                  "       sudo useradd --system --no-create-home --groups spi,gpio,dialout clacks")
        if not _user_exists(name):
            _fail(f"there is no user {name!r} on this machine, so the service could not start.\n"
                  "  fix: create it first: sudo useradd --system --no-create-home --groups spi,gpio,dialout "
                  f"{name}\n       (or give --user with an existing user)", BAD_CONFIG)
    settings = unit_settings(cfg, exe, unit_config, name)
    try:
        text = render_unit(settings)
    except UnitError as exc:
        _fail(str(exc), BAD_CONFIG)
    if dry_run:
        click.echo(text, nl=False)
        return
    path = Path(output)
    if path.exists() and not force:
        _fail(f"{path} already exists; not overwriting it.\n"
              "  fix: add --force to replace it, or --dry-run to compare first")
    # The token first: a folder refused there (exit 2) leaves no unit that could not start well.
    _admin_token(cfg, name, settings.runs_as_root)
    try:
        secure_files.write_file(path, text, 0o644, make_dir=0o755)
    except secure_files.UnsafePath as exc:
        _fail(str(exc), BAD_CONFIG)
    except PermissionError:
        _fail(f"no permission to write {path}.\n"
              "  fix: run it with sudo (sudo $(which clacks-hw) install-service ...), or write elsewhere "
              "with --output PATH, or print it with --dry-run")
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror or exc}")
    service = path.name
    who = "root (ws281x LED backend)" if settings.runs_as_root else name
    click.echo(f"Wrote {path}: runs {exe} run --config {unit_config} as {who}.")
    click.echo("Next steps:")
    if str(path.parent) != str(Path(DEFAULT_UNIT_PATH).parent):
        click.echo(f"  sudo cp {path} {Path(DEFAULT_UNIT_PATH).parent}/{service}")
    click.echo("  sudo systemctl daemon-reload")
    click.echo(f"  sudo systemctl enable --now {path.stem}")
    click.echo(f"  journalctl -u {path.stem} -f")


def _admin_token(cfg, user: str, as_root: bool) -> None:
    """Make the admin token (the root secret phones pair under), readable by the service only."""
    if cfg.status.admin_token:
        click.echo("Admin token: status.admin_token in the config (keep the config readable by the service only).")
        return
    from ..base.secure_files import UnsafePath, trusted_uids
    from ..web.token import ensure_token, token_path

    path = token_path(cfg)  # the one place the daemon reads it
    owner, uid = None, None
    if not as_root and _user_exists(user):
        pw = pwd.getpwnam(user)
        uid = pw.pw_uid  # the service's own folder (journal.dir) is its user's: trusted
        if os.geteuid() == 0:
            owner = (pw.pw_uid, pw.pw_gid)
    try:
        _, made = ensure_token(path, owner, trusted_uids(uid))
    except UnsafePath as exc:
        _fail(str(exc), BAD_CONFIG)
    except OSError as exc:
        click.echo(f"warning: cannot write the admin token to {path}: {exc.strerror or exc}; phones cannot "
                   "run the board until it exists (run this again with sudo, or set status.admin_token)", err=True)
        return
    state = "written to" if made else "kept in"
    click.echo(f"Admin token {state} {path} (mode 0600): the board's own secret, never shown. To pair a phone, "
               "hold TURN and BACK together on the board for 3 s and scan the code it shows (docs/status-page.md).")


COMMANDS.append(install_service_cmd)
