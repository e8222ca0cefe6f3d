"""What the table learns of a purchase: "Players do not need to disclose what Scrolls or Items
they purchased until they decide to use them. However they should show other players the
dollar price on the Scroll/s or Item/s purchased." (Temples and Shops). So every public surface
(the board's log line and its notice, the status page's recent moves and position, which the
kiosk draws and the hall is sent, a refusal everybody reads) says who bought, where, a Scroll or
an Item, and the price, as the public view's dollars and counts do; never which card, until the
rules put it on the table (cast, or carried by a runner or a dragon fighter)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.game.core.engine import apply
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.core.view import PUBLIC
from clacks_hw.game.guards.actions import parse_action
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.view import narrate
from tests.guards.conftest import BOX, act, game
from tests.guards.randomgames import random_game

ON_THE_TABLE = ("spell_run", "reinforce", "fight", "send")  # the items these carry are put down in the open


def public_surfaces(before, action, after) -> str:
    """Everything a viewer other than the acting seat reads of ``action``: the log line and the
    status page's recent move, the board's notice, the public position and text."""
    return "\n".join((json.dumps(GUARDS.public_action(action, after)), json.dumps(GUARDS.public_action(action)),
                      narrate(before, action, after), json.dumps(GUARDS.position(after, PUBLIC)),
                      GUARDS.text(after, viewer=PUBLIC)))


def test_a_purchase_shows_where_what_kind_and_the_price_never_the_card():
    s = game(S={"dollars": 9})
    item = next(iter(BOX.items.values()))
    after = act(s, "S", "buy", item=item.id, quadrant="thieves")
    buy = parse_action({"seat": "S", "act": "buy", "item": item.id, "quadrant": "thieves"})
    assert GUARDS.public_action(buy, after) == {"seat": "S", "act": "buy", "quadrant": "thieves",
                                                "bought": "item", "price": item.price}
    assert narrate(s, buy, after) == f"S buys an Item for {item.price} dollars in the thieves quadrant"
    public = GUARDS.position(after, PUBLIC)["players"]["S"]
    assert public["dollars"] == 9 - item.price  # the price, shown as the table sees it paid
    assert public["items_size"] == 1 and "items" not in public
    assert GUARDS.position(after, "S")["players"]["S"]["items"] == [item.id]  # the buyer's own phone
    text = public_surfaces(s, buy, after)
    assert item.id not in text and item.name not in text

    scroll = next(iter(BOX.scrolls.values()))
    bought = parse_action({"seat": "S", "act": "buy", "item": scroll.id, "quadrant": "fools"})
    after2 = apply(after, bought)
    assert GUARDS.public_action(bought, after2)["bought"] == "scroll"
    assert narrate(after, bought, after2) == f"S buys a Scroll for {scroll.price} dollars in the fools quadrant"


def test_a_refused_purchase_names_the_card_to_the_buyer_alone():
    s = game()
    item = next(iter(BOX.items.values()))
    s = act(s, "S", "buy", item=item.id, quadrant="thieves")
    s = act(s, "S", "end_turn")
    why = apply(s, parse_action({"seat": "N", "act": "buy", "item": item.id, "quadrant": "thieves"}))
    assert isinstance(why, Rejection) and item.name in why.message  # N's own phone: why not
    assert GUARDS.public_text(s, why) == "N cannot buy that card."  # everybody else
    poor = game(S={"dollars": 0})
    why = apply(poor, parse_action({"seat": "S", "act": "buy", "item": item.id, "quadrant": "thieves"}))
    assert isinstance(why, Rejection) and item.name not in GUARDS.public_text(poor, why)


def secrets(state, revealed: set[str]) -> set[str]:
    """The ids and names of the items and scrolls players hold that the table has not seen."""
    box = state.edition
    cards = {c for p in state.players for c in (*p.items, *p.scrolls, *(x.item for x in p.saboteurs if x.item))}
    cards -= revealed
    return cards | {(box.items.get(c) or box.scrolls[c]).name for c in cards}


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_no_public_surface_names_a_card_bought_in_secret(seed, players):
    """Random legal games: after every action, nothing everybody reads (the log, the notice, the
    recent moves, the public position and text, a refused purchase) names an Item or Scroll a
    player holds that the rules have not yet put on the table."""
    revealed: set[str] = set()
    before = None
    bought = 0
    for action, s in random_game(seed, players, steps=200):
        if action is not None:
            if action.act == "cast":
                revealed.add(action.item)  # "announces the name of the Scroll"
            if action.act in ON_THE_TABLE:
                revealed.update(i for _, i in (action.items or ()) if i)
            bought += action.act == "buy" and not isinstance(s, Rejection)
            text = public_surfaces(before, action, s)
            hidden = secrets(s, revealed)
            assert not [t for t in hidden if t in text], (action, [t for t in hidden if t in text])
        seat = GUARDS.current_player(s)
        for held in sorted(c for p in s.players if p.seat != seat for c in (*p.items, *p.scrolls)):
            why = GUARDS.validate(s, parse_action({"seat": seat or "S", "act": "buy", "item": held,
                                                   "quadrant": s.edition.quadrants[0]}))
            if why is not None:  # a purchase of a card somebody holds: the public sentence says none of it
                said = GUARDS.public_text(s, why)
                assert held not in said and (s.edition.items.get(held) or s.edition.scrolls[held]).name not in said
        before = s
