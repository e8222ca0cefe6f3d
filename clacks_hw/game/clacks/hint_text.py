"""A hint in words, for every view that shows one (the board's terminal and what it says, the
play page, the status page): the one place a hint's codes (hints.py) become a sentence.

It says what to do ("select R2: this card SENDS G"), and when the card sends nothing, what it
is best used for instead. The cards it names are the seat's own: where the table may not see
that hand (Long Distance) they are not named, since what the board says is public.
"""

from __future__ import annotations

from ..core.view import PUBLIC
from . import hints as h
from .board import TOWERS


def _cards(state, seat: str, cards) -> str:
    if seat in state.config.game.hidden_hands(state, PUBLIC):
        return "another of your cards" if len(cards) == 1 else f"{len(cards)} more of your cards"
    return " and ".join(state.edition.card_label(c) for c in cards)


def _lamps(n: int) -> str:
    return f"{n} lamp" if n == 1 else f"{n} lamps"


def hint_text(state, seat: str, hint: h.Hint) -> str:
    """``hint`` for ``seat`` (who holds the card) as one sentence without a full stop."""
    tower = TOWERS[hint.tower].name if hint.tower is not None else ""
    letter = ("" if hint.seat in (None, seat) else f"{hint.seat}'s ") + (hint.signal or "")
    go = f"select {tower}: " if hint.select else ""
    whence = "" if hint.select else f" from {tower}"
    code = hint.code
    if code == h.SENDS:
        return f"{go}this card SENDS {letter}{whence}"
    if code == h.WITH:
        return f"{go}this card here, then {_cards(state, seat, hint.then)}, SENDS {letter}{whence}"
    if code == h.OTHER:
        first = f"select {tower}, then play" if hint.select else "play"
        verb = "it SENDS" if len(hint.then) == 1 else "they SEND"
        return f"this card sends nothing this turn; {first} {_cards(state, seat, hint.then)}: {verb} {letter} from {tower}"
    if code == h.BLACKOUT:
        cards = "this card" if not hint.then else f"this card here, then {_cards(state, seat, hint.then)},"
        return f"{cards} turns {tower}'s six lamps off: {hint.seat}'s last letter is sabotaged"
    if code == h.OTHER_BLACKOUT:
        return (f"this card cannot turn {tower}'s lamps off; play {_cards(state, seat, hint.then)}: that "
                f"sabotages {hint.seat}'s last letter (a letter of your own sent first would end your turn)")
    if code == h.CLOSER:
        play = f"select {tower} and play it here" if hint.select else "play it here"
        if hint.wrong == 0:
            return f"this card sends no letter this turn; {play}, leaving {letter} showing on {tower}"
        return f"this card sends no letter this turn; {play}, leaving {tower} {_lamps(hint.wrong)} from {letter}"
    return "sends nothing here; its first place is its best"
