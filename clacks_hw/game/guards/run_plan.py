"""Announcing a spell run on the player's own phone, step by step, as the rulebook orders it:
"1. Select the Volunteer/s they are sending back as Runners with the Great Spell, (initially up
to a maximum of 4). If they wish, they may equip their chosen Volunteer/s with any Items they
have acquired (a maximum of one Item per Volunteer). ... 3. Announce to the other players that
they are making a Spell Run and indicate through which Guild Quadrants their Runners will pass
on the way back to their Starting Gate." (Making a Spell Run)

So: the Great Spell collected, the runners (ticked), an item for each runner while any is left,
then the route quadrant by quadrant, and the whole run said back to confirm. Every step's
options and every refusal are the rules' own (runs.py: the runner limit, the quadrants a route
may go on to); the finished action is checked by the very validator that applies it. The phone
only shows the steps and sends the answers (core/seat_page.py: Draft, Step).
"""

from __future__ import annotations

from ..core.seat_page import Draft, Option, Step
from .actions import GuardsAction
from .edition import CHALLENGE_NAMES, CHALLENGES
from .runs import announce_fault, hand_fault, is_final, route_next, runner_limit, runners_fault, spell_fault, step_fault
from .state import GuardsState

PLAN = "spell_run"
NOTHING = ""  # the item step's answer for a runner who carries none
MAX_ANSWERS = 16  # a spell, the runners, up to 6 items, 4 quadrants: more is not a run


class _Ask(Exception):
    """A step still to answer, or an answer refused: the draft to send back."""

    def __init__(self, draft: Draft) -> None:
        super().__init__(draft.error or "")
        self.draft = draft


class _Answers:
    """The answers read in order, each checked before the next step is asked."""

    def __init__(self, answers: tuple) -> None:
        self.answers, self.n, self.said = answers, 0, []

    def take(self, step: Step, check):
        """The next answer once ``check`` (None or why not) accepts it; else the step is asked."""
        if self.n >= len(self.answers):
            raise _Ask(Draft(self.n, step, tuple(self.said)))
        value = self.answers[self.n]
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value) if step.many else isinstance(value, str)
        why = check(tuple(value) if step.many else value) if ok else (
            "tick the volunteers and go on" if step.many else "choose one of the answers")
        if why:
            raise _Ask(Draft(self.n, step, tuple(self.said), error=why))
        self.n += 1
        return tuple(value) if step.many else value


def _message(why) -> str | None:
    return None if why is None else why.message


def draft(state: GuardsState, seat: str, answers: tuple) -> Draft:
    """What ``answers`` (in step order) make of ``seat``'s spell run: the next step, a refusal, or
    the whole action to confirm."""
    why = announce_fault(state, seat)
    if why:
        return Draft(0, None, error=why.message)
    got = _Answers(tuple(answers)[:MAX_ANSWERS])
    try:
        action = _walk(state, seat, got)
    except _Ask as ask:
        return ask.draft
    why = state.config.game.validate(state, action)
    if why:  # the steps check what the validator checks: this is the rules changing under them
        return Draft(got.n, None, tuple(got.said), error=why.message)
    return Draft(got.n, None, tuple(got.said), action=action)


def _walk(state: GuardsState, seat: str, got: _Answers) -> GuardsAction:
    box, p = state.edition, state.player(seat)
    left = tuple(s for s in p.spells if s not in p.returned)
    spell = got.take(Step("Which Great Spell did you collect?",
                          tuple(Option(box.spells[s].name, s) for s in left)),
                     lambda v: _message(spell_fault(state, seat, v)))
    got.said.append(f"Great Spell: {box.spells[spell].name}")

    cards = got.take(_runners_step(state, seat), lambda v: _runners_fault(state, seat, v))
    got.said.append(("Walking home with you: " if is_final(state, seat) else "Runners: ")
                    + ", ".join(box.volunteers[c].name for c in cards))

    items, carried = [], list(p.items)
    for card in cards:
        if not carried:
            break
        name = box.volunteers[card].name
        kit = tuple(dict.fromkeys(carried))
        item = got.take(Step(f"What does {name} carry?", (Option("Nothing", NOTHING),)
                             + tuple(Option(_item(box.items[i]), i) for i in kit)),
                        lambda v: None if v == NOTHING or v in carried else
                        f"You have no {v[:24]!r} left to give {name}: choose another item, or nothing.")
        if item != NOTHING:
            carried.remove(item)
            items.append((card, item))
            got.said.append(f"{name} carries {box.items[item].name}")

    home = p.guild
    route: tuple[str, ...] = ()
    said = len(got.said)
    while not route or route_next(state, seat, route):
        ahead = route_next(state, seat, route)
        got.said[said:] = [f"Route so far: {', '.join(route)}"] if route else []
        question = (f"From the {route[-1]} quadrant, through which quadrant next?" if route else
                    "In which quadrant is the Spell tile? The runners set out from there.")
        step = Step(question, tuple(Option(f"The {q} quadrant" + (" (your Start Gate)" if q == home else "")
                                           + (" (a dragon is there)" if state.dragon_in(q) else ""), q)
                                    for q in ahead))
        route += (got.take(step, lambda v: _message(step_fault(state, seat, route, v))),)
    got.said[said:] = ["Route: " + ", ".join(route) + " (your Start Gate)"]
    return GuardsAction(seat, "spell_run", spell=spell, cards=cards, items=tuple(sorted(items)) or None, route=route)


def _item(item) -> str:
    """"Demo Club (brawl +1)": what it adds at the gate ("add/subtract any additional points
    gained/lost from Items", Attempting a Wizard's Challenge)."""
    adds = ", ".join(f"{stat} {change:+d}" for stat, change in item.bonus)
    return f"{item.name} ({adds})" if adds else item.name


def _runners_step(state: GuardsState, seat: str) -> Step:
    box, p = state.edition, state.player(seat)
    if is_final(state, seat):
        question = ("Who walks home with you? At least one volunteer (Rincewind's Redemption then tests "
                    "your own Magic and Guild).")
        stats: tuple[str, ...] = ()
    else:
        n = len(p.returned) + 1
        stats = CHALLENGES[n]
        question = (f"Who runs with the spell? Up to {runner_limit(state, seat)}; at the gate "
                    f"{CHALLENGE_NAMES[n]} tests their {' and '.join(stats)}.")
    return Step(question, tuple(
        Option(box.volunteers[c].name + "".join(f", {s} {box.volunteers[c].stat(s)}" for s in stats), c)
        for c in p.hand), many=True)


def _runners_fault(state: GuardsState, seat: str, cards: tuple[str, ...]) -> str | None:
    if len(set(cards)) != len(cards):
        return "Tick each volunteer once."
    return _message(hand_fault(state, seat, cards) or runners_fault(state, seat, cards))


def any_run(state: GuardsState, seat: str, action: GuardsAction, rng) -> GuardsAction:
    """``action``'s spell run with its route and runners drawn again from all the rules allow:
    a route quadrant by quadrant as the phone offers it (route_next), any 1 up to the runner
    limit of the hand."""
    route: tuple[str, ...] = ()
    while not route or route_next(state, seat, route):
        route += (rng.choice(route_next(state, seat, route)),)
    hand = state.player(seat).hand
    cards = tuple(rng.sample(hand, rng.randint(1, min(runner_limit(state, seat), len(hand)))))
    return GuardsAction(seat, "spell_run", spell=action.spell, cards=cards, route=route)
