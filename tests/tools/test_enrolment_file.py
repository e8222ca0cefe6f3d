"""The enrolment file: round trip, validation of the whole file, atomic replacement."""

import os

import pytest

from clacks_hw.cards.enrolment import (
    Enrolment,
    EnrolmentConflict,
    EnrolmentError,
    card_ids,
    group_cards,
    load_enrolment,
    normalise_uid,
    save_enrolment,
)
from clacks_hw.game.clacks.edition_files import default_edition

E = default_edition()


def write(tmp_path, text):
    p = tmp_path / "cards.toml"
    p.write_text(text)
    return p


def test_round_trip_keeps_every_tag_in_card_order(tmp_path):
    e = Enrolment({"0a00b1c2d3": "W:GUILD", "04A2B3C4D5E680": "J05", "11223344": "F03"})
    path = tmp_path / "sub" / "cards.toml"
    save_enrolment(path, e, E)
    text = path.read_text()
    assert text.index('"J05"') < text.index('"F03"') < text.index('"W:GUILD"')
    assert "# SPARE SHUTTER" not in text or "fault report SPARE SHUTTER" in text
    back = load_enrolment(path, E)
    assert back == e and back.edition == E.name
    assert back.card_for("04a2b3c4d5e680") == "J05"
    assert back.card_for("0A00B1C2D3") == "W:GUILD"
    assert back.tag_for("F03") == "11223344"
    assert back.card_for("DEADBEEF") is None and back.card_for("not hex") is None
    assert back.tag_for("J01") is None


def test_default_edition_has_112_cards_in_four_groups():
    assert len(card_ids(E)) == 112
    assert len(group_cards(E, ["jacquards"])) == 48
    assert group_cards(E, ["faults"]) == [f"F{i:02d}" for i in range(1, 13)]
    assert len(group_cards(E, ["reports"])) == 16 and group_cards(E, ["reports"])[0] == "I01"
    assert group_cards(E, ["words"])[0] == "W:AHMED"
    assert len(group_cards(E, ["jacquards", "faults", "reports"])) == 76
    with pytest.raises(ValueError, match="unknown card group"):
        group_cards(E, ["decks"])


@pytest.mark.parametrize("uid", ["04a2b3c4d5e680", "DEADBEEF", "0A00B1C2D3", "00" * 10])
def test_valid_uids_normalise_upper_case(uid):
    assert normalise_uid(uid) == uid.upper()


@pytest.mark.parametrize("uid,why", [("XYZ12345", "not hexadecimal"), ("ABC", "3 hex digits"),
                                     ("DEADBEEF00AA", "12 hex digits"), ("", "not hexadecimal")])
def test_malformed_uids_say_why(uid, why):
    with pytest.raises(ValueError, match=why):
        normalise_uid(uid)


def test_every_problem_is_reported_with_line_key_and_fix(tmp_path):
    path = write(tmp_path, """\
edition = "Clacks"

[tags]
"04A2B3C4D5E680" = "J05"
"GGGG0000" = "J06"
"11223344" = "J99"
"55667788" = "J05"
"04a2b3c4d5e680" = "J07"
"99AABBCC" = 7
""")
    with pytest.raises(EnrolmentError) as info:
        load_enrolment(path, E)
    err = info.value
    text = str(err)
    assert text.startswith(f"{path}: 5 problems in the card enrolment:")
    lines = {p[0]: p for p in err.problems}
    assert set(lines) == {5, 6, 7, 8, 9}
    assert "not a tag UID" in lines[5][2] and 'tags."GGGG0000"' == lines[5][1]
    assert "'J99' is not a card" in lines[6][2] and "did you mean" in lines[6][3]
    assert "J05 already has the tag 04A2B3C4D5E680" in lines[7][2] and "clacks-hw enroll --only jacquards" in lines[7][3]
    assert "the same tag" in lines[8][2]
    assert "must be a string" in lines[9][2]
    assert "line 6: tags.\"11223344\": 'J99' is not a card" in text
    assert "fix:" in text


def test_unknown_keys_and_bad_toml_and_missing_file(tmp_path):
    with pytest.raises(EnrolmentError, match="unknown key"):
        load_enrolment(write(tmp_path, 'tag = 1\n[tags]\n'), E)
    with pytest.raises(EnrolmentError, match="not valid TOML"):
        load_enrolment(write(tmp_path, '[tags]\n04A2 = = "J01"\n'), E)
    missing = tmp_path / "none.toml"
    with pytest.raises(EnrolmentError, match="file not found") as info:
        load_enrolment(missing, E)
    assert "clacks-hw enroll" in str(info.value)
    assert len(load_enrolment(missing, E, missing_ok=True)) == 0


def test_a_word_not_in_the_edition_is_refused(tmp_path):
    with pytest.raises(EnrolmentError, match="'W:ZZZZZ' is not a card"):
        load_enrolment(write(tmp_path, '[tags]\n"DEADBEEF" = "W:ZZZZZ"\n'), E)


def test_assign_refuses_a_tag_of_another_card_and_replaces_a_cards_old_tag():
    e = Enrolment({"DEADBEEF": "J01"})
    with pytest.raises(EnrolmentConflict) as info:
        e.assign("deadbeef", "J02")
    assert info.value.other == "J01"
    e.assign("CAFEBABE", "J01")
    assert e.card_for("DEADBEEF") is None and e.tag_for("J01") == "CAFEBABE" and len(e) == 1
    assert e.forget("J01") == "CAFEBABE" and len(e) == 0


def test_a_failed_save_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "cards.toml"
    save_enrolment(path, Enrolment({"DEADBEEF": "J01"}), E)
    before = path.read_text()

    def boom(src, dst, **dir_fds):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "rename", boom)
    with pytest.raises(OSError):
        save_enrolment(path, Enrolment({"DEADBEEF": "J01", "CAFEBABE": "J02"}), E)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.toml"]
