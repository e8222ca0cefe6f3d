"""The engine records every decisive moment as codes and values (the Last Letter Sabotage
window, a sabotage that succeeded, a Fault Report card played and what it did, the end and
why), and views/moments.py says each in words: every display reads the same record."""

from pathlib import Path

import pytest

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.values import replace
from clacks_hw.game.core.view import Moment
from clacks_hw.journal.replaying import load_game
from clacks_hw.views.moments import moments_json, outcome_text

from .conftest import L, T, end, fault, move, ok, play, player, sig
from .test_rules_sabotage import GAP, SQ, final_letter_sent

GOLDEN = Path(__file__).parent.parent / "golden"


def codes(state):
    return [m.code for m in state.config.game.moments(state)]


def test_the_window_says_whose_letter_which_tower_and_who_may_sabotage():
    s = final_letter_sent()
    assert s.config.game.moments(s) == (
        Moment("sabotage_open", "N", (("sender", "S"), ("tower", "R2"), ("lit", 2))),)
    assert s.config.game.outcome(s) is None
    said = moments_json(s)["moments"][0]["text"]
    assert "N, this turn is your one chance" in said and "turn all 6 of R2's lamps off (2 still lit)" in said


def test_a_sabotage_that_succeeded_stands_until_the_turn_passes():
    t = ok(final_letter_sent(), play("N", "J11", GAP))
    assert t.config.game.moments(t) == (Moment("sabotaged", "N", (("sender", "S"), ("tower", "R2"))),)
    assert moments_json(t)["moments"][0]["text"].startswith("Sabotage! N turned R2's lamps off")
    assert codes(ok(t, end("N"))) == []


def test_a_fault_report_played_says_what_it_did_and_what_it_decided():
    t = ok(final_letter_sent(), fault("N", "F02"))
    assert codes(t) == ["fault_played", "sabotaged"]
    played = t.config.game.moments(t)[0].json()
    assert played["seat"] == "N" and played["card"] == "F02" and played["turn_of"] == "N"
    assert played["effects"] == [["set_all", 0]] and played["lamps"] == 2
    assert moments_json(t)["moments"][0]["text"] == "Fault Report: N played F02 BLACKOUT: every lamp turned off."


def test_the_last_letter_not_sabotaged_wins_and_says_so():
    s = ok(final_letter_sent(), play("N", "J33", L(12, 13, 14, 15)))
    t = ok(s, end("N"))
    o = t.config.game.outcome(t)
    assert o.code == "not_sabotaged" and o.seat == "S"
    assert dict(o.values) == {"winners": ["S"], "word": "GUILD", "tower": "R2", "saboteur": "N", "own_letter": False}
    assert outcome_text(o.json()) == "Winner: S (GUILD): N did not turn R2's lamps off, so S's last letter stands"
    assert codes(t) == [], "the window is shut once the game is over"


def test_a_letter_sent_again_after_a_sabotage_wins():
    t = ok(ok(final_letter_sent(), play("N", "J11", GAP)), end("N"))
    t = replace(t, board=sig("S", "R3", "D") ^ L(2, 3, 6, 7))
    t = player(t, "S", hand=("J29", "J30", "J31"))
    won = ok(ok(t, move("S", "R3")), play("S", "J30", L(2, 3, 6, 7)))
    o = won.config.game.outcome(won)
    assert (o.code, o.seat, dict(o.values)["tower"]) == ("resent", "S", "R3")
    assert "no letter is sabotaged twice" in outcome_text(o.json())


def test_the_sender_wins_when_the_saboteur_sends_a_letter_of_their_own():
    s = player(final_letter_sent(), "N", tower=T("R5"), last_tx=T("R6"), sent=0, hand=("J29", "J30", "J31"))
    square = s.edition.jacquards["J29"].shape
    for lamps in square.placements:  # N's own T stands on R5 once the square flips back
        t = s.config.game.apply(replace(s, board=sig("N", "R5", "T") ^ lamps), play("N", "J29", lamps))
        if getattr(t, "over", False):
            break
    assert t.over and t.winner == "S"
    o = t.config.game.outcome(t)
    assert o.code == "not_sabotaged" and dict(o.values)["own_letter"] is True
    assert "N sent a letter of their own instead" in outcome_text(o.json())


GOLDEN_REASONS = {
    "competitive": {"not_sabotaged", "resent", "quick_round"},
    "race": {"message_reached", "post_office_reached"},
    "solitaire": {"message_reached", "post_office_reached"},
    "junior_race": {"genua_reached"},
    "klackers": {"most_chips"},
    "guards": {"spells_returned", "dragons_won", "game_stopped"},
}


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.jsonl")))
def test_every_game_of_every_mode_ends_with_a_reason_in_words(name):
    state, _, _ = load_game(GOLDEN / name, default_edition(), check_edition=False)
    o = state.config.game.outcome(state)
    assert o is not None and o.code in GOLDEN_REASONS[state.config.mode], (name, o)
    said = moments_json(state)["outcome"]
    assert said["code"] == o.code and said["winners"] == list(state.config.game.winners(state))
    assert ": " in said["text"], f"{name}: the end says why, not only who: {said['text']}"


def race_night_shift():
    from clacks_hw.game.clacks.config import ClacksConfig
    from clacks_hw.game.core.engine import new_game

    return new_game(default_edition(), ClacksConfig(seats=("S", "N"), words={"team": ("AHMED", "COHEN")}, seed=1,
                                                    mode="race", variants=frozenset({"night_shift"})))


def test_a_fault_report_revealed_in_night_shift_says_what_it_did():
    from clacks_hw.game.clacks.coop_effects import reveal

    s = race_night_shift()
    t = reveal(replace(s, fault_deck=("F05", "F02")), "S", 2)
    assert codes(t) == ["fault_revealed", "fault_revealed"]
    said = [m["text"] for m in moments_json(t)["moments"]]
    assert said == ["Fault Report revealed for S: F05 OILED GEARS: the Post Office moves 2 steps fewer this turn.",
                    "Fault Report revealed for S: F02 BLACKOUT: every lamp turned off."]
    shielded = reveal(replace(s, fault_deck=("F02",), shield=("BLACKOUT",)), "S", 1)
    assert moments_json(shielded)["moments"][0]["text"].endswith("F02 BLACKOUT, cancelled by EMERGENCY REPAIR.")
    locked = reveal(replace(s, fault_deck=("F09",)), "S", 1)  # no pawns in the race: nothing to lock
    assert moments_json(locked)["moments"][0]["text"].endswith("TOWER LOCKDOWN: nothing happens in this game.")


def test_every_effect_of_every_fault_report_card_has_words():
    from clacks_hw.views.moments import EFFECTS

    e = default_edition()
    kinds = {x.kind for c in e.deck("fault") for x in (*e.cards[c].effects, *e.cards[c].night_shift)}
    assert kinds - {"cancel_last"} <= set(EFFECTS), kinds - set(EFFECTS)  # cancel_last: its own moment
