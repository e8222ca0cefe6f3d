"""The set-up of the report cards: two Incident Report cards with the selected domino and
line3 face up, two Operator's Log cards with a jacquard from the bag face down."""

from collections import Counter

import pytest

from clacks_hw.game.clacks.deck import shuffled

from .conftest import ED, STAMPED, race, solitaire


def all_jacquards(s):
    return list(s.bag) + list(s.discard) + [c for p in s.players for c in p.hand] + \
        [r.jacquard for r in s.reports if r.jacquard is not None]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("make", [race, solitaire])
def test_two_incident_cards_with_the_selected_jacquards_face_up(make, seed):
    s = make(seed=seed)
    incidents = [r for r in s.reports if r.card.startswith("I")]
    assert len(incidents) == 2 and all(r.face_up for r in incidents)
    assert {ED.cards[r.card].deck for r in incidents} == {"incident"}
    # Decision 9: the first domino and the first line3 in deck order
    assert [r.jacquard for r in incidents] == ["J01", "J15"]
    assert [ED.jacquards[r.jacquard].shape.name for r in incidents] == ["domino", "line3"]


@pytest.mark.parametrize("seed", range(6))
def test_two_log_cards_with_face_down_jacquards_from_the_bag(seed):
    s = race(seed=seed)
    logs = [r for r in s.reports if r.card.startswith("L")]
    assert len(logs) == 2 and not any(r.face_up for r in logs)
    assert {ED.cards[r.card].deck for r in logs} == {"log"}
    jacs = [r.jacquard for r in logs]
    assert all(j is not None for j in jacs) and len(set(jacs)) == 2
    assert not set(jacs) & {"J01", "J15"}
    for j in jacs:
        assert j not in s.bag and all(j not in p.hand for p in s.players)
    # drawn from the shuffled bag (the selected two taken out first), before the deal
    bag = shuffled([j for j in ED.jacquards if j not in ("J01", "J15")], seed, "bag/0")
    assert jacs == list(bag[:2])


@pytest.mark.parametrize("seed", range(6))
def test_the_report_cards_are_four_different_cards_and_all_48_jacquards_are_somewhere(seed):
    s = race(("S", "W", "N", "E"), seed=seed)
    assert len(s.reports) == 4 and len({r.card for r in s.reports}) == 4
    assert Counter(all_jacquards(s)) == Counter(list(ED.jacquards))
    assert s.discard == ()


def test_the_first_deal_reveals_no_fault_report_cards():
    """Decision 9: even a stamped jacquard dealt at the start reveals nothing (Night Shift)."""
    seen = 0
    for seed in range(20):
        s = race(("S", "W", "N", "E"), seed=seed, variants=("night_shift",))
        dealt = [c for p in s.players for c in p.hand] + [r.jacquard for r in s.reports]
        if set(dealt) & set(STAMPED):
            seen += 1
            assert s.fault_deck == shuffled(ED.deck("fault"), seed, "faults")
            assert s.pending == () and s.shield == () and s.card_moves == 0
    assert seen >= 3


def test_physical_reports_hold_unknown_jacquards():
    s = race(hands="physical")
    assert len(s.reports) == 4
    assert all(r.jacquard is None for r in s.reports)
    assert [r.face_up for r in s.reports] == [True, True, False, False]


def test_the_fault_deck_is_only_used_in_night_shift():
    assert race().fault_deck == ()
    assert sorted(race(variants=("night_shift",)).fault_deck) == sorted(ED.deck("fault"))
