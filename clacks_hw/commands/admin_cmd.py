"""`clacks-hw admin`: the paired phones and the admin token, from the board's own shell.

Without an option it says how many phones are paired and how to pair one. ``--forget-phones``
unpairs every phone (a running board notices at the phone's next request); ``--rotate`` replaces
the admin token, which also unpairs every phone and changes the key of the board's own kiosk
screen (start ``clacks-hw kiosk`` again). The token itself is never printed: phones pair with the
code the board shows, nothing else. Exit status 2 for a bad config or a folder others control.
"""

from __future__ import annotations

import os

import click

from . import COMMANDS
from .common import BAD_CONFIG
from .own_dirs import virtual_board_config

GESTURE = "hold TURN and BACK together on the board for 3 s, then scan the QR code it shows (or type its code)"


def _fail(message: str, status: int = BAD_CONFIG) -> None:
    click.echo(message, err=True)
    raise SystemExit(status)


@click.command("admin")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file of the board (default /etc/clacks-hw/config.toml).")
@click.option("--forget-phones", is_flag=True, help="Unpair every phone; each must pair again at the board.")
@click.option("--rotate", is_flag=True,
              help="Replace the admin token (the board's root secret): every phone is unpaired and the "
                   "kiosk screen's key changes.")
@click.option("--virtual", is_flag=True,
              help="The virtual board's phones and token (`clacks-hw run --virtual`): its own journal folder.")
@click.option("--journal-dir", type=click.Path(file_okay=False), default=None,
              help="The board's journal folder (overrides journal.dir), as given to `clacks-hw run`.")
def admin_cmd(config_path, forget_phones, rotate, virtual, journal_dir):
    """The phones paired with this board, and its admin token (never shown).

    A phone pairs at the board: hold TURN and BACK together for 3 s; the board shows a code for
    two minutes (on its lamps and its own screen) that pairs one phone.
    """
    from ..config.load import ConfigError, load_config
    from ..pairing import PhoneBook
    from ..pairing.root import RootSecret, rotate as rotate_token
    from ..base.secure_files import SafeDir, UnsafePath

    overrides = {} if journal_dir is None else {"journal.dir": os.path.abspath(journal_dir)}
    try:
        if virtual:  # the folder `run --virtual` picks, by the same rule
            cfg = virtual_board_config(config_path, overrides, lambda line: click.echo(line, err=True))
        else:
            cfg = load_config(config_path, overrides=overrides, check_devices=False)
    except ConfigError as err:
        _fail(str(err))
    root = RootSecret(cfg)
    phones = PhoneBook(cfg.journal.dir, lambda: root().encode() if root() else None)
    try:
        if rotate:
            if cfg.status.admin_token:
                _fail("the admin token is set in the config (status.admin_token), so it cannot be rotated here.\n"
                      "  fix: remove status.admin_token from the config and run this again: the token then lives "
                      f"in {root.path}, readable by the service only")
            if virtual or journal_dir is not None:  # a folder of the person's own, made as the board would
                SafeDir.open(cfg.journal.dir, create=0o700).close()
            path = rotate_token(cfg)
            count = phones.forget_all()
            click.echo(f"New admin token written to {path} (mode 0600). {count} paired phone(s) forgotten; "
                       "pair each again at the board. Restart the kiosk screen (clacks-hw kiosk) for its new key.")
        elif forget_phones:
            count = phones.forget_all()
            click.echo(f"{count} paired phone(s) forgotten; each must pair again: {GESTURE}.")
        else:
            listed = phones.phones()
            if root() is None:
                click.echo(f"Pairing is off: there is no admin token ({root.path}). " + (
                    "clacks-hw admin --virtual --rotate makes one." if virtual else
                    "sudo clacks-hw install-service makes one (or sudo clacks-hw admin --rotate)."))
            click.echo(f"{len(listed)} phone(s) paired" + "".join(
                f"\n  {p.name}  {p.role}  paired {p.paired}" for p in listed))
            click.echo(f"To pair a phone: {GESTURE}.")
    except UnsafePath as exc:
        _fail(str(exc))
    except FileNotFoundError as exc:
        _fail(f"cannot find {exc.filename}: is journal.dir ({cfg.journal.dir}) right?\n"
              "  fix: run install-service first, or give --config with the board's config")
    except PermissionError as exc:
        _fail(f"no permission to change {exc.filename or cfg.journal.dir}.\n"
              "  fix: run it as the service's user or with sudo", 1)


COMMANDS.append(admin_cmd)
