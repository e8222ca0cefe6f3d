"""The board's outbox, built from its journals: a finished game is a result with a stable id
until the hall's receipt names it; games in play, abandoned ones and games from before the
board had its hall key are not; the outbox survives a restart, and a new key starts afresh."""

from __future__ import annotations

from clacks_hw.journal.writer import mark_abandoned
from clacks_hw.mqtt.outbox import Outbox
from clacks_hw.mqtt.outbox_file import DIR
from clacks_hw.mqtt.signing import SigningKey
from tests.mqtt.rig import EDITION, play_journal


def test_finished_games_wait_until_the_hall_has_them_and_a_restart_keeps_that(tmp_path):
    key = SigningKey.generate().public
    before = play_journal(tmp_path, 1)  # played before the board was given its hall key
    box = Outbox(tmp_path, EDITION, key)
    assert box.scan() == [] and box.since == 2
    first = play_journal(tmp_path, 2)
    playing = play_journal(tmp_path, 3, finish=False)
    abandoned = mark_abandoned(play_journal(tmp_path, 4))
    [r] = box.scan()
    assert r.game.startswith("n2-") and r.winner in ("S", "N") and r.seats == ["S", "N"] and r.actions > 10
    assert r.words == {"S": "STAMP", "N": "DORFL"} and r.seconds is not None and r.seconds >= 0
    assert box.scan() == []  # read once
    assert list(box.waiting) == [r.game]
    assert before.exists() and playing.exists() and abandoned.exists()

    again = Outbox(tmp_path, EDITION, key)  # the board restarts
    assert list(again.waiting) == [r.game] and again.scan() == []
    assert again.settle(["n99-00000000", r.game]) == 1 and again.waiting == {}
    assert Outbox(tmp_path, EDITION, key).waiting == {}
    assert Outbox(tmp_path, EDITION, key).scan() == []  # settled games are never sent again


def test_the_id_of_a_game_is_its_number_and_header_and_never_changes(tmp_path):
    key = SigningKey.generate().public
    box = Outbox(tmp_path, EDITION, key)
    paths = [play_journal(tmp_path, seed) for seed in (5, 5, 6)]
    ids = sorted(r.game for r in box.scan())
    assert len(set(ids)) == 3  # the same seed twice is still two games
    assert sorted(r.game for r in Outbox(tmp_path, EDITION, key).waiting.values()) == ids
    assert all(p.exists() for p in paths)


def test_a_new_key_is_a_new_show(tmp_path):
    box = Outbox(tmp_path, EDITION, SigningKey.generate().public)
    play_journal(tmp_path, 1)
    assert len(box.scan()) == 1
    other = Outbox(tmp_path, EDITION, SigningKey.generate().public)
    assert other.waiting == {} and other.since == 2 and other.scan() == []
    assert (tmp_path / DIR / "last-show-waiting.jsonl").exists()  # kept, never sent to this show


def test_a_folder_made_afresh_counts_only_the_games_after_it(tmp_path):
    """The show line (``show.json`` and the log's first line) is what says a game counts: with
    both gone the board cannot tell last show's practice games from this one's, so it counts on."""
    key = SigningKey.generate().public
    box = Outbox(tmp_path, EDITION, key)
    play_journal(tmp_path, 1)
    assert len(box.scan()) == 1
    for f in (tmp_path / DIR).iterdir():
        f.unlink()
    fresh = Outbox(tmp_path, EDITION, key)
    assert fresh.since == 2 and fresh.scan() == []


def test_every_mode_finished_is_a_result_with_its_players_names(tmp_path):
    box = Outbox(tmp_path, EDITION, SigningKey.generate().public)
    play_journal(tmp_path, 3, names={"S": "Zoë", "N": "BOB"})
    play_journal(tmp_path, 4, mode="race")
    play_journal(tmp_path, 5, mode="solitaire")
    results = {r.mode: r for r in box.scan()}
    assert results["competitive"].names == {"S": "Zoë", "N": "BOB"}
    assert results["race"].winner in ("team", "post_office") and results["race"].words == {}
    assert results["solitaire"].seats == ["S"]


def test_a_result_says_whether_the_board_hinted_when_its_journal_does(tmp_path):
    """So the hall can tell a hinted game apart; a journal from before it was recorded: not known."""
    key = SigningKey.generate().public
    box = Outbox(tmp_path, EDITION, key)
    for seed, hints in ((7, True), (8, False), (9, None)):
        play_journal(tmp_path, seed, mode="race", hints=hints)
    assert sorted((r.game[:2], r.hints) for r in box.scan()) == [("n1", True), ("n2", False), ("n3", None)]
