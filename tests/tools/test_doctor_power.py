"""doctor shows the power budget the daemon holds the LEDs to, and warns when the supply leaves
them little."""

from clacks_hw.commands.doctor.check import FAIL, OK, WARN

from .test_doctor_checks import FakePi, config, lines, run


def test_a_small_supply_is_a_warning_naming_the_budget(tmp_path):
    cfg = config(tmp_path, "[leds]\nbrightness = 1.0\nsupply_a = 3.0\n")
    d, checks = run(cfg, FakePi(tmp_path / "root"))
    warn = lines(checks, WARN, "power")
    assert len(warn) == 1, checks
    assert "may draw 2.40 A (weakest link: supply, 3 A" in warn[0].text and "dimmed to 0.29" in warn[0].text
    assert "bigger 5 V supply" in warn[0].fix


def test_a_supply_too_small_for_the_pi_is_a_config_failure(tmp_path):
    d, checks = run(config(tmp_path, "[leds]\nsupply_a = 2.5\n"), FakePi(tmp_path / "root"))
    assert any("leds.supply_a" in c.text for c in lines(checks, FAIL, "config"))


def test_the_default_supply_is_fine_and_says_what_limits_it(tmp_path):
    d, checks = run(config(tmp_path, ""), FakePi(tmp_path / "root"))
    assert lines(checks, WARN, "power") == []
    ok = lines(checks, OK, "power")[0].text
    assert "may draw 2.96 A (weakest link: jack lead (16 AWG), 3.7 A" in ok and "dimmed to 0.65" in ok
