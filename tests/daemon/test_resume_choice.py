"""After a restart the board says exactly what it resumed, what it refused and why (a log line
and a notice on the board), and never goes back to an older game over a newer one unless the
owner says so on the board: PLAY on the resume question resumes the older game, BACK starts
fresh. Journals named the old way are still found, resumed, listed and replayed."""

from __future__ import annotations

import json
import logging
import random

from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.config.load import load_config
from clacks_hw.daemon import app, renderer
from clacks_hw.daemon.screens import admin
from clacks_hw.daemon.events import AdminCommand
from clacks_hw.daemon.renderer import render
from clacks_hw.daemon.session import GameSession, JournalStore
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import new_game
from clacks_hw.journal import JournalWriter, encode_lines, make_header, read_journal
from clacks_hw.testing.clock import FakeClock
from clacks_hw.testing.recording_leds import RecordingLeds
from clacks_hw.web.public import status_json
from clacks_hw.web.snapshot import SnapshotBox, StatusPublisher
from tests.fakes.daemon_rig import EDITION

WALL = 1_750_000_000.0


def config(seed: int) -> ClacksConfig:
    return ClacksConfig(("S", "N"), deal_words(EDITION, ("S", "N"), 1, seed), seed=seed)


def play(session, moves: int | None, seed: int):
    """``moves`` bot actions (None: to the end); the journal closed; its final state."""
    rng = random.Random(seed)
    while not session.state.over and (moves is None or session.actions < moves):
        session.apply(bot_action(session.state, rng))
    session.close()
    return session.state


def game(folder, seed: int, moves: int | None, at: float = WALL):
    session = JournalStore(folder, EDITION, clock=FakeClock(at)).new_session(config(seed))
    return session.path, play(session, moves, seed)


def old_named(folder, name: str, seed: int, moves: int | None):
    """A journal named as boards named them before numbers (the seed's last five digits)."""
    writer = JournalWriter.create(folder / name, make_header(EDITION, config(seed), created="2025-06-01T19:30:00+00:00"))
    return folder / name, play(GameSession(new_game(EDITION, config(seed)), writer), moves, seed)


def alter(path, line: int) -> None:
    """Change one action in the middle of a journal, as an editor would (its crc now wrong)."""
    lines = path.read_bytes().splitlines(keepends=True)
    obj = json.loads(lines[line - 1])
    obj["seat"] = "N" if obj["seat"] == "S" else "S"
    lines[line - 1] = json.dumps(obj, separators=(",", ":")).encode() + b"\n"
    path.write_bytes(b"".join(lines))


class Board:
    """The daemon as `clacks-hw run` builds it (LEDs recorded, mock pins), on a fake clock."""

    def __init__(self, folder) -> None:
        cfg = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                     "journal.dir": str(folder), "status.port": 0}, check_devices=False)
        self.clock = FakeClock(WALL + 3600)
        self.daemon = app.Daemon(cfg, seams=app.Seams(clock=self.clock, led_backend=RecordingLeds(self.clock)))
        self.ctrl = self.daemon.controller

    def press(self, name: str) -> None:
        self.clock.advance(0.1)
        self.ctrl.handle(ButtonEvent("press", name, self.clock.now()), self.clock.now())
        self.ctrl.handle(ButtonEvent("release", name, self.clock.now(), 0.05), self.clock.now())

    def status(self) -> dict:
        return status_json(StatusPublisher(SnapshotBox(), reader=False).publish(self.ctrl, None, self.clock.now()))

    def close(self) -> None:
        self.daemon.close()


def test_an_altered_newest_journal_is_refused_and_the_older_game_waits_for_the_owner(tmp_path, caplog):
    older, older_state = game(tmp_path, 3, 6)
    newer, _ = game(tmp_path, 4, 8)
    alter(newer, 4)
    board = Board(tmp_path)
    try:
        assert board.ctrl.screen == "resume" and board.ctrl.session is None  # not the older game, silently
        notice = board.ctrl.message
        assert f"Not resumed: the newest journal, {newer.name}: line 4:" in notice and "altered" in notice
        assert older.name in notice and "PLAY resumes it" in notice and "BACK starts fresh" in notice
        assert f"not resuming {newer}: line 4:" in caplog.text
        page = board.status()
        assert page["screen"] == "resume" and page["screen_label"] == "Resume an older game?"
        assert page["notice"] == notice and page["position"] is None
        t = board.ctrl.screen_since
        lit = render(board.ctrl.view(t), t)
        assert [lit.lamp(i) != (0, 0, 0) for i in range(16)] == [bool(older_state.board >> i & 1) for i in range(16)]
        dark = render(board.ctrl.view(t + renderer.RESUME_BLINK_S * 0.75), t + renderer.RESUME_BLINK_S * 0.75)
        assert all(dark.lamp(i) == (0, 0, 0) for i in range(16))  # the older game blinks: a question

        for name in ("R1", "NEXT", "TURN"):
            board.press(name)
        assert board.ctrl.screen == "resume"  # only PLAY or BACK answers
        refused = admin.run(AdminCommand("new_game", {"mode": "competitive"}), board.ctrl, None, board.clock.now())
        assert "answer on the board first" in refused and board.ctrl.screen == "resume"  # nor the phone
        board.press("PLAY")
        assert board.ctrl.screen == "game" and board.ctrl.session.state == older_state
        assert f"Resumed the game in {older.name}" in board.ctrl.message
        assert not newer.exists() and newer.with_name(newer.name + ".refused").exists()  # set aside, kept
    finally:
        board.close()
    again = Board(tmp_path)  # the next restart goes on with the game the owner chose, asking nothing
    try:
        assert again.ctrl.screen == "game" and again.ctrl.session.state == older_state
        assert again.ctrl.session.path == older
    finally:
        again.close()
    listed = CliRunner().invoke(cli, ["history", "--json", "--dir", str(tmp_path)])
    states = {g["path"].rsplit("/", 1)[1]: g["state"] for g in json.loads(listed.output)["games"]}
    assert states[newer.name + ".refused"] == "unreadable" and states[older.name] == "in play"  # listed still


def test_back_starts_fresh_and_the_older_game_is_marked_abandoned(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    older, _ = game(tmp_path, 3, 6)
    newer, _ = game(tmp_path, 4, 8)
    alter(newer, 5)
    board = Board(tmp_path)
    try:
        board.press("BACK")
        assert board.ctrl.screen == "attract" and board.ctrl.session is None
        assert not older.exists() and older.with_name(older.name + ".abandoned").exists()
        assert "marked abandoned" in board.ctrl.message and "the owner started fresh" in caplog.text
    finally:
        board.close()
    again = Board(tmp_path)  # the refused journal is still the newest: said again, nothing to offer
    try:
        assert again.ctrl.screen == "refused" and newer.name in again.ctrl.message
        assert "The board starts fresh" in again.ctrl.message and again.status()["screen_label"] == "Journal not resumed"
        again.press("PLAY")
        assert again.ctrl.screen == "attract"
    finally:
        again.close()


def test_a_journal_of_another_format_is_refused_aloud(tmp_path, caplog):
    path, _ = game(tmp_path, 5, 4)
    header, *actions = [json.loads(line) for line in path.read_text().splitlines()]
    path.write_bytes(encode_lines({**header, "format": 9}, *actions))  # its checksums all good
    board = Board(tmp_path)
    try:
        assert board.ctrl.screen == "refused"
        assert "format 9 was written by another version of clacks-hw" in board.ctrl.message
        assert f"not resuming {path}" in caplog.text and "format 9" in caplog.text
        frame = render(board.ctrl.view(board.ctrl.screen_since), board.ctrl.screen_since)
        assert frame.seat("S") == (255, 0, 0)  # the seat indicators blink red: something was refused
        board.clock.advance(121.0)
        board.ctrl.tick(board.clock.now())
        assert board.ctrl.screen == "attract" and "format 9" in board.ctrl.message  # the notice stays
    finally:
        board.close()


def test_a_newer_game_that_ended_never_brings_back_an_older_one(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    older, _ = old_named(tmp_path, "game-20250601-193000-12345.jsonl", 3, 6)  # named before numbers
    newer, final = game(tmp_path, 4, None)
    assert final.over
    board = Board(tmp_path)
    try:
        assert board.ctrl.screen == "attract" and board.ctrl.session is None
        assert f"the newest game ({newer.name}) is over" in caplog.text
    finally:
        board.close()
    assert older.exists()  # left as it was


def test_journals_named_the_old_way_are_resumed_listed_and_replayed(tmp_path):
    path, state = old_named(tmp_path, "game-20250601-193000-12345.jsonl", 7, 5)
    board = Board(tmp_path)
    try:
        assert board.ctrl.screen == "game" and board.ctrl.session.state == state
        assert board.ctrl.message == (f"Resumed the game in {path.name} after 5 action(s): turn "
                                      f"{state.turn.number}, {state.turn.seat} to act.")
    finally:
        board.close()
    listed = CliRunner().invoke(cli, ["history", "--json", "--dir", str(tmp_path)])
    [g] = json.loads(listed.output)["games"]
    assert g["path"] == str(path) and g["state"] == "in play" and g["actions"] == 5
    shown = CliRunner().invoke(cli, ["replay", "--json", str(path)])
    assert shown.exit_code == 0 and json.loads(shown.output)["actions"] == 5
    assert len(read_journal(path).entries) == 5

    later, later_state = game(tmp_path, 8, 3, at=WALL - 10**8)  # a numbered name, stamped by a clock set wrong
    board = Board(tmp_path)
    try:  # the board's own count says which game is newer, whatever the clocks said
        assert board.ctrl.session.path == later and board.ctrl.session.state == later_state
    finally:
        board.close()


def test_a_new_game_after_the_resumed_one_is_not_said_to_be_resumed(tmp_path):
    """The notice "Resumed the game in ..." is about the game resumed: abandoned and a new one
    started (from the admin page, no action played yet), the status page shows it no more."""
    path, _ = game(tmp_path, 7, 5)
    board = Board(tmp_path)
    try:
        assert board.status()["notice"].startswith(f"Resumed the game in {path.name}")
        assert board.ctrl.abandon(board.clock.now())
        why = admin.run(AdminCommand("new_game", {"mode": "competitive"}), board.ctrl, None, board.clock.now())
        assert why is None and board.ctrl.screen == "game" and board.ctrl.session.path != path
        assert board.ctrl.session.actions == 0 and board.status()["notice"] == ""
    finally:
        board.close()
