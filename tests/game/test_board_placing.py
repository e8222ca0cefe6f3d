"""Placing a card in a press or two (board_play/placing.py, reach.py; issue 31): with a tower
selected the walk is that tower's places, most useful first; TURN turns the card where it lies;
the strong computer's place is within 2 presses, every place within 5 (bench_placement.py
measures the same on more games)."""

from __future__ import annotations

import pytest

from clacks_hw.commands.demo_cmd import demo_config
from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import TOWERS, lamps_of
from clacks_hw.game.clacks.board_play import placing
from clacks_hw.game.clacks.board_play.reach import Walk
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.hints import SENDS, card_hint, moved
from clacks_hw.game.core.computer import choose, move_rng, to_act
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.values import replace

ED = default_edition()


def strong_plays(seeds, most: int = 12):
    """(state, seat, card, place) of the first ``most`` jacquards the strong computer plays per
    game, dealt as bench_placement.py deals them (the games where the old walk needed 6 presses)."""
    out = []
    for seed in seeds:
        state = new_game(ED, demo_config(ED, "competitive", 2, seed, "strong", ()))
        found = 0
        for n in range(5_000):
            seat = to_act(state)
            if found == most or seat is None:
                break
            action = choose(state, seat, "strong", move_rng(state, seat, n + seed)).action
            if action.act == "play" and action.lamps is not None and action.card in ED.jacquards:
                out.append((state, seat, action.card, action.lamps))
                found += 1
            state = state.config.game.apply(state, action)
    return out


@pytest.fixture(scope="module")
def positions():
    return strong_plays((2, 5))


def walked(state, seat, card):
    best = card_hint(state, seat, card, ED.jacquards[card].shape.placements)
    return Walk(state, seat, card, True, best), placing.walked(state, seat, best), best


def test_the_strong_computers_place_is_within_two_presses_and_every_place_within_five(positions):
    assert len(positions) >= 20
    for state, seat, card, place in positions:
        walk, tower, _best = walked(state, seat, card)
        presses = walk.presses(tower)
        assert presses[place] <= 2, (card, place)
        every = set(ED.jacquards[card].shape.placements)
        assert every <= set(presses) and max(presses[m] for m in every) <= 5, card
        clicks = walk.presses(tower, page=True)
        assert max(clicks[m] for m in every) <= 3, card  # the page's lamps: a click or three


def test_with_hints_off_every_place_is_within_five_presses(positions):
    """The scored game's walk (the pawn's tower, no hint): the old one needed 6 on these games."""
    for state, seat, card, _place in positions:
        walk = Walk(state, seat, card, False, None)
        presses = walk.presses(placing.walked(state, seat, None), most=6)
        every = set(ED.jacquards[card].shape.placements)
        assert max(presses.get(m, 99) for m in every) <= 5, card


def test_with_hints_off_the_walk_is_the_towers_geometry_whatever_the_lamps_and_letters(positions):
    """Hints off, the order gives nothing away: the most of the tower's lamps changed first, then
    the board's order, the same whatever lamps are lit and whatever letter the seat sends next."""
    for state, seat, card, _place in positions[:8]:
        placements = ED.jacquards[card].shape.placements
        for tower in range(len(TOWERS)):
            lamps = TOWERS[tower].mask
            walk = placing.tower_walk(state, seat, card, placements, tower, False)
            assert set(walk) == {m for m in placements if m & lamps}
            keys = [(-bin(m & lamps).count("1"), lamps_of(m)) for m in walk]
            assert keys == sorted(keys)  # the most of its lamps first, then the lowest lamp first
            for board in (0, 0xFFFF, state.board ^ lamps):
                other = replace(state, board=board, players=tuple(replace(p, sent=len(p.signals) - 1)
                                                                 for p in state.players))
                assert placing.tower_walk(other, seat, card, placements, tower, False) == walk


def test_the_walk_is_the_towers_places_sending_first_then_fewest_lamps_wrong(positions):
    for state, seat, card, _place in positions:
        walk, tower, best = walked(state, seat, card)
        options = walk.of(tower)
        assert set(options) == {m for m in ED.jacquards[card].shape.placements if m & TOWERS[tower].mask}
        if best.code == SENDS:
            assert options[0] == best.choice
        there = moved(state, seat, tower)  # what a place sends with the pawn on that tower
        sent = [there and state.config.game.sends(there, Action(seat, "play", card=card, lamps=m)) for m in options[1:]]
        here = [bool(h) and h[2] == tower for h in sent]
        assert here == sorted(here, reverse=True)  # every place sending from the tower before the rest
        wrong = [placing.wrong_on(state, seat, tower, m) for m, h in zip(options[1:], here) if not h]
        assert wrong == sorted(wrong)


@pytest.mark.parametrize("card", sorted(ED.jacquards))
def test_turn_turns_the_card_where_it_lies_and_eight_turns_pass_every_orientation(card):
    placements = ED.jacquards[card].shape.placements
    shapes = {placing.orientation(m) for m in placements}
    for mask in placements:
        seen, at, turns = {placing.orientation(mask)}, mask, 0
        for _ in range(8):
            after, turns = placing.turned(placements, at, turns)
            same = [m for m in placements if placing.orientation(m) == placing.orientation(after)]
            near = min(placing._distance(placing.centre2(m), placing.centre2(at)) for m in same)
            assert placing._distance(placing.centre2(after), placing.centre2(at)) == near  # where it lay
            seen.add(placing.orientation(after))
            at = after
        assert seen == shapes, card


def test_a_lamp_takes_the_nearest_place_of_the_orientation_shown_and_again_the_next():
    card = next(c for c in sorted(ED.jacquards) if len({placing.orientation(m) for m in ED.jacquards[c].shape.placements}) == 8)
    placements = ED.jacquards[card].shape.placements
    mask = placements[0]
    for lamp in range(16):
        laid = placing.covering(placements, mask, lamp)
        assert laid >> lamp & 1
        if not mask >> lamp & 1 and any(placing.orientation(m) == placing.orientation(mask) and m >> lamp & 1
                                        for m in placements):
            assert placing.orientation(laid) == placing.orientation(mask)
        cover = {m for m in placements if m >> lamp & 1}
        seen, at = set(), laid
        for _ in range(len(cover)):
            seen.add(at)
            at = placing.covering(placements, at, lamp)
        assert seen <= cover and len(seen) > 1 or len(cover) == 1
