"""Tapping a jacquard previews it; NEXT/PREV/TURN step, PLAY commits, BACK cancels."""

import logging

from clacks_hw.game.clacks.board_play.placing import orientation
from clacks_hw.game.clacks.hints import card_hint
from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.planner import plan
from clacks_hw.game.core.values import replace
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig


def game(tmp_path, seed=3, hints="auto"):
    rig = Rig(tmp_path, FakeClock(0.0), seed=seed, hints=hints)
    rig.start_game()
    return rig


def test_with_hints_a_tap_previews_at_the_hints_placement_first(tmp_path):
    for seed in range(1, 40):
        rig = game(tmp_path / str(seed), seed, hints="on")
        s = rig.state
        rig.press("R2" if s.turn.seat in "SN" else "G3")  # the first move is free
        pl = plan(rig.state)
        if pl is None:
            continue
        card = pl.cards[0]
        rig.tap(card)
        pv = rig.ctrl.preview
        assert pv is not None and pv.card == card and pv.affordable
        assert pv.choice == card_hint(rig.state, pv.seat, card, EDITION.jacquards[card].shape.placements).choice
        assert pv.choice in pl.masks or pv.sends is not None  # the planner's place, or one as good
        return
    raise AssertionError("no seed gave a plan")


def test_next_prev_cycle_and_back_cancels(tmp_path):
    rig = game(tmp_path)
    card = rig.state.current.hand[0]
    rig.tap(card)
    pv = rig.ctrl.preview
    n = len(pv.options)
    assert n == len(set(EDITION.jacquards[card].shape.placements))
    rig.press("NEXT")
    assert rig.ctrl.preview.index == 1
    rig.press("PREV")
    rig.press("PREV")
    assert rig.ctrl.preview.index == n - 1
    before = rig.state
    rig.press("BACK")
    assert rig.ctrl.preview is None and rig.state is before


def test_turn_steps_to_another_orientation(tmp_path):
    rig = game(tmp_path)
    s = rig.state
    # give the player an ell4 (8 orientations)
    card = next(c for c, j in EDITION.jacquards.items() if j.shape.name == "ell4")
    rig.ctrl.session.state = s.with_player(replace(s.current, hand=(card,) + s.current.hand[1:]))
    rig.tap(card)
    seen = {orientation(rig.ctrl.preview.choice)}
    for _ in range(7):
        rig.press("TURN")
        seen.add(orientation(rig.ctrl.preview.choice))
    assert len(seen) == 8


def test_preview_blinks_on_the_lamps(tmp_path):
    rig = game(tmp_path)
    rig.tap(rig.state.current.hand[0])
    pv = rig.ctrl.preview
    t = pv.since
    on = render(rig.ctrl.view(t + 0.1), t + 0.1)
    off = render(rig.ctrl.view(t + 0.5), t + 0.5)
    lamps = [i for i in range(16) if pv.mask >> i & 1]
    assert all(on.lamp(i) == (60, 140, 255) for i in lamps)
    assert all(off.lamp(i) != (60, 140, 255) for i in lamps)


def test_play_commits_the_shown_placement(tmp_path):
    rig = game(tmp_path)
    s0 = rig.state
    rig.press("R2" if s0.turn.seat in "SN" else "G3")
    card = rig.state.current.hand[0]
    rig.tap(card)
    rig.press("NEXT")
    mask = rig.ctrl.preview.choice
    board = rig.state.board
    rig.press("PLAY")
    assert rig.ctrl.preview is None
    assert card in rig.state.turn.played or rig.state.turn.seat != s0.turn.seat
    assert rig.state.board == board ^ mask


def test_unaffordable_card_blinks_red_and_cannot_be_committed(tmp_path):
    rig = game(tmp_path)
    s = rig.state
    rig.ctrl.session.state = replace(s, turn=replace(s.turn, card_cost=4))  # 1 point left
    card = next(c for c in rig.state.current.hand if EDITION.jacquards[c].cost > 1) if any(
        EDITION.jacquards[c].cost > 1 for c in rig.state.current.hand) else None
    if card is None:
        card = next(c for c, j in EDITION.jacquards.items() if j.cost == 3)
        st = rig.state
        rig.ctrl.session.state = st.with_player(replace(st.current, hand=(card,) + st.current.hand[1:]))
    rig.tap(card)
    pv = rig.ctrl.preview
    assert pv is not None and not pv.affordable
    frame = render(rig.ctrl.view(pv.since + 0.1), pv.since + 0.1)
    assert frame.lamp(next(i for i in range(16) if pv.mask >> i & 1)) == (255, 0, 0)
    before = rig.state
    rig.press("PLAY")
    assert rig.state is before
    assert rig.ctrl.view(rig.clock.now()).error_since is not None


def test_card_not_in_hand_is_rejected_with_the_engines_message(tmp_path, caplog):
    caplog.set_level(logging.INFO)  # a refused card is routine: logged at info, shown on the board
    rig = game(tmp_path)
    hand = rig.state.current.hand
    card = next(c for c in EDITION.jacquards if c not in hand)
    rig.tap(card)
    assert rig.ctrl.preview is None
    assert "not in" in rig.ctrl.message
    assert "rejected" in caplog.text


def test_unknown_tag_flashes_red_and_changes_nothing(tmp_path):
    from clacks_hw.drivers.reader_events import ReaderEvent

    rig = game(tmp_path)
    before = rig.state
    rig.ctrl.handle(ReaderEvent("tag", 0, "DEADBEEF"), rig.clock.now())
    view = rig.ctrl.view(rig.clock.now())
    assert view.error_since is not None and rig.state is before
    frame = render(view, rig.clock.now())
    assert all(frame.seat(s) == (255, 0, 0) for s in "SWNE")
    rig.tick(1.0)
    assert rig.ctrl.view(rig.clock.now()).error_since is None


def test_a_preview_tells_the_virtual_board_what_the_buttons_do(tmp_path):
    rig = game(tmp_path)
    card = min(rig.state.current.hand, key=lambda c: EDITION.jacquards[c].cost)
    rig.tap(card)
    said = rig.reports[-1]
    lamps = ",".join(str(i) for i in range(16) if rig.ctrl.preview.choice >> i & 1)
    assert f"at lamps {lamps}" in said and "PLAY plays it" in said and "BACK cancels" in said
