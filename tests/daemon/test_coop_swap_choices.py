"""A swapped card that flips a lamp or a tower is chosen with the preview BEFORE the swap is
sent: the swap action carries the choice, then the lifted jacquard is previewed."""

from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.clacks.state import Report
from tests.fakes.daemon_rig import coop_game

TABLE = (Report("I04", "J01", True), Report("I06", "J15", True),  # FOG, BANSHEE ON THE LINE
         Report("L04", "J29", False), Report("L02", "J45", False))  # TEA BREAK, SPARE PARTS


def test_spare_parts_chooses_a_lamp_then_swaps(tmp_path):
    rig = coop_game(tmp_path, reports=TABLE)
    board = rig.state.board
    rig.tap("L02")
    rig.press("PLAY")  # discard J30
    flow = rig.ctrl.swap
    assert flow.step == "choice" and flow.discard == "J30" and flow.choice.choose == "lamps"
    assert len(flow.choice.options) == 16
    shown = rig.ctrl.view(rig.clock.now()).preview
    assert shown is flow.choice  # the lamp blinks like a Fault Report card's flip
    rig.press("NEXT")
    rig.press("NEXT")
    lamp = rig.ctrl.swap.choice.choice
    assert rig.state.board == board  # nothing sent yet
    rig.press("PLAY")
    s = rig.state
    assert s.turn.swapped and s.turn.lifted == "J45"
    assert s.board == board ^ lamp and s.turn.flipped & lamp
    assert rig.ctrl.preview.card == "J45"


def test_banshee_chooses_the_tower_by_its_button(tmp_path):
    rig = coop_game(tmp_path, reports=TABLE)
    board = rig.state.board
    rig.tap("I06")
    rig.tap("J33")  # discard J33
    assert rig.ctrl.swap.choice.choose == "tower"
    rig.press("G4")
    assert rig.ctrl.view(rig.clock.now()).preview.mask == TOWERS[9].mask
    rig.press("TURN")  # TURN steps to the next tower
    assert rig.ctrl.swap.choice.choice == 10
    rig.press("G4")
    rig.press("PLAY")
    s = rig.state
    assert s.board == board ^ TOWERS[9].mask and s.turn.lifted == "J15"
    assert rig.ctrl.preview.card == "J15"


def test_the_swap_in_the_journal_carries_the_choice(tmp_path):
    from clacks_hw.journal import read_journal

    rig = coop_game(tmp_path)  # the real table of this seed
    s = rig.state
    log = next((r.card for r in s.reports if r.card in ("L02", "L07")), None)
    source = log or s.reports[0].card
    rig.tap(source)
    rig.press("PLAY")
    if rig.ctrl.swap is not None:
        rig.press("PLAY")
    entries = read_journal(rig.ctrl.session.path).entries
    swap = entries[-1].action
    assert swap.act == "swap" and swap.source == source and swap.card == "J30"
    assert (swap.lamps is not None) == (source in ("L02", "L07"))
