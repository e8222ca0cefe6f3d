"""The planner's tables are built when an edition loads and shared by every copy of it, and the
planner's search for three cards or more (tried only when it can beat one or two) stays exact."""

import random

from clacks_hw.game.clacks import planner_tables
from clacks_hw.game.clacks.brute_force import cheapest_cost
from clacks_hw.game.clacks.edition_files import load_edition
from clacks_hw.game.clacks.planner import plan
from clacks_hw.game.clacks.planner_tables import tables

from .test_planner import CARDS, E, position


def test_the_tables_are_built_when_the_edition_loads(monkeypatch):
    monkeypatch.setattr(planner_tables, "_TABLES", {})
    edition = load_edition(E.path)
    assert list(planner_tables._TABLES) == [edition.fingerprint]


def test_an_edition_loaded_again_shares_the_tables_instead_of_rebuilding_them():
    # A reload used to replace the tables, so every plan for a state of the older copy built
    # them again (about 6 ms a query, alternating between the two copies).
    first, again = load_edition(E.path), load_edition(E.path)
    assert first is not again
    assert tables(first) is tables(again)


def test_plans_of_three_cards_cost_what_the_brute_force_finds():
    few = [c for c in CARDS if E.jacquards[c].shape.name in ("diamond", "corners", "line4", "square")]
    rng, checked = random.Random(7), 0
    for _ in range(20000):
        state = position(rng.randrange(10**6), rng.getrandbits(16), rng.sample(few, 5), True, rng.randrange(6))
        p = plan(state)
        if p is not None and len(p.cards) >= 3:
            assert p.cost == cheapest_cost(state), f"board {state.board:016b}: plan {p}"
            checked += 1
            if checked == 12:
                break
    assert checked == 12, f"only {checked} positions needed three cards"
