"""One reader per seat (reader.seats): the reader says who tapped. A Fault Report card is played
by the seat at whose reader it was tapped (competitive: at any time); a jacquard or report card
tapped at another seat's reader during someone's turn is refused with a red flash."""

import pytest

from clacks_hw.daemon.reader_seats import ReaderSeats
from clacks_hw.game.clacks.state import Report
from clacks_hw.game.core.values import replace
from clacks_hw.journal import read_journal
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig

PER_SEAT = ["S", "W", "N", "E"]  # reader 0 at S, 1 at W, 2 at N, 3 at E
READER = {s: k for k, s in enumerate(PER_SEAT)}


def game(tmp_path, reader_seats=PER_SEAT):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, reader_seats=reader_seats)
    rig.start_game()
    return rig


def other(rig):
    return "N" if rig.state.turn.seat == "S" else "S"


def give_fault(rig, seat, card):
    s = rig.state
    p = s.player(seat)
    rig.ctrl.session.state = s.with_player(replace(p, faults=p.faults + (card,)))


def test_a_jacquard_at_another_seats_reader_is_refused(tmp_path):
    rig = game(tmp_path)
    seat, them = rig.state.turn.seat, other(rig)
    card = rig.state.player(seat).hand[0]
    before = rig.state
    rig.tap(card, reader=READER[them])
    assert rig.ctrl.preview is None and rig.state is before and rig.flashing_red
    assert f"at {them}'s reader" in rig.ctrl.message
    rig.tick(1.0)
    rig.tap(card, reader=READER[seat])
    assert rig.ctrl.preview is not None and rig.ctrl.preview.card == card


def test_a_fault_card_is_played_by_the_seat_at_whose_reader_it_is_tapped(tmp_path):
    rig = game(tmp_path)
    them = other(rig)
    give_fault(rig, them, "F05")  # OILED GEARS, held by the player whose turn it is not
    rig.tap("F05", reader=READER[them])  # competitive: at any time
    a = read_journal(rig.ctrl.session.path).entries[-1].action
    assert (a.seat, a.act, a.card) == (them, "fault", "F05")
    assert rig.state.turn.budget == 7


def test_the_reader_decides_not_who_holds_the_card(tmp_path):
    rig = game(tmp_path)
    seat, them = rig.state.turn.seat, other(rig)
    give_fault(rig, them, "F05")
    before = rig.state
    rig.tap("F05", reader=READER[seat])  # tapped at the current seat's reader: not theirs
    assert rig.state is before and rig.flashing_red and "F05" in rig.ctrl.message


def test_a_shared_reader_keeps_the_old_behaviour(tmp_path):
    for seats in (None, []):
        rig = game(tmp_path / str(seats), reader_seats=seats)
        them = other(rig)
        card = rig.state.current.hand[0]
        rig.tap(card, reader=READER[them])
        assert rig.ctrl.preview is not None  # any reader: the player whose turn it is
        rig.press("BACK")
        give_fault(rig, them, "F05")
        rig.tap("F05", reader=3)
        assert "F05" not in rig.state.player(them).faults  # played by its holder


def test_a_reader_not_in_the_mapping_counts_as_shared(tmp_path, caplog):
    rig = game(tmp_path, reader_seats=["S", "N"])
    card = rig.state.current.hand[0]
    rig.tap(card, reader=3)
    assert rig.ctrl.preview is not None
    assert "no seat in reader.seats" in caplog.text


def test_a_report_card_at_another_seats_reader_is_refused(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, reader_seats=PER_SEAT)
    rig.start_mode("race", seats=("S", "N"))
    s = rig.state
    rig.ctrl.session.state = replace(s, reports=(Report("I04", "J01", True),) + s.reports[1:])
    them = other(rig)
    rig.tap("I04", reader=READER[them])
    assert rig.ctrl.swap is None and rig.flashing_red
    rig.tick(1.0)
    rig.tap("I04", reader=READER[rig.state.turn.seat])
    assert rig.ctrl.swap is not None


def test_junior_a_revealed_card_tapped_at_the_wrong_seat_is_refused(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, reader_seats=PER_SEAT, hands="physical")
    rig.start_mode("junior_race", seats=("S", "W"))
    s = rig.state
    chooser = "W" if s.turn.seat == "S" else "S"
    wrong = "S" if chooser == "W" else "W"
    rig.ctrl.session.state = replace(s, pending=(None,), pending_seat=chooser, pending_chained=(False,))
    before = rig.state
    rig.tap("F01", reader=READER[wrong])
    assert rig.state is before and f"{chooser} chooses" in rig.ctrl.message
    rig.tick(1.0)
    rig.tap("F01", reader=READER[chooser])
    assert rig.state.pending == ()


def test_the_mapping_names_seats_only():
    assert ReaderSeats(["N"]).seat_of(0) == "N" and ReaderSeats({1: "E"}).seat_of(1) == "E"
    assert ReaderSeats([]).shared and ReaderSeats(None).seat_of(0) is None
    with pytest.raises(ValueError):
        ReaderSeats(["X"])
