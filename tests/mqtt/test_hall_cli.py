"""Bad input to the hall's commands is a message naming what is wrong and how to fix it, exit 2,
never a traceback: hall.toml (missing, not TOML, an unknown key, a bad key or board name), the
trust command's board and key, the database, a board's TLS authority and its own key file."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.mqtt.signing import SigningKey

GOOD_KEY = SigningKey(bytes(range(32)))  # fixed: its text is in the test ids, alike in every pytest-xdist worker


def hall(*args):
    return CliRunner().invoke(cli, ["hall", *args])


@pytest.mark.parametrize("text, said", [
    ("[broker\nhost = 1", "not valid TOML"),
    ("[broker]\nprot = 1883\n", "unknown field `prot`"),
    ("[broker]\nport = 70000\n", "broker.port"),
    ("[page]\nhosts = 'x'\n", "page.hosts"),
    ("[page]\nhosts = ['bad host!']\n", "page.hosts[0]"),
    ("[broker]\nhost = 'mqtt://x'\n", "broker.host"),
    ("[hall]\nkey = 'short'\n", "hall.key must be 43 characters"),
    (f"[boards]\n'a/b' = '{GOOD_KEY.public}'\n", "cannot be a board id"),
    ("[boards]\nalpha = 'nope'\n", "boards.alpha must be 43 characters"),
    (f"[boards]\nalpha = '{GOOD_KEY.public[:-1]}B'\n", "its last character is off"),
])
def test_a_bad_hall_toml_is_exit_2_naming_the_key(tmp_path, text, said):
    path = tmp_path / "hall.toml"
    path.write_text(text)
    r = hall("--config", str(path), "--for", "0")
    assert r.exit_code == 2 and said in r.output and "fix:" in r.output, r.output
    assert "Traceback" not in r.output


def test_a_missing_hall_toml_or_an_unusable_database_is_exit_2(tmp_path):
    r = hall("--config", str(tmp_path / "missing.toml"))
    assert r.exit_code == 2 and "cannot read it" in r.output
    r = hall("--db", str(tmp_path / "no" / "such" / "h.sqlite"), "--port", "0", "--for", "0")
    assert r.exit_code == 2 and "page.db" in r.output and "fix:" in r.output
    (tmp_path / "link.sqlite").symlink_to(tmp_path / "elsewhere")
    r = hall("--db", str(tmp_path / "link.sqlite"), "--port", "0", "--for", "0")
    assert r.exit_code == 2 and "a link" in r.output
    r = hall("--password-file", str(tmp_path / "nope"), "--port", "0", "--for", "0")
    assert r.exit_code == 2 and "--password-file" in r.output
    for broker in ("x y", "mqtt://x", "x:1883/"):
        r = hall("--broker", broker, "--port", "0", "--for", "0")
        assert r.exit_code == 2 and "--broker" in r.output and "fix:" in r.output, broker


def test_trust_refuses_a_bad_board_or_key_and_keeps_the_file(tmp_path):
    path = tmp_path / "hall.toml"
    path.write_text("[hall]\n\n[boards]\n")
    before = path.read_text()
    for args, said in ((["a b", GOOD_KEY.public], "cannot be a board id"), (["hall", GOOD_KEY.public], "the hall's own"),
                       (["gamma", "x" * 43 + "="], "43 characters"), (["gamma", GOOD_KEY.text[:10]], "43 characters")):
        r = hall("trust", "--config", str(path), "--", *args)  # "--": a key may begin with "-"
        assert r.exit_code == 2 and said in r.output, r.output
    assert path.read_text() == before
    path.write_text("[boards]\n\n[page]\nport = 1\n")
    r = hall("trust", "--config", str(path), "--", "gamma", GOOD_KEY.public)
    assert r.exit_code == 2 and "[boards] is not the last table" in r.output
    path.write_text("# mine\n[boards]\nalpha = \"" + GOOD_KEY.public + "\"  # the first\n")
    # a key that begins with "-" (one in 64 do), given after "--" as the hall's command says
    other = next(k.public for k in iter(SigningKey.generate, None) if k.public.startswith("-"))
    assert hall("trust", "--config", str(path), "--", "gamma", other).exit_code == 0
    assert hall("trust", "--config", str(path), "--", "alpha", other).exit_code == 0  # a new key replaces the old
    text = path.read_text()
    assert text.startswith("# mine\n") and text.count("alpha") == 1 and f'alpha = "{other}"' in text
    assert os.stat(path).st_mode & 0o777 == 0o600


def run_board(tmp_path, mqtt: str):
    cfg = tmp_path / "board.toml"
    (tmp_path / "j").mkdir(mode=0o700, exist_ok=True)
    cfg.write_text(f'[leds]\nbackend = "virtual"\n[buttons]\npin_factory = "mock"\n[reader]\ntype = "none"\n'
                   f'[journal]\ndir = "{tmp_path / "j"}"\n[status]\nport = 0\n[mqtt]\nhost = "127.0.0.1"\n{mqtt}')
    exe = os.path.join(os.path.dirname(sys.executable), "clacks-hw")
    return subprocess.run([exe, "run", "--virtual", "--config", str(cfg), "--for", "3"], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_a_board_with_a_ca_file_that_does_not_load_or_a_broken_key_file_is_exit_2(tmp_path):
    r = run_board(tmp_path, 'tls = true\nca_file = "/nonexistent/ca.pem"\n')
    assert r.returncode == 2 and "mqtt.ca_file" in r.stderr and "fix:" in r.stderr and "Traceback" not in r.stderr
    (tmp_path / "j" / "mqtt-key").write_text("not a key\n")
    r = run_board(tmp_path, "")
    assert r.returncode == 2 and "mqtt-key must be 43 characters" in r.stderr and "Traceback" not in r.stderr


def test_boards_added_beside_the_database_count_and_hall_toml_wins(tmp_path):
    from clacks_hw.hall.config import HallConfigError, Trust, load

    toml = tmp_path / "hall.toml"
    alpha, beta, other = (SigningKey.generate().public for _ in range(3))
    toml.write_text(f'[boards]\nalpha = "{alpha}"\n')
    trust = Trust(load(toml), toml, tmp_path / "boards-added.toml")
    assert trust.boards == {"alpha": alpha}
    trust.add("beta", beta)
    trust.add("alpha", other)  # an arbiter cannot replace a key the exhibitor gave in hall.toml
    assert trust.reload() == "beta"
    assert trust.boards == {"alpha": alpha, "beta": beta} and trust.key("beta") is not None
    assert os.stat(tmp_path / "boards-added.toml").st_mode & 0o777 == 0o600
    with pytest.raises(HallConfigError, match="cannot be a board id"):
        trust.add("a b", beta)
    with pytest.raises(HallConfigError, match="43 characters"):
        trust.add("gamma", "nope")
    assert trust.reload() is None
