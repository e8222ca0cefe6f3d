"""The pictures of the board's LEDs in the docs are drawn from the frames the board really
shows, and a committed picture that no longer matches its frame fails here."""

from __future__ import annotations

import random

from clacks_hw.daemon.frame_picture import frame_svg
from clacks_hw.daemon.renderer import render
from clacks_hw.daemon.screens.pairing import PhoneDesk
from clacks_hw.drivers.debounce import PAIR_CHORD, ButtonEvent
from clacks_hw.drivers.frame import Frame
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.pairing import Pairing
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig
from tests.support.frame_pictures import kept_frame


def test_a_picture_shows_each_led_in_its_colour():
    frame = Frame.build(lamps={0: (255, 0, 0)}, towers={"G6": (0, 255, 0)}, seats={"E": (0, 0, 255)})
    svg = frame_svg(frame, "a <caption>")
    assert svg.count("#ff0000") == 1 and svg.count("#00ff00") == 1 and svg.count("#0000ff") == 1
    assert "a &lt;caption&gt;" in svg
    assert frame_svg(frame, "a <caption>") == svg  # the same frame, the same bytes


def test_the_picture_of_a_seats_pairing_is_the_boards_frame(tmp_path):
    clock = FakeClock()
    pairing = Pairing(lambda: "token", tmp_path, clock, rng=random.Random(7), boot="boot")
    rig = Rig(tmp_path, clock)
    rig.ctrl.phones = PhoneDesk(pairing, default_edition().spelled, say=lambda text: None)
    rig.ctrl.handle(ButtonEvent("chord", "+".join(PAIR_CHORD), 0.0, 3.0), 0.0)
    rig.ctrl.handle(ButtonEvent("press", "NEXT", 0.0), 0.0)
    assert rig.ctrl.current.name == "pairing"
    frame = render(rig.ctrl.view(0.1), 0.1)  # the code's first letter, on tower R2 as seat S reads it
    assert pairing.shown().seat == "S"
    assert [s for s in "SWNE" if frame.seat(s) != (0, 0, 0)] == ["S"]
    kept_frame(frame, "board-pairing-seat", "Pairing seat S's own phone: the code's first letter")
