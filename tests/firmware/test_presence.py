"""Presence tracking in the real hub loop: TAG once, nothing while resting, GONE once."""

from tests.fakes.reader_hub_rig import HubRig

NTAG = bytes.fromhex("04A2B3C4D5E680")
OTHER = bytes.fromhex("04010203040506")


def tags_and_gones(lines):
    return [line for line in lines if line[0] in ("TAG", "GONE")]


def test_resting_card_is_one_tag_and_removal_one_gone():
    rig = HubRig(gone_after=3)
    rig.start()
    rig.chips[0].place(NTAG)
    assert tags_and_gones(rig.steps(1)) == [("TAG", "0", "04A2B3C4D5E680")]
    assert tags_and_gones(rig.steps(500)) == []  # five seconds resting
    rig.chips[0].remove()
    assert tags_and_gones(rig.steps(2)) == []  # not yet: 2 misses < 3
    assert tags_and_gones(rig.steps(1)) == [("GONE", "0")]
    assert tags_and_gones(rig.steps(50)) == []


def test_card_bouncing_at_the_edge_of_the_field_is_still_one_tap():
    rig = HubRig(gone_after=3)
    rig.start()
    rig.chips[0].place(NTAG)
    # In, out, out, in, out, in, in, out, out, in ...: never 3 misses in a row.
    rig.chips[0].bounce([True, False, False, True, False, True, True, False, False, True] * 5)
    lines = tags_and_gones(rig.steps(60))
    assert lines == [("TAG", "0", "04A2B3C4D5E680")]


def test_card_that_bounces_out_for_longer_is_gone_then_a_new_tap():
    rig = HubRig(gone_after=3)
    rig.start()
    rig.chips[0].place(NTAG)
    rig.chips[0].bounce([True, False, False, False, True])
    assert tags_and_gones(rig.steps(6)) == [("TAG", "0", "04A2B3C4D5E680"), ("GONE", "0"),
                                           ("TAG", "0", "04A2B3C4D5E680")]


def test_two_readers_at_once_are_independent():
    rig = HubRig(readers=2, gone_after=3)
    rig.start()
    rig.chips[0].place(NTAG)
    rig.chips[1].place(OTHER)
    assert sorted(tags_and_gones(rig.steps(1))) == [("TAG", "0", "04A2B3C4D5E680"), ("TAG", "1", "04010203040506")]
    assert tags_and_gones(rig.steps(100)) == []
    rig.chips[1].remove()
    assert tags_and_gones(rig.steps(5)) == [("GONE", "1")]
    assert rig.hub.slots[0].presence.uid == NTAG


def test_swapping_cards_quickly_reports_gone_then_the_new_tag():
    rig = HubRig(gone_after=3)
    rig.start()
    rig.chips[0].place(NTAG)
    rig.steps(3)
    rig.chips[0].place(OTHER)
    assert tags_and_gones(rig.steps(1)) == [("GONE", "0"), ("TAG", "0", "04010203040506")]


def test_card_resting_at_boot_is_reported_between_hello_and_hb():
    rig = HubRig()
    rig.chips[0].place(NTAG)
    lines = rig.start()
    assert [line[0] for line in lines] == ["HELLO", "TAG", "HB"]
