"""The ledger: dollars, attribute points, the Guild House, items, Wanted rewards, the Pox, the
Hospitals and the Watch Houses.

"At any point in the game, a player, on their turn, can move through their chosen Guild House
and collect payment of 3 Ankh-Morpork Dollars. ... Points cost 8 dollars each and no more than
two points can be purchased on any one visit. A player cannot collect money or buy attribute
points from their Guild House on two consecutive turns, or if they are forced to return to their
Guild House by a Fate card or by another player." (A Player's Guild House)
"""

from __future__ import annotations

from ..core.rejection import CoreCode, Rejection
from .gate import in_hand, no_dragon, own_turn, unbought, waiting
from .owed import owed_fault
from .piles import in_deck
from .recruiting import ATTR_FIELD
from .rejection import Code
from .state import GuardsState, Pending
from .turns import end_turn

PAYMENT, POINT_PRICE, POINTS_PER_VISIT = 3, 8, 2
BAIL, WATCH_CHARM = 2, 7  # "making a 'Charm Roll of 7' or higher, or failing that pay bail of 2 dollars"


def validate_guild_house(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat)
    if why:
        return why
    p = state.player(action.seat)
    why = no_dragon(state, p.guild, "collect money or attribute points")
    if why:
        return why
    if "sent_home" in state.done:
        return Rejection(Code.ONCE, f"{action.seat} was sent home this turn: no payment, no points.")
    if "guild_house" in state.done:
        return Rejection(Code.ONCE, f"{action.seat} has visited the Guild House this turn already.")
    if p.visited == p.turns - 1:
        return Rejection(Code.ONCE, f"{action.seat} used the Guild House last turn: not on two consecutive turns.")
    buy = action.buy or ()
    if not action.collect and not buy:
        return Rejection(Code.LIMIT, "Say what to do at the Guild House: collect 3 dollars, buy points, or both.")
    cost = POINT_PRICE * len(buy)
    have = p.dollars + (PAYMENT if action.collect else 0)
    if cost > have:
        return Rejection(Code.NO_MONEY, f"{len(buy)} point(s) cost {cost} dollars; {action.seat} would have {have}.")
    return None


def apply_guild_house(state: GuardsState, action) -> GuardsState:
    p = state.player(action.seat)
    dollars = p.dollars + (PAYMENT if action.collect else 0) - POINT_PRICE * len(action.buy or ())
    p = p._replace(dollars=dollars, visited=p.turns)
    for a in action.buy or ():
        p = p._replace(**{ATTR_FIELD[a]: getattr(p, ATTR_FIELD[a]) + 1})
    return state.with_player(p)._replace(acted=True, done=state.done + ("guild_house",))


def validate_spend(state: GuardsState, action) -> Rejection | None:
    why = waiting(state, action.seat)
    if why:
        return why
    if not state.player(action.seat).points:
        return Rejection(Code.LIMIT, f"{action.seat} has no attribute point to spend.")
    return None


def apply_spend(state: GuardsState, action) -> GuardsState:
    """"Gain 1 Attribute Point: This can be spent to increase any of their Character's
    attributes marked on their Guild Card." (If a player passes the Wizard's Challenge)"""
    p = state.player(action.seat)
    field = ATTR_FIELD[action.attribute]
    return state.with_player(p._replace(points=p.points - 1, **{field: getattr(p, field) + 1}))


def _wares(state: GuardsState, card: str):
    """What ``card`` is on sale as: (the card, the Player field holding those bought, what
    buying it is called); the card None when the edition sells no such thing. Items and a
    Temple's Scrolls (Curses & Cures) are bought alike: once each, for their price."""
    if card in state.edition.scrolls:
        return state.edition.scrolls[card], "scrolls", "buy a Scroll"
    return state.edition.items.get(card), "items", "buy an Item"


def validate_buy(state: GuardsState, action) -> Rejection | None:
    ware, _, doing = _wares(state, action.item)
    why = own_turn(state, action.seat) or no_dragon(state, action.quadrant, doing)
    if why:
        return why
    if ware is None:
        return unbought(action, Code.UNKNOWN_CARD, f"{action.item} is no item or scroll of the edition.")
    if not in_deck(state, action.item):
        return unbought(action, Code.WRONG_CARD, f"{ware.name} is not in the deck: somebody has it already.")
    if state.player(action.seat).dollars < ware.price:
        return unbought(action, Code.NO_MONEY, f"{ware.name} costs {ware.price} dollars.")
    return None


def apply_buy(state: GuardsState, action) -> GuardsState:
    ware, held, _ = _wares(state, action.item)
    p = state.player(action.seat)
    bought = {held: getattr(p, held) + (action.item,)}
    return state.with_player(p._replace(dollars=p.dollars - ware.price, **bought))._replace(acted=True)


def validate_turn_in(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat) or owed_fault(state, action.seat, action.cards)
    if why:
        return why
    for card in action.cards:
        why = in_hand(state, action.seat, card)
        if why:
            return why
        v = state.edition.volunteers[card]
        if not v.wanted or v.bribe is None:
            return Rejection(Code.WRONG_CARD, f"{v.name} is not Wanted.")
    return None


def apply_turn_in(state: GuardsState, action) -> GuardsState:
    """"turn in the Volunteer to claim a reward equal to the 'Bribe Value + 1 dollar' (from the
    Bank). Players may turn any number of Volunteers on one turn." (Wanted Volunteers)"""
    p = state.player(action.seat)
    reward = sum(state.edition.volunteers[c].bribe + 1 for c in action.cards)
    hand = tuple(c for c in p.hand if c not in action.cards)
    return state.with_player(p._replace(dollars=p.dollars + reward, hand=hand))._replace(acted=True)


def validate_sent(state: GuardsState, action) -> Rejection | None:
    why = waiting(state, action.seat)
    if why:
        return why
    if action.target not in state.config.seats:
        return Rejection(CoreCode.NOT_PLAYING, f"Seat {action.target} is not in this game.")
    if state.player(action.target).confined and action.to != "guild_house":
        return Rejection(Code.CONFINED, f"{action.target} is already confined.")
    if action.to == "guild_house" and action.target != state.seat:
        return Rejection(Code.NOT_THERE, "Being sent home matters only on the player's own turn.")
    return None


def apply_sent(state: GuardsState, action) -> GuardsState:
    """A Fate card, the Luggage or another player sends ``target`` somewhere. "If a player is hit
    by the Luggage, they will be taken directly to the nearest Hospital ... The player's turn
    ends." "If a player is arrested and sent to the Watch House their turn ends and they may take
    no further actions." """
    who = state.player(action.target)
    if action.to == "guild_house":
        return state._replace(done=state.done + ("sent_home",))
    if action.to == "hospital":
        who = who._replace(injuries=who.injuries + 1, confined="hospital")
    else:
        who = who._replace(confined="watch")
    state = state.with_player(who)
    return end_turn(state) if action.target == state.seat else state


def validate_hospital(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat, free=True)
    if why:
        return why
    p = state.player(action.seat)
    if p.confined == "watch":
        return Rejection(Code.CONFINED, f"{action.seat} is in the Watch House, not in Hospital.")
    ailments = p.pox + p.injuries
    if not ailments and not p.confined:
        return Rejection(Code.LIMIT, f"{action.seat} has nothing a Hospital cures.")
    if action.pay and p.dollars < ailments:
        return Rejection(Code.NO_MONEY, f"Private care costs {ailments} dollar(s); {action.seat} has {p.dollars}.")
    if not action.pay and p.dollars >= ailments:
        return Rejection(Code.LIMIT, "The City Health Service is for those with no money: pay for private care.")
    return None


def apply_hospital(state: GuardsState, action) -> GuardsState:
    """"1. pay for Private Health Care (At a cost of 1 dollar per ailment). Their current turn
    ends but they begin their next turn as normal. ... 2. trust their care to the City Health
    Service, and wait their turn to see a physician - (Their current turn ends and they miss
    their next turn)" (Hospitals). Taken there off their turn, they choose when their turn
    comes: paying, they play it; the Health Service takes it."""
    p = state.player(action.seat)
    cost = p.pox + p.injuries if action.pay else 0
    arrived = p.confined == "hospital"
    cured = p._replace(dollars=p.dollars - cost, pox=False, injuries=0, confined="")
    if arrived and action.pay:
        return state.with_player(cured)
    if not action.pay and not arrived:
        cured = cured._replace(misses=cured.misses + 1)
    return end_turn(state.with_player(cured))


def _in_watch(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat, free=True)
    if why:
        return why
    if state.player(action.seat).confined != "watch":
        return Rejection(Code.NOT_THERE, f"{action.seat} is not in the Watch House.")
    return None


def validate_charm_out(state: GuardsState, action) -> Rejection | None:
    why = _in_watch(state, action)
    if why:
        return why
    if "charm_out" in state.done:
        return Rejection(Code.ONCE, f"{action.seat} has tried talking already: pay bail or wait.")
    return None


def apply_charm_out(state: GuardsState, action) -> GuardsState:
    """"On their next turn they can attempt to either talk their way out by making a 'Charm Roll
    of 7' or higher, or failing that pay bail of 2 dollars." (City Watch House)"""
    test = Pending("watch", action.seat, state.player(action.seat).charm_now, WATCH_CHARM)
    return state._replace(pending=test, done=state.done + ("charm_out",))


def resolve_watch(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    if passed:
        return state.with_player(state.player(test.seat)._replace(confined=""))
    return state


def validate_bail(state: GuardsState, action) -> Rejection | None:
    why = _in_watch(state, action)
    if why:
        return why
    if state.player(action.seat).dollars < BAIL:
        return Rejection(Code.NO_MONEY, f"Bail is {BAIL} dollars: \"If they cannot do either, they simply stay "
                                        "in jail and miss one turn.\"")
    return None


def apply_bail(state: GuardsState, action) -> GuardsState:
    p = state.player(action.seat)
    return state.with_player(p._replace(dollars=p.dollars - BAIL, confined=""))


def validate_infect(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat)
    if why:
        return why
    if action.target == action.seat or action.target not in state.config.seats:
        return Rejection(Code.NOT_THERE, "Name another player within one tile.")
    a, b = state.player(action.seat), state.player(action.target)
    if a.pox == b.pox:
        return Rejection(Code.LIMIT, "The Pox passes only between an infected and a healthy player.")
    return None


def apply_infect(state: GuardsState, action) -> GuardsState:
    """"All a player needs to do is land or pass 'within one tile of an opponent' and they
    automatically pass on the Pox ... This rule also applies if a non-infected player (during
    their turn), passes or lands within one tile of an infected player." (The Pox)"""
    for seat in (action.seat, action.target):
        state = state.with_player(state.player(seat)._replace(pox=True))
    return state._replace(acted=True)


def validate_end_turn(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat, free=True)
    if why:
        return why
    if state.player(action.seat).confined == "hospital":
        return Rejection(Code.CONFINED, f"{action.seat} is in Hospital: choose private care or the City Health Service.")
    return owed_fault(state, action.seat)


def apply_end_turn(state: GuardsState, action) -> GuardsState:
    p = state.player(action.seat)
    if p.confined == "watch":  # stayed in jail: this was the missed turn
        state = state.with_player(p._replace(confined=""))
    return end_turn(state)
