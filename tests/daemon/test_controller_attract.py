"""Attract mode: the demo plays by itself; PLAY opens setup; idle setup returns to attract."""

from clacks_hw.game.core.registry import board_modes as modes
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def test_demo_plays_by_itself_as_time_passes(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    assert rig.ctrl.screen == "attract"
    first = rig.ctrl.demo.state
    boards = set()
    for _ in range(40):
        rig.tick(0.5)
        boards.add(rig.ctrl.demo.state.board)
    assert rig.ctrl.demo.state is not first
    assert len(boards) > 3
    assert rig.ctrl.next_deadline(rig.clock.now()) is not None


def test_demo_deals_a_new_game_when_one_ends(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    games = set()
    for _ in range(3000):
        rig.tick(0.5)
        games.add(rig.ctrl.demo.state.config.seed)
        if len(games) > 1:
            break
    assert len(games) > 1


def test_play_opens_setup_and_other_buttons_do_nothing(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    for name in ("NEXT", "PREV", "TURN", "BACK", "R1", "G3"):
        rig.press(name)
        assert rig.ctrl.screen == "attract"
    rig.tap("J01")
    assert rig.ctrl.screen == "attract"
    rig.press("PLAY")
    assert rig.ctrl.screen == "setup"


def test_setup_left_alone_returns_to_attract(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), attract_after_s=30)
    rig.press("PLAY")
    rig.tick(29)
    assert rig.ctrl.screen == "setup"
    rig.tick(2)
    assert rig.ctrl.screen == "attract"


def test_no_journal_is_written_by_the_demo(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    for _ in range(20):
        rig.tick(0.5)
    assert list(tmp_path.iterdir()) == []


def test_the_demo_plays_every_game_in_turn(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), demo_step_s=0.05)
    seen = []
    for _ in range(20000):
        rig.tick(0.05)
        config = rig.ctrl.demo.state.config
        if not seen or seen[-1] != (config.mode, config.seed):
            seen.append((config.mode, config.seed))
        if len(seen) == len(modes()) + 1:
            break
    assert [mode for mode, _ in seen] == [*modes(), modes()[0]]
    assert {"race", "junior_race", "klackers"} <= set(modes())  # not the competitive game alone
