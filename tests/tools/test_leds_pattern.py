"""`clacks-hw leds`: the test pattern walks the chain in wiring order, on a fake clock."""

import subprocess
import sys

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.commands import leds_cmd
from clacks_hw.drivers.led_pattern import LedFailure, Pattern, describe_pixel
from clacks_hw.config.load import load_config
from clacks_hw.drivers.frame import BLACK, PIXELS
from clacks_hw.drivers.pixel_map import PixelMap
from clacks_hw.testing.clock import FakeClock
from tests.fakes.failing_leds import FailingLeds
from clacks_hw.testing.recording_leds import RecordingLeds


def pattern(overrides=None, step=0.5, backend=None):
    cfg = load_config(None, overrides={"leds.backend": "virtual", **(overrides or {})}, check_devices=False)
    clock = FakeClock(start=0)
    sink = backend(clock) if backend else RecordingLeds(clock)
    out = []
    p = Pattern(sink, PixelMap.from_config(cfg.leds), clock, out.append, step,
                cfg.leds.brightness, "spi")
    return p, sink, out, clock


def lit(frame):
    return [i for i, rgb in enumerate(frame.pixels) if rgb != BLACK]


def test_default_chain_lights_each_pixel_once_in_order_with_its_name():
    p, sink, out, clock = pattern()
    p.run(1)
    walk = sink.frames[:PIXELS]
    assert [lit(f) for _, f in walk] == [[i] for i in range(PIXELS)]
    assert [t for t, _ in walk] == [0.5 * i for i in range(PIXELS)]  # one step each, no real sleep
    assert out[5] == "pixel 5: lamp 5 (row 1, col 1)"
    assert out[16] == "pixel 16: button R1"
    assert out[28] == "pixel 28: seat S (south)"
    fills = [f for _, f in sink.frames[PIXELS:PIXELS + 4]]
    assert [f.pixels[0] for f in fills] == [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    assert all(len(set(f.pixels)) == 1 for f in fills)
    assert out[PIXELS] == "all 32 pixels red (brightness 0.6)"
    assert lit(sink.last_frame) == []  # switched off at the end
    assert clock.now() == pytest.approx(0.5 * PIXELS + 4 * 1.0)


def test_serpentine_seats_first_and_lead_pixels_follow_the_wiring():
    p, sink, out, _ = pattern({"leds.lamp_order": "serpentine", "leds.chain": ["seats", "lamps", "buttons"],
                               "leds.seat_order": ["N", "E", "S", "W"], "leds.lead_pixels": 1})
    p.walk()
    assert out[0] == "pixel 0: lead pixel (kept dark: leds.lead_pixels)"
    assert out[1] == "pixel 1: seat N (north)" and out[4] == "pixel 4: seat W (west)"
    assert out[5] == "pixel 5: lamp 0 (row 0, col 0)"
    assert out[9] == "pixel 9: lamp 7 (row 1, col 3)"  # row 1 runs back east to west
    assert out[21] == "pixel 21: button R1" and len(out) == 33
    shown = [lit(f) for _, f in sink.frames]
    assert shown[0] == []  # the lead pixel: nothing logical lights
    assert shown[1] == [30]  # seat N is logical pixel 30


def test_names():
    assert describe_pixel(15) == "lamp 15 (row 3, col 3)"
    assert describe_pixel(27) == "button G6"
    assert describe_pixel(31) == "seat E (east)"


def test_cycles_repeat_the_pattern():
    p, _sink, out, _ = pattern(step=0.1)
    p.run(2)
    assert out.count("pixel 0: lamp 0 (row 0, col 0)") == 2 and out[0] == "cycle 1 of 2"


def test_a_failing_backend_is_a_clear_error_with_a_fix():
    def failing(clock):
        return FailingLeds(clock, fail_times=None, error=PermissionError(13, "Permission denied"))

    p, sink, _out, _ = pattern(backend=failing)
    with pytest.raises(LedFailure) as info:
        p.run(1)
    text = str(info.value)
    assert "the spi backend failed: PermissionError: [Errno 13] Permission denied" in text
    assert "sudo usermod -aG spi $USER" in text
    assert len(sink.attempts) == 1  # stopped at the first failure


def test_cli_virtual_uses_the_injected_clock(monkeypatch):
    clock = FakeClock(start=0)
    monkeypatch.setattr(leds_cmd, "make_clock", lambda: clock)
    result = CliRunner().invoke(cli, ["leds", "--virtual", "--step", "2"])
    assert result.exit_code == 0, result.output
    assert "pixel 16: button R1" in result.output and "all 32 pixels white" in result.output
    assert "Done: every pixel walked" in result.output
    assert sum(clock.sleeps) == pytest.approx(2 * PIXELS + 4 * 4)


def test_cli_on_this_machine_without_spidev_fails_cleanly(monkeypatch, tmp_path):
    monkeypatch.setattr(leds_cmd, "make_clock", lambda: FakeClock())
    cfg = tmp_path / "config.toml"
    cfg.write_text('[leds]\nbackend = "spi"\nspi_device = "/dev/no-spidev"\n')
    result = CliRunner().invoke(cli, ["leds", "--config", str(cfg)])
    assert result.exit_code == 1, result.output
    assert "the spi backend failed" in result.output and "No such file" in result.output
    assert "fix: enable SPI" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_without_led_hardware_the_command_says_once_what_failed(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[leds]\nbackend = "spi"\nspi_device = "/dev/no-spidev"\n')
    proc = subprocess.run([sys.executable, "-m", "clacks_hw.cli", "leds", "--config", str(cfg), "--step", "0"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 1
    assert "retrying" not in proc.stderr and "ERROR" not in proc.stderr  # no retry log spam
    assert proc.stderr.count("No such file") == 1 and "fix: enable SPI" in proc.stderr


def test_cli_bad_config_exits_2(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[leds]\nbrightness = 3\n')
    result = CliRunner().invoke(cli, ["leds", "--config", str(cfg)])
    assert result.exit_code == 2 and "leds.brightness: 3 is out of range" in result.output
