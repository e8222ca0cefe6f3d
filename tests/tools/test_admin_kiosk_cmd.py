"""`clacks-hw admin` (paired phones, forget them, rotate the token: never shown) and
`clacks-hw kiosk` (the board's own screen: the display key handed over in a launcher file only
its user can read, never on the browser's command line)."""

from __future__ import annotations

import json
import os
import stat
import sys

from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.commands.kiosk_cmd import page_url
from clacks_hw.config.load import load_config
from clacks_hw.pairing import Pairing
from clacks_hw.pairing.display import boot_id, display_key
from clacks_hw.pairing.root import RootSecret
from clacks_hw.testing.clock import FakeClock

TOKEN = "the-admin-token-0123456789"


def board_config(tmp_path, token_file: bool = True, port: int = 8080, extra: str = "") -> str:
    if token_file:
        (tmp_path / "admin-token").write_text(TOKEN + "\n")
    path = tmp_path / "config.toml"
    path.write_text(f'[journal]\ndir = "{tmp_path}"\n[status]\nport = {port}\n{extra}')
    return str(path)


def pair_two(config_path) -> list[str]:
    cfg = load_config(config_path, check_devices=False)
    p = Pairing(RootSecret(cfg), cfg.journal.dir, FakeClock(), boot="b")
    return [p.redeem(p.open().code)[0] for _ in range(2)]


def test_admin_lists_paired_phones_and_says_how_to_pair(tmp_path):
    config = board_config(tmp_path)
    pair_two(config)
    result = CliRunner().invoke(cli, ["admin", "--config", config])
    assert result.exit_code == 0 and "2 phone(s) paired" in result.output
    assert "hold TURN and BACK together on the board for 3 s" in result.output
    assert TOKEN not in result.output


def test_forget_phones_and_rotate(tmp_path):
    config = board_config(tmp_path)
    sessions = pair_two(config)
    result = CliRunner().invoke(cli, ["admin", "--forget-phones", "--config", config])
    assert result.exit_code == 0 and "2 paired phone(s) forgotten" in result.output
    assert json.loads((tmp_path / "phones.json").read_text())["phones"] == []
    pair_two(config)
    result = CliRunner().invoke(cli, ["admin", "--rotate", "--config", config])
    new = (tmp_path / "admin-token").read_text().strip()
    assert result.exit_code == 0 and new != TOKEN and new not in result.output and TOKEN not in result.output
    assert "2 paired phone(s) forgotten" in result.output and "clacks-hw kiosk" in result.output
    assert stat.S_IMODE((tmp_path / "admin-token").stat().st_mode) == 0o600
    cfg = load_config(config, check_devices=False)
    assert all(Pairing(RootSecret(cfg), tmp_path, FakeClock(), boot="b").phone(s) is None for s in sessions)


def test_rotate_makes_a_token_where_there_was_none(tmp_path):
    config = board_config(tmp_path, token_file=False)
    result = CliRunner().invoke(cli, ["admin", "--rotate", "--config", config])
    assert result.exit_code == 0 and len((tmp_path / "admin-token").read_text().strip()) >= 32


def test_admin_with_a_missing_journal_dir_or_a_bad_config_is_exit_2(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text(f'[journal]\ndir = "{tmp_path}/missing"\n')
    result = CliRunner().invoke(cli, ["admin", "--rotate", "--config", str(config)])
    assert result.exit_code == 2 and "is journal.dir" in result.output and "Traceback" not in result.output
    config.write_text("[status]\nadmin_tokn = 1\n")
    result = CliRunner().invoke(cli, ["admin", "--config", str(config)])
    assert result.exit_code == 2 and "admin_tokn" in result.output


def fake_browser(tmp_path):
    """A 'browser' that records its command line and the launcher file it was given."""
    record = tmp_path / "browser.json"
    script = tmp_path / "browser"
    script.write_text(f"""#!{sys.executable}
import json, os, stat, sys, urllib.parse
launcher = urllib.parse.unquote(sys.argv[-1][len("file://"):])
json.dump({{"argv": sys.argv, "launcher": open(launcher).read(),
           "file_mode": stat.S_IMODE(os.stat(launcher).st_mode),
           "dir_mode": stat.S_IMODE(os.stat(os.path.dirname(launcher)).st_mode)}}, open({str(record)!r}, "w"))
""")
    script.chmod(0o755)
    return str(script), record


def test_kiosk_hands_the_display_key_over_in_a_private_file_never_on_the_command_line(tmp_path):
    config = board_config(tmp_path, extra='bind = "0.0.0.0"\n')
    browser, record = fake_browser(tmp_path)
    result = CliRunner().invoke(cli, ["kiosk", "--config", config, "--browser", browser])
    assert result.exit_code == 0, result.output
    seen = json.loads(record.read_text())
    key = display_key(TOKEN, boot_id())
    assert f"http://127.0.0.1:8080/#display={key}" in seen["launcher"]
    assert not any(key in a or TOKEN in a for a in seen["argv"])  # `ps` shows nothing of it
    assert "--kiosk" in seen["argv"] and seen["file_mode"] == 0o600 and seen["dir_mode"] == 0o700
    assert not os.path.exists(seen["argv"][-1][len("file://"):])  # cleaned up after the browser


def test_kiosk_without_the_token_opens_the_plain_page_and_says_why(tmp_path):
    config = board_config(tmp_path, token_file=False)
    browser, record = fake_browser(tmp_path)
    result = CliRunner().invoke(cli, ["kiosk", "--config", config, "--browser", browser])
    assert result.exit_code == 0 and "without pairing codes: cannot read the admin token" in result.output
    assert "#display=" not in json.loads(record.read_text())["launcher"]


def test_kiosk_refuses_a_page_that_is_off_or_a_missing_browser(tmp_path):
    result = CliRunner().invoke(cli, ["kiosk", "--config", board_config(tmp_path, port=0)])
    assert result.exit_code == 2 and "status.port = 0" in result.output
    result = CliRunner().invoke(cli, ["kiosk", "--config", board_config(tmp_path), "--browser", "no-such-browser-x"])
    assert result.exit_code == 2 and "cannot find the browser" in result.output


def test_the_kiosk_opens_the_address_this_machine_reaches():
    class Status:
        def __init__(self, bind):
            self.bind, self.port = bind, 8080

    assert page_url(Status("127.0.0.1")) == "http://127.0.0.1:8080/"
    assert page_url(Status("0.0.0.0")) == "http://127.0.0.1:8080/"
    assert page_url(Status("::")) == "http://[::1]:8080/"
    assert page_url(Status("::1")) == "http://[::1]:8080/"
    assert page_url(Status("192.168.1.5")) == "http://192.168.1.5:8080/"
