"""The co-op swap on the board: tap a report card, say which jacquard goes, choose for its card.

A swap (docs/coop.md section 6) is one engine action, ``swap``, naming the jacquard discarded
from the hand (``card``), the report card lifted (``source``) and, when that card's effect asks
for a choice, the lamps or the tower (``lamps``/``tower``). The board builds it in steps, every
step checked against the engine before the next one opens, so a refusal comes as early as it can:

1. ``discard``: tracked hands the table may see: the player's jacquards blink one at a time (their pattern, in the
   discard colour, in the top-left corner); NEXT/PREV cycle them, PLAY picks the one shown, or
   the player taps the jacquard. Physical or hidden hands: the player taps the jacquard they put down.
2. ``choice`` (only for cards that flip lamps or a tower): the same preview as a Fault Report
   card's flip: NEXT/PREV/TURN (or a tower button) choose, PLAY commits the swap.

BACK cancels at every step. The game says which choice the card needs (``swap_choices``) and
whose hands are hidden (Long Distance: the player taps the jacquard, nothing is shown). Pure data and functions: the controller keeps the
flow and sends the action.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..rejection import Code
from ..state import GameState
from ...core.engine import validate
from ...core.rejection import Rejection
from ...core.values import replace
from ...core.view import PUBLIC
from . import placing, preview as pv

# What the engine says while the swap is still incomplete: not refusals, the next step.
INCOMPLETE = (Code.NEEDS_CARD, Code.NEEDS_LAMPS, Code.NEEDS_TOWER)


def is_report(state: GameState, card: str) -> bool:
    """Is ``card`` a report card lying on the table (with a jacquard on it)?"""
    return any(r.card == card for r in state.reports)


def shown_mask(edition, jacquard: str) -> int:
    """A jacquard's pattern as the board shows a card that is not being placed: its first
    orientation moved to the top-left corner."""
    return placing.orientation(edition.jacquards[jacquard].shape.placements[0])


@dataclass(frozen=True)
class SwapFlow:
    seat: str
    source: str  # the report card (I.. or L..) the jacquard is lifted from, with it
    hand: tuple[str, ...] = ()  # tracked: the jacquards that may be discarded; physical: ()
    index: int = 0  # tracked: the one shown
    discard: str | None = None  # picked
    choice: pv.Preview | None = None  # the card's lamp or tower choice, once picked
    since: float = 0.0

    @property
    def step(self) -> str:
        return "discard" if self.discard is None else "choice"

    @property
    def candidate(self) -> str | None:
        """Tracked, discard step: the jacquard shown (PLAY discards it)."""
        if self.discard is None and self.hand:
            return self.hand[self.index % len(self.hand)]
        return None

    def display(self, edition) -> pv.Preview | None:
        """What the lamps show: the choice being made, or the jacquard that would be discarded."""
        if self.choice is not None:
            return self.choice
        card = self.candidate
        if card is None:
            return None
        return pv.Preview(self.seat, "discard", card, (shown_mask(edition, card),), since=self.since)

    def cycle(self, delta: int, now: float) -> SwapFlow:
        if self.choice is not None:
            return replace(self, choice=self.choice.step(delta))
        if self.hand:
            return replace(self, index=(self.index + delta) % len(self.hand), since=now)
        return self

    def turn(self) -> SwapFlow:
        return replace(self, choice=self.choice.turn()) if self.choice is not None else self

    def pick_tower(self, tower: int) -> SwapFlow:
        return replace(self, choice=self.choice.pick_tower(tower)) if self.choice is not None else self

    def action(self) -> Action:
        fields = self.choice.action_fields() if self.choice is not None else {}
        return Action(self.seat, "swap", card=self.discard, source=self.source, **fields)

    def describe(self, edition) -> str:
        card = edition.card_label(self.source)
        if self.step == "discard":
            if self.hand:
                return (f"{self.seat} swaps for {card}: which jacquard goes? {self.candidate} shown "
                        "(NEXT/PREV choose, PLAY discards it, or tap it; BACK cancels).")
            return f"{self.seat} swaps for {card}: tap the jacquard you discard (BACK cancels)."
        what = "tower (press its button)" if self.choice.choose == "tower" else "lamps"
        return (f"{self.seat} discards {self.discard} for {card}; {edition.cards[self.source].text} "
                f"Choose the {what} with NEXT/PREV/TURN, PLAY swaps, BACK cancels.")


def _check(state: GameState, action: Action) -> Rejection | None:
    """The engine's refusal, unless it only says the swap is not complete yet."""
    r = validate(state, action)
    return None if r is None or r.code in INCOMPLETE else r


def start(state: GameState, seat: str, source: str, now: float) -> SwapFlow | Rejection:
    """A report card was tapped: open the discard step (or say why no swap is possible)."""
    if not state.config.game.reports:
        return Rejection(Code.NOT_IN_MODE, f"There are no swaps in a {state.config.mode} game.")
    p = state.player(seat) if seat in state.config.seats else None
    tracked = state.config.hands == "tracked"
    # A hand hidden from the table (Long Distance) is never shown on the lamps nor named in a
    # notice: the player taps the jacquard they discard, as with physical hands.
    shown = tracked and seat not in state.config.game.hidden_hands(state, PUBLIC)
    probe = p.hand[0] if tracked and p is not None and p.hand else None
    r = _check(state, Action(seat, "swap", card=probe, source=source))
    if r:
        return r
    if p.hand_count <= 0 or tracked and not p.hand:
        return Rejection(Code.NOTHING_TO_DISCARD, f"{seat} holds no jacquard to discard for a swap.")
    return SwapFlow(seat, source, hand=p.hand if shown else (), since=now)


def pick(flow: SwapFlow, state: GameState, card: str, now: float, hints: bool = True) -> SwapFlow | Rejection:
    """The jacquard to discard is chosen: open the card's choice, if it needs one."""
    r = _check(state, Action(flow.seat, "swap", card=card, source=flow.source))
    if r:
        return r
    kinds = state.config.game.swap_choices(state.edition.cards[flow.source])
    choice = pv.choosing(state, flow.seat, "swap", flow.source, kinds, now, hints)
    return replace(flow, discard=card, choice=choice, since=now)
