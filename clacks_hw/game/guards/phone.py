"""What a player's own phone shows for Guards! Guards!: that seat's private view in a few
titled parts, and the questions the rules put to that seat alone, each answer an action the
rules accept now (the phone page sends it back as it is).

Built only from what the seat may see (view.py decides it): its hand, items and saboteurs, the
test it rolls, and the private question when a run passes one of its saboteurs. On the seat's
own turn the phone also offers the turn's public moves the rules allow now (the Guild House, a
spell run, a purchase, a Fate card's errand, ending the turn, ...), as the engine lists them
(legal.py: a purchase in one quadrant with a dragon and one without, since only a dragon makes
the quadrant matter). A spell run has too many forms to list (the runners, an item each, the
route quadrant by quadrant): the turn offers it as one choice the phone then builds step by step,
asking the rules at each step (run_plan.py). Recruiting is the one move made at the board: the
player taps the volunteer card they took.

The turn's moves are listed under where on the map they are made (``GROUP_OF``), the likely ones
first and the rare ones marked to fold (``RARE``); a move, an answer or a roll that starts a test
carries its target and its exact chance (odds.py), as codes and values that phone_words.py says.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.rejection import Rejection
from ..core.seat_page import Choice, Prompt
from . import phone_words as words
from .actions import GuardsAction as A
from .combat import LOYALTY_TARGET
from .edition import GUILDS
from .legal import by_kind
from .odds import blow_lands, pass_chance
from .run_plan import PLAN, draft
from .state import GuardsState, Pending
from .view import narrate

# Asked on their own, or not a move of the turn; a recruit or a bribe names the card the player
# took, tapped at the board (board.py): offering only the cards nobody holds would tell the seat
# which volunteers its opponents hold. A spell run is built step by step (run_plan.py).
OWN_QUESTIONS = ("plant", "recall", "stop", "roll", "recruit", "bribe", "spell_run")
TURN = "Your turn: what does your piece do?"
ANNOUNCE = "Announce a spell run\u2026"
# Where on the map (or in the hand) each move of the turn is made: the phone lists them under
# these headings, in this order (phone_words.py says them).
GROUP_OF = {"spell_run": "spell", "challenge": "spell", "walk": "spell", "reinforce": "spell",
            "guild_house": "guild_house", "spend": "points", "tavern": "tavern", "hospital": "confined",
            "bail": "confined", "charm_out": "confined", "turn_in": "watch_house", "cast": "scrolls",
            "fight": "dragons", "end_turn": "end", "buy": "shop", "sent": "fate", "call": "fate",
            "infect": "pox", "ability": "ability", "summon": "dragons", "stop": "stop"}
ORDER = tuple(dict.fromkeys(GROUP_OF.values()))
# Moves a turn seldom makes (a Fate card's errand, a purchase of the ten on offer, summoning a
# dragon, stopping the game): folded under "more", after the likely ones.
RARE = frozenset({"buy", "sent", "call", "infect", "ability", "summon", "stop"})


def _vol(state: GuardsState, card: str) -> str:
    v = state.edition.volunteers[card]
    marks = "".join(m for m, on in ((" Brethren", v.brethren), (" Wanted", v.wanted)) if on)
    return (f"{v.name} ({card}): loyalty {v.loyalty}, streetwise {v.streetwise}, toughness {v.toughness}, "
            f"brawl {v.brawl}{marks}")


def sections(state: GuardsState, seat: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(title, lines) of the seat's own page."""
    p = state.player(seat)
    box = state.edition
    you = (f"{p.guild.title()} Guild ({box.guild_cards[p.card].ability})",
           f"{p.dollars} dollars; Magic {p.magic}, Guild {p.guild_level}, Charm {p.charm_now}"
           + (" (the Pox: -1)" if p.pox else ""),
           f"spells returned {len(p.returned)} of {state.config.target}: "
           + (", ".join(box.spells[s].name for s in p.returned) or "none"),
           f"still to return: {', '.join(box.spells[s].name for s in p.spells if s not in p.returned)}")
    if p.points:
        you += (f"{p.points} attribute point(s) to spend",)
    out = [("You", you), ("Your hand", tuple(_vol(state, c) for c in p.hand) or ("no volunteers",))]
    if p.items:
        out.append(("Your items", tuple(f"{box.items[i].name} ({i})" for i in p.items)))
    if p.scrolls:
        out.append(("Your scrolls", tuple(f"{box.scrolls[c].name} ({c}): Magic {box.scrolls[c].target}"
                                          for c in p.scrolls)))
    out.append(("Your saboteurs (secret)", tuple(
        f"{box.volunteers[s.card].name} in the {s.quadrant} quadrant"
        + (f" with {box.items[s.item].name}" if s.item else "") for s in p.saboteurs) or ("none planted",)))
    return tuple(out)


def prompts(state: GuardsState, seat: str) -> tuple[Prompt, ...]:
    """The seat's questions as the phone page asks them; on its turn, when the rules let it
    announce a spell run now, the turn's moves start with that run, to build step by step."""
    out = []
    for q, choices in questions(state, seat):
        listed = tuple(Choice(label, a, group=_group(state, q, a), more=a.act in RARE,
                              note=_said(_note(state, seat, a))) for label, a in choices)
        out.append(Prompt(q, listed, note=_said(_asked_note(state, seat, choices))))
    if state.seat == seat and state.pending is None and state.prompt is None and draft(state, seat, ()).step:
        run = Choice(ANNOUNCE, None, plan=PLAN, group=words.group("spell"))
        turn = next((i for i, p in enumerate(out) if p.question == TURN), None)
        if turn is None:
            out.append(Prompt(TURN, (run,)))
        else:
            out[turn] = Prompt(TURN, (run,) + out[turn].choices)
    return tuple(_grouped(p) if p.question == TURN else p for p in out)


def _group(state: GuardsState, question: str, a: A) -> str:
    """The heading ``a`` is listed under: where on the map the turn's move is made; the volunteer
    a planting sends."""
    if question == TURN:
        return words.group(GROUP_OF[a.act])
    return state.edition.volunteers[a.card].name if a.act == "plant" else ""


def _grouped(p: Prompt) -> Prompt:
    """The turn's moves by where they are made, the likely ones first (the rare ones folded)."""
    order = {words.group(g): i for i, g in enumerate(ORDER)}
    return replace(p, choices=tuple(sorted(p.choices, key=lambda c: (c.more, order.get(c.group, len(order))))))


def _said(note) -> str:
    return "" if note is None else words.note(*note)


def _note(state: GuardsState, seat: str, a: A):
    """(code, values) of what choosing ``a`` does, for the phone to say: the strike's chances, or
    the test the move starts (the rules' own: the move applied to what the seat knows of the table)."""
    if a.act in ("sabotage", "let_pass"):
        return _strike(state, a)
    if a.act in ("roll", "replant", "defend", "send", "plant") or state.seat != seat:
        return None  # a plant's Guild test is the question's own note
    return _starts(state, seat, a)


def _starts(state: GuardsState, seat: str, a: A):
    after = state.config.game.apply(_blind(state, seat), a)
    if isinstance(after, Rejection) or after.pending is None or after.pending.seat != seat:
        return None
    return _test(after, after.pending)


def _asked_note(state: GuardsState, seat: str, choices):
    """The note of a question as a whole: the test waiting for the seat's die; the Guild test
    every planting starts."""
    first = choices[0][1]
    if first.act == "roll":
        return _test(state, state.pending)
    return _starts(state, seat, first) if first.act == "plant" else None


def _stat(state: GuardsState, card: str, item: str | None, name: str) -> int:
    box = state.edition
    return box.volunteers[card].stat(name) + (box.items[item].adds(name) if item else 0)


def _test(state: GuardsState, t: Pending):
    """(code, values) of test ``t`` as its roller may know it: its target and its chance."""
    if t.target is not None:
        return "test", {"kind": t.kind, "base": t.base, "target": t.target, "chain": t.chain,
                        "chance": pass_chance(t.base, t.target, t.chain)}
    if t.kind == "tiebreak":
        return "contest", {"kind": t.kind}
    if t.kind != "combat":
        return None  # a die that says what comes (the Tavern): nothing to pass
    step, run = t.get("step"), state.run_of(t.get("run"))
    runner = t.get("runner")
    if step in ("defence", "counter_defence"):
        blow = t.get("blow")
        return "guard", {"base": t.base, "blow": blow,
                         "chance": 1.0 if blow is None else pass_chance(t.base, blow, t.chain)}
    if step == "attack":  # the runner guards with its Toughness and its item, both on the table
        guard = _stat(state, runner, dict(run.runners).get(runner), "toughness")
    else:  # the saboteur guards: its item, if any, is its owner's secret
        guard = state.edition.volunteers[t.get("saboteur")].toughness
    return "blow", {"base": t.base, "guard": guard, "chance": blow_lands(t.base, guard), "unknown_item": step != "attack"}


def _strike(state: GuardsState, a: A):
    """What striking a passing run does: Alter Allegiance turns a random runner that fails its
    Loyalty test; an Ambush's blow must beat the Toughness of the runner its owner picks."""
    if a.act == "let_pass":
        return "let_pass", {}
    run = state.run_of(state.prompt.get("run"))
    if run is None or not run.runners:
        return None
    if a.how == "alter":
        turned = sum(1 - pass_chance(_stat(state, c, i, "loyalty"), LOYALTY_TARGET) for c, i in run.runners)
        return "alter", {"target": LOYALTY_TARGET, "chance": turned / len(run.runners)}
    sab = next(s for s in state.player(a.seat).saboteurs if s.card == a.card)
    brawl = _stat(state, sab.card, sab.item, "brawl")
    lands = min(blow_lands(brawl, _stat(state, c, i, "toughness")) for c, i in run.runners)
    return "ambush", {"name": state.edition.volunteers[sab.card].name, "brawl": brawl, "chance": lands}


def questions(state: GuardsState, seat: str) -> tuple[tuple[str, tuple[tuple[str, A], ...]], ...]:
    """(question, ((label, action), ...)) for each question to the seat now; only answers the
    rules accept are offered."""
    game = state.config.game
    blind = _blind(state, seat)
    out = []
    for question, choices in _asked(state, seat):
        # The turn's moves are checked as the seat knows the table: an item an opponent holds is
        # offered as to anyone who cannot see it (pressed, the board refuses it aloud), or the
        # list would tell what the opponents hold.
        on = blind if question == TURN else state
        ok = tuple((label, a) for label, a in choices if game.validate(on, a) is None)
        if ok:
            out.append((question, ok))
    return tuple(out)


def _asked(state: GuardsState, seat: str):
    box = state.edition
    t, q = state.pending, state.prompt
    if t is not None and t.seat == seat:
        aim = "" if t.target is None else f", {t.target} to pass"
        yield (f"Roll for your {t.kind} test: {t.base} + the die{aim}",
               (("The board rolls", A(seat, "roll")),) + tuple((f"I rolled {d}", A(seat, "roll", die=d))
                                                           for d in range(1, 9)))
    if q is not None and seat in q.seats and not q.answered(seat):
        if q.kind == "sabotage":
            here = [s for s in state.player(seat).saboteurs if s.quadrant == q.get("quadrant")]
            yield (f"{q.get('run')}'s spell run passes the {q.get('quadrant')} quadrant. Strike?",
                   tuple((f"{box.volunteers[s.card].name}: {words.STRIKES[how]}", A(seat, "sabotage", card=s.card, how=how))
                         for s in here for how in ("alter", "ambush")) + (("Let it pass", A(seat, "let_pass")),))
        elif q.kind == "defend":
            yield ("Ambush! Who of your runners faces the saboteur?",
                   tuple((box.volunteers[c].name, A(seat, "defend", card=c)) for c, _ in state.run_of(seat).runners))
        elif q.kind == "replant":
            yield ("Your saboteur won. Move it (secretly)?",
                   (("Stay where it is", A(seat, "replant")),) + tuple(
                       (f"To the {g} quadrant", A(seat, "replant", quadrant=g)) for g in GUILDS))
        elif q.kind == "muster":
            p = state.player(seat)
            yield ("A dragon! Send a volunteer to fight it.",
                   tuple((box.volunteers[c].name, A(seat, "send", cards=(c,))) for c in p.hand)
                   + tuple((f"{box.volunteers[s.card].name} (recalled from the {s.quadrant} quadrant)",
                            A(seat, "send", cards=(s.card,))) for s in (() if p.hand else p.saboteurs))
                   + ((("Send nobody (you summoned it)", A(seat, "send")),) if seat == q.get("summoner") else ()))
    if t is None and q is None and state.seat == seat:
        p = state.player(seat)
        brethren = [c for c in p.hand if box.volunteers[c].brethren]
        if brethren:
            yield ("Plant a saboteur (secretly; a Guild test of 5)?",  # listed under each volunteer's name
                   tuple((f"{g.title()} quadrant", A(seat, "plant", card=c, quadrant=g)) for c in brethren for g in GUILDS))
        if p.saboteurs:
            yield ("Recall a saboteur to your hand?",
                   tuple((f"{box.volunteers[s.card].name} from the {s.quadrant} quadrant",
                          A(seat, "recall", card=s.card)) for s in p.saboteurs))
        moves = [a for kind, make in by_kind(state).items() if kind not in OWN_QUESTIONS
                 for a in make() if a.seat == seat]
        if moves:
            yield (TURN, tuple((_move(state, a), a) for a in moves))


def _blind(state: GuardsState, seat: str) -> GuardsState:
    """``state`` with nothing in the opponents' hands, items, scrolls or saboteurs."""
    return state._replace(players=tuple(p if p.seat == seat else p._replace(hand=(), items=(), scrolls=(), saboteurs=())
                                        for p in state.players))


def _move(state: GuardsState, a: A) -> str:
    """A move said as the shared screen would say it, with where it happens."""
    box = state.edition
    if a.act == "buy":
        thing = box.items.get(a.item) or box.scrolls.get(a.item)
        said = f"buys {thing.name if thing else a.item}"
    else:
        said = narrate(state, a, state).removeprefix(f"{a.seat} ")
    if a.act == "guild_house":  # listed under the Guild House: what the visit does
        said = ("takes " if a.collect else "") + said.removeprefix("visits the Guild House").lstrip(":, ")
    if said.startswith("is sent"):
        said = "you are" + said[2:]
    if a.cards and a.act in ("spell_run", "reinforce", "fight", "summon"):
        said += ": " + ", ".join(box.volunteers[c].name for c in a.cards)
    return said[0].upper() + said[1:] + (f" (in the {a.quadrant} quadrant)" if a.quadrant else "")
