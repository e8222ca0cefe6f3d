"""The lit board's walk (issue 31): a tapped jacquard walks the places changing its tower, TURN
turns it where it lies, a tower button (modes without pawns) selects the tower walked, and the
page's lamp presses lay it over a lamp."""

from __future__ import annotations

from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.clacks.board_play import placing
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig


def competitive_card(tmp_path, seed=3):
    rig = Rig(tmp_path, FakeClock(0.0), seed=seed, hints="on")
    rig.start_game()
    rig.press("R2" if rig.state.turn.seat in "SN" else "G3")  # the first move is free
    s = rig.state
    card = next(c for c in s.current.hand if c in EDITION.jacquards and EDITION.jacquards[c].cost <= s.turn.left
                and len({placing.orientation(m) for m in EDITION.jacquards[c].shape.placements}) > 1)
    rig.tap(card)
    return rig, card


def test_next_walks_only_the_places_changing_the_tower_and_turn_keeps_the_place(tmp_path):
    rig, card = competitive_card(tmp_path)
    pv = rig.ctrl.preview
    assert pv.tower is not None
    lamps = TOWERS[pv.tower].mask
    walk = {m for m in EDITION.jacquards[card].shape.placements if m & lamps}
    assert set(pv.options) == walk and len(walk) < len(EDITION.jacquards[card].shape.placements)
    seen = set()
    for _ in range(len(pv.options)):
        seen.add(rig.ctrl.preview.choice)
        assert rig.ctrl.preview.choice & lamps
        rig.press("NEXT")
    assert seen == walk and rig.ctrl.preview.choice == pv.choice  # round the tower and back
    before = rig.ctrl.preview.choice
    rig.press("TURN")
    after = rig.ctrl.preview.choice
    assert placing.orientation(after) != placing.orientation(before) and after & lamps
    same = [m for m in rig.ctrl.preview.options if placing.orientation(m) == placing.orientation(after)]
    near = min(placing._distance(placing.centre2(m), placing.centre2(before)) for m in same)
    assert placing._distance(placing.centre2(after), placing.centre2(before)) == near  # where it lay
    assert rig.ctrl.preview.tower == pv.tower  # still that tower


def test_a_lamp_pressed_lays_the_card_over_it(tmp_path):
    rig, card = competitive_card(tmp_path)
    lamp = next(i for i in range(16) if not rig.ctrl.preview.choice >> i & 1)
    rig.press(f"L{lamp}")
    assert rig.ctrl.preview.choice >> lamp & 1
    assert rig.ctrl.preview.choice & TOWERS[rig.ctrl.preview.tower].mask


def test_without_pawns_a_tower_button_selects_the_tower_walked(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=5, hints="on")
    rig.start_mode("solitaire")
    assert not rig.state.config.game.pawns
    s = rig.state
    card = next(c for c in s.current.hand if c in EDITION.jacquards and EDITION.jacquards[c].cost <= s.turn.left)
    rig.tap(card)
    for tower in (TOWERS[3], TOWERS[10]):
        rig.press(tower.name)
        pv = rig.ctrl.preview
        assert pv is not None and pv.tower == tower.index
        assert set(pv.options) == {m for m in EDITION.jacquards[card].shape.placements if m & tower.mask}
