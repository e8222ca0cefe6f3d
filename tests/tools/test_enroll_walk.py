"""The enrolment walk, fed events on a fake clock: tap, refuse, skip, back, resume, offline."""

import pytest

from clacks_hw.drivers.reader_events import FAULT, GONE, OFFLINE, ONLINE, TAG, ReaderEvent
from clacks_hw.cards.enroll_walk import (
    DONE,
    FAILED,
    GAVE_UP,
    INTERRUPTED,
    QUIT,
    EnrolmentWalk,
)
from clacks_hw.cards.enrolment import Enrolment, group_cards
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.testing.clock import FakeClock

E = default_edition()
FAULTS = group_cards(E, ["faults"])


def uid(i):
    return f"04A2B3C4D5E6{i:02X}"


class Rig:
    def __init__(self, cards=FAULTS, enrolment=None, resume=False, fail_save=False, timeout=60.0):
        self.clock = FakeClock()
        self.out = []
        self.saves = []
        self.fail_save = fail_save
        self.walk = EnrolmentWalk(E, cards, enrolment or Enrolment(), self.save, self.clock, self.out.append,
                                  resume=resume, offline_timeout_s=timeout, where="cards.toml")

    def save(self, e):
        if self.fail_save:
            raise PermissionError(13, "Permission denied")
        self.saves.append(e.tags)

    def online(self):
        self.walk.reader_event(ReaderEvent(ONLINE, None, None, "reader hub X: firmware 1.0"))

    def tap(self, u, reader=0):
        self.walk.reader_event(ReaderEvent(TAG, reader, u))
        self.walk.reader_event(ReaderEvent(GONE, reader, u))

    def text(self):
        return "\n".join(self.out)


def test_first_prompt_waits_for_the_reader_then_one_tag_per_card_saved_each_time():
    rig = Rig()
    rig.walk.start()
    assert "Waiting for the card reader" in rig.out[-1] and "] Tap" not in rig.text()
    rig.online()
    assert rig.out[-1] == "[1/12] Tap F01 fault report OVERLOAD"
    for i, card in enumerate(FAULTS):
        assert rig.walk.current == card
        rig.tap(uid(i))
        assert len(rig.saves) == i + 1 and rig.saves[-1][uid(i)] == card
    assert rig.walk.state == DONE and rig.walk.exit_status == 0
    assert "Done. 12 of 12 cards enrolled. Saved in cards.toml." in rig.text()
    assert "[12/12] Tap F12" in rig.text()


def test_a_tag_already_on_another_card_is_refused_naming_that_card():
    rig = Rig(enrolment=Enrolment({uid(1): "J05"}))
    rig.walk.start()
    rig.online()
    rig.tap(uid(1))
    assert "Refused: tag 04A2B3C4D5E601 is already J05 jacquard, domino (cost 3)" in rig.out[-1]
    assert rig.walk.current == "F01" and rig.saves == []
    rig.tap(uid(2))
    assert rig.walk.current == "F02" and rig.saves[-1] == {uid(1): "J05", uid(2): "F01"}


def test_enter_skips_b_goes_back_x_forgets_q_stops():
    rig = Rig()
    rig.walk.start()
    rig.online()
    rig.walk.key("")
    assert rig.out[-2] == "Skipped F01." and rig.walk.current == "F02"
    rig.tap(uid(2))
    assert rig.walk.current == "F03"
    rig.walk.key("b")
    assert rig.walk.current == "F02" and "[2/12] Tap F02" in rig.out[-1] and "has tag 04A2B3C4D5E602" in rig.out[-1]
    rig.walk.key("x")
    assert rig.walk.enrolment.tag_for("F02") is None and rig.saves[-1] == {}
    rig.tap(uid(2))  # the same tag again, now free
    assert rig.walk.enrolment.tag_for("F02") == uid(2) and rig.walk.current == "F03"
    rig.walk.key("b")
    rig.walk.key("b")
    rig.walk.key("b")
    assert rig.walk.current == "F01" and "Already at the first card." in rig.text()
    rig.walk.key("zap")
    assert "Unknown key 'zap'" in rig.out[-1]
    rig.walk.key("q")
    assert rig.walk.state == QUIT and rig.walk.exit_status == 0
    assert "Stopped. 1 of 12 cards enrolled." in rig.text() and "Without a tag: F01, F03" in rig.text()


def test_retapping_a_cards_own_tag_keeps_it_and_moves_on():
    rig = Rig(enrolment=Enrolment({uid(0): "F01"}))
    rig.walk.start()
    rig.online()
    assert "[has tag 04A2B3C4D5E600" in rig.out[-1]
    rig.tap(uid(0))
    assert "unchanged" in rig.out[-2] and rig.walk.current == "F02"


def test_resume_starts_at_the_first_card_without_a_tag_and_skips_enrolled_ones():
    done = Enrolment({uid(0): "F01", uid(1): "F02", uid(3): "F04"})
    rig = Rig(enrolment=done, resume=True)
    rig.walk.start()
    rig.online()
    assert rig.walk.current == "F03" and "(3 already have a tag)" in rig.text()
    rig.tap(uid(2))
    assert rig.walk.current == "F05"


def test_resume_with_everything_enrolled_finishes_at_once():
    rig = Rig(enrolment=Enrolment({uid(i): c for i, c in enumerate(FAULTS)}), resume=True)
    rig.walk.start()
    assert rig.walk.state == DONE


def test_reader_offline_waits_a_bounded_time_then_gives_up():
    rig = Rig(timeout=60)
    rig.walk.start()
    rig.online()
    rig.tap(uid(0))
    rig.walk.reader_event(ReaderEvent(OFFLINE, None, None, "lost /dev/ttyACM0"))
    assert "Card reader offline: lost /dev/ttyACM0. Waiting up to 60 s" in rig.out[-1]
    rig.clock.advance(30)
    rig.walk.poll()
    assert not rig.walk.finished
    rig.online()  # back: the walk goes on where it was
    assert rig.walk.current == "F02" and "[2/12] Tap F02" in rig.out[-1]
    rig.clock.advance(1000)
    rig.walk.poll()
    assert not rig.walk.finished  # online: no deadline
    rig.walk.reader_event(ReaderEvent(OFFLINE, None, None, "silent"))
    rig.clock.advance(59.9)
    rig.walk.poll()
    assert not rig.walk.finished
    rig.clock.advance(0.1)
    rig.walk.poll()
    assert rig.walk.state == GAVE_UP and rig.walk.exit_status == 1
    assert "the card reader did not come back within 60 s" in rig.text()
    assert "clacks-hw enroll --resume" in rig.out[-1]


def test_a_reader_that_never_answers_gives_up_too():
    rig = Rig(timeout=10)
    rig.walk.start()
    rig.clock.advance(10)
    rig.walk.poll()
    assert rig.walk.state == GAVE_UP and "did not answer within 10 s" in rig.text()
    assert not rig.saves and "Saved in" not in rig.text()  # nothing written, nothing claimed
    assert "Nothing was written to cards.toml." in rig.out[-2]


def test_the_file_is_said_saved_only_once_it_was():
    rig = Rig()
    rig.walk.start()
    rig.online()
    rig.walk.key("q")
    assert not rig.saves and "Nothing was written to cards.toml." in rig.text()
    rig = Rig()
    rig.walk.start()
    rig.online()
    rig.tap(uid(0))
    rig.walk.key("q")
    assert rig.saves and "1 of 12 cards enrolled. Saved in cards.toml." in rig.text()


def test_interrupt_stops_with_130_and_a_save_failure_stops_with_1():
    rig = Rig()
    rig.walk.start()
    rig.online()
    rig.walk.interrupt()
    assert rig.walk.state == INTERRUPTED and rig.walk.exit_status == 130
    rig = Rig(fail_save=True)
    rig.walk.start()
    rig.online()
    rig.tap(uid(0))
    assert rig.walk.state == FAILED and rig.walk.exit_status == 1
    assert rig.walk.enrolment.tag_for("F01") is None
    assert "cannot save cards.toml: Permission denied" in rig.text()


def test_faults_are_reported_and_bad_uids_ignored():
    rig = Rig()
    rig.walk.start()
    rig.online()
    rig.walk.reader_event(ReaderEvent(FAULT, 1, None, "noanswer"))
    assert "reader 1 reports a fault (noanswer)" in rig.out[-1]
    rig.walk.reader_event(ReaderEvent(TAG, 0, "xyz"))
    assert "unusable UID" in rig.out[-1] and rig.walk.current == "F01"


def test_no_cards_is_an_error():
    with pytest.raises(ValueError):
        EnrolmentWalk(E, [], Enrolment(), lambda e: None, FakeClock(), print)
