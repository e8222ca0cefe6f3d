"""Nothing waiting for the hall is dropped: an entry the board cannot read is set aside by itself
(and taken back once it reads), an outbox of any size is read line by line, a torn last line
costs nothing (its game is read again from its journal), a lost log is rebuilt from the
journals, a receipt is an appended line (never a rewrite of the rest), a link at the log's name
is never followed, something else at the folder's name is a sentence with its fix, and the
outbox of before (one JSON object, refused over 4 MiB) is taken over."""

from __future__ import annotations

import json
import logging
import os

import msgspec
import pytest

from clacks_hw.mqtt import schema
from clacks_hw.mqtt.client import LinkSetupError
from clacks_hw.mqtt.outbox import Outbox
from clacks_hw.mqtt.outbox_file import DIR, LOG, OLD, SET_ASIDE, SHOW, entry_line, show_line
from clacks_hw.mqtt.signing import SigningKey
from tests.mqtt.rig import EDITION, play_journal

MIB = 1 << 20


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and "hall outbox" in r.getMessage()]


def copies(tmp_path, n: int) -> list[schema.Result]:
    """``n`` results as a board's outbox holds them: one real game's, under ids of their own."""
    folder = tmp_path / "one"
    box = Outbox(folder, EDITION, SigningKey.generate().public)
    play_journal(folder, 1)
    [real] = box.scan()
    return [msgspec.structs.replace(real, game=f"n{i}-{i:08x}") for i in range(1, n + 1)]


def journal(i: int) -> str:
    return f"game-20260101-000000-n{i:04d}.jsonl"


def test_one_entry_the_board_cannot_read_is_set_aside_and_every_other_game_still_waits(tmp_path, caplog):
    key = SigningKey.generate().public
    box = Outbox(tmp_path, EDITION, key)
    paths = [play_journal(tmp_path, seed) for seed in (1, 2, 3)]
    ids = [r.game for r in box.scan()]
    log_file = tmp_path / DIR / LOG
    lines = log_file.read_text().splitlines(keepends=True)
    # A game whose plugin was uninstalled since (its mode is no longer one the schema knows), and
    # a line damaged on the card; the game's journal went with its plugin.
    gone = next(i for i, ln in enumerate(lines) if ids[1] in ln)
    lines[gone] = lines[gone].replace('"competitive"', '"uninstalled-game"')
    os.unlink(next(p for p in paths if p.name in lines[gone]))
    log_file.write_text("".join(lines[:2]) + "\x00\x01 not a line of the outbox\n" + "".join(lines[2:]))

    caplog.clear()
    again = Outbox(tmp_path, EDITION, key)
    assert sorted(again.waiting) == sorted([ids[0], ids[2]]) and again.set_aside == 2
    [said] = warnings(caplog)  # once, for both, naming where they are
    assert "2 entries set aside" in said and str(tmp_path / DIR / SET_ASIDE) in said and "2 game(s) wait" in said
    aside = (tmp_path / DIR / SET_ASIDE).read_text()
    assert lines[gone] in aside and "not a line of the outbox" in aside  # kept as they were
    assert oct((tmp_path / DIR / SET_ASIDE).stat().st_mode & 0o777) == "0o600"
    assert again.scan() == []  # its journal is gone: nothing else to read

    caplog.clear()
    assert sorted(Outbox(tmp_path, EDITION, key).waiting) == sorted([ids[0], ids[2]])
    assert warnings(caplog) == []  # said once, not at every start

    # The plugin is back: the entry reads again, is taken back and waits; the damaged line stays.
    (tmp_path / DIR / SET_ASIDE).write_text(aside.replace('"uninstalled-game"', '"competitive"'))
    back = Outbox(tmp_path, EDITION, key)
    assert sorted(back.waiting) == sorted(ids) and back.set_aside == 1
    assert "taken back" in warnings(caplog)[0]
    assert (tmp_path / DIR / SET_ASIDE).read_text() == "\x00\x01 not a line of the outbox\n"


def test_an_outbox_far_over_4_mib_is_read_line_by_line_and_a_receipt_is_one_appended_line(tmp_path):
    key = SigningKey.generate().public
    results = copies(tmp_path, 20_000)
    (tmp_path / DIR).mkdir(mode=0o700)
    (tmp_path / DIR / LOG).write_text(show_line(key, 1) + "".join(entry_line(r.game, journal(i), r)
                                                               for i, r in enumerate(results, 1)))
    assert (tmp_path / DIR / LOG).stat().st_size > 4.5 * MIB
    box = Outbox(tmp_path, EDITION, key)
    assert len(box.waiting) == 20_000 and box.since == 1 and box.set_aside == 0
    before = (tmp_path / DIR / LOG).stat()
    for start in range(0, 19_000, 1000):  # receipts name at most 1024 games
        assert box.settle([r.game for r in results[start:start + 1000]]) == 1000
    after = (tmp_path / DIR / LOG).stat()
    assert after.st_ino == before.st_ino and after.st_size > before.st_size  # appended, not rewritten
    again = Outbox(tmp_path, EDITION, key)
    assert sorted(again.waiting) == sorted(r.game for r in results[19_000:])
    assert again.done >= {r.game for r in results[:19_000]}


def test_an_outbox_of_before_over_4_mib_with_one_bad_entry_is_taken_over(tmp_path, caplog):
    """The board upgraded with 14,000 games waiting in hall-outbox.json (refused whole over 4 MiB,
    and whole for one entry the schema no longer reads): all but that one still wait."""
    key = SigningKey.generate().public
    results = copies(tmp_path, 14_000)
    waiting = {r.game: schema.to_data(r) for r in results}
    waiting["n14001-0000aaaa"] = dict(waiting[results[0].game], game="n14001-0000aaaa", mode="uninstalled-game")
    known = {journal(i): g for i, g in enumerate(waiting, 1)}
    old = tmp_path / OLD
    old.write_text(json.dumps({"v": 1, "key": key, "since": 1, "known": known, "done": [], "waiting": waiting},
                              indent=1, sort_keys=True))
    assert old.stat().st_size > 4 * MIB
    caplog.clear()
    box = Outbox(tmp_path, EDITION, key)
    assert sorted(box.waiting) == sorted(r.game for r in results) and box.since == 1 and box.set_aside == 1
    [said] = warnings(caplog)
    assert "taken over" in said and "1 entry set aside" in said
    assert "uninstalled-game" in (tmp_path / DIR / SET_ASIDE).read_text() and not old.exists()
    assert len(Outbox(tmp_path, EDITION, key).waiting) == 14_000


def test_a_lost_log_is_rebuilt_from_the_journals_still_on_disk(tmp_path, caplog):
    key = SigningKey.generate().public
    play_journal(tmp_path, 9)  # before the board had its hall key: never counts
    box = Outbox(tmp_path, EDITION, key)
    for seed in (1, 2, 3):
        play_journal(tmp_path, seed)
    ids = sorted(r.game for r in box.scan())
    box.settle(ids[:1])
    (tmp_path / DIR / LOG).unlink()
    caplog.clear()
    again = Outbox(tmp_path, EDITION, key)
    assert again.since == 2 and "rebuilt from the journals from number 2 on" in warnings(caplog)[0]
    # Every finished game the hall may not have: the one it had is sent again, and counted once.
    assert sorted(r.game for r in again.scan()) == ids
    (tmp_path / DIR / SHOW).unlink()  # the show is in the log's first line too
    assert Outbox(tmp_path, EDITION, key).since == 2 and (tmp_path / DIR / SHOW).exists()


def test_a_torn_last_line_costs_nothing(tmp_path, caplog):
    key = SigningKey.generate().public
    box = Outbox(tmp_path, EDITION, key)
    for seed in (1, 2, 3):
        play_journal(tmp_path, seed)
    ids = sorted(r.game for r in box.scan())
    fourth = play_journal(tmp_path, 4)
    with open(tmp_path / DIR / LOG, "a") as f:  # the board lost its power while writing game 4's line
        f.write(entry_line("n4-00000000", fourth.name, None)[:30])
    caplog.clear()
    again = Outbox(tmp_path, EDITION, key)
    assert sorted(again.waiting) == ids and "cut short" in warnings(caplog)[0]
    assert (tmp_path / DIR / LOG).read_bytes().endswith(b"\n")  # the next line starts a line of its own
    [r] = again.scan()
    assert r.game.startswith("n4-") and sorted(Outbox(tmp_path, EDITION, key).waiting) == sorted([*ids, r.game])


def test_a_link_at_the_logs_name_is_never_followed(tmp_path, caplog):
    key = SigningKey.generate().public
    box = Outbox(tmp_path, EDITION, key)
    play_journal(tmp_path, 1)
    [r] = box.scan()
    target = tmp_path / "elsewhere"
    target.write_text("not the outbox's\n")
    (tmp_path / DIR / LOG).unlink()
    (tmp_path / DIR / LOG).symlink_to(target)
    again = Outbox(tmp_path, EDITION, key)
    assert target.read_text() == "not the outbox's\n" and not (tmp_path / DIR / LOG).is_symlink()
    assert "could not be read" in warnings(caplog)[0] and [x.game for x in again.scan()] == [r.game]


def test_something_else_at_the_outbox_folders_name_is_a_sentence_with_its_fix(tmp_path):
    (tmp_path / DIR).write_text("not a folder\n")
    with pytest.raises(LinkSetupError, match=r"hall outbox .*hall-outbox cannot be used.*\n  fix: .*mv "):
        Outbox(tmp_path, EDITION, SigningKey.generate().public)
    assert (tmp_path / DIR).read_text() == "not a folder\n"


def test_a_rebuild_reads_its_journals_in_steps_so_the_link_beats_between_them(tmp_path):
    box = Outbox(tmp_path, EDITION, SigningKey.generate().public)
    for seed in range(1, 6):
        play_journal(tmp_path, seed)
    steps = [(box.scan(most=2), box.behind) for _ in range(3)]
    assert [(len(s), behind) for s, behind in steps] == [(2, True), (2, True), (1, False)]
    assert len({r.game for s, _ in steps for r in s}) == 5
    assert box.scan(most=2) == [] and not box.behind
