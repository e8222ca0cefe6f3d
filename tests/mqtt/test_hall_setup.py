"""`clacks-hw hall setup` writes a hall that works: the real Mosquitto runs from the generated
configuration (users, passwords in Mosquitto's own format, the access list, TLS with the
exhibitor's certificate), and a board and the hall run through it with the generated files.
On that broker a board writes only its own topics, the hall only reads the boards, nobody gets
in without a password, and no user can push a board off by taking its client id."""

from __future__ import annotations

import base64
import datetime
import ipaddress
import re
import socket
import subprocess
import time
import tomllib

import paho.mqtt.client as mqtt
import pytest
from click.testing import CliRunner
from msgspec.structs import replace

from clacks_hw.cli import cli
from clacks_hw.hall.setup.mosquitto import password_line
from clacks_hw.hall.setup.unit import hall_unit
from clacks_hw.config.systemd_unit import UnitError
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.hall.page import Hall
from clacks_hw.hall.config import load
from tests.mqtt.rig import play_game, until
from tests.support.tools import require_tool
from tests.web.live import LiveBoard, free_port


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        return True
    except OSError:
        return False


class GeneratedBroker:
    """Mosquitto run from the hall's generated listener file (as Debian's mosquitto.conf
    includes /etc/mosquitto/conf.d)."""

    def __init__(self, tmp_path, hall_dir) -> None:
        self.exe = require_tool("mosquitto", "mosquitto")
        self.log = tmp_path / "mosquitto.log"
        self.conf = tmp_path / "main.conf"
        # user root: as root, Mosquitto would switch to its own user, who cannot enter pytest's folders
        self.conf.write_text(f"user root\npersistence false\nlog_dest file {self.log}\nlog_type all\n"
                             f"include_dir {hall_dir / 'mosquitto'}\n")
        self.proc = None

    def start(self, port: int):
        self.proc = subprocess.Popen([self.exe, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        until(lambda: self.proc.poll() is not None or listening(port), "mosquitto listening", timeout=10)
        assert self.proc.poll() is None, self.proc.stderr.read().decode()
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def setup(tmp_path, *args) -> tuple:
    out = tmp_path / "hall"
    r = CliRunner().invoke(cli, ["hall", "setup", "--out", str(out), "--db", str(tmp_path / "hall.sqlite"), *args])
    assert r.exit_code == 0, r.output
    return out, r.output


def board_from_block(tmp_path, out, name, settings: dict | None = None, **more) -> LiveBoard:
    """A board run with its generated [mqtt] section (``more``: keys of it changed; ``settings``: others)."""
    block = tomllib.loads((out / "boards" / f"{name}.toml").read_text())["mqtt"]
    return LiveBoard(tmp_path / name, overrides={**{f"mqtt.{k}": v for k, v in {**block, **more}.items()}, **(settings or {})})


def hall_from(out, **broker):
    cfg = load(out / "hall.toml")
    cfg = type(cfg)(replace(cfg.broker, **broker), replace(cfg.page, port=0, bind="127.0.0.1"), cfg.key,
                    cfg.boards, cfg.source)
    return Hall(cfg, path=out / "hall.toml").start()


def client(port, user=None, password=None, client_id="", tls_ca=None):
    """A plain paho client: whether it got in, and its messages."""
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id)
    got = {"rc": None, "messages": [], "disconnects": 0}
    c.on_connect = lambda cl, u, f, rc, p=None: got.update(rc=rc)
    c.on_message = lambda cl, u, m: got["messages"].append((m.topic, bytes(m.payload)))
    c.on_disconnect = lambda *a: got.update(disconnects=got["disconnects"] + 1)
    if user:
        c.username_pw_set(user, password)
    if tls_ca:
        c.tls_set(ca_certs=tls_ca)
    c.connect("127.0.0.1", port)
    c.loop_start()
    until(lambda: got["rc"] is not None, "an answer from the broker", timeout=5)
    return c, got


def test_the_password_file_is_mosquittos_own_format(tmp_path):
    tool = require_tool("mosquitto_passwd", "mosquitto")
    path = tmp_path / "pw"
    path.touch()
    subprocess.run([tool, "-b", str(path), "board1", "s3cret"], check=True, capture_output=True)
    theirs = path.read_text().strip()
    salt = base64.b64decode(theirs.split("$")[3])
    assert password_line("board1", "s3cret", salt=salt) == theirs  # byte for byte what mosquitto_passwd writes
    assert re.fullmatch(r"board1:\$7\$101\$[A-Za-z0-9+/=]{16}\$[A-Za-z0-9+/=]{88}", password_line("board1", "x"))


def test_a_generated_hall_runs_a_board_and_the_hall_through_the_real_mosquitto(tmp_path):
    port = free_port()
    out, said = setup(tmp_path, "--boards", "2", "--host", "127.0.0.1", "--port", str(port))
    assert "not written" in said  # the unit: a folder under /tmp is hidden from a service
    modes = {p.name: p.stat().st_mode & 0o777 for p in [out / "hall.toml", *(out / "boards").iterdir(),
                                                         out / "mosquitto" / "clacks.passwd"]}
    assert modes["hall.toml"] == modes["board1.toml"] == 0o600 and modes["clacks.passwd"] in (0o600, 0o640)
    cfg = load(out / "hall.toml")
    assert sorted(cfg.boards) == ["board1", "board2"] and cfg.key is not None
    broker = GeneratedBroker(tmp_path, out).start(port)
    hall = hall_from(out)
    # board1's page answers to board1.local: the hall's card links to it (a visitor's phone opens it)
    board1 = board_from_block(tmp_path, out, "board1", {"status.hosts": ["board1.local"]}).start()
    try:
        until(lambda: any(b["id"] == "board1" and b["link"] == "online" and b["state"] for b in hall.json()["boards"]),
              "board1 online at the hall through the generated broker")
        [card] = [b for b in hall.json()["boards"] if b["id"] == "board1"]
        assert card["page"] == f"http://board1.local:{board1.port}/"
        assert hall.feed.model["boards"]["board1"]["page"] == card["page"]  # what the page draws the link from
        assert [b["link"] for b in hall.json()["boards"] if b["id"] == "board2"] == ["unknown"]  # not heard yet
        play_game(board1)
        until(lambda: hall.store.count() == 1 and not board1.daemon.mqtt.outbox.waiting, "its game counted and receipted")

        block2 = tomllib.loads((out / "boards" / "board2.toml").read_text())["mqtt"]
        board1_key = SigningKey.from_text(tomllib.loads((out / "boards" / "board1.toml").read_text())["mqtt"]["key"])
        # Nobody gets in without a password, or with a wrong one.
        assert client(port)[1]["rc"].is_failure
        assert client(port, "board2", "wrong")[1]["rc"].is_failure
        # board2 (a real broker user) forges board1's result and receipts, and takes board1's client id.
        forger, got = client(port, "board2", block2["password"], client_id=board1_key.client_id("board"))
        assert not got["rc"].is_failure
        before = hall.ingest.messages
        forged = board1_key.seal("clacks/board1/result", b'{"game":"n9-00000000","mode":"competitive",'
                                                         b'"seats":["S"],"winner":"S","actions":203}')
        forger.publish("clacks/board1/result", forged, qos=1).wait_for_publish(5)
        forger.publish("clacks-hall/receipts/board1", b"{}", qos=1, retain=True).wait_for_publish(5)
        forger.subscribe("clacks/#")
        time.sleep(2)
        assert hall.store.count() == 1  # the broker never passed the forged result on
        assert got["messages"] == []  # and board2 reads no board's topics
        assert hall.ingest.messages - before < 8  # board1's own heartbeats only, nothing from board2
        assert board1.daemon.mqtt.connects == 1  # still on: its session was not taken over
        # The hall writes nothing under a board's name.
        hall_user = load(out / "hall.toml").broker
        spy, _ = client(port, "board1", tomllib.loads((out / "boards" / "board1.toml").read_text())["mqtt"]["password"])
        spy.subscribe("clacks/board1/#")
        h, _ = client(port, "hall", hall_user.password)
        h.publish("clacks/board1/state", b"{}", qos=1).wait_for_publish(5)
        time.sleep(1)
        for c in (forger, spy, h):
            c.loop_stop()
            c.disconnect()
    finally:
        board1.stop()
        hall.close()
        broker.stop()
    log = broker.log.read_text(errors="replace")
    assert "Denied PUBLISH from board2" in log and "Denied PUBLISH from hall" in log
    assert "Warning: ACL pattern" not in log  # every board's read of the hall's status is a rule of its own


def make_certificate(tmp_path, host: str):
    """A certificate authority and a broker certificate for ``host``, as an exhibitor's would be."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Show CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=2))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True).sign(ca_key, hashes.SHA256()))
    cert = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(2).not_valid_before(now)
            .not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(host))]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    pem = serialization.Encoding.PEM
    paths = tmp_path / "ca.pem", tmp_path / "cert.pem", tmp_path / "key.pem"
    paths[0].write_bytes(ca.public_bytes(pem))
    paths[1].write_bytes(cert.public_bytes(pem))
    paths[2].write_bytes(key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return paths


def test_tls_with_the_exhibitors_certificate(tmp_path):
    ca, cert, key = make_certificate(tmp_path, "127.0.0.1")
    port, local = free_port(), free_port()
    r = CliRunner().invoke(cli, ["hall", "setup", "--out", str(tmp_path / "x"), "--boards", "1", "--host",
                                 "hall.example", "--tls-cert", str(cert), "--tls-key", str(key)])
    assert r.exit_code == 2 and "is for 127.0.0.1, not hall.example" in r.output
    out, _ = setup(tmp_path, "--boards", "1", "--host", "127.0.0.1", "--port", str(port), "--hall-port", str(local),
                   "--tls-cert", str(cert), "--tls-key", str(key), "--tls-ca", str(ca))
    assert (out / "boards" / "hall-ca.pem").read_bytes() == ca.read_bytes()
    broker = GeneratedBroker(tmp_path, out).start(port)
    hall = hall_from(out)
    board = board_from_block(tmp_path, out, "board1", ca_file=str(out / "boards" / "hall-ca.pem")).start()
    try:
        until(lambda: any(b["link"] == "online" for b in hall.json()["boards"]), "board1 online over TLS")
        block = tomllib.loads((out / "boards" / "board1.toml").read_text())["mqtt"]
        assert block["tls"] is True and block["ca_file"] == "/etc/clacks-hw/hall-ca.pem" and block["port"] == port
        c, got = client(port, "board1", block["password"], tls_ca=str(ca))  # what a board does
        assert not got["rc"].is_failure
        c.loop_stop()
        with pytest.raises(AssertionError, match="an answer"):  # in the clear: nothing to talk to
            client(port, "board1", block["password"])
    finally:
        board.stop()
        hall.close()
        broker.stop()


def test_setup_refuses_what_would_not_work(tmp_path):
    def run(*args):
        return CliRunner().invoke(cli, ["hall", "setup", "--out", str(tmp_path / "h"), *args])

    assert run().exit_code == 2
    r = run("--board", "hall")
    assert r.exit_code == 2 and "the hall's own user" in r.output
    r = run("--board", "a/b")
    assert r.exit_code == 2 and "cannot be a board id" in r.output
    r = run("--board", "x", "--board", "x")
    assert r.exit_code == 2 and "named twice" in r.output
    for host in ("bad host!", "x\ny", 'x"]\nevil = ["', "-x.local", "a" * 64 + ".local"):
        r = run("--boards", "1", "--host", host)
        assert r.exit_code == 2 and "is not a host name or an address" in r.output, host
    for db in ("hall.sqlite", '/var/lib/a b"c.sqlite', "/var/lib/../etc/x.sqlite"):
        r = run("--boards", "1", "--db", db)
        assert r.exit_code == 2 and "is not a plain absolute path" in r.output, db
    assert not (tmp_path / "h").exists()  # nothing written for a refused option
    r = run("--boards", "1", "--host", "fe80::1")
    assert r.exit_code == 0 and 'host = "fe80::1"' in (tmp_path / "h" / "boards" / "board1.toml").read_text()
    assert run("--boards", "2", "--force").exit_code == 0
    r = run("--boards", "2")
    assert r.exit_code == 2 and "--add" in r.output
    r = run("--add", "board3")
    assert r.exit_code == 0, r.output
    cfg = load(tmp_path / "h" / "hall.toml")
    assert sorted(cfg.boards) == ["board1", "board2", "board3"]
    assert (tmp_path / "h" / "mosquitto" / "clacks.passwd").read_text().count("\n") == 4
    assert run("--add", "board3").exit_code == 2


@pytest.mark.parametrize("user", ["clacks"])
def test_the_hall_unit_is_hardened_and_systemd_reads_it(tmp_path, user):
    with pytest.raises(UnitError, match="outside /var/lib/clacks-hall"):
        hall_unit("/bin/true", "/etc/clacks-hall/hall.toml", user, "/srv/hall.sqlite")  # a folder it cannot write
    analyze = require_tool("systemd-analyze", "systemd")
    path = tmp_path / "clacks-hall.service"
    path.write_text(hall_unit("/bin/true", "/etc/clacks-hall/hall.toml", user))
    res = subprocess.run([analyze, "verify", str(path)], capture_output=True, text=True, timeout=30)
    assert [ln for ln in (res.stdout + res.stderr).splitlines() if str(path) in ln] == []
    res = subprocess.run([analyze, "security", "--offline=true", str(path)], capture_output=True, text=True, timeout=60)
    score = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", res.stdout + res.stderr)
    assert score and float(score.group(1)) <= 1.2, res.stdout
