"""A game's decisive moments in words, for every display (the terminal's board, the play page,
the status page, the hall): the one place the games' moment codes (``Game.moments``,
``Game.outcome``, core/view.py's ``Moment``) become sentences, whichever game it is, since the
codes are unique across the games. Pages get the sentence in the JSON and write none of their
own, so a translation of the views is made here alone.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

WIDTH = 79  # an 80-column terminal: the cursor needs the last column


def _seat(names: dict, seat) -> str:
    name = names.get(seat)
    return f"{name} ({seat})" if name else str(seat)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _po_steps(arg: int) -> str:
    """A budget effect where a turn has no budget of points: the Post Office's steps instead."""
    if arg > 0:
        return f"the Post Office moves {_plural(arg, 'step')} fewer this turn"
    return f"the Post Office moves {_plural(-arg, 'step')} on"


# Each effect of a Fault Report card as it acted in the position: (its argument, the moment, who)
EFFECTS: dict[str, Callable] = {
    "set_all": lambda a, m, who: "every lamp turned " + ("on" if a else "off"),
    "flip": lambda a, m, who: _plural(m["lamps"], "lamp") + " flipped",
    "flip_tower": lambda a, m, who: f"{m['tower']}'s lamps flipped",
    "budget": lambda a, m, who: (f"{who(m['turn_of'])} has {_plural(abs(a), 'stress point')} "
                                 f"{'more' if a > 0 else 'fewer'} this turn") if m.get("budgeted", True) else _po_steps(a),
    "post_office": lambda a, m, who: f"the Post Office moves {_plural(abs(a), 'step')} " + ("on" if a > 0 else "back"),
    "post_office_cap": lambda a, m, who: f"the Post Office moves at most {_plural(a, 'step')} this turn",
    "post_office_discount": lambda a, m, who: f"the Post Office moves {_plural(a, 'step')} fewer this turn",
    "one_jacquard_per_turn": lambda a, m, who: f"one jacquard a turn for {_plural(a, 'round')}",
    "draw_jacquard": lambda a, m, who: f"{who(m['seat'])} draws {_plural(a, 'jacquard')}",
    "cancel_next": lambda a, m, who: "the next " + " or ".join(a) + " revealed is cancelled",
    "reveal_next": lambda a, m, who: f"{_plural(a, 'more Fault Report card')} revealed",
    "no_move": lambda a, m, who: f"{who(m['turn_of'])} may not move a pawn this turn",
    "draw_fault": lambda a, m, who: f"{who(m['seat'])} draws {_plural(a, 'Fault Report card')}",
    "skip_draw": lambda a, m, who: "the next player skips their draw",
}


def _effects(m: dict, who) -> str:
    said = [EFFECTS[k](a, m, who) if k in EFFECTS else k.replace("_", " ") for k, a in m["effects"]]
    return "; ".join(said) or "nothing happens in this game"


def _during(m: dict, who, short: bool) -> str:
    s, sender, tower = who(m["seat"]), who(m.get("sender")), m.get("tower")
    code = m["code"]
    if code == "sabotage_open":
        if short:
            return f"Last Letter Sabotage: {s}, turn {tower}'s 6 lamps off this turn ({m['lit']} lit) or {sender} wins."
        return (f"Last Letter Sabotage: {sender}'s last letter went from {tower}. {s}, this turn is your one "
                f"chance to take it back: turn all 6 of {tower}'s lamps off ({m['lit']} still lit) with "
                f"jacquards or a Fault Report card. Send a letter of your own first, or end the turn with "
                f"a lamp of {tower} lit, and {sender} wins.")
    if code == "sabotaged":
        if short:
            return f"Sabotage! {s} turned {tower} dark: {sender} must send the last letter again."
        return (f"Sabotage! {s} turned {tower}'s lamps off: {sender}'s last letter is taken back, to be sent "
                f"again from another tower.")
    if code == "fault_played":
        return f"Fault Report: {s} played {m['card']} {m['name']}: {_effects(m, who)}."
    if code == "fault_revealed":
        if m["shielded"]:
            return f"Fault Report revealed for {s}: {m['card']} {m['name']}, cancelled by EMERGENCY REPAIR."
        return f"Fault Report revealed for {s}: {m['card']} {m['name']}: {_effects(m, who)}."
    if code == "fault_cancelled":
        if short:
            return f"Fault Report: {s}'s {m['name']} cancelled {who(m['by'])}'s {m['cancelled_name']}."
        return (f"Fault Report: {s} played {m['card']} {m['name']}: {who(m['by'])}'s {m['cancelled']} "
                f"{m['cancelled_name']} is cancelled, everything as it was before it.")
    return ""


def _why(o: dict, who, short: bool) -> str:
    """Why the game ended: (the page's sentence, the terminal's one line) by the end's code."""
    w, saboteur = who(o["seat"]), who(o.get("saboteur"))
    reasons: dict[str, Callable[[], tuple[str, str]]] = {
        "not_sabotaged": lambda: (
            (f"{saboteur} sent a letter of their own instead of turning {o['tower']}'s lamps off"
             if o["own_letter"] else f"{saboteur} did not turn {o['tower']}'s lamps off")
            + f", so {w}'s last letter stands",
            f"{saboteur} sent a letter instead of sabotaging" if o["own_letter"]
            else f"{saboteur} did not take the last letter back"),
        "resent": lambda: (f"{w} sent the sabotaged last letter again from {o['tower']}, and no letter is "
                           f"sabotaged twice", f"the sabotaged letter sent again from {o['tower']}"),
        "quick_round": lambda: (f"the Quick Game's round is played out and {w} finished with the fewest stress "
                                f"points on the finishing turn ({o['stress']})",
                                f"fewest stress points ({o['stress']}) on the finishing turn"),
        "all_sent": lambda: (f"{w} sent every letter", "every letter sent"),
        "message_reached": lambda: (f"the message reached Genua first ({o['sent']} of {o['signals']} letters "
                                    f"sent, the Post Office at {o['post_office']} of {o['goal']})",
                                    "the message reached Genua first"),
        "post_office_reached": lambda: (f"the Post Office reached Genua first, with {o['sent']} of "
                                        f"{o['signals']} letters sent", "the Post Office reached Genua first"),
        "genua_reached": lambda: (f"{w} sent the whole message and reached Genua", "the whole message sent"),
        "most_chips": lambda: (f"the most chips ({o['chips']:+d}) after {_plural(o['rounds'], 'round')}",
                               f"the most chips ({o['chips']:+d})"),
        "spells_returned": lambda: (f"{w} returned the Great Spells ({o['spells']} of {o['target']})",
                                    "the Great Spells returned"),
        "dragons_won": lambda: ("the dragons won: nobody returned the Great Spells in time", "the dragons won"),
        "game_stopped": lambda: (f"the game was stopped with {_plural(o['spells'], 'Great Spell')} the most "
                                 f"returned", "the most Great Spells when the game stopped"),
    }
    said = reasons.get(o["code"])
    return "" if said is None else said()[short]


def outcome_text(o: dict, names: dict | None = None, short: bool = False) -> str:
    """Who won and why: "Winner: S (GUILD): N did not turn R2's lamps off, ..."; ``short``: in
    few enough words for the terminal's one line."""
    names = names or {}
    winners = o.get("winners") or []
    word = f" ({o['word']})" if o.get("word") else ""
    if not winners:
        head = "Nobody at the table won"
    else:
        head = ("Winner: " if len(winners) == 1 else "Winners: ") + " and ".join(_seat(names, s) for s in winners) + word
    why = _why(o, lambda s: _seat(names, s), short)
    return f"{head}: {why}" if why else head


def why_text(o: dict, names: dict | None = None) -> str:
    """Why the game ended, alone and short (the hall's card names the winners itself)."""
    return _why(o, lambda s: _seat(names or {}, s), True)


def moment_text(m: dict, names: dict | None = None, short: bool = False) -> str:
    """One moment standing or just happened, in words for the players; ``short``: one line."""
    return _during(m, lambda s: _seat(names or {}, s), short)


def moments_json(state) -> dict:
    """What every page gets of the moments (the position's ``moments`` and ``outcome``): the
    game's codes and values, each with its words (``text``; ``short``: the terminal's line; the
    outcome's ``why``: the reason alone, for the hall's card)."""
    game, names = state.config.game, dict(state.config.names)

    def said(m, words) -> dict:
        j = m.json()
        return {**j, "text": words(j, names), "short": words(j, names, short=True)}

    o = game.outcome(state)
    return {"moments": [said(m, moment_text) for m in game.moments(state)],
            "outcome": None if o is None else {**said(o, outcome_text), "why": why_text(o.json(), names)}}


def moment_lines(state, room: int = 2) -> list[str]:
    """What the terminal's board prints under the position, a line each: the window standing
    open, what this turn did, the end. Given ``room`` for fewer (a full 4-player board), the
    end and the window stay and the newest of the rest (one line at least)."""
    said = moments_json(state)
    window = [m["short"] for m in said["moments"] if m["code"] == "sabotage_open"]
    done = [m["short"] for m in said["moments"] if m["code"] != "sabotage_open"]
    end = [] if said["outcome"] is None else [said["outcome"]["short"] + "."]
    keep = max(1, room) - len(window) - len(end)
    texts = window + (done[-keep:] if keep > 0 else []) + end
    return [line for t in texts[-max(1, room):] for line in textwrap.wrap(t, WIDTH, subsequent_indent="  ")]
