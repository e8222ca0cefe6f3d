"""`clacks-hw run`: runs and exits cleanly without terminals; bad config is exit 2, no traceback."""

import socket
import subprocess
import sys

from click.testing import CliRunner

from clacks_hw.cli import cli

CLI = [sys.executable, "-c", "from clacks_hw.cli import main; main()"]


def quiet_config(tmp_path):
    """The defaults, with no status page: tests never take a fixed port."""
    path = tmp_path / "config.toml"
    path.write_text("[status]\nport = 0\n")
    return str(path)


def test_virtual_run_without_terminals_prints_boards_and_exits(tmp_path):
    out = subprocess.run([*CLI, "run", "--virtual", "--for", "1.5", "--journal-dir", str(tmp_path),
                          "--config", quiet_config(tmp_path)],
                         stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
    assert out.returncode == 0, out.stderr
    text = out.stdout.decode()
    assert "S" in text and "R1" in text and "\x1b[" not in text
    assert b"Traceback" not in out.stderr


def test_keys_from_a_pipe_drive_the_board(tmp_path):
    result = CliRunner().invoke(cli, ["run", "--virtual", "--for", "0.5", "--journal-dir", str(tmp_path),
                                      "--config", quiet_config(tmp_path)], input="     ")
    assert result.exit_code == 0, result.output
    assert "Turn 1" in result.output
    [journal] = tmp_path.glob("*.jsonl")
    assert f"The game in play is saved in {journal}" in result.output
    assert f"clacks-hw replay {journal}" in result.output and result.output.endswith("The board has stopped.\n")


def test_the_status_page_address_is_printed_at_start(tmp_path):
    with socket.socket() as s:  # a free port for the page
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = tmp_path / "config.toml"
    config.write_text(f"[status]\nport = {port}\n")
    out = subprocess.run([*CLI, "run", "--virtual", "--for", "0.5", "--journal-dir", str(tmp_path),
                          "--config", str(config)], stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
    text = out.stdout.decode()
    assert f"The status page is at http://127.0.0.1:{port}/" in text
    assert f"No game was played; games are kept in {tmp_path}." in text


def test_bad_config_is_a_message_and_exit_2(tmp_path):
    bad = tmp_path / "c.toml"
    bad.write_text('[game]\nmodee = "race"\n')
    out = subprocess.run([*CLI, "run", "--virtual", "--for", "0", "--config", str(bad)],
                         capture_output=True, timeout=20)
    assert out.returncode == 2
    assert b"modee" in out.stderr and b"Traceback" not in out.stderr


def test_help_documents_the_key_map():
    result = CliRunner().invoke(cli, ["run", "--help"])
    assert "R1..R6" in result.output and "PREV" in result.output and ":J05" in result.output
