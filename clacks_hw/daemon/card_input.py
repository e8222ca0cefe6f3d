"""Cards tapped during a game: jacquard previews, Fault Report cards, the co-op swap.

A mixin of the play screen (screens/play.py: it uses the screen's ``session``, ``preview``,
``swap``, ``edition``, ``report`` and ``submit``, and the board's ``error``, ``rejected`` and
``public``), kept apart so each flow stays small: the decisions live in ``preview``,
``fault_flow`` and ``swap_flow``; this only routes taps and buttons to them.

``actor`` is the seat at whose reader a card was tapped (None: one shared reader): a Fault
Report card is played by that seat; a jacquard or report card from another seat's reader
during someone's turn is refused.
"""

from __future__ import annotations

import logging

from ..game.clacks.actions import Action
from ..game.clacks.board import TOWER_BY_NAME
from ..game.clacks.rejection import Code
from ..game.clacks.state import GameState
from ..game.core.engine import validate
from ..game.core.rejection import Rejection
from . import fault_flow, preview, swap_flow

log = logging.getLogger(__name__)


class CardInput:
    def _game_tap(self, card: str, actor: str | None, now: float) -> None:
        state = self.session.state
        label = self.edition.card_label(card)
        if card in self.edition.cards and self.edition.cards[card].deck == "fault":
            if self.swap is not None:
                self.board.error(now, f"{label}: finish the swap first (PLAY), or cancel it (BACK).")
            else:
                self._fault(state, card, now, actor)
            return
        if actor is not None and actor != state.turn.seat and (
                card in self.edition.jacquards or swap_flow.is_report(state, card)):
            self.board.error(now, f"{label} was tapped at {actor}'s reader, but it is {state.turn.seat}'s turn.")
        elif swap_flow.is_report(state, card):
            self._start_swap(state, card, now)
        elif card in self.edition.jacquards and self.swap is not None:
            self._swap_tap(state, card, now)
        elif card in self.edition.jacquards:
            self._preview_jacquard(state, card, now)
        else:
            self.board.error(now, f"{label} cannot be played on the board now.")

    def _preview_jacquard(self, state: GameState, card: str, now: float) -> None:
        seat = state.turn.seat
        options = preview.ordered(state, seat, self.edition.jacquards[card].shape.placements, card)
        rejection = validate(state, Action(seat, "play", card=card, lamps=options[0]))
        if rejection and rejection.code != Code.OVER_BUDGET:
            self.board.rejected(Action(seat, "play", card=card), rejection, now)
            return
        self.preview = preview.Preview(seat, "play", card, options, affordable=not rejection, since=now)
        if rejection:
            self.board.message = self.board.public(rejection)
            log.info("preview of %s: %s", card, self.board.message)
            self.report(f"{self.edition.card_label(card)}: {self.board.message}")
        else:
            lamps = ",".join(str(i) for i in range(16) if options[0] >> i & 1)
            self.report(f"{seat}: {self.edition.card_label(card)} blinks at lamps {lamps} (most useful "
                        f"first of {len(options)}): NEXT/PREV other places, TURN turns it, PLAY plays it, "
                        "BACK cancels.")

    def _fault(self, state: GameState, card: str, now: float, actor: str | None = None) -> None:
        seat = fault_flow.seat_for(state, card, actor)
        opened = fault_flow.open_card(state, seat, card, now)
        if isinstance(opened, Rejection):
            self.board.rejected(Action(seat, "fault", card=card), opened, now)
        elif isinstance(opened, preview.Preview):
            self.preview = opened
            self.report(f"{seat}: {self.edition.card_label(card)}: choose with NEXT/PREV/TURN "
                        "(a tower by its button), PLAY applies it.")
        else:
            self.preview = None
            self.submit(opened, now)

    def _pending_choice(self, now: float) -> None:
        """Co-op Night Shift / Junior: a revealed card waits for a choice: preview it."""
        state = self.session.state
        if not state.config.game.reveals_faults(state.config):  # only those games reveal cards
            return
        card = fault_flow.waiting(state)
        if card is not None:
            self._fault(state, card, now)

    # ------------------------------------------------------------------ co-op swap

    def _start_swap(self, state: GameState, source: str, now: float) -> None:
        flow = swap_flow.start(state, state.turn.seat, source, now)
        if isinstance(flow, Rejection):
            self.board.rejected(Action(state.turn.seat, "swap", source=source), flow, now)
            return
        self.preview = None  # a jacquard shown before is dropped: the swap takes the lamps
        self.swap = flow
        self.report(flow.describe(self.edition))

    def _swap_tap(self, state: GameState, card: str, now: float) -> None:
        if self.swap.step != "discard":
            self.board.error(now, f"{card}: the discarded jacquard is chosen; PLAY swaps, BACK cancels.")
            return
        self._swap_pick(state, card, now)

    def _swap_pick(self, state: GameState, card: str, now: float) -> None:
        flow = swap_flow.pick(self.swap, state, card, now)
        if isinstance(flow, Rejection):
            self.board.rejected(Action(self.swap.seat, "swap", card=card, source=self.swap.source), flow, now)
            return
        self.swap = flow
        if flow.choice is None:
            self._commit_swap(now)
        else:
            self.report(flow.describe(self.edition))

    def _swap_button(self, state: GameState, name: str, now: float) -> None:
        flow = self.swap
        if name == "BACK":
            self.swap = None
            self.report("Swap cancelled.")
        elif name in TOWER_BY_NAME:
            self.swap = flow.pick_tower(TOWER_BY_NAME[name].index)
        elif name in ("NEXT", "PREV"):
            self.swap = flow.cycle(1 if name == "NEXT" else -1, now)
        elif name == "TURN":
            self.swap = flow.turn()
        elif name == "PLAY":
            if flow.step == "choice":
                self._commit_swap(now)
            elif flow.candidate is not None:
                self._swap_pick(state, flow.candidate, now)
            else:
                self.board.error(now, "Tap the jacquard you discard for the swap (BACK cancels).")

    def _commit_swap(self, now: float) -> None:
        """Send the swap; then the lifted jacquard, which must be played, is previewed."""
        flow, self.swap = self.swap, None
        if not self.submit(flow.action(), now):
            return
        state = self.session.state
        lifted = state.turn.lifted
        if self.board.current is not self or state.turn.seat != flow.seat or lifted is None:
            return
        if lifted == "*":
            self.report(f"{flow.seat}: tap the jacquard you lifted; it must be played this turn.")
        else:
            self.report(f"{flow.seat} lifted {self.edition.card_label(lifted)}: it must be played "
                        "this turn (PLAY where it blinks).")
            self._preview_jacquard(state, lifted, now)
