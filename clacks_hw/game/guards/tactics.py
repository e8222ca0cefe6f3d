"""What the Guards! Guards! computer players weigh (computer.py plays them): how much a volunteer
is worth for the Wizard's Challenges still to come, which runners to send, the attribute to
raise, and where an opponent's spell run will pass. All from a seat's view, all public values
of the edition but the seat's own hand.
"""

from __future__ import annotations

from itertools import combinations

from .edition import CHALLENGES, STATS
from .odds import all_pass, pass_chance
from .runs import FIRST_RUNNERS, challenge_number
from .state import GuardsState, Run

FINAL = 5


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


def best_runners(view: GuardsState, seat: str, hand, *, goal: float | None, most: int = FIRST_RUNNERS,
                 sent=()) -> tuple[tuple[str, ...], float]:
    """(runners, chance) for the next challenge: with ``goal`` None the set of at most ``most``
    from ``hand`` (joining ``sent``, those already at the gate) most likely to pass, the fewest
    of equal chance; with a ``goal``, the fewest that reach it, keeping the volunteers worth
    most for the challenges after (the likeliest set when none reaches it)."""
    n = next_challenge(view, seat)
    likeliest, top = (), -1.0
    for k in range(0 if sent else 1, min(most, len(hand)) + 1):
        enough = []
        for cards in combinations(hand, k):
            chance = all_pass(tests(view, n, (*sent, *cards)))
            if chance > top + 1e-9:
                likeliest, top = cards, chance
            if goal is not None and chance >= goal:
                enough.append((sum(worth_later(view, c, n) for c in cards), -chance, cards))
        if enough:
            cards = min(enough)[2]
            return cards, all_pass(tests(view, n, (*sent, *cards)))
    return likeliest, max(top, 0.0)


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


def stat_total(view: GuardsState, card: str) -> int:
    v = view.edition.volunteers[card]
    return sum(v.stat(s) for s in STATS)
