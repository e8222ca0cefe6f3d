"""Clacks on the lit board (core/board.py): what a button or a card means in every Clacks mode.

- A jacquard tapped by the seat whose turn it is blinks where it would flip the lamps (with
  hints: most useful place first, saying whether it sends; preview.py): NEXT/PREV the other
  places changing its tower (the hint's, else the pawn's; placing.py), TURN turns it where it
  lies, PLAY plays it, BACK drops it. PLAY with nothing shown ends the turn; a tower button
  moves the pawn (the modes with pawns; the card stays, walking that tower's places), selects
  the tower whose places are walked (the modes without), or picks the tower a card's choice
  asks for. ``L0``..``L15`` (the play page's lamps: no button of the board) lay the card over
  that lamp.
- A Fault Report card is played by whoever holds it (fault_flow.py); a revealed one waiting
  for a choice (Night Shift, Junior) is shown by itself (``waiting``).
- A report card on the table starts a co-op swap (swap_flow.py): which jacquard goes, then
  the card's choice; BACK cancels at every step.

``actor`` is the seat at whose reader a card was tapped (None: one shared reader): a Fault
Report card is played by that seat; a jacquard or report card from another seat's reader
during someone's turn is refused. The decisions are the engine's and those modules'; this only
routes taps and buttons to them, and lights the board (lights.py).
"""

from __future__ import annotations

import logging

from ...core.board import BoardPlay
from ...core.engine import validate
from ...core.rejection import Rejection
from .. import hints
from ..actions import Action
from ..board import TOWER_BY_NAME, TOWERS
from ..hint_text import hint_text
from ..rejection import Code
from . import fault_flow, lights, placing, preview, swap_flow

log = logging.getLogger(__name__)
LAMP_BUTTONS = {f"L{i}": i for i in range(16)}  # the play page's lamps, pressed as buttons


class ClacksPlay(BoardPlay):
    takes_cards = True  # jacquards and Fault Report cards

    def __init__(self, hints: bool = False) -> None:
        self.hints = hints  # most useful placement first, and whether it sends (preview.py)
        self._edition = None  # the printed cards, from the first tap or press (a swap shows one)
        self.preview: preview.Preview | None = None  # a card being placed
        self.swap: swap_flow.SwapFlow | None = None  # a co-op swap being put together

    @property
    def shown(self) -> preview.Preview | None:
        """What the lamps show of the choice in progress (the status page shows it too)."""
        if self.swap is not None:
            return self.swap.display(self._edition)
        return self.preview

    def lights(self, state, now: float, since: float = 0.0):
        return lights.lights(state, self.shown, now, since)

    def progress(self):
        return (self.preview, self.swap)

    def new_turn(self) -> None:
        self.preview = None
        self.swap = None

    def timeout(self, state, elapsed: float) -> Action:
        return Action(state.turn.seat, "timeout", time=elapsed)

    def accepted(self, table, before, action, after, now: float) -> str:
        sent = after.config.game.signal_sent(before, after)
        said = f"{sent[0]} transmitted from {TOWERS[sent[1]].name}!" if sent else ""
        if after.over:
            self.new_turn()
            said = f"{said} Game over: {after.winner} won.".strip()
        return said

    # -- buttons ---------------------------------------------------------------------------
    def press(self, table, name: str, now: float) -> None:
        self._edition = table.state.edition
        if self.swap is not None:
            self._swap_button(table, name, now)
            return
        state, p = table.state, self.preview
        if name in TOWER_BY_NAME:
            tower = TOWER_BY_NAME[name].index
            if p is not None and p.choose == "tower":
                self._show(table, p.pick_tower(tower))
            elif state.config.game.pawns:
                self.preview = None
                moved = table.submit(Action(state.turn.seat, "move", tower=tower, time=table.elapsed(now)), now)
                if moved and p is not None and p.act == "play" and table.state.turn.seat == p.seat:
                    self._preview_jacquard(table, p.card, now, at=p.choice, tower=tower)  # the card stays
            elif p is not None and p.act == "play":
                self._preview_jacquard(table, p.card, now, at=p.choice, tower=tower)
        elif name in LAMP_BUTTONS:
            if p is not None and p.choose == "lamps" and p.act == "play":
                self._cover(table, p, LAMP_BUTTONS[name], now)
        elif name in ("NEXT", "PREV"):
            if p is not None:
                self._show(table, p.step(1 if name == "NEXT" else -1))
        elif name == "TURN":
            if p is not None:
                self._show(table, p.turn())
        elif name == "BACK":
            if p is not None:
                self.preview = None
                table.say_position()  # the state again, in place of the preview's hint
        elif name == "PLAY":
            if p is None:
                table.submit(Action(state.turn.seat, "end", time=table.elapsed(now)), now)
            elif not p.affordable:
                table.error(now, f"{state.edition.card_label(p.card)} costs more than the "
                                 f"{state.turn.left} stress points left.")
            else:
                action = Action(p.seat, p.act, card=p.card, time=table.elapsed(now) if p.act == "play" else None,
                                **p.action_fields())
                if table.submit(action, now):
                    self.preview = None

    # -- cards -----------------------------------------------------------------------------
    def tap(self, table, card: str, actor: str | None, now: float) -> None:
        state = table.state
        edition = self._edition = state.edition
        label = edition.card_label(card)
        if card in edition.cards and edition.cards[card].deck == "fault":
            if self.swap is not None:
                table.error(now, f"{label}: finish the swap first (PLAY), or cancel it (BACK).")
            else:
                self._fault(table, card, now, actor)
            return
        if actor is not None and actor != state.turn.seat and (
                card in edition.jacquards or swap_flow.is_report(state, card)):
            table.error(now, f"{label} was tapped at {actor}'s reader, but it is {state.turn.seat}'s turn.")
        elif swap_flow.is_report(state, card):
            self._start_swap(table, card, now)
        elif card in edition.jacquards and self.swap is not None:
            self._swap_tap(table, card, now)
        elif card in edition.jacquards:
            self._preview_jacquard(table, card, now)
        else:
            table.error(now, f"{label} cannot be played on the board now.")

    def _cover(self, table, p: preview.Preview, lamp: int, now: float) -> None:
        """Lay the card over ``lamp`` (placing.py), walking a tower the lamp is part of."""
        mask = placing.covering(table.state.edition.jacquards[p.card].shape.placements, p.choice, lamp)
        if mask in p.options:
            self._show(table, preview.replace(p, index=p.options.index(mask)))
        elif mask is not None:
            self._preview_jacquard(table, p.card, now, at=mask, tower=placing.lamp_tower(p.tower, lamp, mask))

    def _preview_jacquard(self, table, card: str, now: float, at: int | None = None,
                          tower: int | None = None) -> None:
        """Show ``card`` at its most useful place first, walking the places of ``tower`` (else
        the hint's or the pawn's; ``at``: at that placement, as it was shown before)."""
        state = table.state
        seat, edition = state.turn.seat, state.edition
        placements = edition.jacquards[card].shape.placements
        best = hints.card_hint(state, seat, card, placements) if self.hints else None
        tower = placing.walked(state, seat, best) if tower is None else tower
        options = () if tower is None else placing.tower_walk(state, seat, card, placements, tower, self.hints, best)
        if not options:
            tower, options = None, preview.ordered(state, seat, placements, card, self.hints, best)
        rejection = validate(state, Action(seat, "play", card=card, lamps=options[0]))
        if rejection and rejection.code != Code.OVER_BUDGET:
            table.refuse(Action(seat, "play", card=card), rejection, now)
            return
        shown = preview.Preview(seat, "play", card, options, index=options.index(at) if at in options else 0,
                                affordable=not rejection, since=now, hints=self.hints, best=best, tower=tower)
        if rejection:
            self.preview = shown
            text = table.public(rejection)
            log.info("preview of %s: %s", card, text)
            table.say(f"{edition.card_label(card)}: {text}", message=text)
        else:
            self._show(table, shown, "NEXT/PREV other places, TURN turns it, PLAY plays it, BACK cancels.")

    def _show(self, table, p: preview.Preview, keys: str = "") -> None:
        """Show ``p`` and say where it stands, and, with hints, whether it sends (the engine's
        answer, kept in the preview for every page to show)."""
        state = table.state
        self.preview = p = preview.hinted(state, p)
        if p.act not in ("play", "fault") or not p.affordable:
            return
        if p.choose == "tower":
            where = f"on {TOWERS[p.choice].name}"
        else:
            where = "at lamps " + ",".join(str(i) for i in range(16) if p.choice >> i & 1)
        order = ("most useful first" if p.hints else "in the board's order" if p.tower is None
                 else f"the most of {TOWERS[p.tower].name}'s lamps first")
        said = f"{p.seat}: {state.edition.card_label(p.card)} {where} ({p.index + 1} of {len(p.options)}, {order})"
        if p.hints and p.hint is not None:
            said += ": " + hint_text(state, p.seat, p.hint)
        table.say(f"{said}. {keys}".rstrip())

    def _fault(self, table, card: str, now: float, actor: str | None = None) -> None:
        state = table.state
        seat = fault_flow.seat_for(state, card, actor)
        opened = fault_flow.open_card(state, seat, card, now, self.hints)
        if isinstance(opened, Rejection):
            table.refuse(Action(seat, "fault", card=card), opened, now)
        elif isinstance(opened, preview.Preview):
            self._show(table, opened, "Choose with NEXT/PREV/TURN (a tower by its button), PLAY applies it.")
        else:
            self.preview = None
            table.submit(opened, now)

    def waiting(self, table, now: float) -> None:
        """Co-op Night Shift / Junior: a revealed card waits for a choice: preview it."""
        state = table.state
        if self.preview is None and self.swap is None and state.config.game.reveals_faults(state.config):
            card = fault_flow.waiting(state)
            if card is not None:
                self._fault(table, card, now)

    # -- the co-op swap --------------------------------------------------------------------
    def _start_swap(self, table, source: str, now: float) -> None:
        state = table.state
        flow = swap_flow.start(state, state.turn.seat, source, now)
        if isinstance(flow, Rejection):
            table.refuse(Action(state.turn.seat, "swap", source=source), flow, now)
            return
        self.preview = None  # a jacquard shown before is dropped: the swap takes the lamps
        self.swap = flow
        table.say(flow.describe(state.edition))

    def _swap_tap(self, table, card: str, now: float) -> None:
        if self.swap.step != "discard":
            table.error(now, f"{card}: the discarded jacquard is chosen; PLAY swaps, BACK cancels.")
            return
        self._swap_pick(table, card, now)

    def _swap_pick(self, table, card: str, now: float) -> None:
        flow = swap_flow.pick(self.swap, table.state, card, now, self.hints)
        if isinstance(flow, Rejection):
            table.refuse(Action(self.swap.seat, "swap", card=card, source=self.swap.source), flow, now)
            return
        self.swap = flow
        if flow.choice is None:
            self._commit_swap(table, now)
        else:
            table.say(flow.describe(table.state.edition))

    def _swap_button(self, table, name: str, now: float) -> None:
        flow = self.swap
        if name == "BACK":
            self.swap = None
            table.say("Swap cancelled.")
        elif name in TOWER_BY_NAME:
            self.swap = flow.pick_tower(TOWER_BY_NAME[name].index)
        elif name in ("NEXT", "PREV"):
            self.swap = flow.cycle(1 if name == "NEXT" else -1, now)
        elif name == "TURN":
            self.swap = flow.turn()
        elif name == "PLAY":
            if flow.step == "choice":
                self._commit_swap(table, now)
            elif flow.candidate is not None:
                self._swap_pick(table, flow.candidate, now)
            else:
                table.error(now, "Tap the jacquard you discard for the swap (BACK cancels).")

    def _commit_swap(self, table, now: float) -> None:
        """Send the swap; then the lifted jacquard, which must be played, is previewed."""
        flow, self.swap = self.swap, None
        if not table.submit(flow.action(), now):
            return
        state = table.state
        lifted = state.turn.lifted
        if not table.in_play or state.turn.seat != flow.seat or lifted is None:
            return
        if lifted == "*":
            table.say(f"{flow.seat}: tap the jacquard you lifted; it must be played this turn.")
        else:
            table.say(f"{flow.seat} lifted {state.edition.card_label(lifted)}: it must be played "
                      "this turn (PLAY where it blinks).")
            self._preview_jacquard(table, lifted, now)

