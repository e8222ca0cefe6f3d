"""The roll that wins the game runs round the face buttons like any other: the game-over screen
draws with the game's own BoardPlay, the one that started the die, so the final run plays out
before the finished game's lights. The daemon's real loop on the fake clock: a Short Game (one
spell wins) resumed from its journal one roll from the end, PLAY rolls it."""

from __future__ import annotations

import random

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.session import JournalStore
from clacks_hw.game.core.die_run import HOLD_S, SPIN_S
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.registry import board_edition
from clacks_hw.game.guards.board import FACE_BUTTONS
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.legal import random_action
from clacks_hw.testing.fake_time_board import FakeTimeBoard

SEED = 0  # this Short Game's random players reach a roll that wins it (N returns the spell)


def one_roll_from_the_end(journals) -> str:
    """Journal a random Short Game up to the roll that ends it; the seat that rolls it."""
    config = GuardsConfig(seats=("S", "N"), seed=SEED, target=1)
    state, rng, played = new_game(None, config), random.Random(SEED), []
    while not state.over:
        action = random_action(state, rng)
        played.append(action)
        state = apply(state, action)
    *before, last = played
    assert state.ended == "won" and last.act == "roll" and last.die is None
    session = JournalStore(journals, board_edition()).new_session(config)
    for action in before:
        session.apply(action)
    session.close()
    return last.seat


def running(frame) -> list[str]:
    return [b for b in FACE_BUTTONS if frame.tower(b) == P.ROLLING]


def test_the_winning_roll_runs_round_the_face_buttons_on_the_game_over_screen(tmp_path):
    journals = tmp_path / "journals"
    journals.mkdir()
    roller = one_roll_from_the_end(journals)
    with FakeTimeBoard(tmp_path) as board:
        assert board.controller.screen == "game" and board.controller.state.pending.seat == roller
        pressed = board.clock.now()
        board.click("PLAY")  # the board rolls the test that wins
        assert board.controller.screen == "over" and board.controller.state.ended == "won"
        board.advance(SPIN_S + HOLD_S + 0.5)
        frames = board.leds.frames_since(pressed)
        lit = [running(f) for f in frames]
        assert all(len(faces) <= 1 for faces in lit)  # one face at a time
        assert len({faces[0] for faces in lit if faces}) >= 3  # it ran round
        face = FACE_BUTTONS[board.controller.state.last.dice[-1] - 1]
        assert [faces for faces in lit if faces][-1] == [face]  # and stopped on the face rolled
        assert running(board.frame) == [] and board.frame.tower(face) == P.ROLES["passed"]
