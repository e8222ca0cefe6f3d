"""The emulated RDM6300 on a real pty, read by the host's real driver (pyserial in its thread):
a tag in the field is one tap, taking it away is one GONE, and unplugging drops the port."""

import queue

from clacks_hw.drivers.card_reader import CardReader
from clacks_hw.drivers.reader_events import GONE, TAG
from clacks_hw.testing.rdm6300 import EmulatedRdm6300, em4100_uid_of


def next_event(q, kinds=(TAG, GONE)):
    while True:
        event = q.get(timeout=5)
        if event.kind in kinds:
            return event


def test_tag_in_the_field_is_one_tap_and_leaving_is_gone():
    uid = em4100_uid_of("J05")
    with EmulatedRdm6300(repeat_s=0.02) as rdm:
        events = queue.Queue()
        reader = CardReader(rdm.path, events, protocol="rdm6300", timeout=0.2).start()
        try:
            rdm.place_card(uid)
            tap = next_event(events)
            assert (tap.kind, tap.uid) == (TAG, uid)
            rdm.remove_card()
            assert next_event(events).kind == GONE
            assert rdm.frames_sent >= 1
            assert events.empty() or all(e.kind not in (TAG, GONE) for e in list(events.queue))
        finally:
            reader.stop()


def test_unplug_removes_the_device_path_and_replug_brings_it_back(tmp_path):
    import os

    with EmulatedRdm6300(link_dir=tmp_path) as rdm:
        assert os.path.exists(rdm.path)
        rdm.unplug()
        assert not os.path.lexists(rdm.path)
        rdm.replug()
        assert os.path.exists(rdm.path) and os.path.realpath(rdm.path).startswith("/dev/pts/")
