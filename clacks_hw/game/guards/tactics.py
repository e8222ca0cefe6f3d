"""What the Guards! Guards! computer players weigh (computer.py plays them): how much a volunteer
is worth for the Wizard's Challenges still to come, which runners to send, the attribute to
raise, and where an opponent's spell run will pass. All from a seat's view, all public values
of the edition but the seat's own hand.
"""

from __future__ import annotations

from itertools import combinations

from .edition import CHALLENGES
from .odds import all_pass, pass_chance
from .runs import FIRST_RUNNERS, challenge_number
from .state import GuardsState, Run

FINAL = 5
CARD_TURNS = 1.5  # about the turns a recruit takes (a Charm roll a turn, about 2 in 3 passing)
REINFORCE_BELOW = 0.5  # a run at the gate less likely than this gets more runners


def next_challenge(view: GuardsState, seat: str) -> int:
    """The Wizard's Challenge ``seat`` faces next: its run's, or the one after the spells
    returned (5: the final, tested on the player's own Magic and Guild)."""
    run = view.run_of(seat)
    if run is not None:
        return challenge_number(view, run)
    p = view.player(seat)
    return FINAL if len(p.returned) >= view.config.target - 1 else len(p.returned) + 1


def tests(view: GuardsState, n: int, cards, kit=()) -> list[tuple[int, int]]:
    """(base, target) of each test of challenge ``n`` (1 to 4) for runners ``cards`` carrying
    the items of ``kit`` ((card, item) pairs)."""
    vols, items = view.edition.volunteers, view.edition.items
    carried = dict(kit)
    return [(sum(vols[c].stat(s) + (items[carried[c]].adds(s) if carried.get(c) else 0) for c in cards),
             view.edition.target(n, s)) for s in CHALLENGES[n]]


def run_chance(view: GuardsState, run: Run) -> float:
    """The chance the next attempt at ``run``'s challenge passes."""
    n = challenge_number(view, run)
    if run.final:
        p = view.player(run.seat)
        return all_pass([(p.attribute(s), view.edition.target(n, s)) for s in CHALLENGES[n] if s not in run.passed])
    return all_pass(tests(view, n, [c for c, _ in run.runners], run.runners))


def worth(view: GuardsState, seat: str, card: str) -> float:
    """A volunteer's worth to ``seat``: its stats for the next challenge, half those for the one
    after, its lasting bonuses, less the Pox it brings; an escort for the final is worth 1."""
    v = view.edition.volunteers[card]
    n = next_challenge(view, seat)
    value = 1.0
    if n < FINAL:
        value += sum(v.stat(s) for s in CHALLENGES[n])
        if n + 1 < FINAL:
            value += 0.5 * sum(v.stat(s) for s in CHALLENGES[n + 1])
    value += sum(2.0 * change for what, change in v.bonus if what != "dollars")
    value += sum(0.3 * change for what, change in v.bonus if what == "dollars")
    return value - (3.0 if v.infectious else 0.0)


def best_runners(view: GuardsState, seat: str, hand, *, plan: str, most: int = FIRST_RUNNERS,
                 sent=(), items=()) -> tuple[tuple[str, ...], float, tuple]:
    """(runners, chance, kit) for the next challenge, of at most ``most`` from ``hand`` joining
    ``sent`` (the (runner, item) pairs already at the gate); ``kit``: the items of ``items``
    they carry, those adding most first. ``plan`` "likeliest": the set most likely to pass (the
    fewest of equal chance); "tempo": the set that returns the spell soonest, counting each
    runner as the ``CARD_TURNS`` turns it takes to recruit another and each failed attempt as a
    turn (expected 1 / chance attempts), ties broken by keeping those worth most later."""
    n = next_challenge(view, seat)
    at_gate = tuple(c for c, _ in sent)
    carried = tuple((c, i) for c, i in sent if i)
    best, best_key = ((), 0.0, ()), None
    for k in range(0 if sent else 1, min(most, len(hand)) + 1):
        for cards in combinations(hand, k):
            kit = kit_for(view, n, cards, items)
            chance = all_pass(tests(view, n, (*at_gate, *cards), carried + kit))
            if plan == "likeliest":
                key = (-round(chance, 9), k)
            elif chance > 0:
                key = (k * CARD_TURNS + 1 / chance + 0.05 * sum(worth_later(view, c, n) for c in cards),)
            else:
                continue
            if best_key is None or key < best_key:
                best, best_key = (cards, chance, kit), key
    return best


def kit_for(view: GuardsState, n: int, cards, items) -> tuple[tuple[str, str], ...]:
    """(runner, item) pairs: the items of ``items`` adding most to challenge ``n``'s tests, one a
    runner ("a maximum of one Item per Volunteer")."""
    box = view.edition.items
    gain = {i: sum(box[i].adds(s) for s in CHALLENGES[n]) for i in items} if n < FINAL else {}
    useful = sorted((i for i in gain if gain[i] > 0), key=lambda i: (-gain[i], i))
    return tuple(zip(cards, useful))


def worth_later(view: GuardsState, card: str, n: int) -> float:
    """What a runner spent on challenge ``n`` would have given the challenges after it."""
    v = view.edition.volunteers[card]
    return sum(v.stat(s) for k in range(n + 1, FINAL) for s in CHALLENGES[k]) / max(1, FINAL - n - 1)


def wanted_attribute(view: GuardsState, seat: str, charm_goal: int) -> str:
    """The attribute a point goes to: Charm while recruiting is a gamble (below ``charm_goal``),
    then whichever of Magic and Guild is lower, the two the final challenge tests."""
    p = view.player(seat)
    if next_challenge(view, seat) < FINAL and p.charm_now < charm_goal:
        return "charm"
    return "magic" if p.magic <= p.guild_level else "guild"


def recruit_chance(view: GuardsState, seat: str, card: str) -> float:
    """The chance a Charm roll recruits ``card`` (no re-roll on a natural 8 here: it brings
    another volunteer instead)."""
    return pass_chance(view.player(seat).charm_now, view.edition.volunteers[card].charm)


def leader(view: GuardsState, seat: str) -> str | None:
    """The opponent nearest to winning: most spells returned, then a run under way, then the
    most volunteers in hand (all public)."""
    others = [p for p in view.players if p.seat != seat]
    if not others:
        return None
    best = max(others, key=lambda p: (len(p.returned), view.run_of(p.seat) is not None, len(p.hand)))
    return best.seat


def likeliest_run_quadrant(view: GuardsState, seat: str, avoid=()) -> str | None:
    """Where an opponent's spell run is likeliest to pass: every run ends at its owner's Start
    Gate, in the owner's home quadrant; the leader's first, a quadrant ``avoid`` names last."""
    order = sorted((p for p in view.players if p.seat != seat),
                   key=lambda p: (p.guild in avoid, -len(p.returned), view.run_of(p.seat) is None, -len(p.hand)))
    return order[0].guild if order else None

