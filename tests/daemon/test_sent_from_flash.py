"""The board flashes the tower the engine sent the signal from (recorded in ``sent_from``),
never a tower re-derived from the lamps."""

from clacks_hw.daemon.controller import Controller, Settings
from clacks_hw.daemon.renderer import render
from clacks_hw.daemon.session import GameSession, JournalStore
from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.core.engine import apply
from clacks_hw.game.core.values import replace
from clacks_hw.views.position_json import position_json
from tests.coop.conftest import ED, L, T, race
from tests.fakes.daemon_rig import card_map


def race_position():
    """Race, S to send A: after J04 on lamps 7 and 11, A reads from S on R4 (untouched) and
    on R6 (flipped this turn): the signal goes from R6."""
    s = race()
    s = replace(s, board=0xAD86)
    return s.with_player(replace(s.player("S"), hand=("J04",), hand_count=1))


def test_the_engine_records_the_tower_a_team_signal_went_from():
    s = race_position()
    after = apply(s, Action("S", "play", card="J04", lamps=L(7, 11)))
    assert after.signals_sent == 1
    assert after.sent_from == (T("R6"),)
    assert position_json(after)["sent_from"] == ["R6"]


def test_the_race_flash_shows_the_tower_the_engine_sent_from(tmp_path):
    s = race_position()
    store = JournalStore(tmp_path, ED)
    ctrl = Controller(ED, store, card_map(), Settings(mode="race"), session=GameSession(s, None), now=0.0)
    assert ctrl.current.submit(Action("S", "play", card="J04", lamps=L(7, 11)), 0.0)
    flash = ctrl.view(0.05).flash
    assert flash is not None
    assert flash.mask == TOWERS[T("R6")].mask, "the board must flash R6, not R4"
    frame = render(ctrl.view(0.05), 0.05)
    assert frame.lamp(15) == frame.lamp(7) != frame.lamp(12), "R6 flashes (lamp 15), R4 (lamp 12) does not"
