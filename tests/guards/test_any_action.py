"""Any input at any moment gets an answer, never a traceback: JSON that is no action is refused
as malformed (quoting it), and any well-formed action in any position of a random game is either
applied or refused with a code."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.game.core.errors import MalformedAction
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.guards.actions import ACTS, CHECKS, parse_action
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.state import GuardsState
from tests.guards.randomgames import random_game

IDS = st.sampled_from(["LL01", "LL08", "MB06", "SS02", "SS05", "DR1", "IT1", "jet", "amber", "FOO1", "nope"])
VALUES = {
    "die": st.integers(1, 8), "card": IDS, "item": IDS, "spell": IDS, "dragon": IDS,
    "cards": st.lists(IDS, min_size=1, max_size=6, unique=True),
    "items": st.dictionaries(IDS, IDS, max_size=3),
    "quadrant": st.sampled_from(["fools", "thieves", "alchemists", "assassins"]),
    "route": st.lists(st.sampled_from(["fools", "thieves", "alchemists", "assassins"]), min_size=1, max_size=4,
                      unique=True),
    "target": st.sampled_from("SWNE"), "to": st.sampled_from(["guild_house", "hospital", "watch_house"]),
    "pay": st.booleans(), "collect": st.booleans(),
    "buy": st.lists(st.sampled_from(["magic", "guild", "charm"]), max_size=2),
    "how": st.sampled_from(["alter", "ambush"]), "attribute": st.sampled_from(["magic", "guild", "charm"]),
}
assert set(VALUES) == set(CHECKS)


@st.composite
def actions(draw):
    act = draw(st.sampled_from(sorted(ACTS)))
    data = {"seat": draw(st.sampled_from("SWNE")), "act": act}
    for key in ACTS[act]:
        name = key.rstrip("?")
        if not key.endswith("?") or draw(st.booleans()):
            data[name] = draw(VALUES[name])
    return data


STATES = [s for seed in range(12) for i, (_, s) in enumerate(random_game(seed, 2 + seed % 3, steps=200)) if i % 7 == 0]


@settings(max_examples=1500, deadline=None)
@given(k=st.integers(0, len(STATES) - 1), data=actions())
def test_any_well_formed_action_anywhere_is_applied_or_refused(k, data):
    result = GUARDS.apply(STATES[k], parse_action(data))
    assert isinstance(result, GuardsState | Rejection)
    if isinstance(result, Rejection):
        assert result.message and str(result.code)


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c, max_size=4)))
def test_anything_else_is_refused_as_malformed(data):
    try:
        parse_action(data)
    except MalformedAction as exc:
        assert str(exc)


def test_every_legal_action_of_random_positions_is_accepted():
    rng = random.Random(3)
    for s in rng.sample(STATES, 25):
        for a in GUARDS.legal_actions(s)[:400]:
            assert not isinstance(GUARDS.apply(s, a), Rejection)


# A value of every JSON type, for each field: those its check refuses must be refused naming the
# field (an act given as a list or an object raised a TypeError: a 500 on a seat's phone).
ANY_TYPE = [None, True, 3, 2.5, "x", [], ["x"], [[1]], {}, {"a": 1}]
FIT = {"die": 1, "card": "LL01", "item": "IT1", "spell": "jet", "dragon": "DR1", "cards": ["LL01"],
       "items": {"LL01": "IT1"}, "quadrant": "fools", "route": ["fools"], "target": "N", "to": "hospital",
       "pay": True, "collect": False, "buy": ["magic"], "how": "alter", "attribute": "guild"}
assert set(FIT) == set(CHECKS)


@pytest.mark.parametrize("act", sorted(ACTS))
def test_every_field_of_every_act_of_any_other_type_is_refused_naming_it(act):
    fields = [key.rstrip("?") for key in ACTS[act]]
    base = {"seat": "S", "act": act, **{name: FIT[name] for name in fields}}
    parse_action(base)  # the stand-in values are well formed
    for name in ("seat", "act", *fields):
        for value in ANY_TYPE:
            if name in CHECKS and CHECKS[name][0](value) or name == "seat" and value in ("S", "W", "N", "E"):
                continue
            with pytest.raises(MalformedAction, match=name):
                parse_action({**base, name: value})
