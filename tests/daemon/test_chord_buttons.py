"""A held gesture is not its buttons' own actions: through the board's real buttons (gpiozero's
mock pins, the debouncer) on a fake clock, holding TURN+BACK to pair a phone neither drops the
card being previewed nor leaves set-up's first page, whichever finger lands first; BACK alone
still does what BACK does, once it is let go."""

from __future__ import annotations

import io
import random
import socket

import pytest
from gpiozero.pins.mock import MockFactory

from clacks_hw.config.load import load_config
from clacks_hw.daemon import app
from clacks_hw.daemon.events import CardTap
from clacks_hw.testing.clock import FakeClock
from clacks_hw.testing.recording_leds import RecordingLeds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def board(tmp_path):
    clock = FakeClock(0.0)
    config = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                    "journal.dir": str(tmp_path), "status.port": free_port(),
                                    "status.admin_token": "test-admin-token-0123456789"}, check_devices=False)
    d = app.Daemon(config, virtual=True, seams=app.Seams(
        clock=clock, led_backend=RecordingLeds(clock), pin_factory=MockFactory(), status_page=True,
        output=io.StringIO(), rng=random.Random(3)))
    yield d
    d.close()


def run(d, seconds: float, step: float = 0.05) -> None:
    for _ in range(round(seconds / step)):
        d.clock.advance(step)
        d.loop.step(0)


def pin(d, name: str):
    return d.buttons.device(name).pin


def tap(d, name: str) -> None:
    pin(d, name).drive_low()
    run(d, 0.1)
    pin(d, name).drive_high()
    run(d, 0.1)


def hold_pairing(d, first: str, second: str) -> None:
    """``first`` lands, then ``second`` a fifth of a second later; both held 3.2 s, let go."""
    pin(d, first).drive_low()
    run(d, 0.2)
    pin(d, second).drive_low()
    run(d, 3.2)
    pin(d, first).drive_high()
    pin(d, second).drive_high()
    run(d, 0.2)


def in_game_with_a_preview(d):
    for _ in range(5):  # attract -> set-up -> mode, variants, seats -> the words dealt
        tap(d, "PLAY")
    assert d.controller.screen == "game"
    card = d.controller.session.state.current.hand[0]
    d.events.put(CardTap(card))
    run(d, 0.1)
    shown = d.controller.preview
    assert shown is not None and shown.card == card
    return shown


@pytest.mark.parametrize("first, second", [("BACK", "TURN"), ("TURN", "BACK")])
def test_pairing_keeps_the_previewed_card(board, first, second):
    d = board
    shown = in_game_with_a_preview(d)
    hold_pairing(d, first, second)
    assert d.pairing.shown() is not None  # the gesture opened pairing
    assert d.controller.preview == shown and d.controller.screen == "game"


@pytest.mark.parametrize("first, second", [("BACK", "TURN"), ("TURN", "BACK")])
def test_pairing_from_the_first_set_up_page_stays_in_set_up(board, first, second):
    d = board
    tap(d, "PLAY")
    assert d.controller.screen == "setup" and d.controller.setup.page == "mode"
    hold_pairing(d, first, second)
    assert d.pairing.shown() is not None
    assert d.controller.screen == "setup" and d.controller.setup.page == "mode"


def test_back_alone_still_cancels_the_preview_once_let_go(board):
    d = board
    in_game_with_a_preview(d)
    pin(d, "BACK").drive_low()
    run(d, 0.3)
    assert d.controller.preview is not None  # held: it might yet be a gesture
    pin(d, "BACK").drive_high()
    run(d, 0.1)
    assert d.controller.preview is None


def test_the_next_button_steps_the_preview_on_release(board):
    d = board
    shown = in_game_with_a_preview(d)
    tap(d, "NEXT")
    assert d.controller.preview.index == (shown.index + 1) % len(shown.options)
