"""The fault screen (daemon/screens/fault.py): a lost card reader or a journal that cannot be
written is a state of the board with a retry; the game underneath waits, nothing lost, and goes
on where it stood when the fault clears."""

from __future__ import annotations

import errno

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import render
from clacks_hw.drivers.frame import TOWERS
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.journal import read_journal
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def _lose_reader(rig: Rig) -> None:
    rig.ctrl.handle(ReaderEvent("offline", detail="unplugged"), rig.clock.now())


def _find_reader(rig: Rig) -> None:
    rig.ctrl.handle(ReaderEvent("online", detail="hub"), rig.clock.now())


def _placing(rig: Rig) -> str:
    """Tap an affordable jacquard of the seat to act, so a card is being placed."""
    p, jac = rig.state.current, rig.state.edition.jacquards
    card = min((c for c in p.hand if jac[c].cost <= rig.state.turn.left), key=lambda c: jac[c].cost)
    rig.tap(card)
    assert rig.ctrl.preview is not None and rig.ctrl.preview.card == card
    return card


def test_a_reader_lost_mid_turn_is_a_fault_and_the_same_turn_goes_on_when_it_is_back(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game(express=True)
    turn, seat = rig.state.turn.number, rig.state.turn.seat
    card = _placing(rig)
    before = rig.state
    rig.tick(10.0)
    used = rig.clock.now() - rig.ctrl.turn_started
    _lose_reader(rig)
    assert rig.ctrl.screen == "fault"
    view = rig.ctrl.view(rig.clock.now())
    assert view.state is before and view.express_started is None  # the game shown, its clock still
    amber = render(view, rig.clock.now()).seat(seat)
    assert amber[0] >= amber[1] > 0 and amber[2] == 0  # the seat indicators pulse amber
    rig.press("PLAY")  # refused with the fault's sentence: nothing is played
    rig.tap(card)
    assert rig.state is before and rig.flashing_red and "Card reader lost" in rig.ctrl.message
    rig.tick(120.0)  # far past the Express limit: the turn stood still
    assert rig.state is before and rig.ctrl.screen == "fault"
    _find_reader(rig)
    assert rig.ctrl.screen == "game"
    assert (rig.state.turn.number, rig.state.turn.seat) == (turn, seat)
    assert rig.ctrl.preview is not None and rig.ctrl.preview.card == card  # still being placed
    assert abs((rig.clock.now() - rig.ctrl.turn_started) - used) < 1e-6  # the clock where it stopped
    rig.press("PLAY")  # the card placed: the turn goes on
    assert rig.state is not before and rig.state.turn.played


def test_a_game_without_cards_plays_on_without_the_reader(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_mode("klackers")
    _lose_reader(rig)
    assert rig.ctrl.screen == "game"  # its dice need no reader
    amber = render(rig.ctrl.view(rig.clock.now()), rig.clock.now()).seat("S")
    assert amber[0] >= amber[1] > 0 and amber[2] == 0  # still shown: the seat indicators pulse amber


def test_a_guards_game_waits_for_its_reader_since_volunteers_are_recruited_by_their_cards(tmp_path):
    """Whether a lost reader stops a screen is the game's answer (BoardPlay.takes_cards), not
    the board's: Guards! Guards! recruits by a tapped volunteer card, so it waits as Clacks does."""
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_mode("guards")
    before = rig.state
    _lose_reader(rig)
    assert rig.ctrl.screen == "fault" and rig.ctrl.base.halted.startswith("Card reader lost")
    rig.press("PLAY")  # the die is not rolled meanwhile
    assert rig.state is before and "Card reader lost" in rig.ctrl.message
    _find_reader(rig)
    assert rig.ctrl.screen == "game" and rig.state is before


def test_nothing_waits_for_the_reader_where_no_card_is_needed(tmp_path):
    """Attract (the demo), set-up (word cards are optional: PLAY deals the rest) and a game over
    go on without the reader, showing the amber pulse; the game started meanwhile waits."""
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    _lose_reader(rig)
    rig.tick(5.0)
    assert rig.ctrl.screen == "attract"
    rig.press("PLAY")
    assert rig.ctrl.screen == "setup"
    amber = render(rig.ctrl.view(rig.clock.now()), rig.clock.now()).seat("S")
    assert amber[0] >= amber[1] > 0 and amber[2] == 0
    for _ in range(3):
        rig.press("PLAY")
        assert rig.ctrl.screen == "setup"


def test_a_card_game_started_while_the_reader_is_lost_waits_for_it(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    _lose_reader(rig)
    assert rig.ctrl.screen == "attract"  # nothing to wait for yet
    rig.press("PLAY")
    for _ in range(4):
        rig.press("PLAY")
    assert rig.ctrl.screen == "fault" and rig.ctrl.current.under.name == "game"
    _find_reader(rig)
    assert rig.ctrl.screen == "game"


class _FullDisk:
    """The game's journal writer with its disk full until ``free``: every append fails as a
    full disk does (the writer cuts a failed line back), ``has_room`` says no."""

    def __init__(self, writer):
        self.writer, self.full, self.tries = writer, True, 0
        self.append, self.has_room = writer.append, writer.has_room
        writer.append, writer.has_room = self._append, self._has_room

    def _append(self, action, *args, **kwargs):
        if self.full:
            self.tries += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        return self.append(action, *args, **kwargs)

    def _has_room(self):
        return not self.full and self.has_room()


def test_a_full_disk_is_a_fault_and_once_freed_the_action_is_journalled_once(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, storage_retry_s=5.0)
    rig.start_game()
    card = _placing(rig)
    before, lines = rig.state, len(read_journal(rig.ctrl.session.path).entries)
    disk = _FullDisk(rig.ctrl.session.writer)
    rig.press("PLAY")  # the placement meets the full disk
    assert rig.ctrl.screen == "fault" and rig.state is before and disk.tries == 1
    assert "Storage full" in rig.ctrl.message
    frame = render(rig.ctrl.view(rig.clock.now()), rig.clock.now())
    assert {frame.tower(t) for t in TOWERS} <= {P.STORAGE_FULL, P.OFF}  # the tower buttons blink white
    rig.tap(card)
    rig.press("NEXT")
    assert rig.state is before and rig.ctrl.screen == "fault"  # refused, nothing else tried
    rig.press("PLAY")  # retry now: still full
    rig.tick(5.1)  # and the board's own retry: still full
    assert rig.ctrl.screen == "fault" and rig.state is before
    assert rig.ctrl.next_deadline(rig.clock.now()) <= rig.clock.now() + 5.0  # it keeps looking
    disk.full = False
    rig.tick(5.1)  # no input: the board looks again by itself
    assert rig.ctrl.screen == "game" and rig.ctrl.storage.ok
    after = read_journal(rig.ctrl.session.path).entries
    assert len(after) == lines + 1 and after[-1].action.act == "play"  # journalled once
    assert after[-1].action.card == card and rig.state.turn.played and rig.ctrl.session.actions == len(after)


def test_a_game_that_cannot_start_for_a_full_disk_starts_once_there_is_room(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, storage_retry_s=5.0)
    full = [True]
    new_session, has_room = rig.store.new_session, rig.store.has_room

    def refuse(config):
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return new_session(config)

    rig.store.new_session, rig.store.has_room = refuse, lambda: not full[0] and has_room()
    rig.press("PLAY")
    for _ in range(4):
        rig.press("PLAY")
    assert rig.ctrl.screen == "fault" and rig.ctrl.current.under.name == "setup"
    full[0] = False
    rig.press("PLAY")  # retry now
    assert rig.ctrl.screen == "game" and rig.ctrl.session.actions == 0
    assert len(list(tmp_path.glob("*.jsonl"))) == 1  # one game started, not two


def test_a_reader_lost_while_the_disk_is_full_is_waited_for_too(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, storage_retry_s=5.0)
    rig.start_game()
    _placing(rig)
    disk = _FullDisk(rig.ctrl.session.writer)
    rig.press("PLAY")
    _lose_reader(rig)
    assert rig.ctrl.current.faults == {"storage", "reader"}
    disk.full = False
    rig.press("PLAY")  # room again: still waiting for the reader, the kept action too
    assert rig.ctrl.screen == "fault" and not rig.state.turn.played
    _find_reader(rig)
    assert rig.ctrl.screen == "game" and rig.state.turn.played  # then done, once


def test_the_status_page_says_the_board_waits_and_why(tmp_path):
    from clacks_hw.web.public import status_json
    from clacks_hw.web.snapshot import SnapshotBox, StatusPublisher

    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game()
    _lose_reader(rig)
    rig.press("R2")  # refused: the sentence is the notice
    box = SnapshotBox()
    StatusPublisher(box).publish(rig.ctrl, None, rig.clock.now())
    status = status_json(box.get())
    assert status["screen"] == "fault" and status["screen_label"] == "Waiting for the reader or the disk"
    assert "Card reader lost" in status["notice"] and status["health"]["reader"] == "offline"
    assert status["position"] is not None and status["position"]["turn"] == rig.state.turn.seat  # the game, waiting


def test_a_seats_phone_is_told_the_board_waits_while_a_fault_holds_the_game(tmp_path):
    """A seat's phone asks the screen showing whether the game stands still (``Screen.halted``),
    not the screen's name: under a fault its answer is refused with the fault's sentence."""
    from clacks_hw.daemon import seat_flow
    from clacks_hw.daemon.events import SeatAction

    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game()
    seat = rig.state.turn.seat
    action = rig.state.config.game.parse_action({"seat": seat, "act": "end"})
    answer = SeatAction(seat, action, None, "a phone", game=rig.ctrl.session.game_id)
    assert rig.ctrl.base.halted is None
    assert "board waits" not in (seat_flow.run(answer, rig.ctrl, rig.clock.now()) or "")
    _lose_reader(rig)
    assert rig.ctrl.base.halted.startswith("Card reader lost")
    before = rig.state
    said = seat_flow.run(answer, rig.ctrl, rig.clock.now())
    assert said.startswith("the board waits: Card reader lost") and rig.state is before
    _find_reader(rig)
    assert rig.ctrl.base.halted is None
