"""The hall's TLS files where the broker reads them: Debian's Mosquitto drops to its own user
before it loads its certificate and key, so `hall setup` copies the exhibitor's certificate and
key beside the password file (the key readable by the broker's group alone) and warns, naming
the file and the fix, about any file the broker could not read. Proven on the real Mosquitto
running as its own user, with the key as openssl leaves it (0600 root)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from tests.mqtt.rig import until
from tests.mqtt.test_hall_setup import client, listening, make_certificate
from tests.support.planted import as_root
from tests.support.tools import require_tool
from tests.web.live import free_port


@pytest.fixture
def open_folder():
    """A folder the broker's user can enter (pytest's own are 0700 root)."""
    folder = Path(tempfile.mkdtemp(prefix="clacks-hall-", dir="/tmp"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def _setup(out: Path, tmp_path, *args):
    return CliRunner().invoke(cli, ["hall", "setup", "--out", str(out), "--db", str(tmp_path / "hall.sqlite"),
                                    "--host", "127.0.0.1", *args])


@as_root
def test_the_broker_running_as_its_own_user_loads_the_key_setup_installed(tmp_path, open_folder):
    exe = require_tool("mosquitto", "mosquitto")
    ca, cert, key = make_certificate(tmp_path, "127.0.0.1")
    key.chmod(0o600)  # as openssl writes it, in a folder of root's
    port, local = free_port(), free_port()
    out = open_folder / "hall"
    r = _setup(out, tmp_path, "--boards", "1", "--port", str(port), "--hall-port", str(local),
               "--tls-cert", str(cert), "--tls-key", str(key), "--tls-ca", str(ca))
    assert r.exit_code == 0, r.output
    conf = (out / "mosquitto" / "clacks.conf").read_text()
    installed = out.resolve() / "mosquitto" / "clacks-key.pem"
    assert f"keyfile {installed}" in conf and str(key) not in conf
    st = installed.stat()
    assert stat.S_IMODE(st.st_mode) == 0o640 and st.st_uid == 0  # the broker's group reads it, nobody else
    assert installed.read_bytes() == key.read_bytes()
    assert "warning" not in r.output
    key.unlink()  # the exhibitor tidies the originals away: the hall still starts
    main = open_folder / "main.conf"
    main.write_text(f"user mosquitto\npersistence false\nlog_dest stderr\ninclude_dir {out / 'mosquitto'}\n")
    proc = subprocess.Popen([exe, "-c", str(main)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        until(lambda: proc.poll() is not None or listening(port), "mosquitto listening over TLS", timeout=10)
        assert proc.poll() is None, proc.stderr.read().decode()
        c, got = client(port, "nobody", "wrong", tls_ca=str(ca))  # TLS is up: the broker answers (and refuses)
        assert got["rc"] is not None
        c.loop_stop()
    finally:
        proc.terminate()
        proc.wait(10)


@as_root
def test_setup_warns_about_a_folder_the_broker_cannot_enter_naming_it_and_the_fix(tmp_path):
    require_tool("mosquitto", "mosquitto")  # the package makes the broker's user
    out = tmp_path / "hall"  # under pytest's 0700 folder
    r = _setup(out, tmp_path, "--boards", "1")
    assert r.exit_code == 0, r.output
    shut = next(p for p in reversed(out.resolve().parents) if not os.stat(p).st_mode & stat.S_IXOTH)
    assert f"warning: the broker (user mosquitto) cannot read {out.resolve() / 'mosquitto' / 'clacks.passwd'}: " \
           f"it cannot enter {shut}" in r.output
    assert "fix: give `hall setup` an --out the broker can enter" in r.output


def test_the_next_steps_name_the_unit_only_when_setup_wrote_it(tmp_path):
    r = _setup(tmp_path / "hall", tmp_path, "--boards", "1")  # a database outside the service's folder: no unit
    assert r.exit_code == 0, r.output
    assert "clacks-hall.service not written" in r.output and "sudo cp" not in r.output
    assert f"start the hall yourself: clacks-hw hall --config {(tmp_path / 'hall').resolve()}/hall.toml" in r.output


@as_root
def test_every_listener_takes_the_user_name_as_the_client_id(tmp_path, open_folder):
    """On the hall's own listener too: a second client logging in as the hall, whatever id it
    asks for, takes the hall's session (Mosquitto keeps use_username_as_clientid per listener)."""
    import tomllib

    exe = require_tool("mosquitto", "mosquitto")
    ca, cert, key = make_certificate(tmp_path, "127.0.0.1")
    port, local = free_port(), free_port()
    out = open_folder / "hall"
    r = _setup(out, tmp_path, "--boards", "1", "--port", str(port), "--hall-port", str(local),
               "--tls-cert", str(cert), "--tls-key", str(key), "--tls-ca", str(ca))
    assert r.exit_code == 0, r.output
    conf = (out / "mosquitto" / "clacks.conf").read_text().split("\n")
    listeners = [k for k, line in enumerate(conf) if line.startswith("listener ")]
    assert len(listeners) == 2 and all(conf[k + 1] == "use_username_as_clientid true" for k in listeners)
    password = tomllib.loads((out / "hall.toml").read_text())["broker"]["password"]
    main = open_folder / "main.conf"
    main.write_text(f"user mosquitto\npersistence false\nlog_dest stderr\ninclude_dir {out / 'mosquitto'}\n")
    proc = subprocess.Popen([exe, "-c", str(main)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        until(lambda: proc.poll() is not None or listening(local), "mosquitto listening", timeout=10)
        first, got = client(local, "hall", password, client_id="hall-one")
        assert not got["rc"].is_failure
        second, _ = client(local, "hall", password, client_id="hall-two")
        until(lambda: got["disconnects"] > 0, "the first session taken over by the same user")
        first.loop_stop()
        second.loop_stop()
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_board_added_later_reads_the_halls_status_and_the_broker_warns_of_no_pattern(tmp_path):
    """The hall's status is a rule of each board's own in the access list (a pattern without
    %u has Mosquitto warn at every start): `--add` writes the new board's."""
    import time
    import tomllib

    from tests.mqtt.test_hall_setup import GeneratedBroker

    port = free_port()
    out = tmp_path / "hall"
    assert _setup(out, tmp_path, "--boards", "1", "--port", str(port)).exit_code == 0
    r = CliRunner().invoke(cli, ["hall", "setup", "--out", str(out), "--add", "late"])
    assert r.exit_code == 0, r.output
    acl = (out / "mosquitto" / "clacks.acl").read_text()
    assert "user late\ntopic read clacks-hall/status\n" in acl and "user board1\ntopic read clacks-hall/status\n" in acl
    assert "pattern read clacks-hall/status" not in acl
    broker = GeneratedBroker(tmp_path, out).start(port)
    try:
        hall_password = tomllib.loads((out / "hall.toml").read_text())["broker"]["password"]
        late_password = tomllib.loads((out / "boards" / "late.toml").read_text())["mqtt"]["password"]
        h, _ = client(port, "hall", hall_password)
        h.publish("clacks-hall/status", b"online", qos=1, retain=True).wait_for_publish(5)
        late, got = client(port, "late", late_password)
        late.subscribe("clacks-hall/status")
        late.subscribe("clacks/board1/#")  # another board's: the broker passes none of it on
        until(lambda: got["messages"], "the hall's status read by the board added later")
        time.sleep(0.5)
        assert [t for t, _ in got["messages"]] == ["clacks-hall/status"]
        for c in (h, late):
            c.loop_stop()
            c.disconnect()
    finally:
        broker.stop()
    assert "Warning: ACL pattern" not in broker.log.read_text(errors="replace")


def test_tls_local_makes_the_halls_own_authority_and_the_boards_trust_it(tmp_path):
    """`--tls-local` for a name no public authority signs: a certificate for --host signed by an
    authority of the hall's own, lasting ten years; the boards get the authority; its private
    key is nowhere; the real Mosquitto serves TLS with it and a board's client checks it."""
    import datetime

    from cryptography import x509

    from tests.mqtt.test_hall_setup import GeneratedBroker

    named = _setup(tmp_path / "named", tmp_path, "--boards", "1", "--tls-local")  # --host 127.0.0.1 by _setup
    assert named.exit_code == 0, named.output
    r = CliRunner().invoke(cli, ["hall", "setup", "--out", str(tmp_path / "dot-local"), "--db",
                                 str(tmp_path / "h2.sqlite"), "--boards", "1", "--host", "hall.local", "--tls-local"])
    assert r.exit_code == 0, r.output
    local = x509.load_pem_x509_certificate((tmp_path / "dot-local" / "mosquitto" / "clacks-cert.pem").read_bytes())
    assert local.extensions.get_extension_for_class(x509.SubjectAlternativeName).value.get_values_for_type(
        x509.DNSName) == ["hall.local"]
    days = local.not_valid_after_utc - \
        datetime.datetime.now(datetime.timezone.utc)
    assert 3640 < days.days <= 3650
    out = tmp_path / "named"
    ca = out / "boards" / "hall-ca.pem"
    every = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())
    assert every.count(b"BEGIN PRIVATE KEY") == 1  # the broker's key alone: the authority's was never written
    assert x509.load_pem_x509_certificate(ca.read_bytes()).extensions.get_extension_for_class(
        x509.BasicConstraints).value.ca
    conf = (out / "mosquitto" / "clacks.conf").read_text()
    port = int(next(line.split()[1] for line in conf.splitlines() if line.startswith("listener ") and
                    "127.0.0.1" not in line))
    broker = GeneratedBroker(tmp_path, out).start(port)
    try:
        c, got = client(port, "nobody", "wrong", tls_ca=str(ca))  # the certificate checks out against the hall's CA
        assert got["rc"] is not None
        c.loop_stop()
    finally:
        broker.stop()
    both = CliRunner().invoke(cli, ["hall", "setup", "--out", str(tmp_path / "x"), "--boards", "1", "--tls-local",
                                    "--tls-cert", str(out / "mosquitto" / "clacks-cert.pem"),
                                    "--tls-key", str(out / "mosquitto" / "clacks-key.pem")])
    assert both.exit_code == 2 and "--tls-local makes the hall's own certificate" in both.output
