"""The cards out of the decks: the volunteers in play (in a hand, planted, running, facing a
dragon) or in a discard pile, and the items somebody carries.

"Used or defeated Volunteer cards must always be placed in the relevant discard pile" (Answers
to frequently asked questions; rulebook line 804), "Turned in Volunteer/s go to the relevant
discard pile/s" (line 766), the runners of a returned spell "must be returned to the relevant
discard decks" (line 400): so a card discarded is not recruited again until "If any deck runs
out, the discard pile of that deck is shuffled and a new deck created, remembering to place a
face up character card alongside if it is a Volunteer deck." (line 800).

The deck is the face-down pile; the face-up pile lies beside it (Set Up, line 182): "There should
always be at least one card of each Volunteer deck displayed face up" (line 332), and "If a
player fails to recruit a Volunteer the card is placed face up on top of the relevant 'face up'
pile" (line 330). The board does not see which card was turned face up at the start or to
replace one, only which recruits failed (``GuardsState.face_up``), so it knows the deck has run
out when at most one card of it is left outside play and the pile, and knows it may have when
no more are left than the failed ones and that one: then a discarded card recruited is the
table's new deck, its pile shuffled in (``reshuffled``); otherwise it is refused.

Items and Scrolls have no discard pile: "Discarded Scrolls or Items are returned to the Temple
or Merchants nearest to the player's pawn ... placed at the bottom of the relevant deck" (line
824), and a buyer lifts the whole deck to choose (line 457); each card of the edition is one
card, so an item somebody carries (in the hand, on a saboteur, a runner or a dragon fighter), or
a scroll somebody holds, is not for sale.
"""

from __future__ import annotations

from collections.abc import Iterator

from .state import GuardsState

FACE_UP = 1  # the cards of a volunteer deck the board knows lie face up beside it (line 332)


def holders(state: GuardsState) -> Iterator[tuple[str, str, str | None]]:
    """(seat, volunteer, item) of every volunteer in play: in a hand (no item: those are carried
    apart), planted, running or at the gate, facing a dragon."""
    for p in state.players:
        yield from ((p.seat, c, None) for c in p.hand)
        yield from ((p.seat, s.card, s.item) for s in p.saboteurs)
    for r in state.runs:
        yield from ((r.seat, c, i) for c, i in r.runners)
    if state.fight is not None:
        yield from state.fight.sent


def in_play(state: GuardsState) -> frozenset[str]:
    return frozenset(c for _, c, _ in holders(state))


def items_out(state: GuardsState) -> frozenset[str]:
    """The items somebody carries: in a player's hand, or with a volunteer in play."""
    carried = {i for _, _, i in holders(state) if i}
    return frozenset(carried.union(*(p.items for p in state.players)))


def _left(state: GuardsState, deck: str) -> list[str]:
    """The cards of ``deck`` neither in play nor in its discard pile: face down or face up."""
    playing = in_play(state)
    return [v.id for v in state.edition.deck(deck) if v.id not in playing and v.id not in state.discards]


def may_have_run_out(state: GuardsState, deck: str) -> bool:
    """Whether every card left of ``deck`` may lie face up: the one always shown, and the failed
    recruits laid on it."""
    shown = sum(state.edition.volunteers[c].deck == deck for c in state.face_up)
    return len(_left(state, deck)) <= FACE_UP + shown


def in_deck(state: GuardsState, card: str) -> bool:
    """Whether ``card`` (a volunteer, an item or a scroll) may be recruited or bought: nobody has
    it, and a volunteer is not in a discard pile whose deck is surely still there."""
    if card in state.edition.items:
        return card not in items_out(state)
    if card in state.edition.scrolls:
        return not any(card in p.scrolls for p in state.players)
    if card in in_play(state):
        return False
    return card not in state.discards or may_have_run_out(state, state.edition.volunteers[card].deck)


def reshuffled(state: GuardsState, deck: str) -> GuardsState:
    """The discard pile of ``deck`` shuffled into a new deck (line 800)."""
    vols = state.edition.volunteers
    return state._replace(discards=tuple(c for c in state.discards if vols[c].deck != deck))


def settle(before: GuardsState, after: GuardsState) -> GuardsState:
    """``after`` with the volunteers that left play on the way from ``before`` in their discard
    piles, the ones that joined off the face-up pile, and each pile whose deck has surely run out
    shuffled into a new deck."""
    playing = in_play(after)
    gone = tuple(sorted(in_play(before) - playing))
    state = after._replace(discards=after.discards + gone, face_up=tuple(c for c in after.face_up if c not in playing))
    vols = state.edition.volunteers
    for deck in sorted({vols[c].deck for c in state.discards}):
        if len(_left(state, deck)) <= FACE_UP:
            state = reshuffled(state, deck)
    return state


def settled(move):
    """A rule's (check, apply) whose every result is settled (``settle``)."""
    check, apply = move
    return check, lambda state, action: settle(state, apply(state, action))
