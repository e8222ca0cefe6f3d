"""Recruiting Volunteers: by Charm, by Bribe, in a Tavern, and what a volunteer brings.

"A player rolls the die and adds the result to the current Charm Level marked on their Guild
Card. - If the total is equal to, or higher than the Volunteer's Charm value, they succeed and
that Volunteer joins their quest." (To 'Charm' a Volunteer)
"""

from __future__ import annotations

from ..core.rejection import Rejection
from .gate import held_anywhere, no_dragon, own_turn, volunteer
from .owed import joined, recruit_fault
from .piles import in_deck, reshuffled
from .rejection import Code
from .state import GuardsState, Pending

ATTR_FIELD = {"magic": "magic", "guild": "guild_level", "charm": "charm"}
# "If they roll a Natural 8 on the die when making a Charm Roll, it means their impassioned plea
# for support has not only won over the chosen Volunteer, but others around them have gathered
# to listen." (To 'Charm' a Volunteer; rulebook line 287): a natural 8 wins whatever the total.
EIGHT_WINS = frozenset({"charm"})


def gain(state: GuardsState, seat: str, card: str, *, dealt: bool = False) -> GuardsState:
    """``card`` joins ``seat``'s hand. "They add the successfully recruited Volunteer card to
    their hand and apply any Player Bonuses or Penalties indicated in red text on the card to the
    Skill Values (Magic, Guild & Charm) on their Guild Card. ... These effects are permanent, and
    remain even if they lose that Volunteer at a later stage of the game. Some Volunteers may
    also give players money" (When a player successfully recruits a volunteer). A dealt card
    gives its bonuses too, but never the Pox (Set Up)."""
    v = state.edition.volunteers[card]
    p = state.player(seat)
    p = p._replace(hand=p.hand + (card,))
    for what, change in v.bonus:
        if what == "dollars":
            p = p._replace(dollars=max(0, p.dollars + change))
        else:
            field = ATTR_FIELD[what]
            p = p._replace(**{field: max(0, getattr(p, field) + change)})
    return state.with_player(p)


def _touch(state: GuardsState, seat: str, card: str) -> GuardsState:
    """"If a Volunteer is marked in red text as 'Infectious', that player becomes infected with
    'The Pox' instantly when they touch the card; even if they fail or choose not to recruit
    that Volunteer." (Infected Volunteers)"""
    if state.edition.volunteers[card].infectious:
        return state.with_player(state.player(seat)._replace(pox=True))
    return state


def stop_fault(state: GuardsState, seat: str) -> Rejection | None:
    """One stop a turn: a piece stops on a Volunteer tile or a Tavern, or on a Spell tile, not both
    ("There are certain tiles on the playing board where players 'must stop' on to perform
    specific actions", A Player's Turn; rulebook line 229)."""
    if "spell_run" in state.done:
        return Rejection(Code.ONCE, f"{seat} stopped on a Spell tile this turn: one stop a turn, so no recruiting "
                                    "until the next.")
    return None


def _recruitable(state: GuardsState, action, *, bribing: bool = False) -> Rejection | None:
    why = (own_turn(state, action.seat) or volunteer(state, action.card) or no_dragon(state, action.quadrant, "recruit")
           or stop_fault(state, action.seat) or recruit_fault(state, action.seat))
    if why:
        return why
    holder = held_anywhere(state, action.card)
    if holder is not None:
        return Rejection(Code.WRONG_CARD, f"{action.card} is already with {holder}.",
                         public="That card is already with somebody.", private=holder)
    deck = state.edition.volunteers[action.card].deck
    if not in_deck(state, action.card):  # "Used or defeated Volunteer cards must always be placed in
        # the relevant discard pile" (rulebook line 804), out of the deck until it runs out (piles.py)
        return Rejection(Code.WRONG_CARD, f"{action.card} is in the {deck.replace('_', ' ')} discard pile.")
    if bribing and action.card == state.failed:
        return None  # "If you fail you can Bribe the volunteer on the same turn."
    if state.free:
        return None if deck == state.free else Rejection(
            Code.WRONG_CARD, f"The Tavern brought a {state.free.replace('_', ' ')} volunteer: take one from that deck.")
    if state.bonus:
        if deck != state.bonus:
            return Rejection(Code.WRONG_CARD, f"The natural 8 lets {action.seat} lift another card from the "
                                              f"{state.bonus.replace('_', ' ')} deck, not from {deck.replace('_', ' ')}.")
        return None
    if "recruit" in state.done:
        return Rejection(Code.ONCE, f"{action.seat} has tried to recruit this turn already (one stop, one volunteer).")
    return None


def validate_recruit(state: GuardsState, action) -> Rejection | None:
    return _recruitable(state, action)


def _drawn(state: GuardsState, card: str) -> GuardsState:
    """A discarded card recruited (the deck may have run out, piles.py): the table has shuffled
    its pile into a new deck."""
    return reshuffled(state, state.edition.volunteers[card].deck) if card in state.discards else state


def apply_recruit(state: GuardsState, action) -> GuardsState:
    seat, card = action.seat, action.card
    state = _drawn(_touch(state, seat, card), card)._replace(acted=True, failed="")
    if state.free:  # the Tavern's volunteer joins as the table rolled it
        return joined(gain(state, seat, card), seat, card)._replace(free="", done=state.done + ("recruit",))
    extra = bool(state.bonus)
    v = state.edition.volunteers[card]
    test = Pending("charm", seat, state.player(seat).charm_now, v.charm, data=(("card", card), ("extra", extra)))
    return state._replace(pending=test, bonus="", done=state.done + ("recruit",))


def resolve_charm(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    """"If they roll a Natural 8 on the die when making a Charm Roll, ... That player may lift
    another Volunteer card from the same Volunteer deck and immediately try to recruit them by
    Charm or Bribe. ... Players may recruit only one additional Volunteer after rolling a natural
    8. (even if they roll a second natural 8 while recruiting the additional Volunteer)". "If a
    player rolls a Natural 1 ... it is an automatic failure; however they may still try to
    Bribe the Volunteer.\"" A natural 8 wins the chosen volunteer whatever the total (``EIGHT_WINS``,
    judged as the die is rolled)."""
    card = test.get("card")
    if not passed:  # "the card is placed face up on top of the relevant 'face up' pile" (line 330)
        return state._replace(failed=card, face_up=state.face_up + ((card,) if card not in state.face_up else ()))
    state = joined(gain(state, test.seat, card), test.seat, card)
    if test.dice[0] == 8 and not test.get("extra"):
        state = state._replace(bonus=state.edition.volunteers[card].deck)
    return state


def validate_bribe(state: GuardsState, action) -> Rejection | None:
    why = _recruitable(state, action, bribing=True)
    if why:
        return why
    v = state.edition.volunteers[action.card]
    if v.bribe is None:
        return Rejection(Code.WRONG_CARD, f"{v.name} is marked X: \"Volunteers marked with a Bribe value 'X' "
                                          "cannot be bribed.\"")
    have = state.player(action.seat).dollars
    if have < v.bribe:
        return Rejection(Code.NO_MONEY, f"{v.name}'s price is {v.bribe} dollars; {action.seat} has {have}.")
    return None


def apply_bribe(state: GuardsState, action) -> GuardsState:
    """"Almost every man has his price - Simply hand over the money." (To 'Bribe' a Volunteer)"""
    seat, card = action.seat, action.card
    state = _drawn(_touch(state, seat, card), card)
    p = state.player(seat)
    state = state.with_player(p._replace(dollars=p.dollars - state.edition.volunteers[card].bribe))
    done = state.done if "recruit" in state.done else state.done + ("recruit",)
    return joined(gain(state, seat, card), seat, card)._replace(acted=True, failed="", bonus="", done=done)


def validate_tavern(state: GuardsState, action) -> Rejection | None:
    why = (own_turn(state, action.seat) or no_dragon(state, action.quadrant, "recruit")
           or stop_fault(state, action.seat) or recruit_fault(state, action.seat))
    if why:
        return why
    if "recruit" in state.done:
        return Rejection(Code.ONCE, f"{action.seat} has tried to recruit this turn already.")
    return None


def apply_tavern(state: GuardsState, action) -> GuardsState:
    """"Stop on a Tavern tile and roll on the Tavern table on the Players Guide to recruit a
    random Volunteer." The edition holds the table: what each face brings. The natural 8's extra
    volunteer "does not apply when making a recruiting roll in a Tavern"."""
    test = Pending("tavern", action.seat, 0, None)
    return state._replace(pending=test, acted=True, done=state.done + ("recruit",))


def resolve_tavern(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    deck = state.edition.tavern[test.dice[0] - 1]
    return state._replace(free=deck)
