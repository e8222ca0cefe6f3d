"""A board told to play the owner's own Guards! Guards! box (config editions.guards): the
daemon's real loop on the fake clock, the reader hub's firmware on emulated readers, mock
buttons. A game set up on the board's own buttons plays with the owner's values (a volunteer
only that edition has is shown on its holder's phone, one tapped at the reader is named in the
log by the owner's name for it), keeps them after a power cut even though the file changed
meanwhile (and `clacks-hw replay` too), and a sticker enrolled as a card the edition does not
have is named at start with the fix."""

from __future__ import annotations

import json
import logging

from click.testing import CliRunner

from clacks_hw.cards.enrolment import Enrolment, card_ids, save_enrolment
from clacks_hw.cli import cli
from clacks_hw.daemon.cards import GUARDS_FILE
from clacks_hw.game.core.registry import game_for
from clacks_hw.game.guards.edition_files import demo_edition
from clacks_hw.testing.cards import uid_of
from clacks_hw.testing.fake_time_board import FakeTimeBoard
from tests.guards.owner_box import DEMO_ID, MARK, OWN_ID, write_owner_box

GUARDS = game_for("guards")


def owners_board(tmp_path, edition, box_path):
    """A board whose journal folder holds the owner's box enrolled, set to play it."""
    journals = tmp_path / "journals"
    journals.mkdir(exist_ok=True)
    save_enrolment(journals / GUARDS_FILE, Enrolment({uid_of(c): c for c in card_ids(edition)}), edition)
    return FakeTimeBoard(tmp_path, overrides={"editions.guards": str(box_path)})


def set_up_guards(board) -> None:
    """PLAY opens the set-up, NEXT steps to Guards! Guards!, PLAY through its pages starts it."""
    board.click("PLAY")
    menu = lambda: board.controller.current.menu  # noqa: E731
    for _ in range(12):
        if menu().mode == "guards":
            break
        board.click("NEXT")
    assert menu().mode == "guards"
    for _ in range(6):
        board.click("PLAY")
        if board.controller.screen == "game":
            return
    raise AssertionError(f"the set-up did not start the game: {board.controller.screen}")


def test_a_game_set_up_on_the_board_plays_the_owners_box_and_keeps_it_after_a_power_cut(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="clacks_hw")
    box_path = tmp_path / "my-box.toml"
    owner = write_owner_box(box_path)
    board = owners_board(tmp_path, owner, box_path)
    try:
        set_up_guards(board)
        state = board.controller.state
        assert state.edition.name == f"{MARK}Box" and not state.edition.made_up
        assert board.status()["position"]["edition"] == f"{MARK}Box"
        [holder] = [p.seat for p in state.players if OWN_ID in p.hand]  # dealt the owner's own card
        phone = json.dumps([s.lines for s in GUARDS.seat_sections(state, holder)])
        assert f"{MARK}Lady Demo" in phone  # only the owner's box has it, under that name
        assert all(owner.volunteers[c].name in phone for c in state.player(holder).hand)
        free = next(c for c in owner.volunteers if all(c not in p.hand for p in state.players))
        board.tap(free)  # a volunteer card at the board's reader, tapped by the turn's player
        assert f"tries to recruit {owner.volunteers[free].name}" in caplog.text
        assert owner.volunteers[free].name.startswith(MARK)
        board.click("PLAY")  # in the quadrant offered: the Charm test waits
        assert board.journal_actions()[-1] | {"quadrant": None} == {
            "seat": state.seat, "act": "recruit", "card": free, "quadrant": None}
        assert board.controller.state.pending.kind == "charm"
        actions = board.journal_actions()
        journal = board.journal_path()
    finally:
        board.close()  # the power goes: only what is on disk is left

    write_owner_box(box_path, mark="Moved ")  # the owner edits the file before the power is back
    caplog.clear()
    again = owners_board(tmp_path, write_owner_box(box_path, mark="Moved "), box_path)
    try:
        assert again.controller.screen == "game" and again.journal_path() == journal
        resumed = again.controller.state
        assert resumed.edition.source == owner.source and resumed.edition.name == f"{MARK}Box"
        assert again.journal_actions() == actions
        assert again.status()["position"]["edition"] == f"{MARK}Box"
    finally:
        again.close()
    replayed = CliRunner().invoke(cli, ["replay", "--json", str(journal)])  # and replayed, file changed or not
    assert replayed.exit_code == 0, replayed.output
    position = json.loads(replayed.output)
    assert position["edition"] == f"{MARK}Box" and position["made_up"] is False


def test_a_sticker_enrolled_as_a_card_the_edition_lacks_is_named_at_start(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="clacks_hw")
    box_path = tmp_path / "my-box.toml"
    write_owner_box(box_path)
    journals = tmp_path / "journals"
    journals.mkdir()
    demo = demo_edition()  # enrolled against the demo, before the owner's box was configured
    save_enrolment(journals / GUARDS_FILE, Enrolment({uid_of(c): c for c in card_ids(demo)}), demo)
    board = FakeTimeBoard(tmp_path, overrides={"editions.guards": str(box_path)})
    board.close()
    [said] = [r.getMessage() for r in caplog.records if GUARDS_FILE in r.getMessage()]
    assert f"'{DEMO_ID}' is not a card of the edition '{MARK}Box'" in said
    assert f"editions.guards = {box_path}" in said and "clacks-hw enroll --guards" in said
