"""`clacks-hw hall setup`: a hall for N boards in one folder: the broker's users, passwords and
access list, the hall's file and key, each board's [mqtt] section, the hall's systemd unit and
the kiosk screen's autostart (docs/shows.md walks through using them).

Exit status: 0 written, 2 a bad option (a name, a certificate that is not for --host, a hall
already there).
"""

from __future__ import annotations

from pathlib import Path

import click

from .common import BAD_CONFIG

DEFAULT_OUT = "/etc/clacks-hall"


def _fail(message: str) -> None:
    click.echo(message, err=True)
    raise SystemExit(BAD_CONFIG)


def check_certificate(cert: str, key: str, host: str) -> None:
    """The certificate and key load, and the certificate names ``host`` (boards check it)."""
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    try:
        c = x509.load_pem_x509_certificate(Path(cert).read_bytes())
    except (OSError, ValueError) as exc:
        _fail(f"--tls-cert {cert}: not a PEM certificate ({exc})\n  fix: give the broker's certificate (PEM)")
    try:
        load_pem_private_key(Path(key).read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as exc:
        _fail(f"--tls-key {key}: not an unencrypted PEM private key ({exc})\n  fix: give the certificate's key")
    try:
        names = c.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        dns, ips = names.get_values_for_type(x509.DNSName), [str(a) for a in names.get_values_for_type(x509.IPAddress)]
    except x509.ExtensionNotFound:
        dns, ips = [], []
    try:
        wanted = str(ipaddress.ip_address(host))
        ok = wanted in ips
    except ValueError:
        ok = host.lower() in (d.lower() for d in dns) or any(
            d.startswith("*.") and host.lower().split(".", 1)[-1] == d[2:].lower() for d in dns)
    if not ok:
        _fail(f"--tls-cert {cert} is for {', '.join(dns + ips) or 'no host name'}, not {host}: the boards would "
              f"refuse it\n  fix: give --host one of those names, or a certificate for {host}")


@click.command("setup")
@click.option("--out", type=click.Path(file_okay=False), default=DEFAULT_OUT, show_default=True,
              help="The folder to write the hall into.")
@click.option("--boards", "count", type=click.IntRange(1, 64), default=None, help="How many boards: board1 ... boardN.")
@click.option("--board", "names", multiple=True, help="A board by name (repeatable), instead of --boards.")
@click.option("--add", "added", multiple=True, help="Add a board (repeatable) to the hall already in --out.")
@click.option("--host", default=None, help="The name (or address) boards reach this machine by "
                                           "[default: this machine's name.local].")
@click.option("--port", type=click.IntRange(1, 65535), default=None,
              help="The broker's port for the boards [default: 1883, or 8883 with TLS].")
@click.option("--tls-cert", type=click.Path(dir_okay=False, exists=True), default=None,
              help="The broker's TLS certificate (PEM), for --host: boards then connect over TLS.")
@click.option("--tls-key", type=click.Path(dir_okay=False, exists=True), default=None, help="Its private key (PEM).")
@click.option("--tls-ca", type=click.Path(dir_okay=False, exists=True), default=None,
              help="The authority that signed it, if the boards' system does not know it (copied for them).")
@click.option("--tls-local", is_flag=True,
              help="TLS with a certificate authority of the hall's own, for a --host no public one signs "
                   "(name.local): its certificate lasts ten years; the boards get the authority (boards/hall-ca.pem).")
@click.option("--hall-port", type=click.IntRange(1, 65535), default=1883, show_default=True,
              help="With TLS: the broker's plain port on 127.0.0.1, for the hall itself.")
@click.option("--page-port", type=click.IntRange(1, 65535), default=8090, show_default=True)
@click.option("--db", default="/var/lib/clacks-hall/hall.sqlite", show_default=True, help="The hall's results.")
@click.option("--user", default=None, help="The user the hall runs as [default: who ran sudo, else you].")
@click.option("--browser", default=None, help="The kiosk screen's browser [default: chromium, as found].")
@click.option("--force", is_flag=True, help="Write a new hall over the one in --out (new keys for every board).")
def setup_cmd(out, count, names, added, host, port, tls_cert, tls_key, tls_ca, tls_local, hall_port, page_port, db, user,
              browser, force):
    """Write a hall for N boards: Mosquitto's users, passwords and access list (each board writes
    only its own topics), TLS where you give a certificate, hall.toml (the hall's login, key and
    every board's public key), each board's [mqtt] section (boards/NAME.toml: its login and key),
    the hall's systemd unit and the kiosk screen's autostart. Secrets are written 0600."""
    from ..hall.setup import Plan, SetupError, add_boards, find_browser, write_hall
    from ..base.secure_files import UnsafePath
    from ..config.systemd_unit import UnitError
    from .service_cmd import default_user, find_executable

    if added and (count or names or force):
        _fail("--add adds boards to the hall already in --out: give it alone (without --boards, --board, --force)")
    boards = list(added) or list(names) or [f"board{k}" for k in range(1, (count or 0) + 1)]
    if not boards:
        _fail("no boards: give --boards N, or --board NAME for each\n  e.g. clacks-hw hall setup --boards 3")
    if (tls_cert is None) != (tls_key is None) or (tls_ca and not tls_cert):
        _fail("TLS needs both --tls-cert and --tls-key (and --tls-ca only with them)")
    if tls_local and (tls_cert or added):
        _fail("--tls-local makes the hall's own certificate: give it without --tls-cert, --tls-key and --tls-ca, "
              "and not with --add (the hall keeps the certificate it has)")
    import socket  # here: `hall --help` needs no network module

    host = host or f"{socket.gethostname()}.local"
    if tls_local:  # an authority of the hall's own and a certificate for --host, copied in like an exhibitor's
        import tempfile

        from ..hall.setup.local_ca import local_tls

        scratch = tempfile.TemporaryDirectory(prefix="clacks-hall-tls-")
        tls_ca, tls_cert, tls_key = (str(p) for p in local_tls(host, Path(scratch.name)))
    if tls_cert and not added:
        check_certificate(tls_cert, tls_key, host)
    plan = Plan(out=Path(out), boards=boards, host=host, port=port or (8883 if tls_cert else 1883),
                tls=(str(Path(tls_cert).resolve()), str(Path(tls_key).resolve())) if tls_cert else None,
                ca=tls_ca, local_port=hall_port, page_port=page_port, db=db, exec_path=find_executable() or "clacks-hw",
                user=user or default_user(), browser=browser or find_browser())
    try:
        plan = add_boards(plan) if added else write_hall(plan, force=force)
    except (SetupError, UnitError, UnsafePath) as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write into {out}: {exc.strerror or exc}\n  fix: run with sudo, or give --out a folder of yours")
    click.echo(f"wrote {len(plan.written)} files in {out}:")
    for path in plan.written:
        click.echo(f"  {path}")
    for line in plan.skipped:
        click.echo(line, err=True)
    for line in plan.warnings:
        click.echo(f"warning: {line}", err=True)
    if added:
        click.echo(f"next: `sudo systemctl reload mosquitto` (new users); put each boards/NAME.toml into its board's "
                   "config; the running hall counts the new boards at once")
        return
    o = Path(out).resolve()
    unit = Path(out) / "clacks-hall.service"
    start = (f"  sudo cp {o}/clacks-hall.service /etc/systemd/system/ && sudo systemctl enable --now clacks-hall\n"
             if unit in plan.written else f"  start the hall yourself: clacks-hw hall --config {o}/hall.toml\n")
    click.echo(f"""next (docs/shows.md):
  sudo ln -sf {o}/mosquitto/clacks.conf /etc/mosquitto/conf.d/clacks.conf && sudo systemctl restart mosquitto
{start}  mkdir -p ~/.config/autostart && cp {o}/clacks-hall-kiosk.desktop ~/.config/autostart/
  each board: its boards/NAME.toml as the [mqtt] section of /etc/clacks-hw/config.toml""")
