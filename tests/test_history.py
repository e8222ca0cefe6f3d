"""`clacks-hw history`: the games in a journal directory, with totals per mode."""

from __future__ import annotations

import json
import os
import random

from click.testing import CliRunner

from clacks_hw.cli import cli

from .test_replay_games import EDITION, config, random_game, write_journal, write_lines

START = 1735689600  # 2025-01-01T00:00:00Z, the created stamp write_journal records


def games(tmp_path):
    """Two finished games, one still in play, one abandoned, one unreadable file."""
    winners = []
    for seed in (1, 5):
        cfg = config(players=2, seed=seed)
        live, actions = random_game(cfg, random.Random(seed), 800)
        assert live.over
        path = tmp_path / f"game-{seed}.jsonl"
        write_journal(path, cfg, actions)
        os.utime(path, (START + 600 * seed, START + 600 * seed))  # 10 and 50 minutes long
        winners.append((live.winner, len(actions)))
    cfg = config(players=3, seed=2)
    _, actions = random_game(cfg, random.Random(2), 10)
    write_journal(tmp_path / "game-2.jsonl", cfg, actions)
    write_journal(tmp_path / "game-3.jsonl.abandoned", config(players=2, seed=3), [])
    write_lines(tmp_path / "broken.jsonl", [{"not": "a header"}])
    (tmp_path / "cards.toml").write_text("")  # not a journal: not listed
    return winners


def history(*args):
    return CliRunner().invoke(cli, ["history", *map(str, args)], catch_exceptions=False)


def test_json_lists_every_game_with_the_engines_winner_and_totals(tmp_path):
    winners = games(tmp_path)
    result = history("--dir", tmp_path, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    by_name = {os.path.basename(g["path"]): g for g in out["games"]}
    assert set(by_name) == {"game-1.jsonl", "game-5.jsonl", "game-2.jsonl", "game-3.jsonl.abandoned", "broken.jsonl"}
    one = by_name["game-1.jsonl"]
    assert (one["winner"], one["actions"]) == winners[0] and one["state"] == "finished"
    assert one["duration_s"] == 600 and one["created"] == "2025-01-01T00:00:00+00:00"
    assert one["mode"] == "competitive" and set(one["players"]) == {"S", "N"}
    assert by_name["game-2.jsonl"]["state"] == "in play" and by_name["game-2.jsonl"]["winner"] is None
    assert by_name["game-3.jsonl.abandoned"]["state"] == "abandoned"
    assert by_name["broken.jsonl"]["state"] == "unreadable" and "line 1" in by_name["broken.jsonl"]["problem"]
    total = out["totals"]["competitive"]
    assert total["games"] == 4 and total["ended"] == {"finished": 2, "in play": 1, "abandoned": 1}
    wins = {}
    for winner, _ in winners:
        wins[winner] = wins.get(winner, 0) + 1
    assert total["wins"] == wins
    assert total["average_actions"] == round((winners[0][1] + winners[1][1]) / 2, 1)
    assert total["average_duration_s"] == 1800


def test_text_names_each_journal_and_how_to_replay(tmp_path):
    winners = games(tmp_path)
    text = history("--dir", tmp_path).stdout
    assert text.startswith(f"5 games in {tmp_path}")
    assert f"{winners[0][0]} won; {winners[0][1]} actions; 10 min 0 s" in text
    assert str(tmp_path / "game-2.jsonl") in text and "still in play" in text
    assert "Totals:\n  competitive: 4 games" in text


def test_the_players_names_go_with_their_seats_and_the_winner(tmp_path):
    # A tournament desk checks a result against its board by name (issue 34 item 5).
    from dataclasses import replace

    cfg = replace(config(players=2, seed=1), names={"S": "Ann", "N": "Ελένη"})
    live, actions = random_game(cfg, random.Random(1), 800)
    assert live.over
    write_journal(tmp_path / "named.jsonl", cfg, actions)
    text = history("--dir", tmp_path).stdout
    words = cfg.words
    assert f"S (Ann) {' '.join(words['S'])} · N (Ελένη) {' '.join(words['N'])}" in text
    assert f"{live.winner} ({cfg.names[live.winner]}) won;" in text
    (game,) = json.loads(history("--dir", tmp_path, "--json").stdout)["games"]
    assert game["names"] == {"S": "Ann", "N": "Ελένη"}


def test_a_missing_directory_is_a_message_and_exit_2(tmp_path):
    result = history("--dir", tmp_path / "nowhere")
    assert result.exit_code == 2 and "no such directory" in result.stderr


def test_without_dir_it_finds_the_boards_the_virtual_boards_and_the_play_pages_games(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    board, play = tmp_path / "board", tmp_path / "state" / "clacks-hw" / "play"
    for folder, seed in ((board, 1), (play, 5)):
        folder.mkdir(parents=True)
        cfg = config(players=2, seed=seed)
        write_journal(folder / f"game-{seed}.jsonl", cfg, random_game(cfg, random.Random(seed), 20)[1])
    settings = tmp_path / "config.toml"
    settings.write_text(f'[journal]\ndir = "{board}"\n')
    out = json.loads(history("--config", settings, "--json").stdout)
    assert sorted(g["path"] for g in out["games"]) == [str(board / "game-1.jsonl"), str(play / "game-5.jsonl")]
    assert out["dirs"] == [str(board), str(play)]
    assert history("--config", settings).stdout.startswith(f"2 games in {board} and {play}")
