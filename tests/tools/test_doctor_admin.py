"""doctor shows the phone's admin token (from the config or the file install-service wrote)
and the link to open, and warns when there is none."""

from tests.tools.test_doctor_checks import FakePi, config, lines, run

from clacks_hw.commands.doctor_cmd import OK, WARN

TOKEN = "Zq3_abcdefghijklmnopqrstuvwx"


def test_the_token_install_service_wrote_is_shown_with_its_link(tmp_path):
    sys_ = FakePi(tmp_path / "root")
    token_file = sys_.root / "var/lib/clacks-hw/admin-token"
    token_file.parent.mkdir(parents=True)
    token_file.write_text(TOKEN + "\n")
    _, checks = run(config(tmp_path, '[status]\nbind = "0.0.0.0"\nhosts = ["clacks.local"]\n'), sys_)
    [line] = lines(checks, OK, "admin")
    assert TOKEN in line.text and "/var/lib/clacks-hw/admin-token" in line.text
    assert f"http://clacks.local:8080/admin#token={TOKEN}" in line.text


def test_the_config_token_wins_and_none_at_all_is_a_warning(tmp_path):
    _, checks = run(config(tmp_path, f'[status]\nadmin_token = "{TOKEN}"\n'), FakePi(tmp_path / "a"))
    assert TOKEN in lines(checks, OK, "admin")[0].text and "status.admin_token" in lines(checks, OK, "admin")[0].text
    _, checks = run(config(tmp_path, ""), FakePi(tmp_path / "b"))
    [warn] = lines(checks, WARN, "admin")
    assert "no admin token" in warn.text and "install-service" in warn.fix


def test_a_token_too_short_is_a_config_error(tmp_path):
    d, checks = run(config(tmp_path, '[status]\nadmin_token = "short"\n'), FakePi(tmp_path / "r"))
    assert d.exit_status == 2 and any("status.admin_token" in c.text for c in checks)
