"""Where a tapped card's pattern is shown first, and how NEXT/PREV/TURN step through it.

With hints on, placements are ordered by usefulness: a placement the planner would play in a
full plan (sending the signal this turn) comes first; then by how many lamps of the target
tower(s) would still be wrong afterwards (fewest first); and each placement shown says whether
it would send a letter, as the engine answers by applying it (``hinted``). With hints off (a
scored game, unless the config says otherwise) they come in the board's order, from the
north-west corner, and nothing is said about them. TURN steps between orientations (rotations
and mirrors): placements whose pattern, moved to the top-left corner, is the same share one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..board import TOWERS
from ..planner import plan
from ..state import GameState
from ..turns import target_mask
from ...core.values import replace


def _popcount(x: int) -> int:
    return bin(x).count("1")


def orientation(mask: int) -> int:
    """The pattern of ``mask`` moved to the top-left corner (same value = same orientation)."""
    rows = [r for r in range(4) if mask >> (4 * r) & 0xF]
    cols = [c for c in range(4) if any(mask >> (4 * r + c) & 1 for r in range(4))]
    r0, c0 = min(rows), min(cols)
    out = 0
    for i in range(16):
        if mask >> i & 1:
            out |= 1 << (4 * (i // 4 - r0) + (i % 4 - c0))
    return out


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


def planned_mask(state: GameState, card: str) -> int | None:
    """The placement the planner gives ``card`` in the cheapest full plan using it, if any
    (every mode: in the team and junior games the plan may use any tower of the seat's colour)."""
    if state.turn.seat is None or state.pending:
        return None
    seat = state.turn.seat
    held = state.player(seat).hand if state.config.hands == "tracked" else ()
    try:
        p = plan(state, cards=(card,) + tuple(c for c in held if c != card))
    except (KeyError, ValueError, IndexError):
        return None
    if p is None or card not in p.cards:
        return None
    return p.masks[p.cards.index(card)]


def ordered(state: GameState, seat: str, placements, card: str | None = None, hints: bool = True) -> tuple[int, ...]:
    """``placements`` (masks) sorted most useful first for ``seat`` (``hints``), else in the
    board's order: the lowest lamp first, as a player reads the board."""
    unique = list(dict.fromkeys(placements))
    if not hints:
        return tuple(sorted(unique, key=lambda m: [i for i in range(16) if m >> i & 1]))
    goals = targets(state, seat)
    keyed = sorted(range(len(unique)), key=lambda k: (_score(state.board, unique[k], goals), k))
    out = [unique[k] for k in keyed]
    first = planned_mask(state, card) if card is not None and seat == state.turn.seat else None
    if first is not None and first in out:
        out.remove(first)
        out.insert(0, first)
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
    hints: bool = True  # is the board hinting (``sends`` known)?
    sends: tuple[str, str, int] | None = None  # hinted: (seat, signal, tower) the shown option sends

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
        """The best option of the next orientation (lamps), or the next tower."""
        if self.choose == "tower":
            return self.step(1)
        seen: list[int] = []
        for m in self.options:  # orientations in order of their best placement
            o = orientation(m)
            if o not in seen:
                seen.append(o)
        if len(seen) < 2:
            return self
        now = orientation(self.choice)
        target = seen[(seen.index(now) + 1) % len(seen)]
        return replace(self, index=next(k for k, m in enumerate(self.options) if orientation(m) == target))

    def pick_tower(self, tower: int) -> Preview:
        if self.choose == "tower" and tower in self.options:
            return replace(self, index=self.options.index(tower))
        return self

    def action_fields(self) -> dict:
        if self.choose == "tower":
            return {"tower": self.choice}
        return {"lamps": self.choice}


def hinted(state: GameState, p: Preview | None) -> Preview | None:
    """``p`` saying what its shown option would send, as the engine answers (hints on only)."""
    if p is None or not p.hints or p.act not in ("play", "fault") or not p.affordable:
        return p if p is None or p.sends is None else replace(p, sends=None)
    action = Action(p.seat, p.act, card=p.card, **p.action_fields())
    return replace(p, sends=state.config.game.sends(state, action))


def choosing(state: GameState, seat: str, act: str, card: str, kinds: dict, now: float,
             hints: bool = True) -> Preview | None:
    """The preview of a card's choice (the game's ``choices``: "flip" lamps of a shape, or
    "flip_tower"), best options first when hinting; None when the card needs no choice."""
    if "flip" in kinds:
        options = ordered(state, seat, state.edition.shapes[kinds["flip"].arg].placements, hints=hints)
        return hinted(state, Preview(seat, act, card, tuple(options), since=now, hints=hints))
    if "flip_tower" in kinds:
        return hinted(state, Preview(seat, act, card, tuple(range(len(TOWERS))), choose="tower", since=now,
                                     hints=hints))
    return None
