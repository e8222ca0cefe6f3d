"""Every action worth asking the validator about (a superset of the legal ones), and the random
player the tests, the bench and the demo use.

The quadrant of a recruit, a purchase or a Tavern matters to the rules only through a dragon, so
one quadrant with a dragon and one without stand for all four.
"""

from __future__ import annotations

from .actions import GuardsAction as A
from .edition import ATTRIBUTES, GUILDS
from .state import GuardsState


def _quadrants(state: GuardsState) -> tuple[str, ...]:
    clear = [q for q in GUILDS if not state.dragon_in(q)]
    taken = [q for q in GUILDS if state.dragon_in(q)]
    return tuple(clear[:1] + taken[:1])


def _answers(state: GuardsState) -> list[A]:
    q = state.prompt
    out: list[A] = []
    for seat in q.seats:
        if q.answered(seat):
            continue
        p = state.player(seat)
        if q.kind == "sabotage":
            out.append(A(seat, "let_pass"))
            out += [A(seat, "sabotage", card=s.card, how=h) for s in p.saboteurs for h in ("alter", "ambush")]
        elif q.kind == "defend":
            out += [A(seat, "defend", card=c) for c, _ in state.run_of(seat).runners]
        elif q.kind == "replant":
            out += [A(seat, "replant")] + [A(seat, "replant", quadrant=g) for g in GUILDS]
        elif q.kind == "muster":
            out += [A(seat, "send", cards=(c,)) for c in p.hand or [x.card for x in p.saboteurs]]
            out += [A(seat, "send")] if seat == q.get("summoner") else []
    return out


def _turn(state: GuardsState) -> dict:
    """The turn's candidates by act, each built only when asked for (the random player asks for
    one kind at a time)."""
    seat = state.seat
    p = state.player(seat)
    box = state.edition
    quads = _quadrants(state)
    free = [v for v in box.volunteers if v not in p.hand]
    brethren = [c for c in p.hand if box.volunteers[c].brethren]
    others = [o for o in state.config.seats if o != seat]
    wanted = tuple(c for c in p.hand if box.volunteers[c].wanted)
    return {
        "end_turn": lambda: [A(seat, "end_turn")], "stop": lambda: [A(seat, "stop")],
        "challenge": lambda: [A(seat, "challenge")], "walk": lambda: [A(seat, "walk")],
        "charm_out": lambda: [A(seat, "charm_out")], "bail": lambda: [A(seat, "bail")],
        "hospital": lambda: [A(seat, "hospital", pay=True), A(seat, "hospital", pay=False)],
        "guild_house": lambda: [A(seat, "guild_house", collect=True)] + [
            A(seat, "guild_house", collect=c, buy=(a,)) for a in ATTRIBUTES for c in (True, False)],
        "spend": lambda: [A(seat, "spend", attribute=a) for a in ATTRIBUTES],
        "recruit": lambda: [A(seat, "recruit", card=v, quadrant=q) for q in quads for v in free],
        "bribe": lambda: [A(seat, "bribe", card=v, quadrant=q) for q in quads for v in free],
        "tavern": lambda: [A(seat, "tavern", quadrant=q) for q in quads],
        "buy": lambda: [A(seat, "buy", item=i, quadrant=q) for q in quads for i in (*box.items, *box.scrolls)],
        "cast": lambda: [A(o, "cast", item=c, target=t) for o in state.config.seats
                         for c in state.player(o).scrolls for t in state.config.seats],
        "turn_in": lambda: [A(seat, "turn_in", cards=wanted)] if wanted else [],
        "sent": lambda: [A(seat, "sent", target=o, to=t) for o in state.config.seats
                         for t in ("hospital", "watch_house")] + [A(seat, "sent", target=seat, to="guild_house")],
        "infect": lambda: [A(seat, "infect", target=o) for o in others],
        "ability": lambda: [A(o, "ability", target=seat) for o in others],
        "plant": lambda: [A(seat, "plant", card=c, quadrant=g) for c in brethren for g in GUILDS],
        "recall": lambda: [A(seat, "recall", card=x.card) for x in p.saboteurs],
        "summon": lambda: [A(seat, "summon", quadrant=g, cards=tuple(brethren[:3])) for g in GUILDS]
        if len(brethren) >= 3 else [],
        "call": lambda: [A(seat, "call")],
        "fight": lambda: [A(seat, "fight", quadrant=q, cards=(c,)) for q, _ in state.dragons for c in p.hand],
        "spell_run": lambda: [A(seat, "spell_run", spell=x, cards=tuple(p.hand[:k]), route=r)
                              for x in p.spells if x not in p.returned for r in _route(state, seat)
                              for k in sorted({1, min(4, len(p.hand))})] if p.hand else [],
        "reinforce": lambda: [A(seat, "reinforce", cards=(c,)) for c in p.hand],
    }


def _route(state: GuardsState, seat: str) -> list[tuple[str, ...]]:
    """Two routes: from the home quadrant alone, and from the quadrant opposite through one between."""
    home = state.player(seat).guild
    order = state.edition.quadrants
    i = order.index(home)
    return [(home,), (order[(i + 2) % 4], order[(i + 1) % 4], home)]


def by_kind(state: GuardsState) -> dict:
    """act -> a function listing its candidates."""
    if state.over:
        return {}
    if state.pending is not None:
        seat = state.pending.seat
        if state.config.hands == "physical":
            return {"roll": lambda: [A(seat, "roll", die=d) for d in range(1, 9)]}
        return {"roll": lambda: [A(seat, "roll")]}
    if state.prompt is not None:
        answers = _answers(state)
        return {a.act: (lambda act=a.act: [x for x in answers if x.act == act]) for a in answers}
    return _turn(state)


def candidate_actions(state: GuardsState) -> list[A]:
    return [a for make in by_kind(state).values() for a in make()]


WEIGHTS = {"roll": 5.0, "challenge": 4.0, "walk": 4.0, "spell_run": 3.0, "recruit": 3.0, "guild_house": 2.0,
           "spend": 2.0, "plant": 2.0, "buy": 0.5, "cast": 0.5, "fight": 0.5, "infect": 0.3, "ability": 0.3,
           "sent": 0.2, "call": 0.2}

# Refusals that hold for every action of a kind alike (not for one card, quadrant or price).
WHOLE_KIND = frozenset({"once", "too_late", "confined", "must_roll", "waiting", "not_your_turn", "no_run", "run_on",
                        "game_over", "not_asked"})


def random_action(state: GuardsState, rng, *, stop: bool = False, seat: str | None = None) -> A | None:
    """A random legal action, drawn kind first (roll, recruit, end the turn, ...) so a rare kind
    is not drowned by the many recruits; ``stop``: stopping the game is one of the kinds; ``seat``:
    only that seat's actions (None when it has none)."""
    game = state.config.game
    makers = by_kind(state)
    # A weighted shuffle (each kind's key rng^(1/weight)): a table rolls and recruits far more often
    # than a Fate card sends someone to hospital.
    kinds = sorted((k for k in makers if stop or k != "stop"),
                   key=lambda k: -rng.random() ** (1 / WEIGHTS.get(k, 1.0)))
    for kind in kinds:
        options = [a for a in makers[kind]() if seat is None or a.seat == seat]
        rng.shuffle(options)
        for a in options:
            why = game.validate(state, a)
            if why is None:
                return a
            if why.code in WHOLE_KIND:
                break  # refused for what it is, not for its card or quadrant: so is every other
    if seat is not None:
        return None
    raise RuntimeError(f"no legal action in turn {state.number}")
