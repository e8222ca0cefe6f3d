"""What the phone says of each test before the die is cast (phone.py decides the figures, as
codes and values; phone_words.py says them): a roll's target, what the die must show and the
exact chance (odds.py); an Ambush's defence, what the blow it must hold off came to; and the
turn's moves in their groups, the likely ones first and the rare ones marked to fold."""

from __future__ import annotations

from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.odds import pass_chance
from clacks_hw.game.guards.phone import RARE, TURN
from clacks_hw.game.guards.state import Pending
from tests.guards.conftest import act, game


def asked(state, seat, starts):
    return next(p for p in GUARDS.prompts(state, seat) if p.question.startswith(starts))


def test_a_charm_test_says_its_target_and_chance():
    s = act(game(2, hands={"S": ("M1",)}), "S", "recruit", card="L1", quadrant="fools")
    t = s.pending
    roll = asked(s, "S", "Roll for your charm test")
    chance = round(100 * pass_chance(t.base, t.target))
    assert f"{t.base} + the die against {t.target}" in roll.note and roll.note.endswith(f"{chance}% likely")


def test_a_guard_says_what_the_blow_came_to():
    s = game(2, hands={"S": ("M1",)})
    data = (("run", "S"), ("attacker", "N"), ("saboteur", "L1"), ("runner", "M1"), ("step", "defence"), ("blow", 9))
    s = s._replace(pending=Pending("combat", "S", 3, None, chain=True, data=data))
    note = asked(s, "S", "Roll for your combat test").note
    assert note.startswith("Hold off the blow of 9: 3 + the die must reach 9 (6 or more on the die")
    assert note.endswith(f"{round(100 * pass_chance(3, 9, True))}% likely")
    s = s._replace(pending=s.pending._replace(data=data[:-1] + (("blow", None),)))  # the blow was a natural 1
    assert "misses whatever you roll" in asked(s, "S", "Roll for your combat test").note


def test_the_turns_moves_likely_first_each_under_its_heading():
    s = game(3, hands={"S": ("M1",)})
    turn = asked(s, "S", TURN)
    folded = [c.more for c in turn.choices]
    assert folded == sorted(folded) and any(folded) and not all(folded)  # the likely ones, then the rest
    assert all(c.group for c in turn.choices)
    assert all((c.action.act in RARE) == c.more for c in turn.choices if c.action is not None)
    heads = [c.group for c in turn.choices if not c.more]
    assert heads == sorted(heads, key=heads.index)  # each heading's moves together
