"""`clacks-hw demo` (what `make demo` runs): a whole game on an 80x24 terminal, every position
drawn in place without wrapping or scrolling, a countdown first, and at the game's end the
winner and what to try next."""

from __future__ import annotations

import os
import random
import shlex
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.commands.demo_cmd import countdown, demo_config, screen, what_next
from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.registry import game_for, modes
from clacks_hw.views.text_board import render
from tests.support.tools import require_tool

ROWS, COLUMNS = 24, 80


def clacks_games():
    for mode in modes():
        game = game_for(mode)
        if not type(game).__module__.startswith("clacks_hw.game.clacks."):  # the demo's Clacks modes
            continue
        for seats in game.seatings():
            yield mode, len(seats)


@pytest.mark.parametrize("mode,players", list(clacks_games()))
def test_every_position_of_whole_games_fits_80x24(mode, players):
    """The demo draws each position below its move line: one line less than the terminal has."""
    edition = default_edition()
    for seed in range(4):
        state = new_game(edition, demo_config(edition, mode, players, seed, "easy", ()))
        rng, actions = random.Random(seed), 0
        while True:
            lines = screen(render(state, actions=actions)).splitlines()
            assert len(lines) <= ROWS - 1, (mode, players, seed, actions, len(lines))
            too_wide = [line for line in lines if len(line) > COLUMNS - 1]
            assert not too_wide, (mode, players, seed, too_wide)
            if state.over:
                break
            state, actions = apply(state, bot_action(state, rng)), actions + 1


def test_the_demo_ends_with_the_winner_then_what_to_try_next():
    result = CliRunner().invoke(cli, ["demo", "--seed", "5", "--players", "2", "--delay", "0"], prog_name="clacks-hw")
    assert result.exit_code == 0, result.output
    winner = result.output.index("Winner:")
    assert result.output.index("What next:") > winner
    assert "clacks-hw run --virtual" in result.output and "make test" in result.output
    assert all(len(line) < COLUMNS for line in what_next().split("\n"))


def test_what_next_names_each_of_its_commands_and_files():
    """Nothing it suggests may be missing: each command exists, each file is in the repository."""
    from clacks_hw.commands import LAZY

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for line in what_next().split("\n")[1:]:
        word = line.split()[0]
        if word == "clacks-hw":
            assert line.split()[1] in LAZY, line
        elif word == "make":
            assert f"\n{line.split()[1]}:" in open(os.path.join(root, "Makefile")).read(), line
        else:
            assert os.path.exists(os.path.join(root, word)), line


def test_the_countdown_counts_every_second_down_to_one(capsys):
    slept = []
    countdown(3, slept.append)
    out = capsys.readouterr().out
    assert slept == [1, 1, 1]
    assert out.index("in 3") < out.index("in 2") < out.index("in 1")


def test_in_a_real_80x24_terminal_the_demo_stays_on_one_screen(tmp_path):
    """tmux, 80x24: after the countdown every position is drawn at the top, nothing wraps or
    scrolls away, and the game's end and what to try next are on the last screen."""
    tmux = require_tool("tmux", "tmux")
    base = [tmux, "-f", "/dev/null", "-S", str(tmp_path / "tmux.sock")]

    def run(*args):
        return subprocess.run([*base, *args], capture_output=True, text=True, timeout=10, check=True).stdout

    cli_ = f"{shlex.quote(sys.executable)} -c 'from clacks_hw.cli import main; main()'"
    command = f"cd {shlex.quote(os.getcwd())} && {cli_} demo --seed 7 --delay 0.01; sleep 60"
    run("new-session", "-d", "-x", str(COLUMNS), "-y", str(ROWS), "-s", "t", command)
    try:
        seen_countdown, end = False, time.monotonic() + 60
        while time.monotonic() < end:
            history = run("display", "-p", "-t", "t", "#{history_size}").strip()  # before the screen:
            screen = run("capture-pane", "-p", "-t", "t")  # the game may end in between
            seen_countdown = seen_countdown or "start in" in screen
            if "What next:" in screen:
                break
            assert history == "0", screen  # nothing scrolled away while the game is played
            time.sleep(0.05)
        else:
            raise AssertionError("the demo never ended:\n" + screen)
        assert seen_countdown
        joined = run("capture-pane", "-p", "-J", "-t", "t", "-S", "-")
        plain = run("capture-pane", "-p", "-t", "t", "-S", "-")
        assert joined.count("\n") == plain.count("\n"), "a line wrapped:\n" + plain
        assert "Winner:" in screen
    finally:
        subprocess.run([*base, "kill-server"], capture_output=True, timeout=10, check=False)


def test_a_solitaire_game_is_played_by_one_player_not_1_players():
    edition = default_edition()
    title = render(new_game(edition, demo_config(edition, "solitaire", 1, 3, "easy", ()))).splitlines()[0]
    assert "· 1 player ·" in title, title


@pytest.mark.parametrize("mode,players", [("competitive", 4), ("competitive", 3), ("race", 4), ("junior", 2),
                                          ("solitaire", 1)])
def test_the_next_letter_of_the_seat_to_act_is_drawn_as_its_shape(mode, players):
    """Beside the lamps: the letter to send next and its 3 rows of 2 lamps, as the alphabet
    card shows it (on one line, rows split by '/', where three lines have no room)."""
    edition = default_edition()
    state = new_game(edition, demo_config(edition, mode, players, 3, "easy", ()))
    letter = state.next_signal(state.turn.seat)
    bits = edition.signals[letter]
    rows = [" ".join("●" if bits >> (2 * r + c) & 1 else "·" for c in range(2)) for r in range(3)]
    text = render(state)
    at = text.index(f"next {letter}  ")
    drawn = text[at:].split("\n")
    if drawn[0].rstrip().endswith("/".join(rows)):
        return  # the one-line form
    first = text.rindex("\n", 0, at) + 1  # the start of the line the letter is on
    column = at - first + len(f"next {letter}  ")
    assert [line[column:column + 3] for line in text[first:].split("\n")[:3]] == rows


def test_every_demo_plays_out_through_one_loop_that_says_a_refused_move_loudly(capsys):
    """The demos' one loop (commands/play_out.py): a move the rules refuse is a bug in the
    automatic player, said on stderr with the rules' reason, exit 1; nothing after it is played."""
    from clacks_hw.commands.play_out import play_out
    from clacks_hw.game.klackers.bots import bot_action as klackers_bot

    state = new_game(None, demo_config(None, "klackers", 2, 1, rounds=1))
    first = klackers_bot(state, random.Random(1), "best")
    said = []
    with pytest.raises(SystemExit) as stop:
        play_out(state, lambda state, n: first, lambda b, a, after: said.append(a) or str(a), lambda s, n: "")
    assert stop.value.code == 1 and said == [first]  # the same move again: refused, and said so
    err = capsys.readouterr().err
    assert err.startswith(f"automatic player error: {first} refused: ") and len(err.strip()) > len(str(first)) + 40


def test_the_loop_pauses_after_each_move_and_draws_when_another_seat_is_to_act():
    from clacks_hw.commands.play_out import play_out
    from clacks_hw.game.klackers.bots import bot_action as klackers_bot

    state, rng = new_game(None, demo_config(None, "klackers", 3, 2, rounds=1)), random.Random(2)
    slept, shown, seats = [], [], [state.config.game.acting_seat(state)]

    def say(before, action, after):
        seats.append(after.config.game.acting_seat(after))
        return f"--- {action}"

    end, n = play_out(state, lambda state, n: klackers_bot(state, rng, "best"), say,
                      lambda state, n: f"position after {n}", delay=0.25, sleep=slept.append,
                      show=lambda line, drawing: shown.append((line, drawing)))
    assert end.over and n == len(shown) == len(slept) and set(slept) == {0.25}
    drawn = [i + 1 for i, (_, drawing) in enumerate(shown) if drawing is not None]
    changes = [i for i in range(1, len(seats)) if seats[i] != seats[i - 1] or i == n]
    assert drawn == changes and shown[-1][1] == f"position after {n}"
