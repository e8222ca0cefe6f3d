"""doctor and the spi LED backend on a Pi 3/4: the core clock must be fixed in the boot config
(the SPI clock follows it), and doctor says exactly which lines to add where."""

import pytest

from clacks_hw.commands.doctor.check import FAIL, OK
from tests.tools.test_doctor_checks import PI3, PI4, PI5, FakePi, config, lines, run

SPI = '[leds]\nbackend = "spi"\n'


def board(tmp_path, model, boot_file=None, text=""):
    sys_ = FakePi(tmp_path / "root", model=model)
    sys_.device("/dev/spidev0.0", 0o666)
    if boot_file:
        path = tmp_path / "root" / boot_file.lstrip("/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return sys_


@pytest.mark.parametrize("model, boot_file, text, fix", [
    (PI4, "/boot/firmware/config.txt", "dtparam=spi=on\n",
     "add core_freq=500 and core_freq_min=500 to /boot/firmware/config.txt"),
    (PI4, "/boot/firmware/config.txt", "core_freq=500\n# core_freq_min=500\n",
     "add core_freq_min=500 to /boot/firmware/config.txt"),
    (PI4, "/boot/firmware/config.txt", "[pi3]\ncore_freq=500\ncore_freq_min=500\n",  # not for a Pi 4
     "add core_freq=500 and core_freq_min=500 to /boot/firmware/config.txt"),
    (PI3, "/boot/config.txt", "core_freq=400\n", "add core_freq=250 to /boot/config.txt"),
    (PI4, None, "", "add core_freq=500 and core_freq_min=500 to /boot/firmware/config.txt"),
])
def test_unfixed_core_clock_fails_with_the_exact_lines(tmp_path, model, boot_file, text, fix):
    d, checks = run(config(tmp_path, SPI), board(tmp_path, model, boot_file, text))
    [check] = [c for c in lines(checks, FAIL, "leds") if "core clock" in c.text]
    assert check.fix.startswith(fix)
    assert d.exit_status != 0


@pytest.mark.parametrize("model, boot_file, text", [
    (PI4, "/boot/firmware/config.txt", "[all]\ncore_freq=500\ncore_freq_min=500\n"),
    (PI3, "/boot/config.txt", "[pi3]\ncore_freq=250\n"),
])
def test_fixed_core_clock_passes(tmp_path, model, boot_file, text):
    _, checks = run(config(tmp_path, SPI), board(tmp_path, model, boot_file, text))
    assert any("core clock fixed" in c.text for c in lines(checks, OK, "leds"))
    assert not [c for c in lines(checks, FAIL, "leds")]


def test_pi5_needs_no_core_clock(tmp_path):
    _, checks = run(config(tmp_path, SPI), board(tmp_path, PI5))
    assert not any("core clock" in c.text for c in checks)
