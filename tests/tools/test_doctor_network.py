"""doctor's network checks: the status page's port (free, taken, needing root, an address not
this machine's) and the MQTT broker (answers, unknown host, refuses), on faked and real sockets."""

from __future__ import annotations

import errno
import socket

from clacks_hw.commands.doctor.check import FAIL, OK, WARN
from clacks_hw.commands.doctor.system import System
from tests.tools.test_doctor_checks import FakePi, config, lines, run

PAGE = '[status]\nport = 8080\nbind = "0.0.0.0"\n'
MQTT = '[mqtt]\nhost = "hall.local"\nport = 1883\n'


def test_a_free_port_and_no_broker(tmp_path):
    d, checks = run(config(tmp_path, PAGE), FakePi(tmp_path / "root"))
    found = lines(checks, topic="network")
    assert [c.status for c in found] == [OK, OK]
    assert "can listen on 0.0.0.0 port 8080" in found[0].text and "phones open http://192.168.1.23:8080/" in found[0].text
    assert "reports to no hall" in found[1].text


def test_a_taken_port_is_a_warning_naming_how_to_find_the_program(tmp_path):
    pi = FakePi(tmp_path / "root")
    pi.bind_errors[8080] = OSError(errno.EADDRINUSE, "Address already in use")
    _, checks = run(config(tmp_path, PAGE), pi)
    (page, _) = lines(checks, topic="network")
    assert page.status == WARN and "port 8080 is taken" in page.text and "sport = :8080" in page.fix


def test_a_low_port_and_a_foreign_address_fail(tmp_path):
    pi = FakePi(tmp_path / "root")
    pi.bind_errors[80] = OSError(errno.EACCES, "Permission denied")
    d, checks = run(config(tmp_path, '[status]\nport = 80\n'), pi)
    assert lines(checks, FAIL, "network")[0].fix == "use a port above 1023 (status.port = 8080)"
    assert d.exit_status == 1
    pi.bind_errors[8080] = OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address")
    _, checks = run(config(tmp_path, '[status]\nport = 8080\nbind = "10.9.9.9"\n'), pi)
    bad = lines(checks, FAIL, "network")[0]
    assert "cannot listen on 10.9.9.9" in bad.text and "Cannot assign requested address" in bad.text


def test_the_broker_answers_or_says_why_not(tmp_path):
    pi = FakePi(tmp_path / "root")
    _, checks = run(config(tmp_path, MQTT), pi)
    assert any(c.status == OK and "MQTT broker answers at hall.local port 1883" in c.text for c in checks)
    pi.broker_errors["hall.local"] = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    _, checks = run(config(tmp_path, MQTT), pi)
    assert any(c.status == WARN and "no address for the MQTT broker's host 'hall.local'" in c.text for c in checks)
    pi.broker_errors["hall.local"] = ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")
    _, checks = run(config(tmp_path, MQTT), pi)
    refused = [c for c in checks if "does not answer" in c.text]
    assert refused[0].status == WARN and "Connection refused" in refused[0].text and "outbox" in refused[0].fix


def test_the_real_machine_sees_a_listening_port_and_a_closed_one():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert System().can_bind("127.0.0.1", port).errno == errno.EADDRINUSE
        assert System().connect("127.0.0.1", port, 1.0) is None
    assert System().can_bind("127.0.0.1", port) is None  # let go: free again
    assert isinstance(System().connect("127.0.0.1", port, 1.0), ConnectionRefusedError)


def test_the_hall_outbox_says_what_waits_and_what_is_set_aside_with_what_to_do(tmp_path):
    from clacks_hw.mqtt.outbox_file import DIR, LOG, SET_ASIDE, entry_line, show_line
    from tests.mqtt.test_outbox_kept import copies

    pi = FakePi(tmp_path / "root")
    cfg = config(tmp_path, MQTT + '[journal]\ndir = "/var/lib/clacks-hw"\n')
    _, checks = run(cfg, pi)
    assert [c.text for c in lines(checks, topic="outbox")] == [
        "no hall outbox yet: the board makes /var/lib/clacks-hw/hall-outbox when it first runs with mqtt.host"]
    box = pi.path("/var/lib/clacks-hw") / DIR
    box.mkdir(parents=True, mode=0o700)
    two = copies(tmp_path, 3)
    (box / LOG).write_text(show_line("k" * 43, 1) + "".join(entry_line(r.game, None, r) for r in two[:2]))
    (box / SET_ASIDE).write_text(entry_line(two[2].game, None, two[2]).replace('"competitive"', '"gone-game"')
                                 + "damaged\n")
    before = {p.name: p.read_bytes() for p in box.iterdir()}
    _, checks = run(cfg, pi)
    waiting, aside = lines(checks, topic="outbox")
    assert waiting.status == OK and waiting.text.startswith("2 finished game(s) wait in /var/lib/clacks-hw/hall-outbox")
    assert aside.status == WARN and "2 entries of the hall outbox cannot be read" in aside.text
    assert "/var/lib/clacks-hw/hall-outbox/set-aside.jsonl" in aside.text and "gone-game" in aside.text
    assert "install it again and restart the board" in aside.fix
    assert {p.name: p.read_bytes() for p in box.iterdir()} == before  # the doctor only looks
    (box / SET_ASIDE).write_text(entry_line(two[2].game, None, two[2]))  # the plugin is back
    _, checks = run(cfg, pi)
    assert [c.status for c in lines(checks, topic="outbox")] == [OK, OK]
    assert "1 set-aside game(s)" in lines(checks, topic="outbox")[1].text


def test_the_hall_key_is_said_as_its_fingerprint_the_arbiter_sees_or_why_not(tmp_path):
    # docs/shows.md's knock check: the arbiter counts a board only when the fingerprint its page
    # lists is the board's own; doctor says the board's without starting it, and makes no key.
    from clacks_hw.mqtt.signing import KEY_FILE, SigningKey, fingerprint

    pi = FakePi(tmp_path / "root")
    cfg = config(tmp_path, MQTT + 'board_id = "alpha"\n[journal]\ndir = "/var/lib/clacks-hw"\n')
    _, checks = run(cfg, pi)
    (none,) = lines(checks, topic="hall key")
    assert none.status == OK and "no key yet: the board makes its own in /var/lib/clacks-hw/mqtt-key" in none.text
    folder = pi.path("/var/lib/clacks-hw")
    assert not (folder / KEY_FILE).exists()
    folder.mkdir(parents=True, mode=0o700)
    key = SigningKey.generate()
    (folder / KEY_FILE).write_text(key.text + "\n")
    _, checks = run(cfg, pi)
    (made,) = lines(checks, topic="hall key")
    assert made.status == OK and f"board alpha signs its games with the key of fingerprint {fingerprint(key.public)}" \
        in made.text and "(/var/lib/clacks-hw/mqtt-key)" in made.text
    (folder / KEY_FILE).write_text("not a key\n")
    _, checks = run(cfg, pi)
    (bad,) = lines(checks, topic="hall key")
    assert bad.status == WARN and "cannot read the board's key in /var/lib/clacks-hw/mqtt-key" in bad.text
    assert "delete it" in bad.fix
    given = SigningKey.generate()
    _, checks = run(config(tmp_path, MQTT + f'key = "{given.text}"\n'), pi)
    (own,) = lines(checks, topic="hall key")
    assert fingerprint(given.public) in own.text and "(mqtt.key)" in own.text and given.text not in own.text
