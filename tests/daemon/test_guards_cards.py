"""The board reads both enrolments: the Clacks cards (cards.toml) and the Guards! Guards! box's
volunteers (guards-cards.toml, `clacks-hw enroll --guards demo`), so a volunteer's sticker tapped
at a reader is that volunteer; a board with no Guards! Guards! enrolment reads the Clacks one as
before."""

from __future__ import annotations

from clacks_hw.cards.enrolment import Enrolment, save_enrolment
from clacks_hw.daemon.cards import GUARDS_FILE, load_board_cards
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.guards.edition_files import demo_edition


def test_a_volunteers_sticker_is_that_volunteer_and_a_jacquards_is_that_jacquard(tmp_path):
    clacks, box = default_edition(), demo_edition()
    jacquard = next(iter(clacks.jacquards))
    volunteer = next(iter(box.volunteers))
    save_enrolment(tmp_path / "cards.toml", Enrolment({"04A1B2C3D4E5F6": jacquard}), clacks)
    cards = load_board_cards(tmp_path, clacks)
    assert cards.card_for("04A1B2C3D4E5F6") == jacquard and cards.card_for("04FFFFFFFFFFFF") is None
    save_enrolment(tmp_path / GUARDS_FILE, Enrolment({"04FFFFFFFFFFFF": volunteer}), box)
    cards = load_board_cards(tmp_path, clacks)
    assert cards.card_for("04FFFFFFFFFFFF") == volunteer and cards.card_for("04a1b2c3d4e5f6") == jacquard
