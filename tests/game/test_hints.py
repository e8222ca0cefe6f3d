"""Hints include the move: the best use of a card is decided over every tower the letter may go
from and every placement (hints.py), and what it sends is the engine's answer to the move and
the card applied. The words are the views' (hint_text.py)."""

from __future__ import annotations

import pytest

from clacks_hw.commands.demo_cmd import demo_config
from clacks_hw.game.clacks import hints as h
from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.clacks.hint_follower import hinted_action
from clacks_hw.game.clacks.hint_text import hint_text
from clacks_hw.game.clacks.planner import plan
from clacks_hw.game.core.computer import choose, move_rng, to_act
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.values import replace

from .conftest import ED, L, T, at_turn, game, player, sig, tower_lamps

SQ_R2 = L(1, 2, 5, 6)  # a square inside R2


def start(seed: int, players: int = 2, variants=()):
    return new_game(ED, demo_config(ED, "competitive", players, seed, "easy", variants))


def hint(state, card):
    return h.card_hint(state, state.turn.seat, card, ED.jacquards[card].shape.placements)


def first_start_hint(code: str, seeds: int):
    """(start, seat to act, card, hint) of the first seeded start where a card's hint is ``code``."""
    for seed in range(seeds):
        s = start(seed)
        for card in s.player(s.turn.seat).hand:
            got = hint(s, card)
            if got.code == code:
                return s, s.turn.seat, card, got
    raise AssertionError(f"no seed gave a {code} hint")


def sent_by(state, seat, tower, card, lamps):
    """What the engine sends when ``seat`` moves to ``tower`` (if it must) and plays ``card``."""
    game_ = state.config.game
    if state.player(seat).tower != tower:
        state = game_.apply(state, Action(seat, "move", tower=tower))
        assert hasattr(state, "config"), state
    return game_.sends(state, Action(seat, "play", card=card, lamps=lamps))


def test_at_the_start_the_hint_names_the_tower_to_select_and_the_letter_it_sends():
    """The issue: with the pawn on its start button the best place said "sends nothing" until
    the player happened to select the right tower. Now the hint names it."""
    found = 0
    for seed in range(40):
        s = start(seed)
        seat = s.turn.seat
        assert s.player(seat).tower is None
        for card in s.player(seat).hand:
            if plan(s, cards=(card,)) is None:
                continue
            got = hint(s, card)
            assert got.code == h.SENDS and got.select, (seed, card, got)
            assert got.tower in s.config.game.send_towers(s, seat)
            assert got.signal == s.next_signal(seat) and got.seat == seat
            assert sent_by(s, seat, got.tower, card, got.choice) == (seat, got.signal, got.tower)
            assert hint_text(s, seat, got) == f"select {TOWERS[got.tower].name}: this card SENDS {got.signal}"
            found += 1
    assert found >= 5


def test_where_the_pawn_stands_the_hint_needs_no_select():
    s, seat, card, got = first_start_hint(h.SENDS, 40)
    there = s.config.game.apply(s, Action(seat, "move", tower=got.tower))
    again = hint(there, card)
    assert again.code == h.SENDS and not again.select and again.tower == got.tower
    assert hint_text(there, seat, again) == f"this card SENDS {got.signal} from {TOWERS[got.tower].name}"


def test_the_hint_never_names_the_tower_of_the_previous_letter():
    """The G went from R2 and the pawn still stands there: the U may be sent from R2 by the
    lamps (it stands there after the card), but the rules forbid it, so the hint moves."""
    s = game(2, words={"S": "GUILD", "N": "TOWER"})
    s = player(s, "S", tower=T("R2"), last_tx=T("R2"), sent=1, hand=("J29", "J30", "J33"))
    s = player(s, "N", tower=T("R6"))
    s = replace(at_turn(s, "S"), board=sig("S", "R2", "U") ^ SQ_R2)
    for card in ("J29", "J30", "J33"):
        got = hint(s, card)
        assert got.tower != T("R2"), (card, got)
        assert "R2" not in hint_text(s, "S", got), hint_text(s, "S", got)


def followed(seed: int, players: int = 2, follower: int = 0):
    """A game: the hint follower at one seat, the easy computer at the others. Yields
    (state before the follower's turn, state after it) for each of its turns, checking every
    hint it is given on the way."""
    s = start(seed, players)
    me = s.config.seats[follower]
    game_ = s.config.game
    turn_start = None
    for n in range(4000):
        seat = to_act(s)
        if seat is None:
            if turn_start is not None:
                yield turn_start, s
            return
        if seat == me and turn_start is None:
            turn_start = s
        if seat == me:
            p = s.player(me)
            for card in p.hand:
                got = hint(s, card)
                if got.tower is not None and got.code != h.BLACKOUT:
                    assert got.tower != p.last_tx and got.tower != s.dwarf_for(me), (seed, card, got)
            action = hinted_action(s, me)
        else:
            action = choose(s, seat, "easy", move_rng(s, seat, n)).action
        after = game_.apply(s, action)
        assert hasattr(after, "config"), (seed, action, after)
        if seat == me and (after.over or after.turn.seat != me or after.turn.number != s.turn.number):
            yield turn_start, after
            turn_start = None
        s = after
    raise AssertionError(f"seed {seed}: the game did not end")


@pytest.mark.parametrize("players", [2, 3])
def test_following_the_hints_sends_a_letter_on_every_turn_where_one_can_be_sent(players):
    """The issue: following the hints for four turns sent no letter. Now, on every turn where the
    hand can send one (the planner finds a way; a Last Letter Sabotage turn aside), the player
    who follows the hints sends it."""
    could = 0
    for seed in range(30 if players == 2 else 12):
        for before, after in followed(seed, players, follower=seed % players):
            me = before.turn.seat
            if before.sabotage is not None or plan(before) is None:
                continue
            could += 1
            sent = after.player(me).sent > before.player(me).sent or after.winner == me
            assert sent, (seed, before.turn.number)
    assert could > 50


def test_a_card_that_sends_nothing_names_the_card_that_does():
    s, seat, card, got = first_start_hint(h.OTHER, 60)
    assert plan(s, cards=(card,)) is None and card not in got.then
    text = hint_text(s, seat, got)
    labels = " and ".join(ED.card_label(c) for c in got.then)
    assert text.startswith("this card sends nothing this turn; ") and labels in text, text
    assert f"SEND{'S' if len(got.then) == 1 else ''} {got.signal} from {TOWERS[got.tower].name}" in text


def test_a_card_that_sends_with_another_says_so():
    s, seat, card, got = first_start_hint(h.WITH, 80)
    assert got.then and card not in got.then
    text = hint_text(s, seat, got)
    assert f"this card here, then {ED.card_label(got.then[0])}" in text and f"SENDS {got.signal}" in text
    after = s.config.game.apply(s, Action(seat, "move", tower=got.tower)) if got.select else s
    after = s.config.game.apply(after, Action(seat, "play", card=card, lamps=got.choice))
    assert hint(after, got.then[0]).code in (h.SENDS, h.WITH)  # the next card's hint goes on from there


def test_when_no_card_sends_the_hint_says_where_the_card_helps_most():
    for seed in range(40):
        turns = [b for b, _a in followed(seed) if plan(b) is None and b.sabotage is None and b.player(b.turn.seat).tower is not None]
        if not turns:
            continue
        s = turns[0]
        seat = s.turn.seat
        card = next(c for c in s.player(seat).hand if ED.jacquards[c].cost <= s.turn.left)
        got = hint(s, card)
        assert got.code == h.CLOSER and got.tower in s.config.game.send_towers(s, seat)
        bits = ED.signals[got.signal]
        from clacks_hw.game.clacks.turns import target_mask

        def wrong(t, m):
            return bin((s.board ^ m ^ target_mask(seat, t, bits)) & TOWERS[t].mask).count("1")

        assert got.wrong == wrong(got.tower, got.choice) > 0  # what it says is so
        assert got.wrong == min(wrong(got.tower, m) for m in ED.jacquards[card].shape.placements)
        text = hint_text(s, seat, got)
        assert text.startswith("this card sends no letter this turn; ") and \
            f"leaving {TOWERS[got.tower].name} {got.wrong} lamp" in text, text
        return
    raise AssertionError("no seed gave a start where nothing sends")


def test_a_sabotage_that_succeeds_is_the_hint():
    for seed in range(200):
        for before, after in followed(seed):
            if before.sabotage is None:
                continue
            me = before.turn.seat
            codes = {hint(before, c).code for c in before.player(me).hand if c in ED.jacquards}
            if h.BLACKOUT in codes:
                card = next(c for c in before.player(me).hand if hint(before, c).code == h.BLACKOUT)
                got = hint(before, card)
                assert got.tower == before.sabotage[1] and got.seat == before.sabotage[0]
                assert hint_text(before, me, got).endswith(f"turns {TOWERS[got.tower].name}'s six lamps off: "
                                                           f"{got.seat}'s last letter is sabotaged")
                assert after.winner != before.sabotage[0]  # followed, it succeeded
                for c in before.player(me).hand:  # a letter of its own would end the turn, the sabotage lost
                    other = hint(before, c)
                    assert other.code in (h.BLACKOUT, h.OTHER_BLACKOUT), (c, other)
                    if other.code == h.OTHER_BLACKOUT:
                        assert c not in other.then and hint_text(before, me, other).startswith(
                            f"this card cannot turn {TOWERS[got.tower].name}'s lamps off; play ")
                return
    raise AssertionError("no game gave a sabotage the hand could make")


def test_a_hand_the_table_may_not_see_is_not_named():
    """What the board says is public: in Long Distance the hint names none of the seat's cards."""
    got = h.Hint(h.OTHER, 0, T("R2"), False, "S", "G", ("J07",))
    hidden = new_game(ED, demo_config(ED, "race", 2, 3, "easy", ("long_distance",)))
    shown = new_game(ED, demo_config(ED, "race", 2, 3, "easy", ()))
    assert ED.card_label("J07") in hint_text(shown, "S", got)
    text = hint_text(hidden, "S", got)
    assert "J07" not in text and "another of your cards" in text, text


def test_a_fault_report_card_is_shown_first_where_it_sends():
    """FEEDBACK LOOP after a jacquard that left R2 showing the U's every lamp wrong: its choice
    of tower starts at R2 (not at R1, the first button), saying so."""
    from clacks_hw.game.clacks.board_play import preview

    s = game(2, words={"S": "GUILD", "N": "TOWER"})
    s = player(s, "S", tower=T("R2"), last_tx=T("R1"), sent=1, hand=("J29", "J30", "J33"), faults=("F10",))
    s = player(s, "N", tower=T("R6"))
    s = replace(at_turn(s, "S"), board=sig("S", "R2", "U") ^ tower_lamps("R2") ^ SQ_R2)
    s = s.config.game.apply(s, Action("S", "play", card="J29", lamps=SQ_R2))
    assert s.player("S").sent == 1 and s.turn.seat == "S"
    p = preview.choosing(s, "S", "fault", "F10", s.config.game.choices(ED.cards["F10"]), 0.0)
    assert p.choice == T("R2") and p.sends == ("S", "U", T("R2"))
    assert hint_text(s, "S", p.hint) == "this card SENDS U from R2"
