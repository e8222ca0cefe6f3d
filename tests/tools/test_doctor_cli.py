"""`clacks-hw doctor` on this machine (no Pi) and against the emulated hub's real pty."""

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.testing.emulated_hub import EmulatedHub


def doctor(*args):
    result = CliRunner().invoke(cli, ["doctor", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def test_the_emulated_hub_answers_hello_on_the_configured_port(tmp_path):
    with EmulatedHub(readers=2) as hub:
        cfg = tmp_path / "config.toml"
        cfg.write_text(f'[leds]\nbackend = "virtual"\n[reader]\nport = "{hub.path}"\n')
        result = doctor("--config", str(cfg))
    out = result.output
    assert f"OK    reader   {hub.path} answers HELLO: reader hub E6614103E7452D2F" in out
    assert "2 reader(s)" in out
    assert "OK    config   valid: " in out and "LEDs virtual" in out
    assert result.exit_code in (0, 1)  # this machine may lack lgpio; the hub check is what matters
    assert all(not line.startswith("FAIL  reader") for line in out.splitlines())


def test_on_this_machine_the_default_config_fails_cleanly_with_fixes(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[leds]\nspi_device = "/dev/no-spidev"\n[reader]\nport = "/dev/no-such-tty"\n')
    result = doctor("--config", str(cfg), "--probe-timeout", "0.2")
    out = result.output
    assert result.exit_code == 1
    assert "FAIL  leds     backend spi: /dev/no-spidev does not exist" in out
    assert "fix: enable SPI" in out
    assert "FAIL  reader   /dev/no-such-tty (reader.port) does not exist" in out
    assert "board" in out and "failure(s)" in out.splitlines()[-1]


def test_a_bad_config_exits_2(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[leds]\nbackend = "neon"\n')
    result = doctor("--config", str(cfg))
    assert result.exit_code == 2
    assert 'leds.backend: "neon" is not one of' in result.output


def test_a_missing_config_file_exits_2(tmp_path):
    result = doctor("--config", str(tmp_path / "nope.toml"))
    assert result.exit_code == 2 and "file not found" in result.output


def test_virtual_and_no_reader_passes_without_failures(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[leds]\nbackend = "virtual"\n[buttons]\npin_factory = "mock"\n[reader]\ntype = "none"\n')
    result = doctor("--config", str(cfg))
    assert result.exit_code == 0, result.output
    assert "FAIL" not in result.output
    assert 'no card reader configured (reader.type = "none")' in result.output


@pytest.mark.parametrize("buffered", [False, True])
def test_clone_readers_holding_miso_fail_with_the_buffer_fix_and_pass_through_the_buffer(tmp_path, buffered):
    with EmulatedHub(readers=4, holds_miso=True, miso_buffer=buffered) as hub:
        cfg = tmp_path / "config.toml"
        cfg.write_text(f'[leds]\nbackend = "virtual"\n[reader]\nport = "{hub.path}"\n')
        out = doctor("--config", str(cfg)).output
    if buffered:
        assert f"OK    reader   {hub.path}: every deselected card reader releases MISO" in out
        assert "FAIL  reader" not in out
    else:
        assert f"FAIL  reader   {hub.path}: a deselected card reader drives MISO" in out
        assert "fix: fit the MISO buffers between the readers and the hub" in out
