"""doctor's checks on faked machines: Pi models, users and groups, devices, ports, configs."""

from pathlib import Path

import pytest

from clacks_hw.commands.doctor.check import FAIL, OK, WARN, format_checks
from clacks_hw.commands.doctor.run import Doctor
from clacks_hw.commands.doctor.system import System
from clacks_hw.drivers.hub_probe import ProbeResult
from clacks_hw.drivers.hub_ports import PortInfo, hub_candidates

PI4 = "Raspberry Pi 4 Model B Rev 1.4"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
PI3 = "Raspberry Pi 3 Model B Plus Rev 1.3"
SOC = {PI4: "brcm,bcm2711", PI5: "brcm,bcm2712", PI3: "brcm,bcm2837"}


class FakePi(System):
    def __init__(self, root: Path, model=PI4, euid=1000, groups=("gpio", "spi", "dialout"),
                 members=None, modules=("lgpio",), ports=(), answers=(), env=None, install=("system", "/usr")):
        (root / "proc/device-tree").mkdir(parents=True, exist_ok=True)
        if model:
            (root / "proc/device-tree/model").write_text(model + "\0")
            (root / "proc/device-tree/compatible").write_text(f"raspberrypi,model\0{SOC[model]}\0")
        (root / "dev").mkdir(exist_ok=True)
        super().__init__(root, env or {})
        self._euid, self._groups, self._modules = euid, set(groups), set(modules)
        self._members = members if members is not None else {"gpio": [], "spi": [], "dialout": []}
        self._ports, self._answers = list(ports), set(answers)
        self.hello = {"readers": 1}  # what an answering hub's HELLO says (its readers, its MISO check)
        self.probed = []
        self._install = install
        self.bind_errors: dict = {}  # status.port -> the OSError binding it gives
        self.broker_errors: dict = {}  # mqtt.host -> the OSError connecting gives

    def device(self, name, mode=0o660):
        p = self.root / name.lstrip("/")
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("")
        p.chmod(mode)
        return p

    def euid(self):
        return self._euid

    def user(self):
        return "pi" if self._euid else "root"

    def groups(self):
        return self._groups

    def group_members(self, group):
        return self._members.get(group)

    def has_module(self, name):
        return name in self._modules

    def python_install(self):
        return self._install

    def can_rw(self, p):
        return self.path(p).stat().st_mode & 0o006 == 0o006 or self.path(p).name.endswith("ok")

    def ports(self):
        return self._ports

    def lan_address(self):
        return "192.168.1.23"  # the board's address on its Wi-Fi

    def can_bind(self, host, port):
        return self.bind_errors.get(port)  # a free port unless a test takes it

    def connect(self, host, port, timeout):
        return self.broker_errors.get(host)

    def probe(self, port, timeout):
        self.probed.append(port)
        if port in self._answers:
            return ProbeResult(True, dict(self.hello), "reader hub AB: firmware 1.0.0, protocol 1.0, 1 reader(s)")
        return ProbeResult(False, None, f"no HELLO from {port} within {timeout:g} s (0 bad line(s))")


def config(tmp_path, text):
    p = tmp_path / "config.toml"
    p.write_text(text)
    return str(p)


def run(cfg, system):
    d = Doctor(cfg, system, probe_timeout=0.1)
    checks = d.run()
    return d, checks


def lines(checks, status=None, topic=None):
    return [c for c in checks if (status is None or c.status == status) and (topic is None or c.topic == topic)]


def test_a_ready_pi4_with_spi_and_a_hub_passes(tmp_path):
    sys_ = FakePi(tmp_path / "root", ports=[PortInfo("/dev/ttyACM0", "Board in FS mode", 0x2E8A, 5)],
                  answers={"/dev/ttyACM0"})
    sys_.device("/dev/spidev0.0", 0o666)
    sys_.device("/dev/ttyACM0", 0o666)
    (tmp_path / "root/boot/firmware").mkdir(parents=True)
    (tmp_path / "root/boot/firmware/config.txt").write_text("[all]\ncore_freq=500\ncore_freq_min=500\n")
    d, checks = run(config(tmp_path, ""), sys_)
    assert d.exit_status == 0, format_checks(checks)
    assert lines(checks, OK, "board")[0].text.startswith("Raspberry Pi 4 Model B")
    assert any("answers HELLO: reader hub AB" in c.text for c in lines(checks, OK, "reader"))
    assert any('"auto" finds the hub at /dev/ttyACM0' in c.text for c in checks)
    assert "All checks passed." in format_checks(checks)[-1] or "No failures" in format_checks(checks)[-1]


def test_ws281x_on_a_pi5_as_a_user_fails_twice_with_fixes(tmp_path):
    sys_ = FakePi(tmp_path / "root", model=PI5)
    d, checks = run(config(tmp_path, '[leds]\nbackend = "ws281x"\n[reader]\ntype = "none"\n'), sys_)
    fails = lines(checks, FAIL, "leds")
    assert any("needs a Raspberry Pi 1-4" in c.text and 'leds.backend = "spi"' in c.fix for c in fails)
    assert any("needs root" in c.text for c in fails)
    assert d.exit_status == 1


def test_ws281x_on_a_pi4_as_root_without_the_library_and_with_audio_on(tmp_path):
    sys_ = FakePi(tmp_path / "root", euid=0, modules=("lgpio",))
    boot = tmp_path / "root/boot/firmware"
    boot.mkdir(parents=True)
    (boot / "config.txt").write_text("dtparam=audio=on\n")
    _d, checks = run(config(tmp_path, '[leds]\nbackend = "ws281x"\n[reader]\ntype = "none"\n'), sys_)
    assert any("rpi-ws281x library is not installed" in c.text and "rpi-ws281x" in c.fix
               for c in lines(checks, FAIL, "leds"))
    assert any("analog audio is on" in c.text and "dtparam=audio=off" in c.fix for c in lines(checks, WARN, "leds"))
    assert lines(checks, OK, "user")[0].text.startswith("running as root")


def test_missing_groups_are_warnings_with_usermod_and_denied_devices_fail(tmp_path):
    sys_ = FakePi(tmp_path / "root", groups=("pi",), members={"gpio": ["pi"], "spi": [], "dialout": []})
    sys_.device("/dev/spidev0.0", 0o660)  # not for others: the user is not in group spi
    sys_.device("/dev/gpiochip0", 0o660)
    d, checks = run(config(tmp_path, '[reader]\ntype = "none"\n'), sys_)
    user = {c.text: c for c in lines(checks, WARN, "user")}
    assert any("added to 'gpio' but this login does not have it yet" in t for t in user)
    spi = next(c for t, c in user.items() if "not in group 'spi'" in t)
    assert spi.fix == "sudo usermod -aG spi $USER, then log out and back in"
    assert not any("dialout" in t for t in user)  # no reader configured: no dialout needed
    assert any("no read/write access to /dev/spidev0.0" in c.text for c in lines(checks, FAIL, "leds"))
    assert any("no access to /dev/gpiochip0" in c.text for c in lines(checks, FAIL, "buttons"))
    assert d.exit_status == 1


def test_pin_factory_env_mock_and_missing_lgpio(tmp_path):
    sys_ = FakePi(tmp_path / "root", modules=(), env={"GPIOZERO_PIN_FACTORY": "mock"})
    _, checks = run(config(tmp_path, '[leds]\nbackend = "virtual"\n[reader]\ntype = "none"\n'), sys_)
    assert any("pin factory mock (GPIOZERO_PIN_FACTORY=mock)" in c.text for c in lines(checks, WARN, "buttons"))
    sys_ = FakePi(tmp_path / "root5", model=PI5, modules=())
    d, checks = run(config(tmp_path, '[leds]\nbackend = "virtual"\n[reader]\ntype = "none"\n'), sys_)
    fail = lines(checks, FAIL, "buttons")[0]
    assert "lgpio library is not installed" in fail.text and "python3-lgpio" in fail.fix
    assert d.exit_status == 1


def test_a_bad_config_is_exit_2_listing_every_problem_and_the_rest_still_runs(tmp_path):
    sys_ = FakePi(tmp_path / "root")
    d, checks = run(config(tmp_path, '[leds]\nbrightnes = 0.5\n[buttons.pins]\nNEXT = 19\n'), sys_)
    assert d.exit_status == 2
    cfg = lines(checks, FAIL, "config")
    assert any("leds.brightnes: unknown key" in c.text and "did you mean leds.brightness" in c.fix for c in cfg)
    assert any("buttons.pins.NEXT" in c.text for c in cfg)
    assert lines(checks, OK, "board") and lines(checks, WARN, "leds")[0].text.startswith("not checked")


def test_configured_port_missing_or_silent(tmp_path):
    sys_ = FakePi(tmp_path / "root")
    sys_.device("/dev/spidev0.0", 0o666)
    _, checks = run(config(tmp_path, '[reader]\nport = "/dev/ttyACM7"\n'), sys_)
    assert any("/dev/ttyACM7 (reader.port) does not exist" in c.text for c in lines(checks, FAIL, "reader"))
    sys_.device("/dev/ttyACM7", 0o666)
    _d, checks = run(config(tmp_path, '[reader]\nport = "/dev/ttyACM7"\n'), sys_)
    silent = lines(checks, FAIL, "reader")[0]
    assert "no HELLO from /dev/ttyACM7" in silent.text and "firmware/README.md" in silent.fix
    assert sys_.probed == ["/dev/ttyACM7"]


def test_auto_with_two_hubs_cannot_choose(tmp_path):
    ports = [PortInfo("/dev/ttyACM0", "Board in FS mode", 0x2E8A, 5), PortInfo("/dev/ttyACM1", "", 0x2E8A, 5),
             PortInfo("/dev/ttyS0")]
    sys_ = FakePi(tmp_path / "root", euid=0, ports=ports, answers={"/dev/ttyACM0", "/dev/ttyACM1"})
    sys_.device("/dev/spidev0.0")
    _d, checks = run(config(tmp_path, ""), sys_)
    assert any("several reader hubs answer" in c.text for c in lines(checks, FAIL, "reader"))
    assert sys_.probed == ["/dev/ttyACM0", "/dev/ttyACM1"]  # ttyS0 is not probed
    assert [p.device for p in hub_candidates(ports)] == ["/dev/ttyACM0", "/dev/ttyACM1"]


def test_rdm6300_with_the_serial_console_on_fails(tmp_path):
    sys_ = FakePi(tmp_path / "root", euid=0)
    sys_.device("/dev/spidev0.0")
    sys_.device("/dev/serial0")
    (tmp_path / "root/proc/cmdline").write_text("console=serial0,115200 console=tty1 root=PARTUUID=x\n")
    _d, checks = run(config(tmp_path, '[reader]\ntype = "rdm6300"\n'), sys_)
    fail = lines(checks, FAIL, "reader")[0]
    assert "serial console" in fail.text and "do_serial_cons 1" in fail.fix


def test_a_broken_check_is_a_fail_line_not_a_traceback(tmp_path):
    class Broken(FakePi):
        def ports(self):
            raise RuntimeError("udev exploded")

    d, checks = run(config(tmp_path, ""), Broken(tmp_path / "root"))
    assert any("doctor could not check this (RuntimeError: udev exploded)" in c.text for c in checks)
    assert d.exit_status == 1


@pytest.mark.parametrize("status", [OK, WARN, FAIL])
def test_format_puts_fixes_under_their_line(status):
    from clacks_hw.commands.doctor.check import Check

    out = format_checks([Check(status, "leds", "something", "do this")])
    assert out[0] == f"{status:<5} leds     something"
    assert out[1].strip() == ("tip: do this" if status == OK else "fix: do this")


def test_doctor_says_which_guards_edition_the_board_plays_and_checks_its_enrolment(tmp_path):
    """The shipped demo is said to be made up, with how to type in the box; the owner's edition
    is named with its key; an enrolment naming a card that edition lacks is a FAIL with the fix."""
    from clacks_hw.cards.enrolment import Enrolment, save_enrolment
    from clacks_hw.game.guards.edition_files import demo_edition
    from tests.guards.owner_box import DEMO_ID, MARK, write_owner_box

    sys_ = FakePi(tmp_path / "root")
    journals = sys_.path("/var/lib/clacks-hw")
    journals.mkdir(parents=True)
    journals.chmod(0o700)
    _, checks = run(config(tmp_path, ""), sys_)
    [demo] = lines(checks, OK, "editions")
    assert "Guards! Guards!: Demo (made up), MADE UP for trying the board" in demo.text
    assert "clacks-hw edition new --game guards" in demo.fix and "editions.guards" in demo.fix

    box = tmp_path / "my-box.toml"
    write_owner_box(box)
    save_enrolment(journals / "guards-cards.toml", Enrolment({"04A2B3C4D5E680": DEMO_ID}), demo_edition())
    d, checks = run(config(tmp_path, f'[editions]\nguards = "{box}"\n'), sys_)
    [owner] = lines(checks, OK, "editions")
    assert owner.text == f"Guards! Guards!: {MARK}Box, the owner's edition (editions.guards = {box})"
    [bad] = lines(checks, FAIL, "editions")
    assert f"'{DEMO_ID}' is not a card of the edition '{MARK}Box'" in bad.text and d.exit_status == 1
    assert "clacks-hw enroll --guards" in bad.fix
