"""`clacks-hw hall pair`: a one-time code that pairs a phone as the hall's arbiter;
`clacks-hw hall export`: every result as counted, as CSV or JSON.

Exit status: 0 done; 1 the hall did not give a code (not running here, or another hall); 2 a bad
option or file (hall.toml, the database).
"""

from __future__ import annotations

import json
import sys

import click

from .common import BAD_CONFIG


def _fail(message: str, status: int = BAD_CONFIG) -> None:
    click.echo(message, err=True)
    raise SystemExit(status)


def _config(path: str):
    from ..hall.config import HallConfigError, load

    try:
        return load(path)
    except HallConfigError as exc:
        _fail(str(exc))


@click.command("pair")
@click.option("--config", "config_path", required=True, type=click.Path(dir_okay=False),
              help="The hall.toml the running hall was started with.")
def pair_cmd(config_path):
    """Show a code (and a QR code of the arbiter's page) that pairs one phone, within two
    minutes, as the hall's arbiter: it may void a game, count it again or correct a player's
    name, each correction kept in the audit log on the hall page. Run it on the hall's own
    machine as the hall's user (it proves itself with the hall's key)."""
    import urllib.error  # here, not at the top: `hall --help` needs no network modules
    import urllib.request

    from ..pairing.display import HEADER, boot_id
    from ..hall.arbiter import key_for, root_secret

    cfg = _config(config_path)
    if cfg.key is None:
        _fail(f"{config_path}: it has no hall.key, so the hall pairs no arbiter\n"
              "  fix: write the hall again with `clacks-hw hall setup` (it makes the key)")
    key = key_for(root_secret(cfg.key.text), boot_id())
    if key is None:
        _fail("this machine has no boot id (/proc/sys/kernel/random/boot_id)\n  fix: run it on the hall's Linux machine")
    host = cfg.page.bind if cfg.page.bind not in ("0.0.0.0", "::", "") else "127.0.0.1"
    host = f"[{host}]" if ":" in host else host
    url = f"http://{host}:{cfg.page.port}/api/arbiter/open"
    request = urllib.request.Request(url, data=b"{}", method="POST",
                                     headers={HEADER: key, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            answer = json.loads(r.read())
    except urllib.error.HTTPError as exc:
        _fail(f"the hall at {host}:{cfg.page.port} gave no code ({exc.code}): it did not take this machine's key\n"
              "  fix: run this on the hall's machine, with the hall.toml the hall runs with", 1)
    except (OSError, ValueError) as exc:
        _fail(f"no hall answers at {host}:{cfg.page.port} ({getattr(exc, 'reason', exc)})\n"
              f"  fix: start it first: clacks-hw hall --config {config_path}", 1)
    import segno

    click.echo(f"Arbiter code: {answer['code']}  (for one phone, {answer['seconds_left']:.0f} s)")
    click.echo(f"Scan the QR code, or open {answer['url'].split('#')[0]} and type the code:")
    segno.make(answer["url"], error="m").terminal(out=sys.stdout, compact=True)


@click.command("export")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="The hall's hall.toml (its database); or give --db.")
@click.option("--db", type=click.Path(dir_okay=False, exists=True), default=None, help="The hall's SQLite file.")
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False, allow_dash=True), default="-",
              help="The file to write (default: stdout); written whole, never through a link.")
def export_cmd(config_path, db, fmt, out):
    """Every result the hall holds, as counted (an arbiter's corrections applied, voided games
    marked), with its board, game id, mode, seats, players' names, winner, time and moves."""
    from ..hall import tournament
    from ..hall.store import HallStore
    from ..mqtt.schema import to_data

    if (config_path is None) == (db is None):
        _fail("give the hall's database: --config HALL.toml or --db FILE (one of them)")
    path = db if db is not None else _config(config_path).page.db
    try:
        store = HallStore(path)
    except Exception as exc:  # sqlite3.Error, UnsafePath
        _fail(f"{path}: {exc}\n  fix: give the hall's SQLite file")
    try:
        games = tournament.counted(((b, to_data(r), t) for b, r, t in store.results()), store.corrections().all())
    finally:
        store.close()
    text = tournament.export_csv(games) if fmt == "csv" else json.dumps(tournament.export_json(games), indent=1) + "\n"
    if out == "-":
        click.echo(text, nl=False)
        return
    from ..base.secure_files import UnsafePath, write_file

    try:
        write_file(out, text.encode("utf-8"), 0o644)  # as root too: never through a link someone left there
    except UnsafePath as exc:
        _fail(str(exc))
    except (OSError, ValueError) as exc:
        _fail(f"--out {out}: cannot write it ({getattr(exc, 'strerror', None) or exc})\n"
              "  fix: give a file in a folder you may write in")
    click.echo(f"wrote {len(games)} results to {out}", err=True)
