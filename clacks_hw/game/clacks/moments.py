"""The decisive moments of a Clacks game, as codes and values (no words: views/moments.py says
them on every display): the Last Letter Sabotage window standing open, what this turn's
actions decided (a sabotage that succeeded, a Fault Report card played and what it did, one
cancelled), and at the end who won and why.

A window is read from the position itself (``state.sabotage``); what an action did is noted
on the turn (``Turn.moments``), so it stands until the turn passes and a replayed journal
notes it again; the end's reason is read from the final position.
"""

from __future__ import annotations

from ..core.values import replace
from ..core.view import Moment
from .board import TOWERS
from .config import TEAM
from .state import NO_BUDGET

SABOTAGE_OPEN = "sabotage_open"  # seat: who may sabotage; sender, tower, lit (its lamps still on)
SABOTAGED = "sabotaged"  # seat: the saboteur; sender, tower
FAULT_PLAYED = "fault_played"  # seat: who played it; card, name, turn_of, effects, lamps, tower
FAULT_CANCELLED = "fault_cancelled"  # seat: who cancelled; card, name, cancelled, cancelled_name, by
FAULT_REVEALED = "fault_revealed"  # seat: for whom (Night Shift, Junior); as played, and shielded
# the end (``outcome``): seat is the winner, if a seat won; winners among the values
NOT_SABOTAGED = "not_sabotaged"  # word, tower, saboteur, own_letter (the saboteur sent a letter instead)
RESENT = "resent"  # word, tower: sent again after a sabotage, which cannot come twice
QUICK_ROUND = "quick_round"  # word, stress, finishers: the Quick Game's round played out
MESSAGE_REACHED = "message_reached"  # sent, signals: the team's message reached Genua first
POST_OFFICE_REACHED = "post_office_reached"  # sent, signals: the Post Office reached Genua first
GENUA_REACHED = "genua_reached"  # word: the Junior Race, the whole message sent
ALL_SENT = "all_sent"  # word: every letter sent (a position set up without a window)


def noted(state, moment: Moment):
    """``state`` with ``moment`` noted on the turn being played."""
    return replace(state, turn=replace(state.turn, moments=state.turn.moments + (moment,)))


def _lit(state, tower: int) -> int:
    return (state.board & TOWERS[tower].mask).bit_count()


def moments(state) -> tuple[Moment, ...]:
    """The window standing open, then what this turn's actions did, oldest first."""
    out = ()
    if state.sabotage is not None and not state.over:
        sender, tower = state.sabotage
        out = (Moment(SABOTAGE_OPEN, state.turn.seat, (
            ("sender", sender), ("tower", TOWERS[tower].name), ("lit", _lit(state, tower)))),)
    return out + state.turn.moments


def sabotaged(state, sender: str, tower: int, saboteur: str) -> Moment:
    return Moment(SABOTAGED, saboteur, (("sender", sender), ("tower", TOWERS[tower].name)))


def fault_played(before, after, action, card, code: str = FAULT_PLAYED, effects=None) -> Moment:
    """``card`` played by ``action.seat`` from ``before`` (or revealed for it: ``code``,
    ``effects``): its effects, the lamps it changed, and whether a turn has a budget of points."""
    game = before.config.game  # what this game leaves out (interpreter.py: no pawns, no fault hands)
    skipped = {"no_move": not game.pawns, "draw_fault": not game.fault_hands, "cancel_next": not game.shields}
    effects = [e for e in (card.effects if effects is None else effects) if not skipped.get(e.kind)]
    tower = getattr(action, "tower", None)
    return Moment(code, getattr(action, "seat", None), (
        ("card", card.id), ("name", card.name), ("turn_of", before.turn.seat),
        ("effects", [[e.kind, list(e.arg) if isinstance(e.arg, tuple) else e.arg] for e in effects]),
        ("lamps", (before.board ^ after.board).bit_count()),
        ("tower", None if tower is None else TOWERS[tower].name),
        ("budgeted", before.turn.base_budget < NO_BUDGET),
        ("post_office", after.post_office - before.post_office)))


def fault_revealed(before, after, seat: str, card, shielded: bool = False) -> Moment:
    """A Fault Report card revealed for ``seat`` and applied (or cancelled by a shield)."""
    m = fault_played(before, after, None, card, FAULT_REVEALED, card.night_shift)
    return m._replace(seat=seat, values=m.values + (("shielded", shielded),))


def fault_cancelled(last, action, edition) -> Moment:
    return Moment(FAULT_CANCELLED, action.seat, (
        ("card", action.card), ("name", edition.cards[action.card].name),
        ("cancelled", last.card), ("cancelled_name", edition.cards[last.card].name), ("by", last.seat)))


def _word(state, seat: str) -> str:
    return " ".join(state.config.words.get(seat, ()))


def competitive_outcome(state) -> Moment | None:
    """Why the competitive game ended: its last letter not sabotaged, sent again after a
    sabotage, or the Quick Game's round played out."""
    if not state.over:
        return None
    seat = state.winner
    p = state.player(seat)
    won = (("winners", [seat]), ("word", _word(state, seat)))
    if state.finishers:
        return Moment(QUICK_ROUND, seat, won + (("stress", p.last_turn_cost), ("finishers", list(state.finishers))))
    tower = None if p.last_tx is None else TOWERS[p.last_tx].name
    if p.sabotaged:
        return Moment(RESENT, seat, won + (("tower", tower),))
    if state.sabotage is None:
        return Moment(ALL_SENT, seat, won)
    return Moment(NOT_SABOTAGED, seat, won + (("tower", TOWERS[state.sabotage[1]].name),
                                              ("saboteur", state.turn.seat),
                                              ("own_letter", state.turn.transmitted)))


def team_outcome(state) -> Moment | None:
    """The team's message or the Post Office: whichever reached Genua first."""
    if not state.over:
        return None
    code = MESSAGE_REACHED if state.winner == TEAM else POST_OFFICE_REACHED
    winners = list(state.config.seats) if state.winner == TEAM else []
    return Moment(code, None, (("winners", winners), ("sent", state.signals_sent),
                               ("signals", len(state.message)), ("post_office", state.post_office),
                               ("goal", state.post_office_goal)))


def junior_outcome(state) -> Moment | None:
    if not state.over:
        return None
    return Moment(GENUA_REACHED, state.winner, (("winners", [state.winner]), ("word", _word(state, state.winner))))
