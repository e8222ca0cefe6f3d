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
            out += [A(seat, "send", cards=(c,)) for c in p.hand]
    return out


def _turn(state: GuardsState) -> list[A]:
    seat = state.seat
    p = state.player(seat)
    box = state.edition
    out = [A(seat, "end_turn"), A(seat, "stop"), A(seat, "challenge"), A(seat, "walk"), A(seat, "charm_out"),
           A(seat, "bail"), A(seat, "hospital", pay=True), A(seat, "hospital", pay=False)]
    out += [A(seat, "guild_house", collect=True)] + [A(seat, "guild_house", collect=c, buy=(a,))
                                                      for a in ATTRIBUTES for c in (True, False)]
    out += [A(seat, "spend", attribute=a) for a in ATTRIBUTES]
    free = [v for v in box.volunteers if v not in p.hand]
    for q in _quadrants(state):
        out += [A(seat, act, card=v, quadrant=q) for v in free for act in ("recruit", "bribe")]
        out += [A(seat, "tavern", quadrant=q)] + [A(seat, "buy", item=i, quadrant=q) for i in box.items]
    wanted = tuple(c for c in p.hand if box.volunteers[c].wanted)
    if wanted:
        out.append(A(seat, "turn_in", cards=wanted))
    for other in state.config.seats:
        out += [A(seat, "sent", target=other, to=t) for t in ("hospital", "watch_house")]
        if other != seat:
            out += [A(seat, "infect", target=other), A(other, "ability", target=seat)]
    out.append(A(seat, "sent", target=seat, to="guild_house"))
    brethren = [c for c in p.hand if box.volunteers[c].brethren]
    out += [A(seat, "plant", card=c, quadrant=g) for c in brethren for g in GUILDS]
    out += [A(seat, "recall", card=s.card) for s in p.saboteurs]
    if len(brethren) >= 3:
        out += [A(seat, "summon", quadrant=g, cards=tuple(brethren[:3])) for g in GUILDS]
    for q, _ in state.dragons:
        out += [A(seat, "fight", quadrant=q, cards=(c,)) for c in p.hand]
    route = _route(state, seat)
    out += [A(seat, "spell_run", spell=s, cards=tuple(p.hand[:k]), route=r)
            for s in p.spells if s not in p.returned for r in route for k in (1, min(4, len(p.hand))) if p.hand]
    out += [A(seat, "reinforce", cards=(c,)) for c in p.hand]
    return out


def _route(state: GuardsState, seat: str) -> list[tuple[str, ...]]:
    """Two routes: from the home quadrant alone, and from the quadrant opposite through one between."""
    home = state.player(seat).guild
    order = state.edition.quadrants
    i = order.index(home)
    return [(home,), (order[(i + 2) % 4], order[(i + 1) % 4], home)]


def candidate_actions(state: GuardsState) -> list[A]:
    if state.over:
        return []
    if state.pending is not None:
        seat = state.pending.seat
        if state.config.hands == "physical":
            return [A(seat, "roll", die=d) for d in range(1, 9)]
        return [A(seat, "roll")]
    if state.prompt is not None:
        return _answers(state)
    return _turn(state)


def random_action(state: GuardsState, rng, *, stop: bool = False) -> A:
    """A random legal action, drawn kind first (roll, recruit, end the turn, ...) so a rare kind
    is not drowned by the many recruits; ``stop``: stopping the game is one of the kinds."""
    game = state.config.game
    by_kind: dict[str, list[A]] = {}
    for a in candidate_actions(state):
        if stop or a.act != "stop":
            by_kind.setdefault(a.act, []).append(a)
    kinds = sorted(by_kind)
    rng.shuffle(kinds)
    for kind in kinds:
        options = by_kind[kind]
        rng.shuffle(options)
        for a in options:
            if game.validate(state, a) is None:
                return a
    raise RuntimeError(f"no legal action in turn {state.number}")
