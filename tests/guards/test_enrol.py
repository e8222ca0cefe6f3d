"""Guards! Guards! cards get RFID stickers like the jacquards: `clacks-hw enroll --guards FILE`
walks through the edition's volunteers and dragons on a real (emulated) reader hub, and the
enrolment file checks card ids against that edition."""

from __future__ import annotations

import pytest

from clacks_hw.cards.enrolment import EnrolmentError, card_ids, card_label, group_cards, load_enrolment
from clacks_hw.game.guards.edition_files import demo_edition
from tests.tools.test_enroll_cli_hub import Enroll, hub, lift, tap, uid  # noqa: F401 - hub: the fixture


def test_the_cards_a_sticker_can_name_are_the_volunteers_then_the_dragons():
    e = demo_edition()
    assert card_ids(e) == [v.id for v in e.volunteers.values() if v.deck == "lords"] + [
        v.id for v in e.volunteers.values() if v.deck == "man_beast"] + [
        v.id for v in e.volunteers.values() if v.deck == "shades"] + list(e.dragons)
    assert group_cards(e, ["dragons"]) == ["DR1", "DR2", "DR3", "DR4"]
    assert card_label(e, "LL01") == "LL01 Lords & Ladies volunteer Lady Demo"
    with pytest.raises(ValueError, match="use lords, man_beast, shades, dragons"):
        group_cards(e, ["jacquards"])


def test_an_enrolment_naming_a_card_of_no_guards_edition_is_refused(tmp_path):
    path = tmp_path / "guards-cards.toml"
    path.write_text('[tags]\n"04A2B3C4D5E680" = "LL01"\n"04A2B3C4D5E681" = "J05"\n')
    with pytest.raises(EnrolmentError) as exc:
        load_enrolment(path, demo_edition())
    assert "'J05' is not a card of the edition" in str(exc.value) and "volunteers and dragons" in str(exc.value)


def test_enrol_the_dragons_of_the_demo_edition(tmp_path, hub):  # noqa: F811 - the fixture
    run = Enroll(tmp_path, hub.path, "--guards", "demo", "--only", "dragons")
    try:
        run.expect("[1/4] Tap DR1 dragon Demo Wyrm")
        for i in range(4):
            g = tap(hub, i)
            run.expect(f"DR{i + 1} = {uid(i)}, saved.")
            lift(hub, g)
        run.expect("Done. 4 of 4 cards enrolled.")
        assert run.finish() == 0
    finally:
        run.kill()
    assert load_enrolment(run.cards, demo_edition()).tags == {uid(i): f"DR{i + 1}" for i in range(4)}


def test_a_clacks_group_with_guards_is_refused(tmp_path, hub):  # noqa: F811 - the fixture
    run = Enroll(tmp_path, hub.path, "--guards", "demo", "--only", "faults")
    try:
        assert run.finish() == 2
    finally:
        run.kill()


def test_enrol_the_edition_the_board_plays_by_default(tmp_path, hub):  # noqa: F811 - the fixture
    """`--guards` alone: the owner's box the config names (editions.guards), said aloud, and
    its cards are the ones walked through and saved."""
    from tests.guards.owner_box import MARK, write_owner_box

    owner = write_owner_box(tmp_path / "my-box.toml")
    run = Enroll(tmp_path, hub.path, "--guards", "--only", "dragons",
                 config_more=f'[editions]\nguards = "{tmp_path / "my-box.toml"}"\n')
    try:
        run.expect(f"Guards! Guards! edition the board plays: {MARK}Box (editions.guards = {tmp_path / 'my-box.toml'})")
        run.expect(f"[1/4] Tap DR1 dragon {owner.dragons['DR1'].name}")
        g = tap(hub, 0)
        run.expect(f"DR1 = {uid(0)}, saved.")
        lift(hub, g)
        run.send("q")
        assert run.finish() == 0
    finally:
        run.kill()
    assert load_enrolment(run.cards, owner).tags == {uid(0): "DR1"}


def test_enrol_alone_says_the_board_plays_the_made_up_demo(tmp_path, hub):  # noqa: F811 - the fixture
    run = Enroll(tmp_path, hub.path, "--guards", "--only", "dragons")
    try:
        run.expect("Guards! Guards! edition the board plays: Demo (made up) (the one Guards! Guards! ships, "
                   "made up for trying the board: set editions.guards to your box's file)")
        run.expect("[1/4] Tap DR1 dragon Demo Wyrm")
        run.send("q")
        assert run.finish() == 0
    finally:
        run.kill()


def test_enrolling_a_file_the_board_does_not_play_says_how_to_play_it(tmp_path, hub):  # noqa: F811 - the fixture
    from tests.guards.owner_box import MARK, write_owner_box

    write_owner_box(tmp_path / "my-box.toml")
    run = Enroll(tmp_path, hub.path, "--guards", str(tmp_path / "my-box.toml"), "--only", "dragons")
    try:
        run.expect(f"Note: the board plays another edition, Demo (made up), and checks these stickers against it: "
                   f"to play {MARK}Box on the board, set [editions] guards = \"{tmp_path / 'my-box.toml'}\" in the config.")
        run.send("q")
        assert run.finish() == 0
    finally:
        run.kill()
