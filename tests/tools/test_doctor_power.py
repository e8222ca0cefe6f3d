"""doctor shows the power budget the daemon holds the LEDs to (the circuit board's), warns when
the supply leaves them little, and when the Pi it runs on is not the one leds.pi names."""

from clacks_hw.commands.doctor.check import FAIL, OK, WARN

from .test_doctor_checks import PI5, SOC, FakePi, config, lines, run

ZERO = "Raspberry Pi Zero 2 W Rev 1.0"
SOC[ZERO] = "brcm,bcm2837"


def test_a_small_supply_is_a_warning_naming_the_budget(tmp_path):
    cfg = config(tmp_path, "[leds]\nbrightness = 1.0\nsupply_a = 1.0\n")
    d, checks = run(cfg, FakePi(tmp_path / "root", model=ZERO))
    warn = lines(checks, WARN, "power")
    assert len(warn) == 1, checks
    assert "may draw 0.80 A (weakest link: supply, leds.supply_a = 1 A, less 25 %)" in warn[0].text
    assert "dimmed to 0.24" in warn[0].text and "bigger 5 V supply" in warn[0].fix


def test_a_supply_too_small_for_the_pi_is_a_config_failure(tmp_path):
    d, checks = run(config(tmp_path, "[leds]\nsupply_a = 0.6\n"), FakePi(tmp_path / "root", model=ZERO))
    assert any("leds.supply_a" in c.text for c in lines(checks, FAIL, "config"))


def test_the_default_board_is_fine_and_says_what_limits_it(tmp_path):
    d, checks = run(config(tmp_path, ""), FakePi(tmp_path / "root", model=ZERO))
    assert lines(checks, WARN, "power") == []
    ok = lines(checks, OK, "power")[0].text
    assert "may draw 1.90 A (weakest link: the board's LED cap" in ok and "Pi (zero-2-w) is reserved 0.35 A" in ok
    assert "every LED white at full brightness fits within it" in ok


def test_a_pi_4_on_a_board_set_for_the_zero_is_a_warning_with_the_key_to_set(tmp_path):
    d, checks = run(config(tmp_path, ""), FakePi(tmp_path / "root"))  # a Pi 4
    warn = lines(checks, WARN, "power")
    assert len(warn) == 1 and "Raspberry Pi 4 Model B" in warn[0].text and 'leds.pi = "pi-4"' in warn[0].fix
    d, checks = run(config(tmp_path, '[leds]\npi = "pi-4"\n'), FakePi(tmp_path / "root"))
    warn = lines(checks, WARN, "power")  # set right, and dim: the Pi 4 takes what the LEDs had
    assert len(warn) == 1 and "Pi (pi-4) is reserved 1.25 A" in warn[0].text and "dimmed to 0.39" in warn[0].text
    assert "Pi Zero 2 W leaves the LEDs more" in warn[0].fix


def test_a_pi_the_budget_does_not_know_is_said(tmp_path):
    d, checks = run(config(tmp_path, ""), FakePi(tmp_path / "root", model=PI5))
    warn = lines(checks, WARN, "power")
    assert len(warn) == 1 and "not a Raspberry Pi 5" in warn[0].text
