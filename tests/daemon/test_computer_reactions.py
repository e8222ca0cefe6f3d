"""Fault Report cards against the computer (docs/board.md, Playing against the computer): the
rules let anyone play one on anyone's turn, so when a person holds one they could play now the
computer's move, after its pace, is held ``reaction_window_s`` longer; the board says so and
blinks who may answer. A card tapped then is applied as at a table of people and journalled,
and the computer decides again from the new position. All on the fake clock."""

from __future__ import annotations

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.core.computer import to_act
from clacks_hw.game.core.values import replace
from clacks_hw.journal import read_journal
from clacks_hw.testing.clock import FakeClock
from clacks_hw.web.snapshot import SnapshotBox, StatusPublisher
from tests.fakes.daemon_rig import Rig, script

PACE, WINDOW = 1.5, 3.0


def table(tmp_path, faults=("F09", "F07", "F08", "F11"), window=WINDOW, computer_faults=None,
          reader_seats=None) -> Rig:
    """S (a person) against N (the normal computer, to act first), S holding ``faults``."""
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, computer=(("N", "normal"),), computer_pace_s=PACE,
              reaction_window_s=window, reader_seats=reader_seats)
    rig.start_game()
    s = rig.state
    assert to_act(s) == "N" and rig.ctrl.session.actions == 0
    s = s.with_player(replace(s.player("S"), faults=tuple(faults)))
    if computer_faults is not None:
        s = s.with_player(replace(s.player("N"), faults=tuple(computer_faults)))
    rig.ctrl.session.state = s
    return rig


def to_window(rig, people=("S",)):
    """The computer decides, its pace passes: the move is held for ``people``'s answer."""
    before = rig.ctrl.session.actions
    rig.tick(0.01)
    rig.tick(PACE)
    window = rig.ctrl.view(rig.clock.now()).reaction
    assert window is not None and rig.ctrl.session.actions == before
    assert window.people == people
    return window


def journalled(rig) -> list:
    return [e.action for e in read_journal(rig.ctrl.session.path).entries]


def play_out_the_computer_s_turn(rig, limit=20) -> list:
    """The computer's actions until S is to act (none refused: the computer never stalls)."""
    start = rig.ctrl.session.actions
    for _ in range(limit):
        if to_act(rig.state) != "N":
            return journalled(rig)[start:]
        rig.tick(PACE + WINDOW)
    raise AssertionError(f"the computer's turn did not end: {rig.reports[-3:]}")


def test_tower_lockdown_during_the_window_keeps_the_computer_s_pawn_where_it_is(tmp_path):
    rig = table(tmp_path)
    window = to_window(rig)
    assert window.move.action.act == "move"  # N is about to move to a tower
    assert "N is about to play" in rig.ctrl.message and "S may answer" in rig.ctrl.message
    assert "F09" not in rig.ctrl.message  # which cards S holds is S's own business
    assert {c for _, c in window.answers} == {"F09", "F07", "F08"}  # nothing to repair yet
    rig.tap("F09")
    assert rig.ctrl.session.actions == 1 and rig.state.turn.no_move
    assert journalled(rig)[-1] == Action("S", "fault", card="F09")
    assert "F09" not in rig.state.player("S").faults
    assert rig.ctrl.view(rig.clock.now()).reaction is None  # the computer decides again
    rest = play_out_the_computer_s_turn(rig)
    assert rest and all(a.act != "move" for a in rest)
    assert rig.state.player("N").tower is None


def test_seized_gears_during_the_window_and_the_computer_plays_within_what_is_left(tmp_path):
    rig = table(tmp_path)
    to_window(rig)
    rig.tick(WINDOW)  # nobody answers: the move is played when the window closes
    assert rig.ctrl.session.actions == 1
    window = to_window(rig)
    assert window.move.action.act == "play"
    rig.tap("F07")
    rig.tap("F08")  # both SEIZED GEARS: 1 stress point left of 5
    assert rig.state.turn.left == 1
    assert journalled(rig)[-2:] == [Action("S", "fault", card="F07"), Action("S", "fault", card="F08")]
    play_out_the_computer_s_turn(rig)
    assert rig.state.player("N").last_turn_cost <= 1  # without the answer it paid 2 (two cards)


def test_in_a_three_player_game_one_person_repairs_what_the_other_did_on_the_computer_s_turn(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, computer=(("N", "normal"),), computer_pace_s=PACE,
              reaction_window_s=WINDOW)
    rig.start_mode("competitive", seats=("S", "W", "N"))
    for _ in range(30):  # the people play their turns until it is the computer's
        if to_act(rig.state) == "N":
            break
        rig.do(script(rig.state))
    s = rig.state
    assert to_act(s) == "N", rig.reports[-3:]
    s = s.with_player(replace(s.player("W"), faults=("F01",)))  # OVERLOAD
    rig.ctrl.session.state = s.with_player(replace(s.player("S"), faults=("F11",)))  # EMERGENCY REPAIR
    start = rig.ctrl.session.actions
    window = to_window(rig, people=("W",))  # nothing to repair yet: only W may answer
    assert "W may answer" in rig.ctrl.message
    lamps = rig.state.board
    rig.tap("F01")
    assert rig.state.board == 0xFFFF
    window = to_window(rig, people=("S",))  # the computer decided again; now S may repair it
    assert window.answers == (("S", "F11"),)
    rig.tap("F11")
    assert rig.state.board == lamps and rig.state.last_fault is None
    assert journalled(rig)[start:] == [Action("W", "fault", card="F01"), Action("S", "fault", card="F11")]
    assert any("S answers N's move" in r for r in rig.reports[-3:])


def test_after_the_window_the_computer_plays_its_move(tmp_path):
    rig = table(tmp_path)
    to_window(rig)
    rig.tick(WINDOW * 0.9)
    assert rig.ctrl.session.actions == 0  # still waiting
    rig.tick(WINDOW * 0.2)
    assert rig.ctrl.session.actions == 1 and journalled(rig)[-1].seat == "N"


def test_a_window_of_0_plays_at_the_computer_s_pace_as_before(tmp_path):
    rig = table(tmp_path, window=0.0)
    rig.tick(0.01)
    rig.tick(PACE)
    assert rig.ctrl.session.actions == 1 and rig.ctrl.view(rig.clock.now()).reaction is None


def test_no_wait_when_no_person_holds_a_card_they_could_play(tmp_path):
    rig = table(tmp_path, faults=("F11",))  # EMERGENCY REPAIR: nothing played against S to cancel
    rig.tick(0.01)
    rig.tick(PACE)
    assert rig.ctrl.session.actions == 1 and rig.ctrl.view(rig.clock.now()).reaction is None


def test_during_the_window_only_an_answer_is_taken(tmp_path):
    rig = table(tmp_path)
    to_window(rig)
    rig.tap(rig.state.player("S").hand[0])  # a jacquard: not S's turn
    assert rig.flashing_red and "computer's move at N" in rig.ctrl.message
    rig.tick(1.0)
    rig.press("R1")
    rig.press("PLAY")
    rig.tap("F11")  # nothing to repair
    assert rig.ctrl.session.actions == 0


def test_with_a_reader_at_each_seat_the_card_is_played_by_the_seat_it_was_tapped_at(tmp_path):
    rig = table(tmp_path, faults=("F09",), reader_seats=["S", "W", "N", "E"])  # reader 0 at S, 2 at N
    to_window(rig)
    rig.tap("F09", reader=2)  # at the computer's own reader: not an answer from anyone
    assert rig.ctrl.session.actions == 0 and rig.flashing_red
    rig.tick(1.0)
    rig.tap("F09", reader=0)
    assert journalled(rig)[-1] == Action("S", "fault", card="F09")


def test_a_card_that_asks_for_lamps_holds_the_computer_until_it_is_placed(tmp_path):
    rig = table(tmp_path, faults=("F03",))  # SPARE SHUTTER: flip one lamp of S's choice
    to_window(rig)
    rig.tap("F03")
    assert rig.ctrl.preview is not None and rig.ctrl.preview.seat == "S"
    rig.tick(WINDOW * 3)
    assert rig.ctrl.session.actions == 0  # the computer waits for S's choice
    rig.press("NEXT")  # S's choice has the buttons
    assert rig.ctrl.preview.index == 1 and rig.ctrl.session.actions == 0
    lamps = rig.state.board
    rig.press("PLAY")
    assert rig.ctrl.session.actions == 1 and bin(rig.state.board ^ lamps).count("1") == 1
    assert journalled(rig)[-1].card == "F03" and journalled(rig)[-1].seat == "S"
    assert any("S answers N's move" in r for r in rig.reports[-3:])
    play_out_the_computer_s_turn(rig)


def test_the_board_blinks_who_may_answer_and_the_pages_say_it(tmp_path):
    rig = table(tmp_path)
    window = to_window(rig)
    frames = [render(rig.ctrl.view(t), t) for t in (window.since + 0.05, window.since + 0.45)]
    assert [f.seat("S") for f in frames] == [P.SEAT["S"], P.OFF]
    snap = StatusPublisher(SnapshotBox(), reader=False).publish(rig.ctrl, None, rig.clock.now())
    assert "N is about to play" in snap.notice and "S may answer" in snap.notice


def test_a_tower_button_during_a_person_s_choice_cannot_move_the_computer_s_pawn(tmp_path):
    rig = table(tmp_path, faults=("F03",))
    to_window(rig)
    rig.tap("F03")
    rig.press("R2")  # the move N is about to make, pressed at the table
    assert any("R2: it is the computer's move at N" in r or "move: it is the computer's move at N" in r
               for r in rig.reports[-4:]), rig.reports[-4:]
    assert rig.flashing_red


def test_in_an_express_game_the_computer_s_turn_times_out_during_a_long_window(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, computer=(("N", "normal"),), computer_pace_s=PACE,
              reaction_window_s=30.0, express_s=10)
    rig.start_game(express=True)
    s = rig.state
    rig.ctrl.session.state = s.with_player(replace(s.player("S"), faults=("F09",)))
    to_window(rig)
    for _ in range(12):
        rig.tick(1.0)
    assert [a.act for a in journalled(rig)] == ["timeout"] and journalled(rig)[0].seat == "N"
    assert to_act(rig.state) == "S"
