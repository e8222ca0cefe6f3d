"""Players' initials entered on the board with its tower buttons: TURN on the seats page opens
the letter picker, the setup tower spells the letter on offer, the seat being named blinks; the
initials go into the game and its journal."""

from __future__ import annotations

import json

from clacks_hw.daemon.name_picker import LETTERS, NamePicker
from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.board import TOWER_BY_NAME
from clacks_hw.game.clacks.turns import target_mask
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig


def lit(frame):
    return sum(1 << i for i in range(16) if frame.lamp(i) != (0, 0, 0))


def to_seats(rig) -> None:
    rig.press("PLAY")  # attract -> setup: the mode page
    rig.press("PLAY")  # competitive -> variants
    rig.press("PLAY")  # -> seats
    assert rig.ctrl.setup.page == "seats"


def spell(rig, initials: str) -> None:
    """NEXT/PREV to each letter (the short way round), TURN to take it."""
    for ch in initials:
        k = LETTERS.index(rig.ctrl.setup.picker.letter)
        delta = (LETTERS.index(ch) - k) % len(LETTERS)
        button, steps = ("NEXT", delta) if delta <= 13 else ("PREV", len(LETTERS) - delta)
        for _ in range(steps):
            rig.press(button)
        frame = render(rig.ctrl.view(rig.clock.now()), rig.clock.now())
        assert lit(frame) == target_mask("S", TOWER_BY_NAME["R2"].index, EDITION.signals[ch])  # the letter, on the lamps
        rig.press("TURN")


def test_initials_entered_with_the_buttons_name_the_players(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    to_seats(rig)
    rig.press("NEXT")  # three players
    rig.press("TURN")
    m = rig.ctrl.setup
    assert m.page == "names" and m.waiting_seat() == "S" and m.letter == "A"
    spell(rig, "ANN")
    rig.press("TURN")  # a fourth letter is not taken
    assert rig.ctrl.setup.picker.names[0] == "ANN"
    rig.press("PLAY")
    assert rig.ctrl.setup.waiting_seat() == "W"
    rig.press("PLAY")  # W stays unnamed
    spell(rig, "BZ")
    rig.press("BACK")  # takes the Z off
    spell(rig, "O")
    assert "names S=ANN W=- N=BO" in rig.ctrl.setup.describe()
    rig.press("PLAY")  # the last seat: on to the words, as PLAY on the seats page
    assert rig.ctrl.setup.page == "words" and "names S=ANN N=BO" in rig.ctrl.setup.describe()
    rig.press("PLAY")
    state = rig.state
    assert state.config.names == {"S": "ANN", "N": "BO"}
    header = json.loads(rig.ctrl.session.path.read_text().splitlines()[0])
    assert header["names"] == {"S": "ANN", "N": "BO"}


def test_back_leaves_the_picker_and_keeps_what_was_given(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    to_seats(rig)
    rig.press("TURN")
    spell(rig, "JO")
    rig.press("PLAY")
    rig.press("BACK")  # N has nothing: back to S, whose initials stay
    assert rig.ctrl.setup.waiting_seat() == "S"
    for _ in range(3):
        rig.press("BACK")  # J, O off, then out to the seats page
    assert rig.ctrl.setup.page == "seats" and rig.ctrl.setup.names == ()
    rig.press("TURN")
    spell(rig, "JO")
    rig.press("PLAY")
    rig.press("BACK")
    rig.press("BACK")  # ...out again at the first seat only after its letters
    rig.press("BACK")
    rig.press("BACK")
    assert rig.ctrl.setup.page == "seats"


def test_a_dice_game_starts_from_the_last_name(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    while rig.ctrl.setup.mode != "klackers":
        rig.press("NEXT")
    rig.press("PLAY")  # -> variants
    rig.press("PLAY")  # -> seats (two players)
    rig.press("TURN")
    spell(rig, "AL")
    rig.press("PLAY")
    spell(rig, "JO")
    rig.press("PLAY")  # no words to tap: the game starts
    assert rig.ctrl.screen == "game" and rig.state.config.names == {"S": "AL", "N": "JO"}


def test_changing_the_seats_drops_the_names_of_seats_gone():
    from clacks_hw.daemon.setup_menu import SetupMenu

    m = SetupMenu(page="seats", seats=("S", "W", "N"), names=(("S", "ANN"), ("W", "KAI")))
    m = m.step(-1, 0.0)  # back to S N
    assert m.seats == ("S", "N") and m.names == (("S", "ANN"),)


def test_the_picker_as_a_value():
    p = NamePicker.start(("S", "N"), {"N": "EVE"})
    assert p.names == ("", "EVE") and p.seat == "S" and not p.last
    assert p.step(-1).letter == "Z" and p.step(27).letter == "B"
    assert p.delete() is None
    q = p.next_seat()
    assert q.last and q.next_seat() is None and q.given() == (("N", "EVE"),)
    assert q.add().names == ("", "EVE")  # three letters already
