"""The virtual backend: the board drawn as text, coloured on a terminal, plain otherwise."""

import io

from clacks_hw.drivers.frame import Frame
from clacks_hw.drivers.leds_virtual import VirtualLeds, colour_letter, render
from clacks_hw.testing.clock import FakeClock

FRAME = Frame.build(
    lamps={0: (255, 255, 255), 6: (200, 0, 0)},
    towers={"R2": (0, 0, 255), "G3": (0, 90, 0)},
    seats={"S": (255, 0, 0), "E": (0, 255, 0)},
)


def test_colour_letters_ignore_brightness():
    assert colour_letter((0, 0, 0)) == "."
    assert colour_letter((40, 0, 0)) == "r"
    assert colour_letter((0, 30, 0)) == "g"
    assert colour_letter((255, 200, 0)) == "y"
    assert colour_letter((90, 90, 90)) == "w"


def test_plain_board_follows_the_geometry():
    lines = render(FRAME, colour=False)
    text = "\n".join(lines)
    assert "\x1b" not in text
    assert lines[0].strip() == "N."  # north seat on top, off
    assert lines[-1].strip() == "Sr"
    lamp_row0 = lines[2].split()
    assert lamp_row0 == ["w", ".", ".", "."]
    row1 = lines[4].split()  # lamps of row 1 with R1..R3 between them
    assert row1 == [".", "R1.", ".", "R2b", "r", "R3.", "."]
    assert lines[5].split() == ["W.", "G3g", "G4.", "Eg"]


def test_ansi_board_when_colour():
    text = "\n".join(render(FRAME, colour=True))
    assert "48;2;255;255;255m" in text  # lamp 0 white background
    assert "48;2;0;0;255mR2" in text


def test_show_keeps_the_last_frame_and_writes_plain_text_to_a_non_tty():
    out = io.StringIO()
    leds = VirtualLeds(stream=out)
    leds.show(FRAME)
    assert leds.last_frame == FRAME
    assert not leds.colour and "R2b" in out.getvalue()


def test_plain_output_is_rate_limited_but_last_frame_is_always_current():
    clock = FakeClock()
    out = io.StringIO()
    leds = VirtualLeds(stream=out, clock=clock, plain_interval_s=1.0)
    leds.show(FRAME)
    leds.show(Frame.blank())
    assert out.getvalue().count("R1") == 1 and leds.last_frame == Frame.blank()
    clock.advance(1.0)
    leds.show(Frame.blank())
    assert out.getvalue().count("R1") == 2


def test_a_terminal_redraws_in_place():
    out = io.StringIO()
    leds = VirtualLeds(stream=out, colour=True)
    leds.show(FRAME)
    leds.show(Frame.blank())
    n = len(render(FRAME, True))
    assert out.getvalue().count(f"\x1b[{n}F") == 1


def test_plain_output_explains_its_letters_once():
    clock = FakeClock()
    out = io.StringIO()
    leds = VirtualLeds(stream=out, clock=clock, plain_interval_s=1.0)
    leds.show(FRAME)
    clock.advance(1.0)
    leds.show(Frame.blank())
    assert out.getvalue().count("r red") == 1 and out.getvalue().startswith("Virtual board as text")
