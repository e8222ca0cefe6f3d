"""Every fix doctor can print names a command or a file that exists and is right for this
installation: each place in doctor/ that adds a line with a fix is reached by one of the faked
machines below (a test fails when a new one is not), and every fix printed is checked: each
`clacks-hw COMMAND --option` is a real command and option, sudo is given a path sudo finds
(a venv's clacks-hw is not on sudo's PATH), each project file exists, the service's name is
the unit's, and a library goes into the environment clacks-hw runs in (no bare `pip install`)."""

from __future__ import annotations

import ast
import errno
import re
import socket
import sys
from pathlib import Path

import click
import pytest

from clacks_hw.base import hints
from clacks_hw.commands import LAZY
from clacks_hw.commands.doctor.run import Doctor
from clacks_hw.config.systemd_unit import DEFAULT_UNIT_PATH
from clacks_hw.drivers.hub_ports import PortInfo
from clacks_hw.drivers.port_holder import Holder
from tests.tools.test_doctor_checks import PI3, PI4, PI5, FakePi, config

ROOT = Path(__file__).resolve().parents[2]
DOCTOR = ROOT / "clacks_hw/commands/doctor"
EXE = "/home/pi/clacks-hw/.venv/bin/clacks-hw"  # a clone's venv: not on sudo's PATH
HUB = PortInfo("/dev/ttyACM0", "Board in FS mode", 0x2E8A, 5)
HUB2 = PortInfo("/dev/ttyACM1", "", 0x2E8A, 5)


def fix_sites() -> set[tuple[str, int, int]]:
    """(file, first line, last line) of every d.add(...) given a fix, in doctor/."""
    sites = set()
    for path in DOCTOR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add"
                    and (len(node.args) >= 4 or any(k.arg == "fix" for k in node.keywords))):
                sites.add((path.name, node.lineno, node.end_lineno))
    return sites


class Held(FakePi):
    def holder(self, port):
        return Holder(4242, "clacks-hw run", "clacks-hw.service") if port.endswith("ACM0") else None


class Broken(FakePi):
    def ports(self):
        raise RuntimeError("udev exploded")


def machines(tmp: Path):
    """(system, config text) pairs that between them reach every fix."""
    n = iter(range(1000))

    def root():
        return tmp / f"m{next(n)}"

    def boot(pi, text):
        (pi.root / "boot/firmware").mkdir(parents=True, exist_ok=True)
        (pi.root / "boot/firmware/config.txt").write_text(text)
        return pi

    none = '[reader]\ntype = "none"\n'
    yield FakePi(root(), model=None), none  # not a Pi
    yield FakePi(root()), '[leds]\nbrightnes = 0.5\n'  # a bad config
    pi = FakePi(root(), groups=("pi",), members={"gpio": ["pi"], "spi": []}, modules=())
    pi.device("/dev/spidev0.0", 0o660)
    pi.device("/dev/gpiochip0", 0o660)
    yield pi, ""  # not in groups, no dialout group, no lgpio, denied devices, no ports
    yield FakePi(root(), model=PI5, modules=("RPi",)), '[leds]\nbackend = "ws281x"\n[buttons]\npin_factory = "rpigpio"\n' + none
    yield FakePi(root(), modules=("RPi",), env={"GPIOZERO_PIN_FACTORY": "pigpio"}), none  # unknown
    yield FakePi(root(), model=None, modules=(), env={"GPIOZERO_PIN_FACTORY": "mock"}), '[buttons]\npin_factory = "lgpio"\n' + none
    yield FakePi(root(), env={"GPIOZERO_PIN_FACTORY": "mock"}), none
    yield boot(FakePi(root(), model=PI3), "core_freq=400\n"), none  # spi device missing, core clock not fixed
    yield boot(FakePi(root(), euid=0, modules=()), "dtparam=audio=on\n"), '[leds]\nbackend = "ws281x"\n' + none
    yield FakePi(root()), '[leds]\nbackend = "ws281x"\n' + none  # not root
    yield FakePi(root()), '[leds]\nbrightness = 1.0\nsupply_a = 1.0\n' + none  # too little power
    yield FakePi(root()), '[leds]\npi = "pi-4"\n' + none  # a Pi 4: its draw leaves the LEDs little
    yield FakePi(root()), '[reader]\nport = "/dev/ttyACM7"\n'  # missing
    pi = FakePi(root())
    pi.device("/dev/ttyACM7", 0o600)
    yield pi, '[reader]\nport = "/dev/ttyACM7"\n'  # no access
    pi = Held(root())
    pi.device("/dev/ttyACM0", 0o666)
    yield pi, '[reader]\nport = "/dev/ttyACM0"\n'  # held by the service
    pi = FakePi(root())
    pi.device("/dev/ttyACM0", 0o666)
    yield pi, '[reader]\nport = "/dev/ttyACM0"\n'  # silent: not flashed
    yield FakePi(root(), ports=[PortInfo("/dev/ttyS0")]), ""  # auto, no hub-like port
    pi = Held(root(), ports=[HUB, HUB2])
    pi.device("/dev/ttyACM0", 0o666)
    pi.device("/dev/ttyACM1", 0o600)
    yield pi, ""  # auto: one held, one denied
    pi = FakePi(root(), ports=[HUB], answers={"/dev/ttyACM0"})
    pi.device("/dev/ttyACM0", 0o666)
    (pi.root / "dev/serial/by-id").mkdir(parents=True)
    (pi.root / "dev/serial/by-id/usb-hub").symlink_to(pi.root / "dev/ttyACM0")
    yield pi, ""  # auto finds one: a stable name to set
    pi = FakePi(root(), euid=0, ports=[HUB, HUB2], answers={"/dev/ttyACM0", "/dev/ttyACM1"})
    yield pi, ""  # two hubs
    for readers in (4, 1):  # a deselected reader holds MISO: a fault with four readers, a warning alone
        pi = FakePi(root(), ports=[HUB], answers={"/dev/ttyACM0"})
        pi.device("/dev/ttyACM0", 0o666)
        pi.hello = {"readers": readers, "bus": "held"}
        yield pi, '[reader]\nport = "/dev/ttyACM0"\n'
    pi = FakePi(root(), euid=0)
    pi.device("/dev/serial0")
    (pi.root / "proc/cmdline").write_text("console=serial0,115200 root=x\n")
    yield pi, '[reader]\ntype = "rdm6300"\n'
    yield FakePi(root()), none  # no admin token
    yield FakePi(root()), '[status]\nadmin_token = "Zq3_abcdefghijklmnopqrstuvwx"\n' + none  # readable by all
    for err in (errno.EADDRINUSE, errno.EACCES, errno.EADDRNOTAVAIL):
        pi = FakePi(root())
        pi.bind_errors[8080] = OSError(err, "refused")
        yield pi, '[status]\nport = 8080\n' + none
    pi = FakePi(root())
    pi.broker_errors["nowhere.local"] = socket.gaierror(-2, "Name or service not known")
    pi.broker_errors["hall.local"] = OSError(errno.ECONNREFUSED, "Connection refused")
    yield pi, '[mqtt]\nhost = "nowhere.local"\n' + none
    yield pi, '[mqtt]\nhost = "hall.local"\n' + none
    pi = FakePi(root())
    (pi.root / "games").mkdir()
    (pi.root / "games").chmod(0o777)
    yield pi, '[journal]\ndir = "/games"\n' + none  # a journal folder others can read
    pi = FakePi(root())
    (pi.root / "var/lib/clacks-hw").mkdir(parents=True)
    (pi.root / "var/lib/clacks-hw/guards-cards.toml").write_text('[tags]\n"04A2B3C4D5E680" = "J05"\n')
    yield pi, none  # a Guards! Guards! enrolment naming a card its edition lacks
    pi = FakePi(root())
    (pi.root / "var/lib/clacks-hw/hall-outbox").mkdir(parents=True)
    (pi.root / "var/lib/clacks-hw/hall-outbox/set-aside.jsonl").write_text("damaged\n")
    yield pi, none  # an entry of the hall outbox the board cannot read
    pi = FakePi(root())
    (pi.root / "var/lib/clacks-hw").mkdir(parents=True)
    (pi.root / "var/lib/clacks-hw/mqtt-key").write_text("not a key\n")
    yield pi, '[mqtt]\nhost = "hall.local"\n' + none  # a damaged key of the board's own
    yield Broken(root()), ""


@pytest.fixture
def everything(tmp_path, monkeypatch):
    """Every fix doctor printed on the machines above, with where in doctor/ it was added."""
    monkeypatch.setattr(hints, "executable", lambda: EXE)
    monkeypatch.setattr(hints.shutil, "which", lambda name: None)
    hit, fixes = set(), []
    add = Doctor.add

    def recording(self, status, topic, text, fix=""):
        frame = sys._getframe(1)
        hit.add((Path(frame.f_code.co_filename).name, frame.f_lineno))
        if fix:
            fixes.append(fix)
        add(self, status, topic, text, fix)

    monkeypatch.setattr(Doctor, "add", recording)
    for k, (system, text) in enumerate(machines(tmp_path)):
        Doctor(config(system.root.parent, text) if text else None, system, 0.1).run()
    return hit, fixes


def test_every_place_with_a_fix_is_reached(everything):
    hit, _ = everything
    missing = [s for s in sorted(fix_sites()) if not any(f == s[0] and s[1] <= line <= s[2] for f, line in hit)]
    assert not missing, f"no machine above reaches these fixes: {missing}"


COMMAND = re.compile(r"(?:^|[\s(`])(?<!inject )(?:clacks-hw|/\S+/clacks-hw) ([a-z-]+)((?: --?[a-z][a-z-]*(?: [^-\s;,)`][^\s;,)`]*)?)*)")


def test_every_fix_names_what_exists(everything):
    _, fixes = everything
    assert len(fixes) >= 40
    unit = Path(DEFAULT_UNIT_PATH).stem
    for fix in fixes:
        assert "sudo clacks-hw" not in fix, fix  # sudo would not find the venv's program
        assert not re.search(r"(^|[\s(:])pip install", fix), fix  # which pip? the one clacks-hw runs in
        for name, options in COMMAND.findall(fix):
            assert name in LAZY, (name, fix)
            module, attr, _ = LAZY[name]
            command = getattr(__import__(f"clacks_hw.commands.{module}", fromlist=[attr]), attr)
            known = {o for p in command.params if isinstance(p, click.Option) for o in p.opts} | {"--help"}
            for option in re.findall(r"--?[a-z][a-z-]*", options):
                assert option in known, (name, option, fix)
        for stopped in re.findall(r"systemctl stop (\S+)", fix):
            assert stopped.rstrip(",);") == unit, fix
        for path in re.findall(r"/?(?:[\w.-]+/)*[\w.-]+\.md\b", fix):
            full = Path(path) if path.startswith("/") else ROOT / path
            assert full.exists(), (path, fix)
        for program in re.findall(r"sudo (/\S+/clacks-hw)\b", fix):
            assert program == EXE, fix


def test_a_held_port_is_named_with_its_holder(everything):
    _, fixes = everything
    assert any("process 4242 (clacks-hw run) holds /dev/ttyACM0: stop it (sudo systemctl stop clacks-hw)" in f
               for f in fixes)
    assert any(f"sudo {EXE} install-service makes one" in f for f in fixes)
    assert any(str(ROOT / "firmware/README.md") in f for f in fixes)


def test_enroll_names_only_commands_options_and_files_that_exist():
    """enroll's own hints (the walk's and the command's), as written in their source."""
    enroll = LAZY["enroll"]
    command = getattr(__import__(f"clacks_hw.commands.{enroll[0]}", fromlist=[enroll[1]]), enroll[1])
    mine = {o for p in command.params if isinstance(p, click.Option) for o in p.opts} | {"--help"}
    for source in ("clacks_hw/commands/enroll_cmd.py", "clacks_hw/cards/enroll_walk.py"):
        text = (ROOT / source).read_text()
        for name, options in COMMAND.findall(text):
            assert name in LAZY, (source, name)
            if name == "enroll":
                assert set(re.findall(r"--?[a-z][a-z-]*", options)) <= mine, (source, options)
        assert "sudo clacks-hw" not in text
        for stopped in re.findall(r"systemctl stop ([\w-]+)", text):
            assert stopped == Path(DEFAULT_UNIT_PATH).stem
        for path in re.findall(r"\b(?:docs|firmware|wiring)/[\w.-]+\.md\b", text):
            assert (ROOT / path).exists(), (source, path)
