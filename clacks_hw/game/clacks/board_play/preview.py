"""Where a tapped card's pattern is shown first, and how NEXT/PREV/TURN step through it.

With hints on, a jacquard is shown first at its hint's place (hints.py: the best move with it
this turn, over every tower and placement, the move to the tower included); the other places
follow by how many lamps of the towers the letter may go from would still be wrong afterwards
(fewest first); and each place shown carries its hint (``hinted``): the best's, or what the
engine says that place sends. With hints off (a scored game, unless the config says otherwise)
they come in the board's order, from the north-west corner, and nothing is said about them.
With a tower selected (``tower``: the hint's, else the pawn's, else a tower button pressed),
NEXT/PREV walk only the places that change it (placing.py; hints off, the most of its lamps
changed first, by geometry alone); TURN turns the card where it lies
(a quarter, every fourth TURN a mirror), staying among them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..board import TOWERS
from ..hints import OTHER, OTHER_BLACKOUT, SENDS, Hint, answer, option_hint
from ..state import GameState
from ..turns import target_mask
from ...core.values import replace
from . import placing


def _popcount(x: int) -> int:
    return bin(x).count("1")


def next_bits(state: GameState, seat: str) -> int | None:
    """The 6-bit signal ``seat`` sends next, in any game (None: nothing left)."""
    signal = state.next_signal(seat)
    return None if signal is None else state.edition.signals[signal]


def targets(state: GameState, seat: str) -> list[tuple[int, int]]:
    """(tower mask, lamps wanted on it) for each tower the seat may send from now."""
    bits = next_bits(state, seat)
    if bits is None:
        return []
    return [(TOWERS[t].mask, target_mask(seat, t, bits)) for t in state.config.game.send_towers(state, seat)]


def _score(board: int, mask: int, goals) -> int:
    if not goals:
        return 0
    after = board ^ mask
    return min(_popcount((after ^ want) & tmask) for tmask, want in goals)


def ordered(state: GameState, seat: str, placements, card: str | None = None, hints: bool = True,
            best: Hint | None = None) -> tuple[int, ...]:
    """``placements`` (masks) sorted most useful first for ``seat`` (``hints``: ``best``'s place
    first), else in the board's order: the lowest lamp first, as a player reads the board."""
    unique = list(dict.fromkeys(placements))
    if not hints:
        return tuple(sorted(unique, key=lambda m: [i for i in range(16) if m >> i & 1]))
    goals = targets(state, seat)
    keyed = sorted(range(len(unique)), key=lambda k: (_score(state.board, unique[k], goals), k))
    out = [unique[k] for k in keyed]
    if best is not None and best.code not in (OTHER, OTHER_BLACKOUT) and best.choice in out:
        out.remove(best.choice)
        out.insert(0, best.choice)
    return tuple(out)


@dataclass(frozen=True)
class Preview:
    """A card being previewed: its placements (or towers) in order, and the one shown."""

    seat: str
    act: str  # "play" (a jacquard) or "fault"
    card: str
    options: tuple[int, ...]  # masks; for a tower choice, tower indices
    index: int = 0
    choose: str = "lamps"  # "lamps" or "tower"
    affordable: bool = True
    since: float = 0.0  # when it was opened (the blink phase starts there)
    hints: bool = True  # is the board hinting (``hint`` known)?
    best: Hint | None = None  # hinted: the card's best use this turn (hints.py)
    hint: Hint | None = None  # hinted: the shown option's (the best's, at its place)
    tower: int | None = None  # lamps: the tower whose places ``options`` walks (None: every place)
    turns: int = 0  # TURNs so far (every fourth mirrors the card)

    @property
    def sends(self) -> tuple[str, str, int] | None:
        """(seat, signal, tower) the shown option sends (moving the pawn first when the hint says
        so), or None."""
        h = self.hint
        return None if h is None or h.code != SENDS else (h.seat, h.signal, h.tower)

    @property
    def choice(self) -> int:
        return self.options[self.index]

    @property
    def mask(self) -> int:
        """The lamps the shown option would flip."""
        return TOWERS[self.choice].mask if self.choose == "tower" else self.choice

    def step(self, delta: int) -> Preview:
        return replace(self, index=(self.index + delta) % len(self.options))

    def turn(self) -> Preview:
        """The card turned where it lies (lamps, placing.py), or the next tower."""
        if self.choose == "tower":
            return self.step(1)
        mask, turns = placing.turned(self.options, self.choice, self.turns)
        return replace(self, index=self.options.index(mask), turns=turns)

    def pick_tower(self, tower: int) -> Preview:
        if self.choose == "tower" and tower in self.options:
            return replace(self, index=self.options.index(tower))
        return self

    def action_fields(self) -> dict:
        if self.choose == "tower":
            return {"tower": self.choice}
        return {"lamps": self.choice}


def hinted(state: GameState, p: Preview | None) -> Preview | None:
    """``p`` carrying its shown option's hint, as the engine answers (hints on only)."""
    if p is None or not p.hints or p.act not in ("play", "fault") or not p.affordable:
        return p if p is None or p.hint is None else replace(p, hint=None)
    action = Action(p.seat, p.act, card=p.card, **p.action_fields())
    return replace(p, hint=option_hint(state, action, p.best))


def choosing(state: GameState, seat: str, act: str, card: str, kinds: dict, now: float,
             hints: bool = True) -> Preview | None:
    """The preview of a card's choice (the game's ``choices``: "flip" lamps of a shape, or
    "flip_tower"), best options first when hinting (the first that sends, if one does); None when
    the card needs no choice."""
    if "flip" in kinds:
        options, choose = ordered(state, seat, state.edition.shapes[kinds["flip"].arg].placements, hints=hints), "lamps"
    elif "flip_tower" in kinds:
        options, choose = tuple(range(len(TOWERS))), "tower"
    else:
        return None
    p = Preview(seat, act, card, tuple(options), choose=choose, since=now, hints=hints)
    if hints and act in ("play", "fault"):  # shown first where it sends, if anywhere
        p = replace(p, index=next((k for k in range(len(options)) if answer(
            state, Action(seat, act, card=card, **replace(p, index=k).action_fields())).code == SENDS), 0))
    return hinted(state, p)
