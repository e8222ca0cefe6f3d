"""A computer at a Guards! Guards! table decides from its seat's view alone (view.py's
``seat_view``, which core/computer.py hands it): swap what that seat may not see (which of an
opponent's volunteers are planted and where, with which item, which volunteers each opponent
holds, their items and scrolls, what the others answered to a sabotage question) and no
decision changes; and every move it makes from the view is one the real game accepts."""

from __future__ import annotations

import random

import pytest

from clacks_hw.game.core.computer import FIRST_TIMER, choose, move_rng, to_act
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.state import Saboteur
from clacks_hw.game.guards.view import revealed
from tests.guards.randomgames import random_game


def swapped(state, seat: str, rng: random.Random):
    """``state`` with everything ``seat`` may not see dealt otherwise: the opponents' volunteers
    (in hand or planted) shuffled among them, saboteurs moved to other quadrants, the items the
    opponents carry (in hand or face down with a saboteur, the revealed one's too) and their
    scrolls shuffled among them, their answers to a question changed. There is one of each item
    and a buyer sees which are missing from the deck (rulebook line 457), so the items carried
    are shuffled, not made up, and a saboteur planted with an item (the table saw one go) keeps one."""
    shown = revealed(state)  # the saboteur fighting out its attempt is public: its card and quadrant stay
    others = [p for p in state.players if p.seat != seat]
    cards = [c for p in others for c in (*p.hand, *(s.card for s in p.saboteurs if (p.seat, s.card) not in shown))]
    items = [i for p in others for i in (*p.items, *(s.item for s in p.saboteurs if s.item))]
    scrolls = [c for p in others for c in p.scrolls]
    for pool in (cards, items, scrolls):
        rng.shuffle(pool)
    quads = state.edition.quadrants
    players = []
    for p in state.players:
        if p.seat != seat:
            sabs = tuple((s if (p.seat, s.card) in shown else Saboteur(cards.pop(), rng.choice(quads)))._replace(
                item=items.pop() if s.item else None) for s in p.saboteurs)
            p = p._replace(saboteurs=sabs, hand=tuple(cards.pop() for _ in p.hand),
                           items=tuple(items.pop() for _ in p.items), scrolls=tuple(scrolls.pop() for _ in p.scrolls))
        players.append(p)
    out = state._replace(players=tuple(players))
    q = out.prompt
    if q is not None and q.kind == "sabotage":
        out = out._replace(prompt=q._replace(answers=tuple(
            (s, a if s == seat else (("how", rng.choice(("alter", "ambush"))),)) for s, a in q.answers)))
    t = out.pending
    if t is not None and t.kind == "tiebreak":
        out = out._replace(pending=t._replace(data=tuple(
            (k, tuple((s, a if s == seat else (rng.choice(cards or ["X"]), rng.choice(("alter", "ambush")))) for s, a in v)
             if k == "strikers" else v) for k, v in t.data)))
    return out


def decisions(players: int, seeds: range):
    """(state, seat) at every point of random games where a seat must act."""
    for seed in seeds:
        for _, s in random_game(seed, players, steps=250):
            seat = to_act(s)
            if seat is not None:
                yield s, seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_what_the_seat_may_not_see_changes_no_decision(players):
    rng = random.Random(players)
    changed_secret = 0
    for s, seat in decisions(players, range(4)):
        other = swapped(s, seat, rng)
        if other == s:
            continue
        changed_secret += 1
        assert GUARDS.seat_view(other, seat) == GUARDS.seat_view(s, seat)
        for strength in ("easy", "normal", "strong", FIRST_TIMER):
            a = choose(s, seat, strength, move_rng(s, seat, 7))
            b = choose(other, seat, strength, move_rng(other, seat, 7))
            assert a == b, f"{seat}'s move changed with what it cannot see"
    assert changed_secret > 50  # the games had secrets to swap


@pytest.mark.parametrize("players,strength", [(2, "easy"), (2, "normal"), (4, "normal"), (3, "strong"),
                                              (4, "strong"), (2, FIRST_TIMER)])
def test_a_move_chosen_from_the_view_is_accepted_by_the_real_game(players, strength):
    for s, seat in decisions(players, range(3)):
        move = choose(s, seat, strength, move_rng(s, seat, 1))
        if move is None:
            continue
        assert move.seat == seat and move.action.seat == seat
        assert GUARDS.validate(s, move.action) is None, (move.action, GUARDS.validate(s, move.action))


def test_the_view_keeps_the_seats_own_secrets_and_what_the_table_sees():
    for s, seat in decisions(3, range(2)):
        view = GUARDS.seat_view(s, seat)
        assert view.player(seat) == s.player(seat) and view.config.seed == 0
        for p, v in zip(s.players, view.players):
            assert (len(p.hand), len(p.items), len(p.scrolls), len(p.saboteurs)) == \
                (len(v.hand), len(v.items), len(v.scrolls), len(v.saboteurs))
            assert (p.dollars, p.magic, p.guild_level, p.charm, p.returned) == \
                (v.dollars, v.magic, v.guild_level, v.charm, v.returned)
        assert GUARDS.position(view, "public") == GUARDS.position(s, "public")  # nothing public lost


def test_a_revealed_saboteur_stays_real_in_the_view_and_a_defend_applies_to_it():
    """The saboteur whose attempt the rules reveal (a Loyalty test, a combat, a defender asked for,
    a re-plant) is public, so the seat's view keeps its card and quadrant: a defend chosen and
    applied on the view finds the attacker's saboteur (it was dealt a stand-in before). Its item
    stays face down (line 565): the view says one is there, not which."""
    seen = {"defend": 0, "fight": 0}
    for players in (2, 3, 4):
        for s, seat in decisions(players, range(12)):
            shown = revealed(s)
            if not shown:
                continue
            view = GUARDS.seat_view(s, seat)
            (attacker, card), = shown
            real = next(x for x in s.player(attacker).saboteurs if x.card == card)
            kept = next(x for x in view.player(attacker).saboteurs if x.card == card)
            assert kept.quadrant == real.quadrant and (kept.item is None) == (real.item is None)
            if s.prompt is not None and s.prompt.kind == "defend":
                seen["defend"] += 1
                for action in GUARDS.candidates(view):
                    if action.seat == seat and GUARDS.validate(view, action) is None:
                        GUARDS.apply(view, action)  # raised StopIteration in combat before
            else:
                seen["fight"] += 1
    assert seen["defend"] and seen["fight"], seen


def test_a_tiebreak_hides_what_the_other_contenders_would_do():
    """Two saboteurs strike one run: the contenders roll Guild tests, in the open; which card and
    which attempt each chose stay theirs until the winner strikes (random games rarely meet a
    tie-break, so one is set up on a run under way)."""
    from clacks_hw.game.guards.runs import tiebreak

    found = 0
    for s, seat in decisions(4, range(6)):
        run = next((r for r in s.runs if r.started and r.seat != seat), None)
        if run is None:
            continue
        a, b = [p.seat for p in s.players if p.seat != run.seat][:2]
        strikers = ((a, ("YD01", "alter")), (b, ("YD02", "ambush")))
        t = tiebreak(s._replace(prompt=None, pending=None), run.seat, strikers, ()).pending
        view = GUARDS.seat_view(s._replace(prompt=None, pending=t), a).pending
        assert dict(view.get("strikers")) == {a: ("YD01", "alter"), b: ()}
        found += 1
    assert found > 5


def test_a_revealed_saboteur_does_not_show_which_item_it_carries():
    """Line 565: "The selected Item should be placed face down along with the Saboteur card." An
    ambush reveals the saboteur (its card fights), not its item: the defender's view is the same
    whether N's saboteur took the Helmet and kept the Club in hand, or the other way round."""
    from tests.guards.conftest import act, game, roll

    def ambushed(item):
        s = game(hands={"S": ("L2",), "N": ("B1",)}, N={"items": ("CLUB", "HELM")})
        s = roll(act(act(s, "S", "end_turn"), "N", "plant", card="B1", quadrant="fools", item=item), 3)
        s = act(act(s, "N", "end_turn"), "S", "spell_run", spell="s1", cards=["L2"], route=["fools"])
        s = act(s, "N", "sabotage", card="B1", how="ambush")
        assert s.prompt.kind == "defend" and revealed(s) == {("N", "B1")}
        assert s.player("N").saboteurs[0].item == item
        return s

    helm, club = ambushed("HELM"), ambushed("CLUB")
    assert GUARDS.seat_view(helm, "S") == GUARDS.seat_view(club, "S")
    assert GUARDS.seat_view(helm, "N") != GUARDS.seat_view(club, "N")  # the owner knows its own
