"""A lone visitor plays a whole game against the board: the seats the set-up gives the computer
(with the tower buttons on the seats page, or the config's defaults) move by themselves at a
human pace on the clock seam, show their move on the lamps first and say why, refuse the
table's buttons meanwhile, and are recorded in the journal so a resumed game goes on with them."""

from __future__ import annotations

import random

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import render
from clacks_hw.daemon.setup_menu import seat_of_button
from clacks_hw.game.core.computer import to_act
from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.clock import FakeClock
from clacks_hw.web.snapshot import SnapshotBox, StatusPublisher
from tests.fakes.daemon_rig import EDITION, Rig, script

from .test_klackers_board import inputs as klackers_inputs

PACE = 1.5


def computer_plays_one(rig, seat):
    """The computer's next action: shown first, played ``PACE`` seconds later, not before."""
    before = rig.ctrl.session.actions
    rig.tick(0.01)
    shown = rig.ctrl.view(rig.clock.now()).computer
    assert shown is not None and shown.seat == seat and shown.why.startswith(seat)
    assert any(shown.why in r for r in rig.reports[-3:])
    rig.tick(PACE * 0.6)
    assert rig.ctrl.session.actions == before  # thinking at a human pace, not yet played
    rig.tick(PACE * 0.5)
    assert rig.ctrl.session.actions == before + 1, rig.reports[-3:]
    return shown


def test_a_lone_visitor_plays_a_whole_game_against_the_board(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, flash_s=0.2, computer=(("N", "strong"),), computer_pace_s=PACE, reaction_window_s=0.0)
    rig.start_game()
    assert rig.state.config.computer == {"N": "strong"}
    shown, human = [], 0
    for _ in range(600):
        if rig.ctrl.screen != "game":
            break
        if to_act(rig.state) == "N":
            shown.append(computer_plays_one(rig, "N"))
        else:
            human += 1
            for kind, what in script(rig.state):
                (rig.press if kind == "button" else rig.tap)(what)
    final = rig.ctrl.session.state
    assert final.over and rig.ctrl.screen == "over"
    assert shown and human
    assert any(m.card and m.card in m.why and m.letter in m.why for m in shown)  # what and toward which letter
    journal = read_journal(rig.ctrl.session.path)
    assert journal.header["computer"] == {"N": "strong"}
    assert replay(journal, EDITION).state == final


def test_the_computer_s_placement_blinks_in_its_colour_before_it_is_played(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, computer=(("N", "normal"),), computer_pace_s=PACE, reaction_window_s=0.0)
    rig.start_game()
    assert to_act(rig.state) == "N"  # N's word comes first: N starts
    for _ in range(40):  # to the computer's first card
        rig.tick(0.01)
        move = rig.ctrl.view(rig.clock.now()).computer
        if move is not None and move.lamps:
            break
        rig.tick(PACE)
    else:
        raise AssertionError("the computer played no card")
    now = rig.clock.now()
    frames = [render(rig.ctrl.view(t), t) for t in (now + 0.05, now + 0.45)]  # blink on, blink off
    lamps = [i for i in range(16) if move.lamps >> i & 1]
    assert any(all(f.lamp(i) == P.SEAT["N"] for i in lamps) for f in frames)
    # the status page and the kiosk show it too: the sentence, and the placement as a preview
    snap = StatusPublisher(SnapshotBox(), reader=False).publish(rig.ctrl, None, now)
    assert snap.notice == move.why
    assert (snap.preview.seat, snap.preview.card, snap.preview.mask) == ("N", move.card, move.lamps)


def test_the_table_cannot_move_for_the_computer(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, computer=(("N", "easy"),), computer_pace_s=PACE, reaction_window_s=0.0)
    rig.start_game()
    assert to_act(rig.state) == "N"
    before = rig.ctrl.session.actions
    rig.press("PLAY", dt=0.01)  # ending the computer's turn for it
    rig.press("R1", dt=0.01)
    assert rig.ctrl.session.actions == before and rig.flashing_red
    assert "computer's move at N" in rig.reports[-1]


def test_tower_buttons_on_the_seats_page_choose_who_plays(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.press("PLAY")
    rig.press("PLAY")  # C
    rig.press("PLAY")  # no variants: the seats page
    assert rig.ctrl.setup.page == "seats" and rig.ctrl.setup.seats == ("S", "N")
    north = next(b for b in ("R1", "R2", "R3") if seat_of_button(b) == "N")
    steps = []
    for _ in range(4):
        rig.press(north)
        steps.append(rig.ctrl.setup.strength_of("N"))
    assert steps == ["easy", "normal", "strong", None]
    rig.press("G2")  # E's side: E does not play, nothing changes
    assert rig.ctrl.setup.computer == ()
    rig.press(north)
    rig.press(north)
    frame = render(rig.ctrl.view(rig.clock.now()), rig.clock.now())
    assert frame.seat("N") == P.scale(P.COMPUTER, P.COMPUTER_LEVEL["normal"]) and frame.seat("S") == P.SEAT["S"]
    assert "computer N=normal" in rig.ctrl.setup.describe()
    rig.press("PLAY")  # the words page
    rig.press("PLAY")  # deal and start
    assert rig.ctrl.screen == "game" and rig.state.config.computer == {"N": "normal"}


def test_the_buttons_sides_are_the_seats_sides():
    assert {seat_of_button(b) for b in ("R1", "R2", "R3")} == {"N"}
    assert {seat_of_button(b) for b in ("R4", "R5", "R6")} == {"S"}
    assert {seat_of_button(b) for b in ("G1", "G3", "G5")} == {"W"}
    assert {seat_of_button(b) for b in ("G2", "G4", "G6")} == {"E"}


def test_klackers_against_the_computer_to_the_end(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=4, computer=(("N", "strong"),), computer_pace_s=PACE, reaction_window_s=0.0)
    rig.start_mode("klackers", seats=("S", "N"))
    rng, moves = random.Random(0), 0
    for _ in range(3000):
        if rig.ctrl.screen != "game":
            break
        if to_act(rig.state) == "N":
            computer_plays_one(rig, "N")
            moves += 1
        else:
            for name in klackers_inputs(rig.state, rng):
                rig.press(name)
    assert rig.ctrl.screen == "over" and moves
    assert read_journal(rig.ctrl.session.path).header["computer"] == {"N": "strong"}


def test_a_lone_visitor_sees_their_own_hand_not_the_computer_s(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, computer=(("N", "strong"),), computer_pace_s=PACE, reaction_window_s=0.0,
              status_view=None)  # the virtual board on one's own terminal
    rig.start_game()
    text = [r for r in rig.reports if r.startswith("Clacks: Competitive")][-1]  # the position, drawn
    state = rig.state
    assert all(card in text for card in state.player("S").hand)
    assert not any(card in text for card in state.player("N").hand)


def test_after_a_power_cut_the_computer_goes_on_playing_its_seat(tmp_path):
    from clacks_hw.daemon import resume
    from clacks_hw.daemon.controller import Controller, Settings
    from clacks_hw.daemon.session import JournalStore
    from tests.fakes.daemon_rig import card_map

    rig = Rig(tmp_path, FakeClock(0.0), seed=3, computer=(("N", "strong"),), computer_pace_s=PACE, reaction_window_s=0.0)
    rig.start_game()
    computer_plays_one(rig, "N")  # N's first action is journalled; then the power goes
    played = rig.ctrl.session.actions
    rig.ctrl.session.close()
    store = JournalStore(tmp_path, EDITION, "test")
    out = resume.find(store)
    assert out.session is not None and out.session.state.config.computer == {"N": "strong"}
    clock = FakeClock(100.0)  # no computer seats in the settings: the journal says which
    ctrl = Controller(EDITION, store, card_map(), Settings(computer_pace_s=PACE, reaction_window_s=0.0), rng=random.Random(1),
                      session=out.session, resumed=out, now=clock.now())
    for _ in range(3):
        clock.advance(PACE)
        ctrl.tick(clock.now())
    assert ctrl.session.actions > played


def test_pictures_of_the_computer_at_the_table(tmp_path):
    """docs/board.md's pictures: the seats page with N the strong computer, and the computer's
    placement blinking in its colour before it is played."""
    from tests.support.frame_pictures import kept_frame

    rig = Rig(tmp_path, FakeClock(0.0), seed=3, computer_pace_s=PACE, reaction_window_s=0.0)
    rig.press("PLAY")
    rig.press("PLAY")  # C
    rig.press("PLAY")  # the seats page
    for _ in range(3):
        rig.press("R1")  # N's side: easy, normal, strong
    assert rig.ctrl.setup.strength_of("N") == "strong"
    now = rig.clock.now()
    kept_frame(render(rig.ctrl.view(now), now), "board-computer-seats",
               "Set-up, seats page: N is the strong computer (white), S a person")
    rig.press("PLAY")  # the words page
    rig.press("PLAY")  # deal and start: N begins
    for _ in range(10):  # to the computer's first card
        rig.tick(0.01)
        move = rig.ctrl.view(rig.clock.now()).computer
        if move is not None and move.lamps:
            break
        rig.tick(PACE)
    now = rig.clock.now()
    on = min((t for t in (now + k * 0.05 for k in range(20))
              if all(render(rig.ctrl.view(t), t).lamp(i) == P.SEAT["N"]
                     for i in range(16) if move.lamps >> i & 1)), default=None)
    assert on is not None
    kept_frame(render(rig.ctrl.view(on), on), "board-computer-move",
               f"The computer at N shows its card before playing it: {move.why}")
