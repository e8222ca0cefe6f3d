"""Guards! Guards!'s computer players at the three strengths, and the first-time player they are
measured against (``make bench``). Each decides from its seat's view alone (view.py's
``seat_view``, handed in by core/computer.py) and proposes only actions the rules accept
(each is checked with the game's own validator before it is chosen):

    easy     about random, never absurd: any of its legal actions a player might take (it never
             sends itself to hospital, buys what it cannot use, plays a table's Fate card or
             summons a dragon to its own Guild House)
    normal   a plan: recruits the volunteers worth most that its Charm or purse can win, collects
             at its Guild House and buys attribute points, sends its likeliest runners once the
             challenge is an even chance, reinforces at the gate, tries the challenge last (a
             failure ends the turn), fights a dragon that blocks its home, talks its way out of
             the Watch House before paying bail, plants a spare Brethren volunteer at an
             opponent's gate and strikes a passing run of a player not behind it (no errands
             about the city: under rules version 3 the bench found the items and the Tavern
             together win it no more)
    strong   the normal plan weighed with the d8's exact odds (odds.py): the runners that return
             the spell soonest (a runner costs the turns to recruit another, a failed attempt a
             turn: tactics.best_runners), the items it carries given to them, a saboteur at each
             opponent's Start Gate (every run ends there), the leader's first, and moved there
             again after a strike, the strike (Alter Allegiance or Ambush) likelier to
             cost the run a runner, the defender whose loss costs least, against a fourth
             dragon every volunteer it may send; and the city's errand the bench found wins
             more (errands.py): the items that save its run the most turns for their price,
             bought before it sets out (not the Tavern: under rules version 3 it wins no more)

The FIRST_TIMER model (core/computer.py) is somebody in their first game: they know the rules,
recruit the card in front of them when their Charm may do it, send every runner they hold once
they have two, and never plant a saboteur.

Each of them, its hand empty, recruits the best card shown however little it is worth: every run
needs a volunteer, and a deck whose weak cards nobody recruits never runs out to bring its
discard pile back (rulebook line 800), so a table of empty hands would end its turns for ever.

Its words (``Move.why``) are public: a saboteur's card or quadrant and a private answer never
appear in them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.computer import FIRST_TIMER, Move
from .actions import GuardsAction as A
from .answers import answer
from .dragons import MOST_FIGHTERS
from .edition import CHALLENGE_NAMES, DECKS
from .legal import random_action
from .ledger import BAIL, WATCH_CHARM
from .odds import all_pass, pass_chance
from .owed import owed
from .piles import in_deck
from .runs import FIRST_RUNNERS, GATE_RUNNERS, beside
from .saboteurs import PLANT_TARGET
from . import errands
from .run_plan import any_run
from .tactics import (FINAL, REINFORCE_BELOW, best_runners, likeliest_run_quadrant, next_challenge, recruit_chance,
                      run_chance, tests, wanted_attribute, worth)
from .state import GuardsState
from .view import narrate


@dataclass(frozen=True)
class Style:
    """How one strength plays (``STYLES``)."""

    name: str
    runners: str  # which runners it sends (tactics.best_runners): "likeliest", "tempo"
    start: float  # the least chance a run is started at (unless its hand is full)
    shown: int  # cards of each deck it may choose from (1: the face-up card)
    plants: str  # "never", "spare": a spare Brethren at a random opponent's gate, "leader"
    strikes: str  # "never", "ahead": runs of players not behind it, "always"
    charm_goal: int  # Charm it raises before Magic and Guild
    escorts: int  # volunteers escorting the final spell
    fights: bool  # fights a dragon in its home quadrant, or the fourth coming
    exact: bool  # weighs strikes and defenders by the exact odds
    buys: bool = False  # buys the items that pay for the run about to set out (errands.py)
    tavern: bool = False  # tries the Tavern when it is worth more than the best Charm roll (no strength: under
    # rules version 3 the bench found it wins no more)
    turns_in: bool = False  # turns in the Wanted volunteers its next run can spare (no strength: the bench
    # found it wins no more)
    any_run: bool = False  # easy: any route and any runners, not the random player's two shapes (off: the
    # bench found it wins no more)
    recruits_first: bool = False  # a recruit or the Tavern before a run worth starting, the turn's one stop
    # (off: the bench found the run first wins more; a run not worth starting lets the recruit go first anyway)


STYLES = {
    "easy": Style("easy", "likeliest", 0.0, 1, "never", "never", 3, 1, False, False),
    "normal": Style("normal", "likeliest", 0.5, 2, "spare", "ahead", 4, 2, True, False),
    "strong": Style("strong", "tempo", 0.3, 2, "leader", "always", 5, 3, True, True, buys=True),
    FIRST_TIMER: Style(FIRST_TIMER, "likeliest", 0.0, 1, "never", "never", 3, 1, False, False),
}
TESTS = {"charm": "Charm roll", "watch": "Charm roll", "tavern": "Tavern table", "plant": "Guild test",
         "tiebreak": "Guild test", "ability": "Guild test", "challenge": "Wizard's Challenge", "loyalty": "Loyalty test",
         "combat": "blow", "dragon": "attack on the dragon", "scorch": "Toughness test", "cast": "Magic roll"}
TABLE_EVENTS = frozenset({"sent", "infect", "call", "ability", "stop", "buy", "cast"})  # not a player's choice


def computer_move(game, view: GuardsState, seat: str, strength, rng) -> Move | None:
    """What the computer at ``seat`` does now, from ``view`` (its seat's view); ``strength``: a
    name of ``STYLES``, or a ``Style`` itself (the bench plays variants side by side)."""
    style = strength if isinstance(strength, Style) else STYLES.get(strength, STYLES["strong"])
    if style.name == "easy":
        action, why = _easy(game, view, seat, style, rng), ""
    else:
        action, why = answer(game, view, seat, style, rng) or _turn(game, view, seat, style, rng) or (None, "")
    if action is None:  # nothing its plan knows (a new kind of question): any legal action of its seat
        action, why = random_action(view, rng, seat=seat), ""
    if action is None:
        return None
    return Move(seat, action, _words(game, view, action, why))


def _words(game, view, action, why: str) -> str:
    """The public line the board shows for the move: what it does (view.py's narration, which
    keeps a plant's card and quadrant and every private answer out) and why."""
    if action.act == "roll":
        said = f"{action.seat} rolls the die ({TESTS.get(view.pending.kind, view.pending.kind)})"
    else:
        said = narrate(view, action, view)  # the narration reads the outcome of a roll only
    return f"{said}: {why}" if why else said


def _easy(game, view, seat, style, rng):
    """A legal action of a kind a player chooses, drawn the random player's way; a spell run
    drawn again from every route and set of runners the rules allow (``style.any_run``)."""
    for _ in range(40):
        action = random_action(view, rng, seat=seat)
        if action is not None and action.act == "spell_run" and style.any_run:
            action = any_run(view, seat, action, rng)
        if action is None or not _absurd(view, action):
            return action
    return A(seat, "end_turn") if game.validate(view, A(seat, "end_turn")) is None else None


def _absurd(view, action) -> bool:
    """What no player would choose: the table's events (a Fate card, another's Guild Ability, the
    Pox passed on), stopping the game, an item or scroll it never uses, a dragon summoned to its
    own Guild House."""
    return action.act in TABLE_EVENTS or (action.act == "summon" and action.quadrant == view.player(action.seat).guild)


def _ok(game, view, action) -> bool:
    return game.validate(view, action) is None


def _turn(game, view: GuardsState, seat: str, style: Style, rng):
    """The turn's next step, in the order a good player takes them: out of the Watch House or
    Hospital, a saboteur (only at the start), the final spell walked home, points spent, the
    Guild House, a dragon fought, a new run sent (a turn has one stop: a Spell tile or a
    volunteer's), else a volunteer recruited, the run at the gate reinforced and tried (a failure
    ends the turn, so last), and the turn ended."""
    if view.seat != seat or view.pending is not None or view.prompt is not None or view.fight is not None:
        return None
    p = view.player(seat)
    if p.confined:
        return _confined(game, view, seat, style)
    # one stop a turn (a recruit or the Tavern, or a spell run): a run worth starting is tried before a
    # recruit (_spell_run declines a poor one), items bought before the runners set out
    stops = (_recruit, _spell_run) if style.recruits_first else (_spell_run, _recruit)
    for step in (_plant, _walk, _spend, _turn_in, _guild_house, _fight, _buy, *stops, _at_gate):
        found = step(game, view, seat, style, rng)
        if found is not None and _ok(game, view, found[0]):
            return found
    return A(seat, "end_turn"), "nothing more worth doing this turn"


def _confined(game, view, seat, style):
    p = view.player(seat)
    if p.confined == "hospital":
        paid = A(seat, "hospital", pay=True)
        if _ok(game, view, paid):
            return paid, f"private care costs {p.pox + p.injuries} dollar(s) and keeps the next turn"
        return A(seat, "hospital", pay=False), "no money for private care"
    chance = pass_chance(p.charm_now, WATCH_CHARM)
    talk = A(seat, "charm_out")
    if _ok(game, view, talk):
        return talk, f"talking costs nothing (Charm {p.charm_now}: {_chance(chance)} of 7 or more)"
    bail = A(seat, "bail")
    if style.name != FIRST_TIMER and _ok(game, view, bail):
        return bail, f"{BAIL} dollars of bail save a missed turn"
    return A(seat, "end_turn"), "waits out the turn in the Watch House"


def _plant(game, view, seat, style, rng):
    p = view.player(seat)
    if style.plants == "never" or view.acted or view.recalled:
        return None
    brethren = [c for c in p.hand if view.edition.volunteers[c].brethren]
    if not brethren or len(p.hand) < (1 if style.plants == "leader" else 4):
        return None
    if len(p.saboteurs) >= len(view.players) - 1:
        return None
    card = min(brethren, key=lambda c: (worth(view, seat, c), c))
    if style.plants == "leader":
        quadrant = likeliest_run_quadrant(view, seat, avoid={s.quadrant for s in p.saboteurs})
    else:
        quadrant = rng.choice([o.guild for o in view.players if o.seat != seat])
    chance = pass_chance(p.guild_level, PLANT_TARGET)
    return A(seat, "plant", card=card, quadrant=quadrant), \
        f"a saboteur can strike a passing run (Guild {p.guild_level}: {_chance(chance)})"


def _walk(game, view, seat, style, rng):
    run = view.run_of(seat)
    if run is not None and run.final and not run.started:
        return A(seat, "walk"), "Rincewind's Redemption waits at the gate"
    return None


def _spend(game, view, seat, style, rng):
    if view.player(seat).points:
        what = wanted_attribute(view, seat, style.charm_goal)
        return A(seat, "spend", attribute=what), _why_attribute(what)


def _why_attribute(what: str) -> str:
    return "Charm wins volunteers" if what == "charm" else "the final challenge tests Magic and Guild, 9 or more"


def _turn_in(game, view, seat, style, rng):
    return errands.turn_in(game, view, seat, style)


def _buy(game, view, seat, style, rng):
    return errands.buy(view, seat, style)


def _guild_house(game, view, seat, style, rng):
    p = view.player(seat)
    buy = []
    while len(buy) < errands.points(style, p.dollars, len(p.hand)):
        grown = p._replace(**{_field(a): getattr(p, _field(a)) + 1 for a in buy})
        buy.append(wanted_attribute(view.with_player(grown), seat, style.charm_goal))
    if style.name == FIRST_TIMER:
        buy = []
    action = A(seat, "guild_house", collect=True, buy=tuple(buy) or None)
    return action, _why_attribute(buy[0]) if buy else ""


def _field(attribute: str) -> str:
    return {"magic": "magic", "guild": "guild_level", "charm": "charm"}[attribute]


def _fight(game, view, seat, style, rng):
    """A dragon in the home quadrant stops the Guild House and a run starting there; a fourth
    dragon would end the game for everybody."""
    if not style.fights or not view.dragons:
        return None
    p = view.player(seat)
    home = view.dragon_in(p.guild)
    if not home and len(view.dragons) < 3:
        return None
    quadrant = p.guild if home else max(view.dragons)[0]
    dragon = view.edition.dragons[view.dragon_in(quadrant)]
    vols = view.edition.volunteers
    strong = sorted(p.hand, key=lambda c: -vols[c].brawl)[:MOST_FIGHTERS]
    for k in range(1, len(strong) + 1):
        chance = pass_chance(sum(vols[c].brawl for c in strong[:k]), dragon.toughness)
        if chance >= 0.5:
            return A(seat, "fight", quadrant=quadrant, cards=tuple(strong[:k])), \
                f"their Brawl against its toughness {dragon.toughness}: {_chance(chance)}"
    return None


def _recruit(game, view, seat, style, rng):
    """A volunteer the Tavern sent, a natural 8's extra one, a bribe after a failed Charm roll, or
    the best of the cards shown (``style.shown`` of each deck) it can win."""
    p = view.player(seat)
    quadrant = errands.clear_quadrant(view)
    if quadrant is None:
        return None
    vols = view.edition.volunteers
    if view.failed:
        v = vols[view.failed]
        keep = 0 if style.name != "strong" else 2
        if v.bribe is not None and p.dollars - v.bribe >= keep and worth(view, seat, view.failed) >= 4:
            return A(seat, "bribe", card=view.failed, quadrant=quadrant), \
                f"{v.bribe} dollars, worth it after the failed Charm roll"
        return None
    if view.free:  # "a random Volunteer": the top card of the deck the table rolled
        cards = _shown(view, view.free, 1, rng)
        if cards:
            return A(seat, "recruit", card=cards[0], quadrant=quadrant), "the Tavern brought a volunteer"
        return None
    if "recruit" in view.done and not view.bonus:
        return None
    shown = [c for d in ((view.bonus,) if view.bonus else DECKS) for c in _shown(view, d, style.shown, rng)]
    if not shown:
        return None

    def gain(c):
        chance = recruit_chance(view, seat, c)
        bribe = vols[c].bribe
        if bribe is not None and bribe <= p.dollars and style.name != FIRST_TIMER:
            chance = 1.0 - (1 - chance) * 0.2  # a failed roll can still be bribed
        return chance * worth(view, seat, c)

    card = max(shown, key=lambda c: (gain(c), c))
    # a card worth no more than its place in the hand waits for a better one, unless the hand is empty: every
    # run needs a volunteer, the final spell one at least (rulebook line 430), and the weak cards recruited
    # are what runs a deck out so that its discard pile comes back (line 800)
    wanted = worth(view, seat, card) > 1.0 or not p.hand
    inn = errands.tavern(view, seat, style, gain(card) if wanted else 0.0, _free)
    if inn is not None:
        return inn
    if not wanted:
        return None
    chance = recruit_chance(view, seat, card)
    return A(seat, "recruit", card=card, quadrant=quadrant), \
        f"Charm {vols[card].charm} needed, {_chance(chance)} with Charm {p.charm_now}"


def _free(view, deck):
    """The cards of ``deck`` still in it: nobody's, and not in its discard pile."""
    return sorted(v.id for v in view.edition.deck(deck) if in_deck(view, v.id))


def _shown(view, deck, k, rng):
    """The cards of ``deck`` a player at the table may pick from: the board does not know which
    card lies face up, so a seeded draw stands for it (and for the top card of the pile)."""
    free = _free(view, deck)
    return rng.sample(free, min(k, len(free)))


def _at_gate(game, view, seat, style, rng):
    run = view.run_of(seat)
    if run is None or not run.at_gate or not run.started:
        return None
    due = owed(view, seat)
    if due:  # recruited while the run waits: the rules send them on at once
        return A(seat, "reinforce", cards=due), "volunteers recruited for the run go to the gate at once"
    chance = run_chance(view, run)
    p = view.player(seat)
    room = GATE_RUNNERS - len(run.runners)
    if not run.final and chance < REINFORCE_BELOW and p.hand and room and style.name != FIRST_TIMER:
        items = p.items if style.exact else ()
        more, better, kit = best_runners(view, seat, p.hand, plan=style.runners, most=room, sent=run.runners,
                                         items=items)
        if more and better > chance + 0.05:
            return A(seat, "reinforce", cards=more, items=kit or None), \
                f"{CHALLENGE_NAMES[next_challenge(view, seat)]} becomes {_chance(better)} (from {_pct(chance)})"
    if "challenge" in view.done:
        return None
    return A(seat, "challenge"), f"{CHALLENGE_NAMES[next_challenge(view, seat)]}, {_chance(chance)}"


def _spell_run(game, view, seat, style, rng):
    p = view.player(seat)
    if view.run_of(seat) is not None or not p.hand:
        return None
    spell = next((s for s in p.spells if s not in p.returned), None)
    if spell is None:
        return None
    home = p.guild
    start = home if not view.dragon_in(home) else next((q for q in beside(view, home) if not view.dragon_in(q)), None)
    if start is None:
        return None
    route = (home,) if start == home else (start, home)  # the shortest: fewest quadrants a saboteur can wait in
    if next_challenge(view, seat) == FINAL:
        escort = tuple(sorted(p.hand, key=lambda c: (worth(view, seat, c), c))[:style.escorts])
        return A(seat, "spell_run", spell=spell, cards=escort, route=route), \
            "the last spell: the escort walks it home next turn"
    kit = ()
    if style.name == FIRST_TIMER:
        if len(p.hand) < 2:
            return None
        cards = tuple(p.hand[:FIRST_RUNNERS])
        chance = all_pass(tests(view, next_challenge(view, seat), cards))
    else:
        cards, chance, kit = best_runners(view, seat, p.hand, plan=style.runners, items=p.items if style.exact else ())
        if chance < style.start and len(p.hand) < 5:
            return None
    return A(seat, "spell_run", spell=spell, cards=cards, route=route, items=kit or None), \
        f"{CHALLENGE_NAMES[next_challenge(view, seat)]} with them is {_chance(chance)}"


def _chance(chance: float) -> str:
    """"a 7 in 8 chance" for one die's faces, else "a chance of 62%"."""
    eighths = round(chance * 8)
    return f"a {eighths} in 8 chance" if abs(eighths / 8 - chance) < 1e-9 else f"a chance of {_pct(chance)}"


def _pct(chance: float) -> str:
    return f"{round(100 * chance)}%"
