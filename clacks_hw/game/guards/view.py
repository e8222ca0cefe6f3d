"""What each viewer may see of a Guards! Guards! game, decided here and nowhere else.

The shared screen, the kiosk, the hall and the logs see ``PUBLIC``: the ledger everybody keeps
in the open (dollars, attributes, spells returned, the Pox), how many cards each player holds
and how many saboteurs each has planted, the dragons, the runs as announced, the discard piles
and every test as it is rolled. A seat sees, besides, its own hand, items and saboteurs (where, with what) and the
questions put to it alone. ``None`` (the journal tools) sees everything.
"""

from __future__ import annotations

from ..core.values import replace
from ..core.view import PUBLIC
from .edition import CHALLENGE_NAMES
from .state import GuardsState, Player, Saboteur

SECRET_TEST_KEYS = {"plant": ("card", "quadrant", "item")}  # what a test's data may not show everybody
SECRET_ACTION_KEYS = {"plant": ("card", "quadrant", "item"), "replant": ("quadrant",),  # "face down", "secretly"
                      "buy": ("item",)}  # "do not need to disclose what Scrolls or Items they purchased"
ANSWERS = ("sabotage", "let_pass")  # each asked seat answers privately: that it answered is all


def hidden_hands(state: GuardsState, viewer: str | None) -> frozenset[str]:
    if viewer is None:
        return frozenset()
    return frozenset(s for s in state.config.seats if s != viewer)


def public_action(action, state: GuardsState | None = None) -> dict:
    """The action without what the rules keep secret, for the log and the pages' recent moves: a
    saboteur's card, quadrant and item ("They place their chosen Volunteer card face down then
    secretly selected a Saboteur Quadrant Marker", Planting a Saboteur), where it is planted
    again, how each asked seat answered a sabotage question (the strikers are revealed when all
    have answered), and which Item or Scroll was bought: "Players do not need to disclose what
    Scrolls or Items they purchased until they decide to use them. However they should show
    other players the dollar price on the Scroll/s or Item/s purchased." (Temples and Shops)
    So a purchase says where, at a Temple or a Merchant's, and the price (given ``state``, for
    its edition): what the table sees, as the public view's dollars and counts of items and
    scrolls do. The journal, the owner's own file, keeps the whole action."""
    if action.act in ANSWERS:
        return {"seat": action.seat, "act": "answer"}
    hidden = SECRET_ACTION_KEYS.get(action.act, ())
    out = {k: v for k, v in action.to_json().items() if k not in hidden}
    if action.act == "buy" and state is not None:
        out.update(_purchase(state, action.item))
    return out


def _purchase(state: GuardsState, card: str) -> dict:
    """What the table sees of a purchase: a Scroll (a Temple) or an Item (a Merchant's), and its price."""
    box = state.edition
    thing = box.scrolls.get(card) or box.items.get(card)
    if thing is None:
        return {}
    return {"bought": "scroll" if card in box.scrolls else "item", "price": thing.price}


def _player(state: GuardsState, p: Player, sees: bool) -> dict:
    box = state.edition
    out = {
        "guild": p.guild, "guild_card": p.card, "ability": box.guild_cards[p.card].ability,
        "dollars": p.dollars, "magic": p.magic, "guild_level": p.guild_level, "charm": p.charm,
        "charm_now": p.charm_now, "points": p.points, "pox": p.pox, "injuries": p.injuries,
        "confined": p.confined, "misses": p.misses, "spells": list(p.spells), "returned": list(p.returned),
        "hand_size": len(p.hand), "items_size": len(p.items), "scrolls_size": len(p.scrolls), "saboteurs_planted": len(p.saboteurs),
    }
    if sees:
        out["hand"] = list(p.hand)
        out["items"] = list(p.items)
        out["scrolls"] = list(p.scrolls)
        out["saboteurs"] = [{"card": s.card, "quadrant": s.quadrant, "item": s.item} for s in p.saboteurs]
    return out


def _test(state: GuardsState, viewer) -> dict | None:
    t = state.pending
    if t is None:
        return None
    secret = SECRET_TEST_KEYS.get(t.kind, ()) if viewer not in (None, t.seat) else ()
    data = {k: v for k, v in t.data if k not in secret and k not in ("strikers", "rolled")}
    if t.kind == "tiebreak":
        data["contenders"] = [s for s, _ in t.get("strikers")]
    return {"kind": t.kind, "seat": t.seat, "base": t.base, "target": t.target, "dice": list(t.dice),
            "natural_8_rolls_again": t.chain, **{k: v for k, v in data.items() if isinstance(v, (str, int, bool))}}


def _prompt(state: GuardsState, viewer) -> dict | None:
    q = state.prompt
    if q is None:
        return None
    out = {"kind": q.kind, "seats": list(q.seats), "answered": [s for s, _ in q.answers],
           "run": q.get("run"), "quadrant": q.get("quadrant")}
    if q.kind in ("defend", "replant"):
        out["attacker"], out["saboteur"] = q.get("attacker"), q.get("saboteur") or q.get("card")
    if viewer in q.seats and q.kind == "sabotage":  # the private question: this seat's saboteurs there
        out["mine_here"] = [s.card for s in state.player(viewer).saboteurs if s.quadrant == q.get("quadrant")]
    return out


def _run(state: GuardsState, r) -> dict:
    from .runs import challenge_number

    n = challenge_number(state, r)
    return {"seat": r.seat, "spell": r.spell, "runners": [{"card": c, "item": i} for c, i in r.runners],
            "route": list(r.route), "at": r.at, "quadrant": r.quadrant, "at_gate": r.at_gate, "final": r.final,
            "started": r.started, "passed": list(r.passed), "challenge": n, "challenge_name": CHALLENGE_NAMES[n]}


def position(state: GuardsState, viewer: str | None = PUBLIC, actions: int | None = None) -> dict:
    from .rules import ranking

    box = state.edition
    hidden = hidden_hands(state, viewer)
    out = {
        "game": "guards", "edition": box.name, "made_up": box.made_up, "seats": list(state.config.seats),
        "viewer": viewer, "turn": None if state.over else state.seat, "number": state.number, "round": state.round,
        "target": state.config.target, "quadrants": list(box.quadrants),
        "dragons": {q: {"id": d, "name": box.dragons[d].name, "brawl": box.dragons[d].brawl,
                        "toughness": box.dragons[d].toughness} for q, d in state.dragons},
        "players": {p.seat: _player(state, p, p.seat not in hidden) for p in state.players},
        "runs": [_run(state, r) for r in state.runs],
        "test": _test(state, viewer), "prompt": _prompt(state, viewer),
        "fight": None if state.fight is None else {
            "quadrant": state.fight.quadrant, "dragon": state.fight.dragon, "final": state.fight.final,
            "sent": [{"seat": s, "card": c, "item": i} for s, c, i in state.fight.sent]},
        "last": None if state.last is None else state.last._asdict() | {"dice": list(state.last.dice)},
        "extra_recruit": state.bonus, "tavern_brings": state.free, "bribe_offer": state.failed,
        "discards": _piles(state),
        "ended": state.ended, "winners": list(state.winners), "ranking": list(ranking(state)),
    }
    if actions is not None:
        out["actions"] = actions
    return out


def _piles(state: GuardsState) -> dict[str, list[str]]:
    """The discard piles, by deck: every card reaches one in the open (a turned-in, used or
    defeated volunteer), so they lie face up for everybody (piles.py)."""
    out: dict[str, list[str]] = {}
    for card in state.discards:
        out.setdefault(state.edition.volunteers[card].deck, []).append(card)
    return out


def render(state: GuardsState, viewer: str | None = PUBLIC, actions: int | None = None) -> str:
    """The position as plain text for a terminal."""
    box = state.edition
    title = f"Guards! Guards!  turn {state.number}, round {state.round}" + (f"  ({actions} actions)" if actions else "")
    lines = [title + ("  [MADE-UP demo edition]" if box.made_up else "")]
    if state.over:
        lines.append({"won": f"{state.winner} has returned the Great Spells and wins!",
                      "dragons": "The dragons win: everybody loses.",
                      "stopped": f"Stopped: {state.winner or 'nobody'} leads."}[state.ended])
    hidden = hidden_hands(state, viewer)
    for p in state.players:
        mark = ">" if p.seat == state.seat and not state.over else " "
        flags = " ".join(f for f in ("POX" if p.pox else "", p.confined.upper(), f"misses {p.misses}" if p.misses else "") if f)
        lines.append(f"{mark} {p.seat} {p.guild:<10} ${p.dollars:<3} M{p.magic} G{p.guild_level} C{p.charm_now}  "
                     f"spells {len(p.returned)}/{state.config.target}  hand {len(p.hand)}  saboteurs "
                     f"{len(p.saboteurs)} {flags}".rstrip())
        if p.seat not in hidden and (p.hand or p.saboteurs):
            lines.append(f"      hand {' '.join(p.hand) or '-'}; saboteurs "
                         + (" ".join(f"{s.card}@{s.quadrant}" for s in p.saboteurs) or "-"))
    lines += [f"  {line}" for line in table_lines(state, viewer)]
    return "\n".join(lines) + "\n"


def table_lines(state: GuardsState, viewer: str | None = PUBLIC) -> list[str]:
    """What lies on the table besides the players, a line each: the dragons, the runs as
    announced, the test waiting for its die and the question waiting for its answers."""
    box = state.edition
    lines = [f"Dragon {box.dragons[d].name} in the {q} quadrant" for q, d in state.dragons]
    for r in state.runs:
        where = "at the gate" if r.at_gate else f"in the {r.quadrant} quadrant"
        spell = box.spells[r.spell].name if r.spell in box.spells else r.spell
        lines.append(f"{r.seat}'s run with {spell}: {_count(len(r.runners), 'runner')} {where}")
    t = _test(state, viewer)
    if t:
        lines.append(f"{t['seat']} rolls: {t['kind']} test, {t['base']} + d8"
                     + (f" against {t['target']}" if t["target"] is not None else ""))
    q = _prompt(state, viewer)
    if q:
        lines.append(f"waiting for {', '.join(s for s in q['seats'] if s not in q['answered'])}: {q['kind']}")
    return lines


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


def seat_lines(state: GuardsState) -> dict[str, list[str]]:
    """Each player's ledger as everybody sees it, in words, for the pages' players panel: the
    Guild, dollars and attributes, the spells returned, how many volunteers, items and scrolls
    they hold and saboteurs they have planted (never which), and a missed turn or the Pox."""
    box = state.edition
    out = {}
    for p in state.players:
        held = (f"{_count(len(p.hand), 'volunteer')} in hand, {_count(len(p.saboteurs), 'saboteur')} planted, "
                f"{_count(len(p.items), 'item')}, {_count(len(p.scrolls), 'scroll')}")
        lines = [f"{p.guild.title()} Guild: {_count(p.dollars, 'dollar')}, Magic {p.magic}, Guild {p.guild_level}, "
                 f"Charm {p.charm_now}",
                 f"Great Spells returned: {len(p.returned)} of {state.config.target}"
                 + (f" ({', '.join(box.spells[s].name for s in p.returned)})" if p.returned else ""), held]
        flags = [f for f in ("the Pox" if p.pox else "", {"hospital": "in hospital", "watch": "in the Watch House"}.get(
            p.confined, p.confined), f"misses {_count(p.misses, 'turn')}" if p.misses else "") if f]
        if flags:
            lines.append(", ".join(flags))
        out[p.seat] = lines
    return out


def narrate(before: GuardsState, action, after: GuardsState) -> str:
    """One public line saying what an accepted action did, for logs, the demo and the board's
    notices: nothing secret in it (a plant names neither card nor quadrant, an answer not what
    it was)."""
    box = after.edition
    seat, act = action.seat, action.act
    if act == "roll":
        j = after.last
        if j is None or j is before.last:
            return f"{seat} rolls a natural 8 and rolls again"
        verdict = "" if j.target is None else (f" against {j.target}: passes" if j.passed else f" against {j.target}: fails")
        return f"{seat} rolls {'+'.join(map(str, j.dice))} for the {j.kind} test: {j.total}{verdict}"
    name = box.volunteers[action.card].name if action.card in box.volunteers else action.card
    said = {
        "plant": f"{seat} tries to plant a saboteur", "recall": f"{seat} recalls a saboteur",
        "sabotage": f"{seat} has answered", "let_pass": f"{seat} has answered", "replant": f"{seat}'s saboteur moves on",
        "recruit": f"{seat} tries to recruit {name}", "bribe": f"{seat} bribes {name}",
        "tavern": f"{seat} tries the Tavern", "end_turn": f"{seat} ends the turn",
        "spell_run": f"{seat} collects {box.spells[action.spell].name if action.spell in box.spells else action.spell} "
                     f"and sends {len(action.cards or ())} runner(s) through {', '.join(action.route or ())}",
        "sent": f"{action.target} is sent to the {(action.to or '').replace('_', ' ')}",
        "call": f"{seat} draws the Grand Master's Call", "stop": f"{seat} stops the game",
        "summon": f"{seat} summons a dragon to the {action.quadrant} quadrant",
        "fight": f"{seat} sends {len(action.cards or ())} volunteer(s) against the {action.quadrant} dragon",
        "send": f"{seat} sends {len(action.cards)} volunteer(s) against the dragon" if action.cards
                else f"{seat} sends nobody against the dragon it summoned",
        "infect": f"the Pox passes between {seat} and {action.target}",
        "ability": f"{seat} tries the Guild Ability on {action.target}",
        "cast": f"{seat} casts {box.scrolls[action.item].name if action.item in box.scrolls else 'a scroll'}"
                + (f" at {action.target}" if action.target and action.target != seat else ""),
        "defend": f"{seat} sends {name} against the ambush",
        "guild_house": f"{seat} visits the Guild House" + (": 3 dollars" if action.collect else "")
                       + (f", buys {' and '.join(action.buy)}" if action.buy else ""),
        "challenge": f"{seat} faces the next Wizard's Challenge", "walk": f"{seat} walks the final spell home",
        "reinforce": f"{seat} sends {len(action.cards or ())} more runner(s) to the gate",
        "buy": f"{seat} buys {_bought(box, action.item)} in the {action.quadrant} quadrant",
        "spend": f"{seat} spends a point on {action.attribute}", "hospital": f"{seat} is cured"
                 + (" (private care)" if action.pay else " (the City Health Service: a missed turn)"),
    }
    return said.get(act, f"{seat} {act.replace('_', ' ')}")


def _bought(box, card) -> str:
    """A purchase as the table sees it: which kind, and the price shown; never which card."""
    if card in box.scrolls:
        return f"a Scroll for {box.scrolls[card].price} dollars"
    return f"an Item for {box.items[card].price} dollars" if card in box.items else "something"


def seat_view(state: GuardsState, seat: str) -> GuardsState:
    """``state`` as ``seat`` may know it: what a computer player decides from.

    Each opponent keeps what the table sees (how many volunteers, items and scrolls it holds,
    how many saboteurs it has planted, and which of them took an item along); which cards those
    are is not known: every opponent's volunteers (in hand or planted) are pooled and dealt back
    in a fixed order, saboteurs all stand in the first quadrant (but the one whose attempt the
    rules have revealed, whose card and quadrant stay: a defend applied to the view finds it),
    the items they carry, in hand or face down with a saboteur (rulebook line 565), revealed or
    not, are pooled and dealt back likewise, scrolls too, a planting test's card and quadrant are
    blank, and the answers others gave to a sabotage question, and what each other contender of
    a tie-break would do, are empty.
    Which volunteers the opponents hold between them stays (each was recruited in the open, so
    the table knows it, and a card with somebody cannot be recruited again), and so do which
    items they carry between them (a buyer lifts the whole Odds & Sods deck, line 457, and sees
    which are missing). Two games that differ only in what ``seat`` may not see give the same
    view; the seed is hidden too."""
    shown = revealed(state)
    others = [p for p in state.players if p.seat != seat]
    cards = iter(sorted(c for p in others for c in (*p.hand, *(s.card for s in p.saboteurs if (p.seat, s.card) not in shown))))
    items = iter(sorted(i for p in others for i in (*p.items, *(s.item for s in p.saboteurs if s.item))))
    scrolls = iter(sorted(c for p in others for c in p.scrolls))
    first = state.edition.quadrants[0]
    players = []
    for p in state.players:
        if p.seat != seat:
            sabs = tuple((s if (p.seat, s.card) in shown else Saboteur(next(cards), first))._replace(
                item=next(items) if s.item else None) for s in p.saboteurs)
            p = p._replace(hand=tuple(next(cards) for _ in p.hand), saboteurs=sabs,
                           items=tuple(next(items) for _ in p.items), scrolls=tuple(next(scrolls) for _ in p.scrolls))
        players.append(p)
    view = state._replace(players=tuple(players), config=replace(state.config, seed=0))
    t = view.pending
    if t is not None and t.seat != seat and SECRET_TEST_KEYS.get(t.kind):
        view = view._replace(pending=t._replace(data=tuple(
            (k, None if k in SECRET_TEST_KEYS[t.kind] else v) for k, v in t.data)))
    if t is not None and t.kind == "tiebreak":  # the contenders are public, what each would do is not
        view = view._replace(pending=t._replace(data=tuple(
            (k, tuple((s, a if s == seat else ()) for s, a in v) if k == "strikers" else v) for k, v in t.data)))
    q = view.prompt
    if q is not None and q.kind == "sabotage":
        view = view._replace(prompt=q._replace(answers=tuple((s, a if s == seat else ()) for s, a in q.answers)))
    return view


def revealed(state: GuardsState) -> frozenset[tuple[str, str]]:
    """(seat, card) of the saboteur whose attempt the rules have shown the table: the one fighting
    out a Loyalty test or a combat, asking for a defender, or waiting to be planted again. The
    public view names it (``_test``, ``_prompt``), so a seat's view keeps it where it really is."""
    t, q = state.pending, state.prompt
    if t is not None and t.get("attacker") and t.get("saboteur"):
        return frozenset({(t.get("attacker"), t.get("saboteur"))})
    if q is not None and q.kind == "defend":
        return frozenset({(q.get("attacker"), q.get("saboteur"))})
    if q is not None and q.kind == "replant":
        return frozenset({(q.seats[0], q.get("card"))})
    return frozenset()
