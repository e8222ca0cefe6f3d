"""The virtual board's screen fits the terminal: never more lines than rows, nor wider than
the columns (so nothing scrolls or wraps); the current state replaces old messages."""

import io
import random

import pytest

from clacks_hw.daemon.screen_layout import _ANSI, visible
from clacks_hw.daemon.terminal_screen import MESSAGE_S, TerminalScreen
from clacks_hw.drivers.frame import Frame
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.engine import new_game
from clacks_hw.testing.clock import FakeClock
from clacks_hw.views.text_board import render


class Tty(io.StringIO):
    def isatty(self):
        return True


def four_player_status():
    edition = default_edition()
    words = sorted(edition.words)
    config = ClacksConfig(mode="competitive", seats=("S", "W", "N", "E"), seed=7,
                        words={s: (words[i],) for i, s in enumerate("SWNE")})
    return render(new_game(edition, config), actions=0)


def screen_at(width, height, clock=None):
    screen = TerminalScreen(Tty(), clock=clock, size=lambda: (width, height))
    screen.show(Frame.build(lamps={0: (255, 255, 255), 5: (0, 255, 0)}))
    screen.footer = "status page http://127.0.0.1:8080/"
    return screen


@pytest.mark.parametrize("width,height", [(80, 24), (120, 40), (60, 16), (40, 12), (200, 60)])
def test_every_part_fits_the_window(width, height):
    screen = screen_at(width, height)
    screen.status(four_player_status())
    for i in range(6):
        screen.message(f"! message {i} " + "word " * random.Random(i).randrange(30))
    for help_shown in (False, True):
        if help_shown:
            screen.toggle_help()
        lines = screen.lines()
        assert len(lines) <= height
        assert all(visible(line) < width for line in lines)
        assert _ANSI.sub("", lines[0]).lstrip().startswith("N")  # the board stays at the top
        assert "message 5" in "".join(lines)  # the latest message is never dropped


def test_at_80x24_a_four_player_game_keeps_every_hand_in_view():
    screen = screen_at(80, 24)
    status = four_player_status()
    screen.status(status)
    shown = "\n".join(screen.lines())
    hands = [line.strip() for line in status.splitlines() if "hand:" in line]
    assert len(hands) == 4 and all(hand in shown for hand in hands)
    assert "status page http://127.0.0.1:8080/" in shown


def test_a_taller_window_gets_the_full_key_list_back():
    small, tall = screen_at(80, 20), screen_at(120, 40)
    for screen in (small, tall):
        screen.status(four_player_status())
        screen.message("! J05 is not in S's hand")
        screen.message("card id: J05")
    assert not any(line.startswith("keys:") for line in small.lines())
    assert any(line.startswith("keys:") for line in tall.lines())


def test_question_mark_shows_the_help_and_hides_it_again():
    screen = screen_at(80, 24)
    screen.status("Turn 1: S to act")
    screen.toggle_help()
    assert any("tower buttons R1..R6" in line for line in screen.lines())
    assert not any("Turn 1: S to act" in line for line in screen.lines())
    screen.toggle_help()
    assert not any("tower buttons R1..R6" in line for line in screen.lines())
    assert any("Turn 1: S to act" in line for line in screen.lines())


def test_the_current_state_replaces_the_messages_about_the_last_one():
    screen = screen_at(80, 24)
    screen.message("S: J05 blinks at lamps 0,1 ...: PLAY plays it, BACK cancels.")
    assert any("PLAY plays it" in line for line in screen.lines())
    screen.status("Turn 1: S to act, 2 of 5 stress points left (played J05)")
    assert not any("PLAY plays it" in line for line in screen.lines())


def test_messages_expire():
    clock = FakeClock(0.0)
    screen = screen_at(80, 24, clock)
    screen.message("! J05 is not in S's hand")
    clock.t += MESSAGE_S - 1
    assert any("not in S's hand" in line for line in screen.lines())
    clock.t += 2
    assert not any("not in S's hand" in line for line in screen.lines())


def test_a_full_screen_is_drawn_without_a_newline_after_its_last_line():
    out = Tty()
    screen = TerminalScreen(out, size=lambda: (80, 24))
    screen.status("\n".join(f"line {i}" for i in range(60)))
    drawing = out.getvalue().split("\x1b[H")[-1]
    assert drawing.count("\n") == 23  # 24 lines: a newline after the last would scroll


def test_a_title_too_long_for_its_column_wraps_between_its_items_never_inside_one():
    """ "4 players", "tracked hands", "hints on" stay whole on a line; a long item may wrap."""
    from clacks_hw.daemon.screen_layout import fold

    title = "Clacks: Race to Genua · 4 players · tracked hands · hints on · 12 actions"
    for width in range(30, len(title)):
        lines = fold([title], width)
        assert " ".join(line.strip() for line in lines) == title and all(visible(line) <= width for line in lines)
        for item in ("4 players", "tracked hands", "hints on", "12 actions"):
            assert any(item in line for line in lines), (width, item, lines)
