"""A tag the enrolment does not know is refused where cards are read, whatever the screen:
a sentence naming the reader, the tag (shortened) and how to enrol it, on the board (its
message and red flash) and in the log. A tag id typed at the virtual board's card prompt is
read through the enrolment too, never taken for a card."""

import logging

from clacks_hw.daemon.cards import short_uid
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig, uid_of

STRANGER = "04A1B2C3D4E5F6"  # 7 bytes, in no enrolment


def read(rig, uid, reader=0):
    rig.clock.advance(0.1)
    rig.ctrl.handle(ReaderEvent("tag", reader, uid), rig.clock.now())


def test_unenrolled_tag_in_a_game_is_refused_with_reader_tag_and_the_fix(tmp_path, caplog):
    rig = Rig(tmp_path, FakeClock(0.0), reader_seats=["S", "N"])
    rig.start_game()
    before = rig.state
    with caplog.at_level(logging.WARNING, logger="clacks_hw.daemon.controller"):
        read(rig, STRANGER, reader=1)
    message = rig.ctrl.message
    assert message.startswith("The reader at seat N read tag 04A1\u2026E5F6,"), message
    assert STRANGER not in message  # shortened, so it fits the board's line
    assert "clacks-hw enroll --resume" in message and "stop the board" in message
    assert rig.flashing_red and rig.state is before
    assert any(message in r.getMessage() for r in caplog.records)
    assert f"! {message}" in rig.reports


def test_shared_reader_and_setup_screen(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    assert rig.ctrl.screen == "setup"
    read(rig, STRANGER.lower(), reader=2)
    assert rig.ctrl.message.startswith("Reader 2 read tag 04A1\u2026E5F6,")
    assert rig.ctrl.screen == "setup" and rig.flashing_red


def test_tag_id_typed_at_the_card_prompt_goes_through_the_enrolment(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    rig.tap_id(STRANGER)  # not a card: refused as an unenrolled tag, not "means nothing"
    assert rig.ctrl.message.startswith("The card reader read tag 04A1\u2026E5F6,"), rig.ctrl.message
    rig.press("PLAY")  # mode
    rig.press("PLAY")  # variants
    rig.press("PLAY")  # seats: now the words page
    rig.tap_id(uid_of("W:GUILD"))  # an enrolled tag's id: its card
    assert "words GUILD" in rig.reports[-1], rig.reports[-3:]


def test_short_uid():
    assert short_uid("04a1b2c3") == "04A1B2C3"
    assert short_uid("04A1B2C3D4E5F60718293A") == "04A1\u2026293A"
