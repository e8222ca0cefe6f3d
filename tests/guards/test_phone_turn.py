"""The turn's public moves on the turn's player's own phone (phone.py): offered on that seat's
own turn only, when nothing waits, every one a move the rules accept now, said as the shared
screen would say it; nobody else's phone offers them."""

from __future__ import annotations

from clacks_hw.game.guards.game import GUARDS
from tests.guards.conftest import act, game
from tests.guards.randomgames import random_game

TURN = "Your turn: what does your piece do?"


def turn_question(state, seat):
    return next((p for p in GUARDS.prompts(state, seat) if p.question == TURN), None)


def test_the_seat_to_play_is_offered_its_moves_and_nobody_else():
    s = game(3, hands={"S": ("M1",)})
    q = turn_question(s, "S")
    labels = {c.label: c.action.to_json() for c in q.choices if c.plan is None}
    assert labels["Ends the turn"] == {"seat": "S", "act": "end_turn"}
    assert [c.plan for c in q.choices if c.plan] == ["spell_run"]  # built step by step (test_run_plan.py)
    assert not any(a["act"] in ("recruit", "bribe") for a in labels.values())  # tapped at the board
    assert any(label.startswith("Buys") and "quadrant)" in label for label in labels)
    assert turn_question(s, "W") is None and turn_question(s, "N") is None
    s = act(s, "S", "recruit", card="L1", quadrant="fools")  # the Charm test waits for its die
    assert turn_question(s, "S") is None


def test_every_move_offered_is_accepted_over_random_games_but_what_an_opponent_holds():
    """Every move offered is one the rules accept, except a purchase of an item or scroll an
    opponent holds, in hand or face down with a saboteur (the seat cannot see their items:
    leaving it out would tell; pressed, it is refused aloud). Nothing an opponent holds changes the list (test_properties.py)."""
    for seed in range(3):
        for _, s in random_game(seed, 3, steps=120):
            for seat in s.config.seats:
                q = turn_question(s, seat)
                if q is None:
                    continue
                assert seat == s.seat and s.pending is None and s.prompt is None
                for choice in q.choices:
                    if choice.plan is not None:  # a spell run, built step by step: test_run_plan.py
                        continue
                    a = choice.action
                    why = GUARDS.validate(s, a)
                    held = any(a.item in (*p.items, *p.scrolls, *(x.item for x in p.saboteurs))
                               for p in s.players if p.seat != seat)
                    assert a.seat == seat and (why is None or (a.act == "buy" and held and "somebody has it" in why.message))
