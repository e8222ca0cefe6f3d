"""Spell runs: a Great Spell carried quadrant by quadrant to the owner's Start Gate, the
saboteurs it passes asked privately whether to strike, and the Wizards' Challenges at the gate.

"On the same turn as their playing piece lands on the Spell tile a player may attempt a Spell
Run ... 1. Select the Volunteer/s they are sending back as Runners with the Great Spell,
(initially up to a maximum of 4). If they wish, they may equip their chosen Volunteer/s with
any Items they have acquired (a maximum of one Item per Volunteer). ... 3. Announce to the other
players that they are making a Spell Run and indicate through which Guild Quadrants their
Runners will pass on the way back to their Starting Gate." (Making a Spell Run)
"""

from __future__ import annotations

from ..core.rejection import Rejection
from .edition import CHALLENGES
from .gate import asked, in_hand, no_dragon, own_turn
from .combat import strike
from .owed import GATE_RUNNERS, owed, owed_fault
from .rejection import Code
from .state import GuardsState, Pending, Run
from .travel import travel
from .turns import end_turn

FIRST_RUNNERS = 4  # "(initially up to a maximum of 4)"; GATE_RUNNERS (owed.py): at most 6 at the gate
REWARD = 5


def is_final(state: GuardsState, seat: str) -> bool:
    return len(state.player(seat).returned) == state.config.target - 1


def hand_fault(state: GuardsState, seat: str, cards) -> Rejection | None:
    """The first of ``cards`` not in ``seat``'s hand, refused; None when all are."""
    return next((why for why in (in_hand(state, seat, c) for c in cards) if why), None)


def _equipped(state: GuardsState, seat: str, cards, items) -> Rejection | None:
    why = hand_fault(state, seat, cards)
    if why:
        return why
    carried = list(state.player(seat).items)
    for card, item in items or ():
        if card not in cards:
            return Rejection(Code.WRONG_CARD, f"{item} is given to {card}, who is not sent.")
        if item not in carried:
            twice = item in state.player(seat).items
            return Rejection(Code.NOT_IN_HAND, f"{seat} carries one {item}: it goes with one runner only." if twice
                             else f"{seat} does not carry that item.",
                             public=f"{seat} does not carry that item.", private=seat)
        carried.remove(item)
    return None


def beside(state: GuardsState, quadrant: str) -> tuple[str, str]:
    """The two quadrants that border ``quadrant``: "The city is divided into two halves by the River
    Ankh, Turnwise and Widdershins. Each of these is further divided into two sectors" (Playing
    Board), so each quadrant borders the one across the river and the other of its half, the two
    beside it clockwise; the one diagonally opposite only touches its corner."""
    order = state.edition.quadrants
    i = order.index(quadrant)
    return order[(i - 1) % len(order)], order[(i + 1) % len(order)]


def step_fault(state: GuardsState, seat: str, route: tuple[str, ...], quadrant: str) -> Rejection | None:
    """Why the route ``route`` announced by ``seat`` may not go on into ``quadrant``: "indicate
    through which Guild Quadrants their Runners will pass on the way back to their Starting
    Gate" (Making a Spell Run). It starts where the Spell tile is, a quadrant without a dragon
    ("no player may ... collect a Great Spell ... in the affected quadrant", Effects of Dragons);
    each next quadrant borders the last and is not on the route yet; it ends in the quadrant of
    the seat's Start Gate, and nothing follows that."""
    if quadrant not in state.edition.quadrants:
        return Rejection(Code.QUADRANT, f"{quadrant!r} is no Guild Quadrant: the route passes through "
                                        f"{', '.join(state.edition.quadrants)}.")
    if quadrant in route:
        return Rejection(Code.QUADRANT, f"The route passes the {quadrant} quadrant already: it goes on to a "
                                        "quadrant it has not passed.")
    if not route:
        return no_dragon(state, quadrant, "collect a Great Spell")
    home = state.player(seat).guild
    if route[-1] == home:
        return Rejection(Code.QUADRANT, f"The runners are home at {seat}'s Start Gate in the {home} quadrant: "
                                        f"end the route there, not in the {quadrant}.")
    if quadrant not in beside(state, route[-1]):
        a, b = beside(state, route[-1])
        return Rejection(Code.QUADRANT, f"The {quadrant} quadrant does not border the {route[-1]}: runners "
                                        f"pass from a quadrant into one beside it (the {a} or the {b}).")
    return None


def route_next(state: GuardsState, seat: str, route: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Where a route may go after ``route`` (step_fault says why not elsewhere), in the map's
    clockwise order; nothing once it reaches the seat's Start Gate. On four quadrants round a
    ring every step offered still leads there."""
    return tuple(q for q in state.edition.quadrants if step_fault(state, seat, route, q) is None)


def route_fault(state: GuardsState, seat: str, route: tuple[str, ...]) -> Rejection | None:
    """Why ``route`` is no route for ``seat``'s runners, step by step as route_next offers it."""
    for i, quadrant in enumerate(route):
        why = step_fault(state, seat, route[:i], quadrant)
        if why:
            return why
    home = state.player(seat).guild
    if route[-1] != home:
        return Rejection(Code.QUADRANT, f"A run ends at {seat}'s Start Gate, in the {home} quadrant: end the "
                                        "route there.")
    return None


def runner_limit(state: GuardsState, seat: str) -> int:
    """How many volunteers may set out: "(initially up to a maximum of 4)"; with the final spell
    the player walks home in person with any of them ("must have at least one Volunteer with
    them", Returning the Final Spell)."""
    return len(state.player(seat).hand) if is_final(state, seat) else FIRST_RUNNERS


def announce_fault(state: GuardsState, seat: str) -> Rejection | None:
    """Why ``seat`` cannot announce a spell run now, whatever it sends and wherever."""
    why = own_turn(state, seat)
    if why:
        return why
    if state.run_of(seat) is not None:
        return Rejection(Code.RUN_ON, f"{seat}'s spell run is not over: \"Players must complete the Spell Run "
                                      "as soon as possible.\"")
    if "run_failed" in state.done:
        return Rejection(Code.ONCE, f"{seat}'s spell run failed this turn: \"they may begin a new Spell Run on "
                                    "their next turn\".")
    if "spell_run" in state.done or "recruit" in state.done:
        return Rejection(Code.ONCE, f"{seat} has stopped this turn already (one stop a turn): a spell run waits "
                                    "for the next.")
    if not state.player(seat).hand:
        return Rejection(Code.LIMIT, f"{seat} holds no volunteer to send: recruit one first.")
    if not route_next(state, seat):
        return Rejection(Code.DRAGON, "A dragon is in every quadrant: no Great Spell can be collected.")
    return None


def spell_fault(state: GuardsState, seat: str, spell: str) -> Rejection | None:
    p = state.player(seat)
    if spell not in p.spells or spell in p.returned:
        return Rejection(Code.WRONG_CARD, f"{spell} is not a Great Spell {seat} still has to return.")
    return None


def runners_fault(state: GuardsState, seat: str, cards) -> Rejection | None:
    if not cards:
        return Rejection(Code.LIMIT, "Send at least one volunteer with the spell.")
    limit = runner_limit(state, seat)
    if len(cards) > limit:
        return Rejection(Code.LIMIT, f"At most {limit} runners set out with a spell: \"Select the Volunteer/s "
                                     "they are sending back as Runners ... (initially up to a maximum of 4)\".")
    return None


def validate_spell_run(state: GuardsState, action) -> Rejection | None:
    seat = action.seat
    return (announce_fault(state, seat) or route_fault(state, seat, action.route)
            or spell_fault(state, seat, action.spell) or runners_fault(state, seat, action.cards)
            or _equipped(state, seat, action.cards, action.items))


def _take(state: GuardsState, seat: str, cards, items) -> tuple[GuardsState, tuple]:
    """The volunteers (with their items) leave the hand; (state, runners)."""
    kit = dict(items or ())
    p = state.player(seat)
    p = p._replace(hand=tuple(c for c in p.hand if c not in cards),
                   items=tuple(i for i in p.items if i not in kit.values()))
    return state.with_player(p), tuple((c, kit.get(c)) for c in cards)


def apply_spell_run(state: GuardsState, action) -> GuardsState:
    """The final spell: "To collect the last of the Great Spells, a player must land on the Spell
    tile as before, but this time the player's turn ends. - 'On their next turn' they can begin to
    move their playing piece back to their Start Gate" (Returning the Final Spell) with at least
    one volunteer: the escort the saboteurs may target on the way."""
    seat = action.seat
    state, runners = _take(state, seat, action.cards, action.items)
    final = is_final(state, seat)
    run = Run(seat, action.spell, runners, action.route, final=final, started=not final)
    state = state.with_run(seat, run)._replace(acted=True, run_round=(state.round, seat),
                                               done=state.done + ("spell_run",))
    return end_turn(state) if final else travel(state, seat)


def _run_fault(state: GuardsState, seat: str, fits, lacking: str) -> Rejection | None:
    """The turn's player's own run, at the stage ``fits`` accepts, or why not: ``seat`` has
    ``lacking``."""
    why = own_turn(state, seat)
    if why:
        return why
    run = state.run_of(seat)
    if run is None or not fits(run):
        return Rejection(Code.NO_RUN, f"{seat} has {lacking}.")
    return None


def validate_walk(state: GuardsState, action) -> Rejection | None:
    return _run_fault(state, action.seat, lambda r: r.final and not r.started,
                      "no final spell waiting to be walked home")


def apply_walk(state: GuardsState, action) -> GuardsState:
    run = state.run_of(action.seat)._replace(started=True)
    return travel(state.with_run(action.seat, run)._replace(acted=True), action.seat)


def validate_reinforce(state: GuardsState, action) -> Rejection | None:
    why = _run_fault(state, action.seat, lambda r: r.at_gate and not r.final, "no runners waiting at the Start Gate")
    if why:
        return why
    run = state.run_of(action.seat)
    # "(Any Volunteers recruited in this way must be sent immediately ...)" (rulebook line 422):
    # each one owed and not sent now keeps its place at the gate
    kept = tuple(c for c in owed(state, action.seat) if c not in action.cards)
    if len(run.runners) + len(kept) + len(action.cards) > GATE_RUNNERS:
        held = f"; {', '.join(kept)} must follow" if kept else ""
        return Rejection(Code.LIMIT, f"A maximum of {GATE_RUNNERS} Runners in total are allowed at a Start Gate "
                                     f"({len(run.runners)} are there{held}).")
    return _equipped(state, action.seat, action.cards, action.items)


def apply_reinforce(state: GuardsState, action) -> GuardsState:
    """"they may choose send additional Volunteers from their hand to assist those at the Start
    Gate ... Additional Runners sent are immune from Saboteurs, as they are not carrying a Spell
    through the city." (To re-attempt the Wizard's Challenge)"""
    state, runners = _take(state, action.seat, action.cards, action.items)
    run = state.run_of(action.seat)
    return state.with_run(action.seat, run._replace(runners=run.runners + runners))._replace(
        acted=True, owed=tuple(c for c in state.owed if c not in action.cards))


def challenge_number(state: GuardsState, run: Run) -> int:
    return 5 if run.final else len(state.player(run.seat).returned) + 1


def validate_challenge(state: GuardsState, action) -> Rejection | None:
    why = _run_fault(state, action.seat, lambda r: r.at_gate and r.started, "no spell at the Start Gate")
    if why:
        return why
    run = state.run_of(action.seat)
    if not run.runners:
        return Rejection(Code.LIMIT, "Nobody is at the gate: send a volunteer first.")
    if "challenge" in state.done:
        return Rejection(Code.ONCE, "One attempt a turn: a failed Wizard's Challenge ends the turn.")
    return owed_fault(state, action.seat)


def apply_challenge(state: GuardsState, action) -> GuardsState:
    return _next_test(state._replace(acted=True, done=state.done + ("challenge",)), state.run_of(action.seat))


def _next_test(state: GuardsState, run: Run, tried: tuple[str, ...] = ()) -> GuardsState:
    """"The player adds up the required attribute/s for the test from the Volunteers who reached
    the gate. Then add/subtract any additional points gained/lost from Items ... Add this total
    to the roll of the die." (Attempting a Wizard's Challenge). The final one tests the player's
    own Magic, then Guild; ``tried``: the tests of this attempt rolled already."""
    n = challenge_number(state, run)
    stat = next(s for s in CHALLENGES[n] if s not in run.passed and s not in tried)
    if run.final:
        base = state.player(run.seat).attribute(stat)
    else:
        vols, items = state.edition.volunteers, state.edition.items
        base = sum(vols[c].stat(stat) + (items[i].adds(stat) if i else 0) for c, i in run.runners)
    test = Pending("challenge", run.seat, base, state.edition.target(n, stat), chain=True,
                   data=(("stat", stat), ("challenge", n), ("tried", tried)))
    return state._replace(pending=test)


def resolve_challenge(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    """Passed: "Collect a Spell Returned Token ... Discard their Runners ... Collect 5 Ankh-Morpork
    dollars. Gain 1 Attribute Point". Failed: "THEIR TURN ENDS. Their Spell Run Token remains on
    their Start Gate"; Malich's Melancholy's two tests are taken again together. The final
    challenge: "first rolling the die and adding the result to their character's current Magic
    Level and then roll again and add the result to their character's current Guild Level. ...
    If either roll fails, they must wait and re-attempt only the failed roll on their next turn."
    (rulebook lines 432-436): both are rolled, a failed Magic roll too, and what passed is kept."""
    run = state.run_of(test.seat)
    n, stat = test.get("challenge"), test.get("stat")
    if not passed and not run.final:
        return end_turn(state.with_run(run.seat, run._replace(passed=())))
    if passed:
        run = run._replace(passed=run.passed + (stat,))
    state = state.with_run(run.seat, run)
    tried = test.get("tried", ()) + (stat,)
    if any(s not in run.passed and s not in tried for s in CHALLENGES[n]):
        return _next_test(state, run, tried)
    if len(run.passed) < len(CHALLENGES[n]):
        return end_turn(state)
    p = state.player(run.seat)
    p = p._replace(returned=p.returned + (run.spell,), dollars=p.dollars + REWARD, points=p.points + 1)
    state = state.with_player(p).with_run(run.seat, None)
    if len(p.returned) >= state.config.target:
        return state._replace(ended="won", winners=(p.seat,))
    return state


def validate_answer(state: GuardsState, action) -> Rejection | None:
    why = asked(state, action.seat, "sabotage", "about a spell run now", once=f"{action.seat} has answered already.")
    if why:
        return why
    q = state.prompt
    if action.act == "sabotage":
        here = q.get("quadrant")
        sab = next((s for s in state.player(action.seat).saboteurs if s.card == action.card), None)
        if sab is None or sab.quadrant != here:
            return Rejection(Code.NOT_HERE, f"{action.card} is not planted in the {here} quadrant.",
                             public="That saboteur cannot strike here.", private=action.seat)
    return None


def apply_answer(state: GuardsState, action) -> GuardsState:
    """Each asked seat answers privately; once all have, those who strike are revealed. "If there
    is more than one Saboteur active 'in the same Quadrant', all players with a Saboteur in the
    Quadrant must make a Guild Test. Only the Player with the Highest Result may attempt to
    sabotage the Spell Run. In the case of a draw, players should roll again." (Sabotage;
    rulebook line 583): once one strikes, every opponent with a saboteur in the quadrant rolls,
    striking or not; the winner strikes if it chose to, else the run passes."""
    q = state.prompt
    said = (action.card, action.how) if action.act == "sabotage" else ()
    q = q._replace(answers=q.answers + ((action.seat, said),))
    if len(q.answers) < len(q.seats):
        return state._replace(prompt=q)
    run_seat, here = q.get("run"), q.get("quadrant")
    state = state._replace(prompt=None)
    if not any(a for _, a in q.answers):
        return travel(state, run_seat, onward=True)
    contenders = tuple((s, a) for s, a in q.answers
                       if a or any(x.quadrant == here for x in state.player(s).saboteurs))
    if len(contenders) == 1:
        return strike(state, run_seat, contenders[0][0], *contenders[0][1])
    return tiebreak(state, run_seat, contenders, ())


def tiebreak(state: GuardsState, run_seat: str, strikers, rolled) -> GuardsState:
    seat = strikers[len(rolled)][0]
    data = (("run", run_seat), ("strikers", strikers), ("rolled", rolled))
    return state._replace(pending=Pending("tiebreak", seat, state.player(seat).guild_level, None, data=data))


def resolve_tiebreak(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    strikers, run_seat = test.get("strikers"), test.get("run")
    rolled = test.get("rolled") + (total,)
    if len(rolled) < len(strikers):
        return tiebreak(state, run_seat, strikers, rolled)
    best = max(rolled)
    top = tuple(s for s, t in zip(strikers, rolled) if t == best)
    if len(top) > 1:
        return tiebreak(state, run_seat, top, ())
    seat, how = top[0]
    return strike(state, run_seat, seat, *how) if how else travel(state, run_seat, onward=True)
