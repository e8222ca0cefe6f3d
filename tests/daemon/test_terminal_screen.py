"""The virtual board on a terminal: board, status, messages and keys redrawn in place."""

import io
import logging

from clacks_hw.config.load import load_config
from clacks_hw.daemon import app
from clacks_hw.daemon.controller import ATTRACT_TEXT
from clacks_hw.daemon.screen_layout import _ANSI
from clacks_hw.daemon.terminal_screen import TerminalScreen
from clacks_hw.drivers.frame import Frame
from clacks_hw.testing.clock import FakeClock


class Tty(io.StringIO):
    def isatty(self):
        return True


def test_everything_is_redrawn_from_the_top_without_scrolling():
    out = Tty()
    screen = TerminalScreen(out)
    screen.show(Frame.build(lamps={0: (255, 255, 255)}))
    screen.status("Turn 1: S to act")
    screen.message("! J05 is not in S's hand")
    last = out.getvalue().split("\x1b[H")[-1]  # the latest drawing, from the home position
    assert last.endswith("\x1b[J")  # and everything below it cleared
    text = _ANSI.sub("", last.replace("\x1b[K", ""))
    assert "R1" in text and "Turn 1: S to act" in text and "! J05 is not in S's hand" in text
    assert text.index("R1") < text.index("! J05") < text.index("keys:")  # board, messages, keys


def test_the_card_prompt_is_shown_while_typing_and_kept_as_a_message():
    screen = TerminalScreen(Tty())
    screen.write("card id: ")
    screen.write("J3")
    assert screen.lines()[-1] == "card id: J3"
    screen.write("9\n")
    assert "card id: J39" in screen.lines() and screen.lines()[-2].startswith("keys:")


def test_only_the_latest_messages_stay():
    screen = TerminalScreen(Tty())
    for i in range(30):
        screen.message(f"message {i}")
    lines = screen.lines()
    assert "message 29" in lines and "message 0" not in lines


def test_warnings_land_on_the_screen_not_over_it():
    screen = TerminalScreen(Tty())
    terminal = logging.StreamHandler(Tty())
    root = logging.getLogger()
    root.addHandler(terminal)
    try:
        screen.start_logging()
        assert terminal.level > logging.CRITICAL  # quiet while the screen owns the terminal
        logging.getLogger("clacks_hw.test").warning("the card reader went offline")
        assert "warning: the card reader went offline" in screen.lines()
        screen.stop_logging()
        assert terminal.level == logging.NOTSET
    finally:
        root.removeHandler(terminal)


def test_the_daemon_uses_the_screen_on_a_terminal(tmp_path):
    cfg = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                 "journal.dir": str(tmp_path), "status.port": 0}, check_devices=False)
    out = Tty()
    daemon = app.Daemon(cfg, virtual=True, seams=app.Seams(clock=FakeClock(0.0), output=out))
    try:
        assert daemon.screen is not None and daemon.leds is not None
        assert daemon.run(duration=0) == app.EXIT_OK
        assert any(line.endswith(ATTRACT_TEXT) for line in daemon.screen.lines())
    finally:
        daemon.close()
    assert "\x1b[H" in out.getvalue()
