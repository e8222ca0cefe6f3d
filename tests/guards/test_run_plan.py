"""A spell run announced as the rulebook has it (Making a Spell Run), step by step on the
player's own phone (run_plan.py): the Great Spell, the runners, an item each, the route quadrant
by quadrant, each step's options and refusals the rules' own (runs.py).

The test box lies as the demo does: fools (north-west), thieves (north-east), alchemists
(south-east), assassins (south-west); S plays the Fools."""

from __future__ import annotations

import random

from clacks_hw.game.core.seat_page import offered, plan_page
from clacks_hw.game.guards.actions import GuardsAction as A
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.phone import ANNOUNCE, TURN
from clacks_hw.game.guards.run_plan import PLAN
from clacks_hw.game.guards.runs import route_next
from tests.guards.conftest import act, game, refused
from tests.guards.randomgames import random_game


def plan(s, *answers, seat="S"):
    return GUARDS.plan(s, seat, PLAN, answers)


def options(d):
    return [o.value for o in d.step.options]


def test_the_route_goes_quadrant_by_quadrant_to_the_own_start_gate():
    """"Announce to the other players that they are making a Spell Run and indicate through which
    Guild Quadrants their Runners will pass on the way back to their Starting Gate"; "The city is
    divided into two halves by the River Ankh, Turnwise and Widdershins. Each of these is further
    divided into two sectors": from the alchemists' quadrant, diagonally opposite the Fools', the
    runners pass through the thieves' or the assassins' on the way home, never corner to corner."""
    s = game(hands={"S": ("M1",)})
    d = plan(s, "s1", ["M1"])
    assert options(d) == ["fools", "thieves", "alchemists", "assassins"]
    assert "Spell tile" in d.step.question
    d = plan(s, "s1", ["M1"], "alchemists")
    assert options(d) == ["thieves", "assassins"] and d.answered == 3
    d = plan(s, "s1", ["M1"], "alchemists", "fools")
    assert d.answered == 3 and options(d) == ["thieves", "assassins"]
    assert d.error.startswith("The fools quadrant does not border the alchemists")
    d = plan(s, "s1", ["M1"], "alchemists", "assassins")
    assert options(d) == ["fools"] and "(your Start Gate)" in d.step.options[0].label
    assert d.summary[-1] == "Route so far: alchemists, assassins"
    d = plan(s, "s1", ["M1"], "alchemists", "assassins", "fools")
    assert d.step is None and d.error is None
    assert d.action == A("S", "spell_run", spell="s1", cards=("M1",), route=("alchemists", "assassins", "fools"))
    assert d.summary[-1] == "Route: alchemists, assassins, fools (your Start Gate)"
    # The engine refuses the same routes, saying what is wrong with them.
    why = refused(s, "S", "spell_run", spell="s1", cards=["M1"], route=["alchemists", "fools"])
    assert why.code == "quadrant" and "does not border the alchemists" in why.message
    why = refused(s, "S", "spell_run", spell="s1", cards=["M1"], route=["fools", "thieves"])
    assert why.code == "quadrant" and "home at S's Start Gate" in why.message
    why = refused(s, "S", "spell_run", spell="s1", cards=["M1"], route=["thieves", "alchemists"])
    assert why.code == "quadrant" and "end the route there" in why.message
    act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["thieves", "alchemists", "assassins", "fools"])


def test_no_spell_is_collected_where_a_dragon_is_but_runners_may_pass_it():
    """"When a Dragon is in play in a Guild Quadrant no player may ... collect a Great Spell ...
    in the affected quadrant. Players may still pass through the quadrant" (Effects of Dragons)."""
    s = game(hands={"S": ("M1",)})._replace(dragons=(("thieves", "D1"),))
    assert options(plan(s, "s1", ["M1"])) == ["fools", "alchemists", "assassins"]
    d = plan(s, "s1", ["M1"], "thieves")
    assert d.answered == 2 and "nobody can collect a Great Spell there" in d.error
    d = plan(s, "s1", ["M1"], "alchemists")
    assert options(d) == ["thieves", "assassins"] and "(a dragon is there)" in d.step.options[0].label
    act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["alchemists", "thieves", "fools"])


def test_up_to_four_runners_are_ticked_and_a_fifth_is_refused_saying_so():
    """"1. Select the Volunteer/s they are sending back as Runners with the Great Spell,
    (initially up to a maximum of 4)." The step asks for the volunteers' Streetwise, which
    Windel's Wisdom tests at the gate."""
    s = game(hands={"S": ("M1", "M2", "M3", "M4", "L1")})
    d = plan(s, "s1")
    assert d.step.many and options(d) == ["M1", "M2", "M3", "M4", "L1"]
    assert "Up to 4" in d.step.question and "Windel's Wisdom" in d.step.question and ", streetwise " in d.step.options[0].label
    d = plan(s, "s1", ["M1", "M2", "M3", "M4", "L1"])
    assert d.answered == 1 and d.error.startswith("At most 4 runners set out") and d.step.many
    assert plan(s, "s1", []).error == "Send at least one volunteer with the spell."
    assert plan(s, "s1", ["M1", "M1"]).error == "Tick each volunteer once."
    assert plan(s, "s1", ["L9"]).error == "L9 is not in S's hand."
    assert plan(s, "s1", "M1").error == "tick the volunteers and go on"
    assert plan(s, "s1", ["M1", "M2", "M3", "M4"], "fools").action.cards == ("M1", "M2", "M3", "M4")
    assert refused(s, "S", "spell_run", spell="s1", cards=["M1", "M2", "M3", "M4", "L1"], route=["fools"]).code == "limit"


def test_the_final_spell_walks_home_with_any_of_the_hand():
    """"Players do not send Runners with the Final Spell but must have at least one Volunteer with
    them when they collect their Final Spell" (Returning the Final Spell)."""
    s = game(hands={"S": ("M1", "M2", "M3", "M4", "L1")}, S={"returned": ("s1", "s2", "s3", "s4")})
    d = plan(s, "s5")
    assert "Who walks home with you?" in d.step.question
    d = plan(s, "s5", ["M1", "M2", "M3", "M4", "L1"], "fools")
    assert d.action.cards == ("M1", "M2", "M3", "M4", "L1") and d.summary[1].startswith("Walking home with you:")
    assert plan(s, "s1").error == "s1 is not a Great Spell S still has to return."


def test_each_runner_may_carry_one_item_and_an_item_goes_with_one_runner():
    """"If they wish, they may equip their chosen Volunteer/s with any Items they have acquired (a
    maximum of one Item per Volunteer)." S carries one Club: once M1 has it, L1 is not asked."""
    s = game(hands={"S": ("M1", "L1")}, S={"items": ("CLUB",)})
    d = plan(s, "s1", ["M1", "L1"])
    assert d.step.question == "What does Volunteer M1 carry?" and options(d) == ["", "CLUB"]
    d = plan(s, "s1", ["M1", "L1"], "CLUB")
    assert "Spell tile" in d.step.question and d.summary[-1] == "Volunteer M1 carries Club"
    assert plan(s, "s1", ["M1", "L1"], "CLUB", "fools").action.items == (("M1", "CLUB"),)
    d = plan(s, "s1", ["M1", "L1"], "", "HELM")
    assert d.answered == 3 and "no HELM left to give Volunteer L1" in d.error
    assert plan(s, "s1", ["M1", "L1"], "", "", "fools").action.items is None
    why = refused(s, "S", "spell_run", spell="s1", cards=["M1", "L1"], items={"M1": "CLUB", "L1": "CLUB"},
                  route=["fools"])
    assert why.code == "not_in_hand" and "one CLUB: it goes with one runner only" in why.message


def test_the_turn_offers_the_run_as_one_plan_only_when_the_rules_allow_one():
    """The turn's moves end with the run to build; the old fixed routes are gone from the list;
    a phone may send a built run only while its plan is offered, and the engine decides it."""
    s = game(hands={"S": ("M1",)})
    turn = next(p for p in GUARDS.prompts(s, "S") if p.question == TURN)
    assert turn.choices[-1].label == ANNOUNCE and turn.choices[-1].plan == PLAN
    assert not any(c.action is not None and c.action.act == "spell_run" for c in turn.choices)
    built = plan(s, "s1", ["M1"], "assassins", "fools").action
    assert offered(GUARDS, s, "S", built) and not offered(GUARDS, s, "N", A("N", "spell_run", spell="s1", cards=("M1",),
                                                                           route=("thieves",)))
    bad = A("S", "spell_run", spell="s1", cards=("M1",), route=("alchemists", "fools"))
    assert offered(GUARDS, s, "S", bad) and GUARDS.validate(s, bad).code == "quadrant"  # the engine says why
    page = plan_page(GUARDS, s, "S", PLAN, [])
    assert page["step"]["question"] == "Which Great Spell did you collect?" and page["error"] is None
    assert plan_page(GUARDS, s, "N", PLAN, []) is None and plan_page(GUARDS, s, "S", "fight", []) is None
    empty = game()
    assert not any(c.plan for p in GUARDS.prompts(empty, "S") for c in p.choices)  # nobody to send
    assert plan(empty).error == "S holds no volunteer to send: recruit one first."
    on = act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["fools"])
    assert not any(c.plan for p in GUARDS.prompts(on, "S") for c in p.choices)
    assert not offered(GUARDS, on, "S", built)


def _a_route(s, seat):
    route = ()
    while not route or route_next(s, seat, route):
        route += (route_next(s, seat, route)[0],)
    return route


def _walk(s, seat, rng, checks):
    """One random way through the plan: at every step each option offered is accepted, a value
    not offered is refused, and so is the run it would make; the finished run is the engine's."""
    answers: list = []
    for _ in range(20):
        d = plan(s, *answers, seat=seat)
        assert d.error is None, (answers, d.error)
        if d.step is None:
            assert GUARDS.validate(s, d.action) is None and offered(GUARDS, s, seat, d.action)
            checks["runs"] += 1
            return
        offered_values = options(d)
        if d.step.many:
            for k in range(len(offered_values) + 1):  # every size: too many or none are refused
                pick = rng.sample(offered_values, k)
                ok = plan(s, *answers, pick, seat=seat).error is None
                run = A(seat, "spell_run", spell=answers[0], cards=tuple(pick), route=_a_route(s, seat))
                assert ok == (GUARDS.validate(s, run) is None), (pick, GUARDS.validate(s, run))
                checks["refused"] += not ok
            pick = rng.sample(offered_values, rng.randint(1, min(len(offered_values), 4)))
            answers.append(pick)
            continue
        for value in offered_values:
            assert plan(s, *answers, value, seat=seat).error is None
        quads = s.edition.quadrants
        if "Spell tile" in d.step.question or "through which" in d.step.question:
            route = tuple(a for a in answers if a in quads)
            for q in quads:
                if q not in offered_values:
                    assert plan(s, *answers, q, seat=seat).error is not None
                    run = A(seat, "spell_run", spell=answers[0], cards=tuple(answers[1]), route=route + (q,))
                    assert GUARDS.validate(s, run) is not None
                    checks["refused"] += 1
        answers.append(rng.choice(offered_values))
    raise AssertionError(f"the plan did not finish: {answers}")


def test_every_choice_offered_is_accepted_and_every_one_refused_is_rejected_over_random_games():
    """Over random games, wherever a seat may announce a run, random ways through the plan: what
    the steps offer the engine accepts, what they refuse it rejects."""
    checks = {"runs": 0, "refused": 0}
    rng = random.Random(5)
    for seed in range(6):
        for _, s in random_game(seed, 2 + seed % 3, steps=150):
            for seat in s.config.seats:
                if any(c.plan == PLAN for p in GUARDS.prompts(s, seat) for c in p.choices):
                    _walk(s, seat, rng, checks)
    assert checks["runs"] > 50 and checks["refused"] > 50, checks


def test_a_run_built_on_the_phone_is_journalled_and_replays_to_the_same_state(tmp_path):
    """The run keeps its one action shape: a journal holding a route the phone built (all four
    quadrants, which the board never offered before) resumes to the very state; the journals
    written before replay unchanged (tests/golden/)."""
    from clacks_hw.game.clacks.edition_files import default_edition
    from clacks_hw.game.core.engine import apply
    from clacks_hw.journal import JournalWriter, make_header, resume_game

    played = []
    for action, s in random_game(3, 2, steps=400):
        played.append((action, s))
        if s.seat == "S" and any(c.plan == PLAN for p in GUARDS.prompts(s, "S") for c in p.choices) and s.pending is None:
            break
    home = s.player("S").guild
    quads = s.edition.quadrants
    i = quads.index(home)
    route = [quads[(i + 1) % 4], quads[(i + 2) % 4], quads[(i + 3) % 4], home]
    spell = options(plan(s))[0]
    d = plan(s, spell, [s.player("S").hand[0]], *[""] * len(s.player("S").items[:1]), *route)
    assert d.error is None and d.action.route == tuple(route), d
    after = apply(s, d.action)
    path = tmp_path / "guards.jsonl"
    with JournalWriter.create(path, make_header(default_edition(), played[0][1].config)) as w:
        for action, _ in played[1:]:
            w.append(action)
        w.append(d.action)
    writer, state, n, warnings = resume_game(path, default_edition())
    writer.close()
    assert n == len(played) and state == after and not warnings
