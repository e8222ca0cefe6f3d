"""Dragons: summoned by three Brethren, fought by a combined brawl, and the end of everybody
when all four quadrants hold one.

"If a player holds '3 or more members of the Brethren at one time' they can choose to 'Summon a
Dragon' to a quadrant of their choice. This takes 'one full turn' ... Then take a random Dragon
card and place it on a Guild House of their choice and discard one Brethren Volunteer card from
their hand ... There may only be one Dragon in a quadrant at any time." (How Dragons come into
play)
"""

from __future__ import annotations

from ..core.randomness import stream
from ..core.rejection import Rejection
from .gate import asked, in_hand, own_turn
from .owed import owed_fault
from .rejection import Code
from .saboteurs import unplant
from .state import Fight, GuardsState, Pending, Prompt
from .turns import end_turn

BRETHREN_TO_SUMMON, MOST_FIGHTERS = 3, 6
PAY = 1  # "The Volunteers can return to their quests with 1 dollar each in payment from the Patrician"


def _cards_in_hand(state: GuardsState, seat: str, cards) -> Rejection | None:
    for card in cards:
        why = in_hand(state, seat, card)
        if why:
            return why
    return None


def validate_summon(state: GuardsState, action) -> Rejection | None:
    seat = action.seat
    why = own_turn(state, seat) or _cards_in_hand(state, seat, action.cards)
    if why:
        return why
    if state.acted:
        return Rejection(Code.TOO_LATE, "Summoning takes one full turn: the player may take no other action in it.")
    vols = state.edition.volunteers
    if len(action.cards) != BRETHREN_TO_SUMMON or not all(vols[c].brethren for c in action.cards):
        return Rejection(Code.WRONG_CARD, f"Show {BRETHREN_TO_SUMMON} Brethren volunteers to summon a dragon.")
    if state.dragon_in(action.quadrant):
        return Rejection(Code.QUADRANT, f"A dragon is in the {action.quadrant} quadrant already: \"There may only be "
                                        "one Dragon in a quadrant at any time.\"")
    if action.dragon is not None and (action.dragon not in state.edition.dragons
                                      or action.dragon in dict(state.dragons).values()):
        return Rejection(Code.WRONG_CARD, f"{action.dragon} is no dragon card waiting beside the board.")
    return None


def apply_summon(state: GuardsState, action) -> GuardsState:
    """The first card shown is the one discarded. "If a player holds three Brethren Volunteers and
    chooses to summon a Dragon they do not have to send a Volunteer to face it. All other players
    must immediately send a Volunteer to fight the Dragon as above." (Fighting a Dragon; rulebook
    line 695): the summoner is asked too, and may send none."""
    seat = action.seat
    dragon = action.dragon
    if dragon is None:  # "take a random Dragon card": the board draws it
        free = sorted(set(state.edition.dragons) - set(dict(state.dragons).values()))
        dragon = free[stream("guards", state.config.seed, f"dragon/{state.number}").randrange(len(free))]
    p = state.player(seat)
    state = state.with_player(p._replace(hand=tuple(c for c in p.hand if c != action.cards[0])))
    state = state._replace(dragons=state.dragons + ((action.quadrant, dragon),), acted=True)
    final = len(state.dragons) == 4
    asked = _called(state, tuple(q.seat for q in state.players if q.seat != seat))
    asked += (seat,) if state.player(seat).hand else ()
    state = state._replace(fight=Fight(action.quadrant, dragon, final=final))
    data = (("end", True), ("summoner", seat))
    if not asked:
        return _attack(state, data)
    return state._replace(prompt=Prompt("muster", asked, data=data))


def _called(state: GuardsState, seats) -> tuple[str, ...]:
    """Of ``seats``, those who must send a volunteer: "all players must select one Volunteer from
    their hand to fight the Dragon. ... (This may mean recalling a planted Saboteur if they have no
    available Volunteers in their hand)." (Fighting a Dragon; rulebook line 687)"""
    return tuple(s for s in seats if state.player(s).hand or state.player(s).saboteurs)


def validate_call(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat)
    if why:
        return why
    if len(state.dragons) == len(state.edition.quadrants):
        return Rejection(Code.QUADRANT, "Every quadrant holds a dragon already.")
    return None


def brethren_called(state: GuardsState) -> int:
    """"The 'Call' effects planted Saboteurs as well as those held in players' hands; however players
    do not need to disclose where they are planted.\""""
    vols = state.edition.volunteers
    return sum(vols[c].brethren for p in state.players for c in p.hand) + sum(
        vols[s.card].brethren for p in state.players for s in p.saboteurs)


def apply_call(state: GuardsState, action) -> GuardsState:
    """The Fate card of the Supreme Grand Master's 'Call', drawn by ``seat``: "If more than two
    Brethren members are subsequently placed face up on the board, a Dragon is summoned. Take a
    random Dragon Card and place it on the home Guild House of the player who drew the Fate Card.
    If there is already a Dragon in the targeted Guild Quadrant, the new Dragon is summoned to the
    next available Guild House moving clockwise." Everybody but nobody in particular then fights
    it: all players send a volunteer (Fighting a Dragon)."""
    state = state._replace(acted=True)
    if brethren_called(state) <= 2:
        return state
    order = state.edition.quadrants
    home = order.index(state.player(action.seat).guild)
    quadrant = next(q for q in (order[(home + k) % 4] for k in range(4)) if not state.dragon_in(q))
    free = sorted(set(state.edition.dragons) - set(dict(state.dragons).values()))
    dragon = free[stream("guards", state.config.seed, f"dragon/{state.number}").randrange(len(free))]
    state = state._replace(dragons=state.dragons + ((quadrant, dragon),))
    state = state._replace(fight=Fight(quadrant, dragon, final=len(state.dragons) == 4))
    asked = _called(state, state.config.seats)
    if not asked:
        return _attack(state, ())
    return state._replace(prompt=Prompt("muster", asked, data=()))


def validate_send(state: GuardsState, action) -> Rejection | None:
    why = asked(state, action.seat, "muster", "to send a volunteer against a dragon",
                once=f"{action.seat} has sent volunteers already.")
    if why:
        return why
    if not action.cards:
        if action.seat == state.prompt.get("summoner"):
            return None
        return Rejection(Code.LIMIT, f"{action.seat} must send a volunteer against the dragon.")
    p = state.player(action.seat)
    if not p.hand:  # the hand is empty: a planted saboteur is recalled to fight
        planted = {s.card: s.item for s in p.saboteurs}
        if not all(c in planted for c in action.cards):
            return Rejection(Code.NOT_HERE, f"{action.seat} holds no volunteer: send a planted saboteur.",
                             public=f"That is not one of {action.seat}'s saboteurs.", private=action.seat)
        recalled = p._replace(hand=tuple(action.cards),
                              items=p.items + tuple(planted[c] for c in action.cards if planted[c]))
        return _fighters(state.with_player(recalled), action)
    return _fighters(state, action)


def _fighters(state: GuardsState, action) -> Rejection | None:
    why = _cards_in_hand(state, action.seat, action.cards)
    if why:
        return why
    if len(state.fight.sent) + len(action.cards) > MOST_FIGHTERS:
        return Rejection(Code.LIMIT, f"A maximum of {MOST_FIGHTERS} Volunteers may face the Dragon at any one time.")
    carried = state.player(action.seat).items
    for card, item in action.items or ():
        if card not in action.cards or item not in carried:
            return Rejection(Code.WRONG_CARD, "Each item must go with a volunteer sent, from the items carried.")
    return None


def _muster(state: GuardsState, action) -> GuardsState:
    kit, cards = dict(action.items or ()), action.cards or ()
    for card in cards:
        if any(s.card == card for s in state.player(action.seat).saboteurs):
            state = unplant(state, action.seat, card)
    p = state.player(action.seat)
    p = p._replace(hand=tuple(c for c in p.hand if c not in cards),
                   items=tuple(i for i in p.items if i not in kit.values()))
    sent = state.fight.sent + tuple((action.seat, c, kit.get(c)) for c in cards)
    return state.with_player(p)._replace(fight=state.fight._replace(sent=sent))


def apply_send(state: GuardsState, action) -> GuardsState:
    state = _muster(state, action)
    q = state.prompt._replace(answers=state.prompt.answers + ((action.seat, tuple(action.cards or ())),))
    if len(q.answers) < len(q.seats):
        return state._replace(prompt=q)
    return _attack(state._replace(prompt=None), q.data)


def validate_fight(state: GuardsState, action) -> Rejection | None:
    why = own_turn(state, action.seat) or owed_fault(state, action.seat, action.cards)
    if why:
        return why
    if not state.dragon_in(action.quadrant):
        return Rejection(Code.QUADRANT, f"There is no dragon in the {action.quadrant} quadrant.")
    return _fighters(state._replace(fight=Fight(action.quadrant, "")), action)


def apply_fight(state: GuardsState, action) -> GuardsState:
    """"Players may choose to fight the Dragon again at any time to clear the quadrant." """
    final = len(state.dragons) == 4
    state = state._replace(fight=Fight(action.quadrant, state.dragon_in(action.quadrant), final=final), acted=True)
    return _attack(_muster(state, action), ())


def _brawl(state: GuardsState, seat_card_item) -> int:
    _, card, item = seat_card_item
    return state.edition.volunteers[card].brawl + (state.edition.items[item].adds("brawl") if item else 0)


def _attack(state: GuardsState, data) -> GuardsState:
    """"A combined attack will then take place. The 'player who has sent the Volunteer with the
    highest Brawl' rolls the die and the result is added to the total combined Brawl of all
    Volunteers sent to face the Dragon.\""""
    f = state.fight
    if not f.sent:
        return _done(state, False, data)
    roller = max(f.sent, key=lambda s: _brawl(state, s))[0]
    total = sum(_brawl(state, s) for s in f.sent)
    toughness = state.edition.dragons[f.dragon].toughness
    return state._replace(pending=Pending("dragon", roller, total, toughness, data=data))


def resolve_dragon(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    """"If the result is 'equal to or higher than the Dragon's toughness' the Dragon is wounded and
    it will withdraw from the city. ... However if they fail to wound the Dragon, each Volunteer
    must make a Toughness test against the Dragon's Brawl Value. Any Volunteers who fail must be
    discarded from the players' hands. The Dragon remains in play.\""""
    f = state.fight
    if passed:
        for seat, card, item in f.sent:
            p = state.player(seat)
            state = state.with_player(p._replace(hand=p.hand + (card,), dollars=p.dollars + PAY,
                                                 items=p.items + ((item,) if item else ())))
        state = state._replace(dragons=tuple(d for d in state.dragons if d[0] != f.quadrant))
        return _done(state, True, test.data)
    return _scorch(state._replace(fight=f._replace(left=tuple((s, c) for s, c, _ in f.sent))), test.data)


def _scorch(state: GuardsState, data) -> GuardsState:
    f = state.fight
    if not f.left:
        return _done(state, False, data)
    seat, card = f.left[0]
    item = next(i for s, c, i in f.sent if c == card)
    base = state.edition.volunteers[card].toughness + (state.edition.items[item].adds("toughness") if item else 0)
    brawl = state.edition.dragons[f.dragon].brawl
    return state._replace(pending=Pending("scorch", seat, base, brawl, data=data + (("card", card),)))


def resolve_scorch(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    f = state.fight
    seat, card = f.left[0]
    if passed:
        item = next(i for s, c, i in f.sent if c == card)
        p = state.player(seat)
        state = state.with_player(p._replace(hand=p.hand + (card,), items=p.items + ((item,) if item else ())))
    state = state._replace(fight=f._replace(left=f.left[1:]))
    return _scorch(state, tuple(kv for kv in test.data if kv[0] != "card"))


def _done(state: GuardsState, won: bool, data) -> GuardsState:
    """"THE DRAGONS WIN! If, at any time during the game, there is a Dragon in each of the four
    quadrants simultaneously, the players will have one chance to fight the final Dragon in the
    usual way. If they fail the game ends. - All players lose!\""""
    final = state.fight.final
    state = state._replace(fight=None)
    if final and not won:
        return state._replace(ended="dragons", winners=())
    return end_turn(state) if dict(data).get("end") else state
