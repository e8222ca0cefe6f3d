"""The computer players' answers to what the board asks a seat between turns (computer.py plays
the turns): its die, a spell run passing its saboteur, which runner meets an ambush, where a
successful saboteur goes next, and who faces a dragon.

An answer to a sabotage question, and where a saboteur moves, are private: their words say only
that the seat has answered.
"""

from __future__ import annotations

from ..core.computer import FIRST_TIMER
from .actions import GuardsAction as A
from .combat import LOYALTY_TARGET
from .dragons import MOST_FIGHTERS
from .odds import blow_lands, blow_misses, pass_chance
from .state import GuardsState
from .tactics import likeliest_run_quadrant, worth


def answer(game, view: GuardsState, seat: str, style, rng):
    """(action, why) when the board waits for ``seat``'s die or answer; None on its own turn."""
    if view.pending is not None:
        return _roll(view, seat, rng) if view.pending.seat == seat else None
    q = view.prompt
    if q is None or seat not in q.seats or q.answered(seat):
        return None
    answering = {"sabotage": _sabotage, "defend": _defend, "replant": _replant, "muster": _muster}.get(q.kind)
    found = answering(view, seat, style, rng) if answering else None
    if found is not None and game.validate(view, found[0]) is None:
        return found
    return None


def _roll(view, seat, rng):
    t = view.pending
    die = rng.randint(1, 8) if view.config.hands == "physical" else None
    if t.target is None:
        return A(seat, "roll", die=die), "the highest total wins"
    chance = pass_chance(t.base, t.target, t.chain)
    return A(seat, "roll", die=die), f"{t.base} + d8 against {t.target}, {round(100 * chance)}% likely"


def _sabotage(view, seat, style, rng):
    q = view.prompt
    mine = [s for s in view.player(seat).saboteurs if s.quadrant == q.get("quadrant")]
    owner = q.get("run")
    run = view.run_of(owner)
    behind = len(view.player(owner).returned) < len(view.player(seat).returned)
    if not mine or run is None or not run.runners or style.strikes == "never" or (style.strikes == "ahead" and behind):
        return A(seat, "let_pass"), ""
    vols, items = view.edition.volunteers, view.edition.items
    if not style.exact:
        return A(seat, "sabotage", card=mine[0].card, how="alter"), ""

    def stat(card, item, name):
        return vols[card].stat(name) + (items[item].adds(name) if item else 0)

    turned = sum(1 - pass_chance(stat(c, i, "loyalty"), LOYALTY_TARGET) for c, i in run.runners) / len(run.runners)
    sab = max(mine, key=lambda s: (stat(s.card, s.item, "brawl"), s.card))
    attack = stat(sab.card, sab.item, "brawl")
    # The runner's owner picks the defender least likely to fall.
    land, lost = min((blow_lands(attack, stat(c, i, "toughness")),
                      blow_misses(attack, stat(c, i, "toughness"))
                      * blow_lands(stat(c, i, "brawl"), stat(sab.card, sab.item, "toughness")))
                     for c, i in run.runners)
    # A turned runner joins the saboteur's owner; an ambushed one is only discarded, and the
    # counter-attack may cost the saboteur.
    if land - 0.5 * lost > 1.3 * turned:
        return A(seat, "sabotage", card=sab.card, how="ambush"), ""
    return A(seat, "sabotage", card=mine[0].card, how="alter"), ""


def _defend(view, seat, style, rng):
    q = view.prompt
    run = view.run_of(seat)
    vols, items = view.edition.volunteers, view.edition.items

    def stat(card, item, name):
        return vols[card].stat(name) + (items[item].adds(name) if item else 0)

    attack = vols[q.get("saboteur")].brawl  # its item, if any, is not known to the table
    if not style.exact:
        card = max(run.runners, key=lambda r: (stat(*r, "toughness"), r[0]))[0]
        return A(seat, "defend", card=card), f"{vols[card].name} has the best Toughness"
    card = min(run.runners, key=lambda r: (blow_lands(attack, stat(*r, "toughness")) * worth(view, seat, r[0]),
                                           r[0]))[0]
    chance = blow_lands(attack, stat(card, dict(run.runners)[card], "toughness"))
    return A(seat, "defend", card=card), \
        f"{vols[card].name} risks least (the blow lands {round(100 * chance)}% of the time)"


def _replant(view, seat, style, rng):
    if not style.exact:
        return A(seat, "replant"), ""
    return A(seat, "replant", quadrant=likeliest_run_quadrant(view, seat)), ""


def _muster(view, seat, style, rng):
    """Every player sends a volunteer against a summoned dragon: the strongest arm, and against
    the fourth dragon (losing ends the game for everybody) the strong player sends all it may."""
    vols = view.edition.volunteers
    p = view.player(seat)
    if seat == view.prompt.get("summoner"):  # its own dragon: it need not send anyone
        return A(seat, "send"), "summoned the dragon: sends nobody against it"
    hand = sorted(p.hand or [s.card for s in p.saboteurs], key=lambda c: (-vols[c].brawl, c))
    if style.name == FIRST_TIMER:
        return A(seat, "send", cards=((p.hand or hand)[0],)), "sends a volunteer against the dragon"
    k = 1
    if style.exact and view.fight.final:
        k = max(1, min(len(hand), MOST_FIGHTERS - len(view.fight.sent) - (len(view.prompt.seats) - len(
            view.prompt.answers) - 1)))
    cards = tuple(hand[:k])
    return A(seat, "send", cards=cards), f"the best Brawl to wound the dragon ({sum(vols[c].brawl for c in cards)})"
