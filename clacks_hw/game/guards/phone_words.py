"""The phone's words for what phone.py decides as codes and values: the headings its moves are
grouped under, and what a move or an answer does, with the test it starts, its target and its
chance (odds.py's exact figures). Nothing here decides a rule or reads a position.
"""

from __future__ import annotations

from .dice import FACES

GROUPS = {
    "spell": "At the Spell tile", "guild_house": "At your Guild House", "points": "Your attribute points",
    "tavern": "At a Tavern", "confined": "In hospital or the Watch House", "watch_house": "At the Watch House",
    "scrolls": "Your scrolls", "dragons": "Dragons", "end": "When you are done", "shop": "At a Merchant's or a Temple",
    "fate": "A Fate card or the Grand Master's Call", "pox": "The Pox", "ability": "Guild abilities",
    "stop": "The whole table agrees",
}
TESTS = {"charm": "Charm", "plant": "Guild", "loyalty": "Loyalty", "challenge": "Wizard's Challenge",
         "cast": "Magic", "ability": "Guild", "watch": "Charm", "dragon": "Brawl", "scorch": "Toughness"}
STRIKES = {"alter": "Alter Allegiance", "ambush": "Ambush"}  # the rulebook's names (Sabotage)


def group(code: str) -> str:
    return GROUPS.get(code, code.replace("_", " ").capitalize())


def _pct(chance: float) -> str:
    return f"{round(100 * chance)}% likely"


def _need(base: int, target: int, chain: bool) -> str:
    need = target - base
    if need <= 2:
        return "anything but a natural 1"
    if need > FACES and not chain:
        return f"{need} on the die, more than it has"
    again = ", an 8 rolling again and adding" if chain and need > FACES - 1 else ""
    return f"{need} or more on the die{again} (a natural 1 fails)"


def note(code: str, v: dict) -> str:
    """The words of one of phone.py's notes: ``code`` says which, ``v`` holds its figures."""
    if code == "test":
        what = TESTS.get(v["kind"], v["kind"].capitalize())
        return (f"{what} test: {v['base']} + the die against {v['target']}: "
                f"{_need(v['base'], v['target'], v['chain'])}, {_pct(v['chance'])}")
    if code == "blow":
        unknown = " (and its item, if any)" if v.get("unknown_item") else ""
        return (f"Your blow, {v['base']} + the die, lands if it beats the guard's Toughness {v['guard']}{unknown} "
                f"+ the die: {_pct(v['chance'])}")
    if code == "guard":
        if v["blow"] is None:
            return "The blow was a natural 1: it misses whatever you roll"
        return (f"Hold off the blow of {v['blow']}: {v['base']} + the die must reach {v['blow']} "
                f"({_need(v['base'], v['blow'], True)}), {_pct(v['chance'])}")
    if code == "contest":
        return "No fixed target: the highest total wins"
    if code == "alter":
        return (f"A runner picked at random makes a Loyalty test of {v['target']}; if it fails, "
                f"it (and its item) joins your hand: {_pct(v['chance'])}")
    if code == "ambush":
        return (f"{v['name']} (Brawl {v['brawl']}) fights the runner its owner picks; the blow lands at least "
                f"{_pct(v['chance']).removesuffix(' likely')} of the time; a miss lets the runner strike back")
    if code == "let_pass":
        return "The run goes on, and nobody learns that you had a saboteur here"
    return ""
