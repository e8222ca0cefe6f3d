"""The watchdog is fed once per healthy loop iteration, and only then."""

from tests.fakes.reader_hub_rig import HubRig


def test_fed_every_iteration_while_healthy():
    rig = HubRig(readers=2)
    rig.start()
    rig.steps(100)
    assert rig.wdt.feeds == 100


def test_not_fed_once_every_reader_has_been_dead_too_long_then_fed_again():
    rig = HubRig(readers=2, dead_reboot_ms=3000, poll_ms=10)
    rig.start()
    for chip in rig.chips:
        chip.kill()
    rig.steps(250)  # 2.5 s: still within the grace period
    fed = rig.wdt.feeds
    assert fed == 250
    rig.steps(100)
    assert rig.wdt.feeds < fed + 60  # stopped feeding after 3 s: a real WDT would reboot
    stalled = rig.wdt.feeds
    rig.steps(50)
    assert rig.wdt.feeds == stalled
    rig.chips[0].revive()
    rig.steps(2000)  # the next retry (backoff capped at 8 s) brings reader 0 back
    assert rig.wdt.feeds > stalled


def test_not_fed_when_the_loop_keeps_failing():
    rig = HubRig()
    rig.start()

    def broken():
        raise RuntimeError("simulated firmware bug")

    rig.hub.slots[0].chip.read_uid = broken
    lines = rig.steps(5)
    assert rig.wdt.feeds == 2  # fed after the 1st and 2nd failure, not from the 3rd on
    assert lines.count(("ERR", "-", "loop")) == 5
    assert rig.hub.loop_errors == 5
