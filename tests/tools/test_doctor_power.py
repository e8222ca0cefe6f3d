"""doctor warns when the LEDs at the configured brightness plus the Pi could exceed the supply."""

from clacks_hw.commands.doctor_cmd import OK, WARN

from .test_doctor_checks import FakePi, config, lines, run


def test_a_small_supply_at_full_brightness_is_a_warning_with_the_brightness_that_fits(tmp_path):
    cfg = config(tmp_path, "[leds]\nbrightness = 1.0\nsupply_a = 2.5\n")
    d, checks = run(cfg, FakePi(tmp_path / "root"))
    warn = lines(checks, WARN, "power")
    assert len(warn) == 1, checks
    assert "could draw 3.42 A" in warn[0].text and "rated 2.5 A" in warn[0].text
    assert "set leds.brightness to 0.4 or less" in warn[0].fix


def test_the_default_supply_covers_the_default_brightness(tmp_path):
    d, checks = run(config(tmp_path, ""), FakePi(tmp_path / "root"))
    assert lines(checks, WARN, "power") == []
    assert "supply 4 A" in lines(checks, OK, "power")[0].text
