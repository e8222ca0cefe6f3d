"""`clacks-hw hall trust --config hall.toml -- BOARD KEY`: count a board the hall does not know yet
(``--``: a key may begin with ``-``).

The arbiter's page (a phone paired with the hall) lists every board knocking (publishing without a key the hall holds),
with its public key and this command filled in. A running hall reads hall.toml again when it
changes: the board counts from its next message.
"""

from __future__ import annotations

import click

from .common import BAD_CONFIG


@click.command("trust")
@click.argument("board")
@click.argument("key")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), required=True,
              help="The hall's hall.toml (written 0600; keep it so).")
def trust_cmd(board, key, config_path):
    """Add BOARD, signing with the public KEY, to the boards the hall counts. Compare the key's
    fingerprint on the arbiter's page with the one the board's log shows before you do. Give
    the key after `--` (as the arbiter's page shows the command): a key may begin with `-`."""
    from ..mqtt.signing import fingerprint
    from ..base.secure_files import UnsafePath
    from ..hall.config import HallConfigError, add_board

    try:
        add_board(config_path, board, key)
    except (HallConfigError, UnsafePath) as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(BAD_CONFIG) from None
    except OSError as exc:
        click.echo(f"{config_path}: cannot write it ({exc.strerror or exc})\n  fix: run as the user the hall "
                   "runs as (or with sudo)", err=True)
        raise SystemExit(BAD_CONFIG) from None
    click.echo(f"{board} counts now (key fingerprint {fingerprint(key)}); a running hall takes it at once")
