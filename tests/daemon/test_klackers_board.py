"""KLACKERS on the lit board, through the controller as players would: set-up (K on the
setup tower), rolling with PLAY, selecting numbers on the tower buttons, the red blink of a
selection that does not add up, real dice keyed in, a whole game to its end, its journal."""

from __future__ import annotations

import random

from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.board import TOWER_BY_NAME
from clacks_hw.game.clacks.board import signal_mask
from clacks_hw.game.klackers.bots import bot_action
from clacks_hw.game.klackers.layout import DIE_LAMPS, FACE_TOWER, NUMBER_LAMP, NUMBER_TOWER
from clacks_hw.game.klackers.numbers import numbers_of
from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.clock import FakeClock
from clacks_hw.web.public import public_position
from tests.fakes.daemon_rig import EDITION, Rig


def lit(frame) -> int:
    return sum(1 << i for i in range(16) if frame.pixels[i] != (0, 0, 0))


def inputs(state, rng) -> list[str]:
    """The buttons a player presses for the best player's next action."""
    action = bot_action(state, rng)
    if action.act == "pull":
        return [NUMBER_TOWER[n] for n in numbers_of(action.numbers)] + ["PLAY"]
    keys = [FACE_TOWER[f] for f in action.dice or ()]
    return keys + ["PLAY" if action.act == "roll" else "TURN"]


def play_out(rig, seed=0, limit=3000):
    rng = random.Random(seed)
    for _ in range(limit):
        if rig.ctrl.screen != "game":
            break
        for name in inputs(rig.state, rng):
            rig.press(name)
        assert not rig.flashing_red, rig.reports[-3:]


def test_setup_spells_k_and_starts_a_game_without_word_cards(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    while rig.ctrl.setup.mode != "klackers":
        rig.press("NEXT")
    frame = render(rig.ctrl.view(rig.clock.now()), rig.clock.now())
    assert lit(frame) == signal_mask("S", TOWER_BY_NAME["R2"].index, EDITION.signals["K"])
    rig.press("PLAY")  # to the options: H W T
    assert rig.ctrl.setup.page == "variants" and rig.ctrl.setup.letter == "H"
    rig.press("TURN")  # the Hughie rule on
    rig.press("PLAY")
    rig.press("NEXT")  # three players
    rig.press("PLAY")  # no words: the game starts
    s = rig.state
    assert rig.ctrl.screen == "game" and s.config.seats == ("S", "W", "N") and s.config.has("hughie")


def test_play_rolls_buttons_select_and_a_wrong_sum_blinks_red(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.start_mode("klackers")
    while rig.state.phase == "opening":
        rig.press("PLAY")
    rig.press("PLAY")  # roll two dice
    s = rig.state
    assert len(s.dice) == 2 and not rig.flashing_red
    roll = sum(s.dice)
    frame = render(rig.ctrl.view(rig.clock.now()), rig.clock.now())
    assert all(frame.pixels[NUMBER_LAMP[n]] != (0, 0, 0) for n in range(1, 10))
    assert any(frame.pixels[i] != (0, 0, 0) for i in DIE_LAMPS[0] + DIE_LAMPS[1])
    wrong = 1 if roll != 1 else 2
    rig.press(NUMBER_TOWER[wrong])
    rig.press("PLAY")
    assert rig.flashing_red and "makes 1, and the roll is" in rig.reports[-1]
    assert rig.state == s  # nothing changed
    rig.press("BACK")
    for n in (roll,) if roll <= 9 else (roll - 9, 9):
        rig.press(NUMBER_TOWER[n])
    rig.clock.advance(1.0)
    rig.press("PLAY")
    assert not rig.flashing_red and rig.state.dice == ()


def test_a_whole_game_through_the_board_and_its_journal_replays_to_it(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=4)
    rig.start_mode("klackers", seats=("S", "W", "N", "E"))
    play_out(rig)
    assert rig.ctrl.screen == "over"
    final = rig.ctrl.session.state
    assert final.over and final.winners
    journal = read_journal(rig.ctrl.session.path)
    assert journal.header["mode"] == "klackers" and journal.header["rounds"] == 3
    assert replay(journal, EDITION).state == final
    page = public_position(final, rig.ctrl.session.actions)
    assert page["mode"] == "klackers" and page["winners"] == list(final.winners)
    assert {"numbers", "dice", "scores", "worth", "chips"} <= set(page)


def test_real_dice_are_keyed_in_on_the_red_buttons(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=2, hands="physical")
    rig.start_mode("klackers")
    rig.press("R6")
    rig.press("PLAY")  # S rolled a 6 for who begins
    rig.press("R2")
    rig.press("PLAY")
    assert rig.state.phase == "turn" and rig.state.seat == "S"
    rig.press("R4")
    rig.press("PLAY")  # one face is not a roll of two dice
    assert rig.flashing_red
    rig.clock.advance(1.0)
    rig.press("R5")
    rig.press("PLAY")
    assert rig.state.dice == (4, 5)
    play_out(rig, seed=1)
    assert rig.ctrl.screen == "over"
    assert replay(read_journal(rig.ctrl.session.path), EDITION).state == rig.ctrl.session.state
