"""The computer players' errands about the city (computer.py plays the turn): items bought at a
Merchant's for the run about to set out, the Tavern instead of a Charm roll, and Wanted
volunteers turned in at the Watch House for their reward. Each is a ``Style`` switch, so the
bench can play the strengths with and without it side by side; each decides from the seat's view.

"Pass through a merchant tile on your turn to buy Items." "Stop on a Tavern tile and roll on the
Tavern table on the Players Guide to recruit a random Volunteer." "If a player holds any
Volunteer cards marked Wanted, they can choose to pass through a Watch House on their turn and
turn in the Volunteer to claim a reward equal to the 'Bribe Value + 1 dollar'" (the rulebook).

Scrolls are never bought: what a scroll does once cast is read from the card at the table
(magic.py), so to the board a scroll is dollars spent for nothing.
"""

from __future__ import annotations

from .actions import GuardsAction as A
from .edition import CHALLENGES, GUILDS
from .ledger import PAYMENT, POINT_PRICE, POINTS_PER_VISIT
from .piles import in_deck
from .runs import GATE_RUNNERS
from .state import GuardsState
from .tactics import CARD_TURNS, FINAL, REINFORCE_BELOW, best_runners, next_challenge, run_chance, worth

DOLLAR_TURNS = 0.2  # what a dollar is worth in turns saved (a point, 8 dollars, is worth a Charm roll or two)


def turns(cards, chance: float) -> float:
    """The turns a run costs (tactics.best_runners' "tempo"): the runners' recruiting and the
    expected attempts at the gate."""
    return len(cards) * CARD_TURNS + (1 / chance if chance > 0 else 99.0)


def points(style, dollars: int, hand: int) -> int:
    """The attribute points a Guild House visit buys with ``dollars`` (and its payment): the
    strong player keeps 3 dollars for a bribe while its hand is short."""
    reserve = 3 if style.name == "strong" and hand < 4 else 0
    return max(0, min(POINTS_PER_VISIT, (dollars + PAYMENT - reserve) // POINT_PRICE))


def clear_quadrant(view: GuardsState) -> str | None:
    """A quadrant without a dragon, where a player may recruit and buy."""
    return next((q for q in GUILDS if not view.dragon_in(q)), None)


def for_sale(view: GuardsState, n: int, dollars: int) -> list[str]:
    """The items of the Merchant's adding to challenge ``n``'s tests that ``dollars`` buy: none
    held by a player or carried by a runner or saboteur the seat knows of."""
    box = view.edition
    return sorted(i for i, item in box.items.items() if in_deck(view, i) and item.price <= dollars
                  and any(item.adds(s) for s in CHALLENGES[n]))


def buy(view: GuardsState, seat: str, style):
    """The item that saves the run about to set out (or the reinforcements at the gate) the most
    turns for its price, bought before they go; None when none pays."""
    if not style.buys:
        return None
    n, p, quadrant = next_challenge(view, seat), view.player(seat), clear_quadrant(view)
    if n >= FINAL or quadrant is None:
        return None
    run = view.run_of(seat)
    if run is None:
        if not p.hand or not any(s not in p.returned for s in p.spells):
            return None

        def plan(items):
            cards, chance, _ = best_runners(view, seat, p.hand, plan=style.runners, items=items)
            return turns(cards, chance) if chance >= style.start or len(p.hand) >= 5 else None
    elif run.at_gate and run.started and not run.final and p.hand and run_chance(view, run) < REINFORCE_BELOW:
        room = GATE_RUNNERS - len(run.runners)

        def plan(items):
            cards, chance, _ = best_runners(view, seat, p.hand, plan=style.runners, most=room, sent=run.runners,
                                            items=items)
            return turns(cards, chance) if cards else None
    else:
        return None
    now = plan(p.items)
    best, saved = None, 0.0
    for item in for_sale(view, n, p.dollars):
        after = plan(p.items + (item,))
        if after is None:
            continue
        gain = (99.0 if now is None else now) - after - DOLLAR_TURNS * view.edition.items[item].price
        if gain > saved:
            best, saved = item, gain
    if best is None:
        return None
    return A(seat, "buy", item=best, quadrant=quadrant), "an item for the runners about to set out"


def tavern_worth(view: GuardsState, seat: str, free) -> float:
    """What the Tavern is worth: the table's faces each bring a random volunteer of a deck
    (the worth of its cards still free, on average), or nobody."""
    total = 0.0
    for deck in view.edition.tavern:
        cards = free(view, deck) if deck else []
        total += sum(worth(view, seat, c) for c in cards) / len(cards) if cards else 0.0
    return total / len(view.edition.tavern)


def tavern(view: GuardsState, seat: str, style, best: float, free):
    """The Tavern when it is worth more than ``best`` (what the best Charm roll is worth)."""
    quadrant = clear_quadrant(view)
    if not style.tavern or quadrant is None or "recruit" in view.done or view.bonus or view.free or view.failed:
        return None
    value = tavern_worth(view, seat, free)
    if value <= best:
        return None
    return A(seat, "tavern", quadrant=quadrant), "the Tavern brings a volunteer without a Charm roll"


def turn_in(game, view: GuardsState, seat: str, style):
    """The Wanted volunteers the next run can spare, for their reward, when it buys one more
    attribute point at the Guild House this very turn: those not among the runners it would
    send, while two or more others stay in hand (with the final spell, an escort is all it
    needs, so any but one)."""
    if not style.turns_in or game.validate(view, A(seat, "guild_house", collect=True)) is not None:
        return None
    p, vols = view.player(seat), view.edition.volunteers
    wanted = [c for c in p.hand if vols[c].wanted and vols[c].bribe is not None]
    if not wanted:
        return None
    if next_challenge(view, seat) == FINAL:
        spare = tuple(wanted[:len(p.hand) - 1])
    else:
        cards, _, _ = best_runners(view, seat, p.hand, plan=style.runners, items=p.items)
        keep = len(p.hand) - 2
        spare = tuple(c for c in wanted if c not in cards)[:max(0, keep)]
    reward = sum(vols[c].bribe + 1 for c in spare)
    more = points(style, p.dollars + reward, len(p.hand) - len(spare)) - points(style, p.dollars, len(p.hand))
    if not spare or more <= 0:
        return None
    return A(seat, "turn_in", cards=spare), f"{reward} dollars of reward at the Watch House"
