"""A seat's answer in the board's loop (seat_flow.py): a phone answers in its own game only,
even when another game was dealt between the page server's check and the loop's."""

from __future__ import annotations

from clacks_hw.daemon import seat_flow
from clacks_hw.daemon.events import SeatAction
from clacks_hw.game.core.seat_page import Choice, Prompt
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def test_an_answer_from_a_phone_of_the_game_before_is_not_applied_in_the_next(tmp_path, monkeypatch):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game()
    first = rig.ctrl.session.game_id
    assert rig.ctrl.abandon(rig.clock.now())
    rig.start_game()  # dealt while the answer was on its way
    second, state = rig.ctrl.session.game_id, rig.state
    assert second != first
    game = state.config.game
    answer = next(a for a in game.legal_actions(state) if a.seat == state.turn.seat)
    monkeypatch.setattr(game, "prompts", lambda s, seat: (Prompt("Which?", (Choice("this", answer),)),)
                        if seat == answer.seat else ())  # the next game offers the very answer
    said = seat_flow.run(SeatAction(answer.seat, answer, None, "a phone", game=first), rig.ctrl, rig.clock.now())
    assert said == "this phone was paired for another game: pair it again for this one"
    assert rig.state is state and rig.ctrl.session.actions == 0
    assert seat_flow.run(SeatAction(answer.seat, answer, None, "a phone", game=second), rig.ctrl,
                         rig.clock.now()) is None  # the game's own phone: applied
    assert rig.ctrl.session.actions == 1
