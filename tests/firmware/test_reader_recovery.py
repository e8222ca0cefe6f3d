"""A reader that stops answering is reported with ERR, re-initialised and comes back."""

from tests.fakes.reader_hub_rig import HubRig

NTAG = bytes.fromhex("04A2B3C4D5E680")


def errs(lines):
    return [line for line in lines if line[0] == "ERR"]


def test_dead_reader_is_reported_retried_with_backoff_and_recovers():
    rig = HubRig(readers=2, retry_ms=1000, retry_max_ms=4000)
    rig.start()
    rig.chips[1].kill()
    assert errs(rig.steps(1)) == [("ERR", "1", "noanswer")]
    inits = []
    original = rig.hub.slots[1].chip.init

    def counting_init():
        inits.append(rig.clock.t)
        return original()

    rig.hub.slots[1].chip.init = counting_init
    assert errs(rig.steps(800)) == []  # 8 s dead: retries, but no ERR flood
    gaps = [b - a for a, b in zip(inits, inits[1:])]
    # Doubling, capped; each retry lands on the first poll round after it is due, and a round
    # takes POLL_MS plus the time spent on the SPI bus (the live reader's RF timer).
    assert len(gaps) >= 2 and all(want <= gap < want + 30 for gap, want in zip(gaps[:3], (2000, 4000, 4000)))
    rig.chips[1].revive()
    lines = rig.steps(500)
    assert errs(lines) == [("ERR", "1", "recovered")]
    rig.chips[1].place(NTAG)
    assert ("TAG", "1", "04A2B3C4D5E680") in rig.steps(2)


def test_the_other_reader_keeps_working_while_one_is_dead():
    rig = HubRig(readers=2)
    rig.start()
    rig.chips[0].kill()
    rig.chips[1].place(NTAG)
    lines = rig.steps(3)
    assert ("ERR", "0", "noanswer") in lines and ("TAG", "1", "04A2B3C4D5E680") in lines


def test_brown_out_is_found_by_the_health_check_and_repaired_at_once():
    rig = HubRig(check_every=5)
    rig.start()
    rig.chips[0].place(NTAG)
    rig.steps(2)
    rig.chips[0].brown_out()
    lines = rig.steps(6)
    assert errs(lines) in ([("ERR", "0", "reset"), ("ERR", "0", "recovered")],
                           [("ERR", "0", "noanswer"), ("ERR", "0", "recovered")])
    # The card rested through the fault: no second TAG, no GONE.
    assert [line for line in lines + rig.steps(50) if line[0] in ("TAG", "GONE")] == []


def test_reader_missing_at_boot_is_reported_absent():
    rig = HubRig(readers=2)
    rig.chips[1].kill()
    lines = rig.start()
    assert lines[0][0] == "HELLO" and ("ERR", "1", "absent") in lines
