"""The board's pairing gestures through its real buttons (gpiozero's mock pins, the debouncer)
on a fake clock: TURN+BACK held 3 s shows a code on the lamps for two minutes (the game never
sees the gesture), BACK ends it, a phone's pairing ends it, PREV+BACK forgets every phone; the
code reaches no log line and no text the board prints, only its LEDs and its own screen."""

from __future__ import annotations

import io
import logging
import random
import socket

import pytest
from gpiozero.pins.mock import MockFactory

from clacks_hw.config.load import load_config
from clacks_hw.daemon import app
from clacks_hw.daemon import palette as P
from clacks_hw.daemon.events import PhonePaired
from clacks_hw.daemon.keyboard import Keyboard
from clacks_hw.daemon.screens.pairing import PhoneDesk
from clacks_hw.daemon.setup_menu import SetupMenu
from clacks_hw.daemon.terminal_screen import TerminalScreen
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.game.clacks.board import TOWER_BY_NAME
from clacks_hw.game.clacks.turns import target_mask
from clacks_hw.testing.clock import FakeClock
from clacks_hw.testing.recording_leds import RecordingLeds
from tests.fakes.daemon_rig import Rig
from tests.support.terminal_screens import FakePairing as StaysOpen

TOKEN = "test-admin-token-0123456789"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def board(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    clock = FakeClock(0.0)
    config = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                    "journal.dir": str(tmp_path), "status.port": free_port(),
                                    "status.admin_token": TOKEN}, check_devices=False)
    out = io.StringIO()
    d = app.Daemon(config, virtual=True, seams=app.Seams(
        clock=clock, led_backend=RecordingLeds(clock), pin_factory=MockFactory(), status_page=True, output=out,
        rng=random.Random(3)))
    d.out_text = out  # what the board printed
    yield d
    d.close()


def run(d, seconds: float, step: float = 0.05) -> None:
    for _ in range(round(seconds / step)):
        d.clock.advance(step)
        d.loop.step(0)


def hold(d, *names: str, seconds: float = 3.2) -> None:
    for name in names:
        d.buttons.device(name).pin.drive_low()
    run(d, seconds)
    for name in names:
        d.buttons.device(name).pin.drive_high()
    run(d, 0.2)


def frame(d):
    return d.loop.leds.last_frame


def spelled(d, letter: str) -> bool:
    mask = target_mask("S", TOWER_BY_NAME["R2"].index, d.edition.signals[letter])
    return all((frame(d).lamp(i) == P.PAIRING_LETTER) == bool(mask >> i & 1) for i in range(16))


def test_turn_and_back_held_show_the_code_on_the_lamps_for_two_minutes(board, caplog):
    d = board
    run(d, 0.5)
    hold(d, "TURN", "BACK")
    code = d.pairing.shown()
    assert code is not None and d.controller.screen == "attract"  # the game never saw the gesture
    assert frame(d).seat("S") == P.PAIRING and frame(d).tower("R1") == P.PAIRING_PLACE
    assert spelled(d, code.code[0])
    seen = set()
    for _ in range(16 * 8):  # two rounds of the eight letters
        run(d, 0.25)
        places = [t for t in ("R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2") if frame(d).tower(t) == P.PAIRING_PLACE]
        if places:
            k = ("R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2").index(places[0])
            assert spelled(d, code.code[k]) or not any(frame(d).lamp(i) != P.OFF for i in range(16))
            seen.add(k)
    assert seen == set(range(8))
    run(d, 120 - (d.clock.now() - code.opened) - 0.5)
    assert d.pairing.shown() == code  # still there just before the two minutes
    run(d, 1.0)
    assert d.pairing.shown() is None and frame(d).seat("S") != P.PAIRING
    assert "no phone used the code within 2 minutes" in d.out_text.getvalue()
    everything = d.out_text.getvalue() + "\n".join(r.getMessage() for r in caplog.records)
    assert code.code not in everything and code.grouped not in everything  # the LEDs only


def test_a_virtual_board_drawn_as_plain_text_prints_the_code_readably(tmp_path):
    # Without a terminal (its output read from a file, as an emulated board at a show runs), the
    # lamps are letters that spell nothing readable: the code's lines come with the drawing.
    clock = FakeClock(0.0)
    config = load_config(overrides={"buttons.pin_factory": "mock", "reader.type": "none",
                                    "journal.dir": str(tmp_path), "status.port": free_port(),
                                    "status.admin_token": TOKEN}, check_devices=False)
    out = io.StringIO()
    d = app.Daemon(config, virtual=True, seams=app.Seams(clock=clock, pin_factory=MockFactory(), status_page=True,
                                                         output=out, rng=random.Random(3)))
    try:
        run(d, 0.5)
        assert "r " in out.getvalue() or ". " in out.getvalue()  # the plain drawing, lamps as letters
        hold(d, "TURN", "BACK")
        code = d.pairing.shown()
        printed = out.getvalue()
        assert code is not None and printed.count(code.grouped) == 1
        assert "PAIRING A PHONE" in printed and "BACK ends pairing." in printed
        assert "\x1b" not in printed  # no QR code's terminal colours in a file
        run(d, 5.0)
        assert out.getvalue().count(code.grouped) == 1  # once per code, not with every drawing
    finally:
        d.close()


def test_back_ends_pairing_and_a_game_goes_on_meanwhile(board):
    d = board
    d.controller.start_game(SetupMenu.from_defaults("competitive", (), ("S", "N"), 0.0), d.clock.now())
    assert d.controller.screen == "game"
    hold(d, "TURN", "BACK")
    code = d.pairing.shown()
    assert code is not None and d.controller.screen == "game"  # no reset question: not the reset gesture
    d.buttons.device("BACK").pin.drive_low()
    run(d, 0.1)
    d.buttons.device("BACK").pin.drive_high()
    run(d, 0.1)
    assert d.pairing.shown() is None and "code is void" in d.out_text.getvalue()
    assert d.controller.screen == "game" and frame(d).seat("S") != P.PAIRING


def test_a_phone_pairing_ends_the_display_and_prev_back_forgets_every_phone(board):
    d = board
    hold(d, "TURN", "BACK")
    secret, phone = d.pairing.redeem(d.pairing.shown().code)
    d.events.put(PhonePaired(phone.name))  # as the web server does
    run(d, 0.1)
    assert frame(d).seat("S") == P.PAIRED and frame(d).tower("R1") == P.PAIRED
    assert f"A phone is paired ({phone.name})" in d.out_text.getvalue()
    run(d, 2.0)
    assert frame(d).seat("S") != P.PAIRED
    hold(d, "PREV", "BACK")
    assert d.pairing.phone(secret) is None and frame(d).seat("S") == P.FORGOTTEN
    assert "Every paired phone is forgotten (1)" in d.out_text.getvalue()
    assert d.controller.screen == "attract"


def test_the_reset_gesture_is_still_the_reset_gesture(board):
    d = board
    hold(d, "PREV", "NEXT")
    assert d.pairing.shown() is None and d.pairing.phones.phones() == []


def test_without_a_token_the_gesture_says_why(tmp_path):
    clock = FakeClock(0.0)
    config = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                    "journal.dir": str(tmp_path), "status.port": free_port()}, check_devices=False)
    out = io.StringIO()
    d = app.Daemon(config, virtual=True, seams=app.Seams(clock=clock, led_backend=RecordingLeds(clock),
                                                         pin_factory=MockFactory(), status_page=True, output=out))
    try:
        hold(d, "TURN", "BACK")
        assert "Cannot pair a phone: pairing is off: there is no admin token" in out.getvalue()
    finally:
        d.close()


def test_the_virtual_boards_keys_make_the_gestures():
    events = []
    kb = Keyboard(io.StringIO(), events.append, FakeClock(0.0))
    for ch in "PF!":
        kb.key(ch)
    assert [e.button for e in events] == ["TURN+BACK", "PREV+BACK", "PREV+NEXT"]
    assert all(isinstance(e, ButtonEvent) and e.kind == "chord" for e in events)


class FakePairing(StaysOpen):
    """A window that is open from ``open`` until ``close``."""

    def __init__(self, code):
        super().__init__(code)
        self.open_now = False

    def open(self, *kind_and_seat):
        self.open_now = True
        return self.code

    def close(self):
        self.open_now = False

    def shown(self):
        return self.code if self.open_now else None


def test_a_terminal_shows_the_qr_code_and_the_code_in_place_of_the_board(tmp_path):
    from clacks_hw.pairing.codes import PairingCode

    clock = FakeClock(0.0)
    screen = TerminalScreen(io.StringIO(), clock, size=lambda: (100, 40))
    screen.status("Attract: the demo plays.")
    code = PairingCode("KXQMRTAB", 0.0, 120.0)
    said = []
    rig = Rig(tmp_path, clock)
    rig.ctrl.phones = PhoneDesk(FakePairing(code), lambda letter: 0, say=said.append, terminal=screen,
                                url=lambda: ("http://clacks.local:8080/", ""))
    rig.ctrl.handle(ButtonEvent("chord", "TURN+BACK", 0.0, 3.0), 0.0)
    assert rig.ctrl.current.name == "pairing" and rig.ctrl.screen == "attract"  # over attract
    text = "\n".join(screen.lines())
    assert "PAIRING A PHONE" in text and "KXQM RTAB" in text and "http://clacks.local:8080/admin" in text
    assert "\u2580" in text or "\u2584" in text  # the QR code, in half blocks
    assert "KXQMRTAB" not in " ".join(said)
    rig.ctrl.handle(ButtonEvent("press", "BACK", 1.0), 1.0)
    assert rig.ctrl.current.name == "attract"
    assert "PAIRING A PHONE" not in "\n".join(screen.lines()) and "Attract" in "\n".join(screen.lines())


def test_no_qr_code_to_an_address_no_phone_can_reach_but_why(tmp_path):
    """A board listening on 127.0.0.1 (the default) must not send a phone there: it says why."""
    from clacks_hw.base.lan import phone_url
    from clacks_hw.pairing.codes import PairingCode

    clock = FakeClock(0.0)
    screen = TerminalScreen(io.StringIO(), clock, size=lambda: (100, 40))
    rig = Rig(tmp_path, clock)
    rig.ctrl.phones = PhoneDesk(FakePairing(PairingCode("KXQMRTAB", 0.0, 120.0)), lambda letter: 0,
                                say=lambda t: None, terminal=screen, url=lambda: phone_url("127.0.0.1", 8080))
    rig.ctrl.handle(ButtonEvent("chord", "TURN+BACK", 0.0, 3.0), 0.0)
    text = "\n".join(screen.lines())
    words = " ".join(text.split())
    assert '(status.bind = "127.0.0.1")' in words and "listens on this machine only" in words and "0.0.0.0" in words
    assert "http://127.0.0.1" not in text and "Scan" not in text
    assert "\u2580" not in text and "\u2584" not in text and "KXQM RTAB" in text


def test_a_code_used_between_two_loop_turns_is_not_called_unused(board):
    d = board
    hold(d, "TURN", "BACK")
    d.pairing.redeem(d.pairing.shown().code)  # the web server's thread, before it tells the loop
    run(d, 0.1)  # the loop's timers see the window closed first
    assert "no phone used the code" not in d.out_text.getvalue()
    d.events.put(PhonePaired("ab12cd"))
    run(d, 0.1)
    assert frame(d).seat("S") == P.PAIRED and "A phone is paired (ab12cd)" in d.out_text.getvalue()


def _desk(rig, tmp_path):
    from clacks_hw.game.clacks.edition_files import default_edition
    from clacks_hw.pairing import Pairing

    pairing = Pairing(lambda: "token", tmp_path / "phones", rig.clock, rng=random.Random(7), boot="boot")
    rig.ctrl.phones = PhoneDesk(pairing, default_edition().spelled, say=rig.reports.append)
    return pairing


def test_pairing_rides_over_set_up_and_stays_over_the_game_it_starts(tmp_path):
    from clacks_hw.daemon.renderer import render
    from tests.fakes.daemon_rig import Rig

    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    pairing = _desk(rig, tmp_path)
    rig.press("PLAY")
    rig.ctrl.handle(ButtonEvent("chord", "TURN+BACK", rig.clock.now(), 3.0), rig.clock.now())
    assert rig.ctrl.current.name == "pairing" and rig.ctrl.screen == "setup"
    for _ in range(4):  # the set-up's own buttons go to it meanwhile: it starts the game
        rig.press("PLAY")
    assert rig.ctrl.screen == "game" and rig.ctrl.current.name == "pairing" and pairing.shown() is not None
    now = rig.clock.now()
    assert render(rig.ctrl.view(now), now).seat("W") == P.PAIRING  # the code still on the LEDs
    rig.press("BACK")
    assert rig.ctrl.current.name == "game" and pairing.shown() is None
    now = rig.clock.now()
    assert render(rig.ctrl.view(now), now).seat("W") != P.PAIRING  # the game's lights again


def test_a_fault_while_pairing_comes_under_it_and_shows_when_pairing_ends(tmp_path):
    from clacks_hw.drivers.reader_events import ReaderEvent
    from tests.fakes.daemon_rig import Rig

    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game()
    _desk(rig, tmp_path)
    rig.ctrl.handle(ButtonEvent("chord", "TURN+BACK", rig.clock.now(), 3.0), rig.clock.now())
    rig.ctrl.handle(ReaderEvent("offline", detail="unplugged"), rig.clock.now())
    assert rig.ctrl.current.name == "pairing" and rig.ctrl.screen == "fault"
    rig.press("BACK")  # pairing ends: the game waits for its reader
    assert rig.ctrl.current.name == "fault"
    rig.ctrl.handle(ReaderEvent("online", detail="hub"), rig.clock.now())
    assert rig.ctrl.current.name == "game"


def test_the_pages_say_a_phone_is_being_paired_over_the_game_that_goes_on(board):
    """status.json (the status page, the kiosk, the play page) names the screen underneath, which
    goes on, and says beside it whose phone is being paired; never the code. The hall's view of
    the board's state still fits its schema meanwhile."""
    from clacks_hw.mqtt.projection import hall_state
    from clacks_hw.web.public import status_json

    d = board
    d.controller.start_game(SetupMenu.from_defaults("competitive", (), ("S", "N"), 0.0), d.clock.now())
    run(d, 0.2)
    page = status_json(d.status_page.box.get())
    assert (page["screen"], page["screen_label"], page["pairing"]) == ("game", "Game", None)
    hold(d, "TURN", "BACK")
    code = d.pairing.shown()
    page = status_json(d.status_page.box.get())
    assert page["screen"] == "game" and page["position"] is not None  # the game underneath goes on
    assert page["pairing"] == {"seat": None, "label": "Pairing the admin's phone"}
    d.buttons.device("NEXT").pin.drive_low()
    run(d, 0.1)
    d.buttons.device("NEXT").pin.drive_high()
    run(d, 0.1)
    page = status_json(d.status_page.box.get())
    assert page["pairing"] == {"seat": "S", "label": "Pairing seat S's phone"}
    assert hall_state(page).screen == "game"
    text = str(page)
    assert code.code not in text and code.grouped not in text and d.pairing.shown().code not in text
    d.buttons.device("BACK").pin.drive_low()
    run(d, 0.1)
    d.buttons.device("BACK").pin.drive_high()
    run(d, 0.1)
    assert status_json(d.status_page.box.get())["pairing"] is None
