"""A whole first game on the emulated board at 80x24, as a family plays it: S, a newcomer with
hints on, against the easy computer at N, every choice made with the board's own buttons and
cards (a card tapped, a tower pressed, NEXT to the hinted place, PLAY), the computer moving by
itself on the board's clock. The game ends, every screen fits 80x24, the sabotage window is said
with what to do, and the end says who won and why: those two screens are the pictures in
docs/play.md (terminal-first-game-window.svg and terminal-first-game-over.svg)."""

from __future__ import annotations

import pytest

from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.clacks.hint_follower import hinted_action
from tests.daemon.test_screens_80x24 import plain, problems
from tests.support.terminal_screens import Walk, kept_in_play_md, svg

PICTURES = {"window": "terminal-first-game-window", "over": "terminal-first-game-over"}
TURNS = 200  # a game between a hint-follower and the easy computer ends long before


def text(lines) -> str:
    return "\n".join(plain(line) for line in lines)


def person_acts(w: Walk) -> None:
    """S does what the hints say, with the buttons: a tower pressed, or a card tapped and moved on
    with NEXT to the hinted place (bounded), then PLAY; PLAY alone ends the turn."""
    action = hinted_action(w.state, "S")
    if action.act == "move":
        w.press(TOWERS[action.tower].name)
        return
    if action.act == "play":
        w.tap(action.card)
        for _ in range(40):
            preview = w.ctrl.view(w.clock.now()).preview
            if preview is not None and preview.mask == action.lamps:
                break
            w.press("NEXT")
        else:
            pytest.fail(f"NEXT never reached the hinted place of {action.card}")
    w.press("PLAY")


@pytest.fixture(scope="module")
def first_game(tmp_path_factory):
    w = Walk(tmp_path_factory.mktemp("first"), seed=11, computer=(("N", "easy"),), hints="on",
             computer_pace_s=1.0, reaction_window_s=1.0)
    w.set_up("competitive", ("S", "N"), snap=False)
    assert w.state.config.computer == {"N": "easy"} and w.state.config.hints
    kept = {}
    for _ in range(TURNS * 4):
        if w.state.over:
            break
        before = w.ctrl.session.actions
        if any(m.code == "sabotage_open" for m in w.state.config.game.moments(w.state)) and "window" not in kept:
            w.snap("the sabotage window")
            kept["window"] = w.shots[-1][1]
        if w.state.turn.seat == "S":
            person_acts(w)
        else:
            w.tick(0.5)
        if w.ctrl.session.actions == before and w.state.turn.seat == "S" and not w.state.over:
            w.tick(0.5)  # nothing accepted: the board's own clock moves on (a move shown, a window held)
    assert w.state.over, "the game did not end"
    w.tick(0.2)
    w.snap("game over")
    kept["over"] = w.shots[-1][1]
    return w, kept


def test_the_whole_game_is_played_with_the_buttons_and_fits_80x24(first_game):
    w, kept = first_game
    assert all(problems(name, lines) == [] for name, lines in w.shots)
    assert w.ctrl.screen == "over"


def test_the_window_says_what_to_do_and_the_end_says_why(first_game):
    w, kept = first_game
    assert "window" in kept, "nobody's last letter opened a sabotage window"
    assert "Last Letter Sabotage: " in text(kept["window"]) and "lamps off this turn" in text(kept["window"])
    over = text(kept["over"])
    winner = w.state.winner
    assert f"Winner: {winner}" in over and "):" in over.split(f"Winner: {winner}")[1].splitlines()[0], over


@pytest.mark.parametrize("which", sorted(PICTURES))
def test_the_pictures_in_play_md_are_this_game(first_game, which):
    _w, kept = first_game
    name = PICTURES[which]
    label = {"window": "A first game at 80x24: the Last Letter Sabotage window, and what to do",
             "over": "A first game at 80x24: the end, who won and why"}[which]
    kept_in_play_md(name, svg(kept[which], label), __file__)
