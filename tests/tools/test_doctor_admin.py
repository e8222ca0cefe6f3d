"""doctor says whether phones can pair (an admin token, from the config or the file
install-service wrote) and how to pair one, how many are paired, and never shows the token."""

import json
import os

from tests.tools.test_doctor_checks import FakePi, config, lines, run

from clacks_hw.commands.doctor.check import OK, WARN, format_checks

TOKEN = "Zq3_abcdefghijklmnopqrstuvwx"


def test_the_token_install_service_wrote_is_named_never_shown(tmp_path):
    sys_ = FakePi(tmp_path / "root")
    state = sys_.root / "var/lib/clacks-hw"
    state.mkdir(parents=True)
    (state / "admin-token").write_text(TOKEN + "\n")
    (state / "phones.json").write_text(json.dumps({"version": 2, "phones": [
        {"hash": "a" * 64, "name": "ab12cd", "role": "admin", "paired": "2026-01-01T00:00:00Z"}]}))
    _, checks = run(config(tmp_path, '[status]\nbind = "0.0.0.0"\nhosts = ["clacks.local"]\n'), sys_)
    [line] = lines(checks, OK, "admin")
    assert "/var/lib/clacks-hw/admin-token" in line.text and "1 phone(s) paired" in line.text
    assert "hold TURN and BACK together on the board for 3 s" in line.text
    assert "http://clacks.local:8080/admin" in line.text and "#" not in line.text
    assert TOKEN not in "\n".join(format_checks(checks))  # nowhere in what doctor prints


def test_the_config_token_is_named_and_none_at_all_is_a_warning(tmp_path):
    path = config(tmp_path, f'[status]\nadmin_token = "{TOKEN}"\n')
    os.chmod(path, 0o600)
    _, checks = run(path, FakePi(tmp_path / "a"))
    [line] = lines(checks, OK, "admin")
    assert "status.admin_token" in line.text and TOKEN not in "\n".join(format_checks(checks))
    assert not lines(checks, WARN, "admin")
    _, checks = run(config(tmp_path, ""), FakePi(tmp_path / "b"))
    [warn] = lines(checks, WARN, "admin")
    assert "no phone can pair" in warn.text and "install-service" in warn.fix


def test_a_token_in_a_config_everyone_can_read_is_a_warning(tmp_path):
    path = config(tmp_path, f'[status]\nadmin_token = "{TOKEN}"\n')
    os.chmod(path, 0o644)
    _, checks = run(path, FakePi(tmp_path / "r"))
    [warn] = lines(checks, WARN, "admin")
    assert "every user of this machine can read" in warn.text and f"chmod 640 {path}" in warn.fix
    assert TOKEN not in "\n".join(format_checks(checks))


def test_a_token_too_short_is_a_config_error(tmp_path):
    d, checks = run(config(tmp_path, '[status]\nadmin_token = "short"\n'), FakePi(tmp_path / "r"))
    assert d.exit_status == 2 and any("status.admin_token" in c.text for c in checks)
