"""`clacks-hw demo --game guards`: random players play a whole game on the made-up demo edition,
narrated as the shared screen would see it (no hand, no saboteur's quadrant)."""

from __future__ import annotations

from click.testing import CliRunner

from clacks_hw.cli import cli


def test_the_demo_plays_to_the_end_and_shows_nothing_secret():
    res = CliRunner().invoke(cli, ["demo", "--game", "guards", "--seed", "3", "--players", "3", "--delay", "0"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "MADE-UP demo edition" in out and ("wins!" in out or "Stopped:" in out or "dragons win" in out)
    assert " hand LL" not in out and "saboteurs SS" not in out  # no seat's hand or saboteurs
    assert "rolls" in out and "challenge test" in out


def test_a_guards_demo_of_five_players_is_refused():
    res = CliRunner().invoke(cli, ["demo", "--game", "guards", "--players", "5"])
    assert res.exit_code == 2 and "2, 3, 4 players" in res.output


def test_with_computer_players_each_move_is_said_with_why_and_no_secret():
    res = CliRunner().invoke(cli, ["demo", "--game", "guards", "--seed", "4", "--players", "3", "--delay", "0",
                                   "--computer", "S:easy,W:normal"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "computer players: S (easy), W (normal), N (strong)" in out  # the seat not named plays strong
    assert out.rstrip().splitlines()[-1].startswith(("Won by ", "Nobody won"))
    assert "--- W tries to recruit" in out and "needed, a" in out  # a move and why
    assert "--- N rolls the die (Wizard's Challenge):" in out and "likely" in out
    assert " hand LL" not in out and "saboteurs SS" not in out
    for line in out.splitlines():
        if "plant" in line or "has answered" in line:
            assert not any(q in line for q in ("fools", "thieves", "alchemists", "assassins")), line
    assert max(len(line) for line in out.splitlines()) <= 160


def test_a_computer_seat_not_in_the_game_is_refused_naming_the_seats():
    res = CliRunner().invoke(cli, ["demo", "--game", "guards", "--players", "2", "--computer", "E:easy"])
    assert res.exit_code == 2 and "seats: S N" in res.output
