"""`clacks-hw kiosk`: the kiosk page full screen on the board's own screen, pairing codes included.

The kiosk page is public; what makes this browser the board's own display is the display key
(pairing/display.py), which only a user who can read the admin token can make. This command
makes it, writes a launcher page in a folder of its own that only this user can read (0700, the
file 0600), and starts the browser on that file; the launcher sends the browser on to the kiosk
page with the key in the address's fragment. So the key is never on a command line, which every
user of the machine can read with ``ps``. Run it as the service's user (the one who ran
install-service), e.g. from the desktop session's autostart. Without the token the page still
opens, without pairing codes, and the command says why.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import click

from . import COMMANDS
from .common import BAD_CONFIG

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = ("--kiosk", "--noerrdialogs", "--disable-session-crashed-bubble", "--no-first-run",
         "--disable-features=Translate")


def page_url(status) -> str:
    """Where this machine reaches its own status page."""
    host = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "localhost": "127.0.0.1"}.get(status.bind, status.bind)
    host = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{host}:{status.port}/"


def kiosk_url(cfg) -> tuple[str, str | None]:
    """The address the board's own screen opens, with the display key in its fragment; and,
    when there can be no key, why not."""
    from ..pairing.display import boot_id, display_key
    from ..pairing.root import RootSecret

    url = page_url(cfg.status)
    token, boot = RootSecret(cfg)(), boot_id()
    if not token:
        return url, "cannot read the admin token (run this as the service's user)"
    if not boot:
        return url, "this system has no boot id (/proc/sys/kernel/random/boot_id)"
    return f"{url}#display={display_key(token, boot)}", None


def write_launcher(folder: Path, url: str) -> Path:
    """The launcher page in ``folder`` (0600): straight on to ``url``."""
    from ..base.secure_files import write_file

    path = folder / "kiosk.html"
    import html

    target = html.escape(url, quote=True)
    write_file(path, f'<!DOCTYPE html><meta charset="utf-8"><title>Clacks board</title>\n'
                     f'<meta http-equiv="refresh" content="0;url={target}">\n', 0o600)
    return path


@click.command("kiosk")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file of the board (default /etc/clacks-hw/config.toml).")
@click.option("--browser", default=None,
              help=f"The browser to start (default: the first of {', '.join(BROWSERS)} on PATH).")
def kiosk_cmd(config_path, browser):
    """Open the kiosk page full screen on this board's own screen.

    It shows the game as every visitor sees it, and also the pairing code (with its QR code)
    while the board pairs a phone: only this screen does. Run it as the service's user.
    """
    from ..config.load import ConfigError, load_config

    try:
        cfg = load_config(config_path, check_devices=False)
    except ConfigError as err:
        click.echo(str(err), err=True)
        raise SystemExit(BAD_CONFIG) from None
    if cfg.status.port == 0:
        click.echo("the status page is off (status.port = 0), so there is no kiosk page to show.\n"
                   "  fix: set status.port (e.g. 8080) in the config and restart the board", err=True)
        raise SystemExit(BAD_CONFIG)
    exe = shutil.which(browser) if browser else next(filter(None, map(shutil.which, BROWSERS)), None)
    if exe is None:
        click.echo(f"cannot find the browser {browser or ' or '.join(BROWSERS)}.\n"
                   "  fix: sudo apt install chromium, or give --browser PATH", err=True)
        raise SystemExit(BAD_CONFIG)
    url, why = kiosk_url(cfg)
    if why is not None:
        click.echo(f"note: the kiosk page opens without pairing codes: {why}; phones can still pair from the "
                   "code the lamps spell", err=True)
    import subprocess
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="clacks-kiosk-", dir=os.environ.get("XDG_RUNTIME_DIR") or None))
    try:
        launcher = write_launcher(folder, url)
        # A profile of its own: always a new browser (one already running would return at once,
        # before reading the launcher), and nothing of this session kept.
        args = [exe, *FLAGS, f"--user-data-dir={folder / 'profile'}", launcher.as_uri()]
        raise SystemExit(subprocess.call(args))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


COMMANDS.append(kiosk_cmd)
