"""Who may act now, asked before every rule: a test waiting for its die takes only that die, a
question takes only its answers, and the rest is the turn's player's (core/protocol.py has asked
already whether the game is over and the seat plays)."""

from __future__ import annotations

from ..core.rejection import CoreCode, Rejection
from .piles import holders
from .rejection import Code
from .state import GuardsState


def waiting(state: GuardsState, seat: str) -> Rejection | None:
    """The refusal of anything but a roll or an answer while the board waits for one."""
    if state.pending is not None:
        p = state.pending
        return Rejection(Code.MUST_ROLL, f"{p.seat} rolls for the {p.kind.replace('_', ' ')} test first.")
    if state.prompt is not None:
        q = state.prompt
        left = [s for s in q.seats if not q.answered(s)]
        return Rejection(Code.WAITING, f"The board waits for {' and '.join(left)} to answer first.")
    if state.fight is not None:
        return Rejection(Code.WAITING, "The dragon fight is under way: its tests come first.")
    return None


def own_turn(state: GuardsState, seat: str, *, free: bool = False) -> Rejection | None:
    """The turn's player, nothing waiting; ``free``: allowed in the Watch House or Hospital."""
    why = waiting(state, seat)
    if why:
        return why
    if seat != state.seat:
        return Rejection(CoreCode.NOT_YOUR_TURN, f"It is {state.seat}'s turn, not {seat}'s.")
    p = state.player(seat)
    if p.confined and not free:
        where = "in the Watch House" if p.confined == "watch" else "in Hospital"
        fix = "talk your way out (charm_out) or pay bail" if p.confined == "watch" else "choose how to be cured"
        return Rejection(Code.CONFINED, f"{seat} is {where}: {fix} first.")
    return None


def asked(state: GuardsState, seat: str, kind: str, question: str, *, once: str | None = None) -> Rejection | None:
    """None when the board waits for ``seat``'s answer to its ``kind`` question (``Prompt``);
    else why not, ``question`` saying what was not asked ("to choose a defender now"). ``once``:
    the refusal of a second answer, when only one is taken."""
    q = state.prompt
    if q is None or q.kind != kind or seat not in q.seats:
        return Rejection(Code.NOT_ASKED, f"Nobody asked {seat} {question}.")
    if once is not None and q.answered(seat):
        return Rejection(Code.ONCE, once)
    return None


def in_hand(state: GuardsState, seat: str, card: str) -> Rejection | None:
    if card not in state.player(seat).hand:
        return Rejection(Code.NOT_IN_HAND, f"{card} is not in {seat}'s hand.",
                         public=f"That card is not in {seat}'s hand.", private=seat)
    return None


def volunteer(state: GuardsState, card: str) -> Rejection | None:
    if card not in state.edition.volunteers:
        return Rejection(Code.UNKNOWN_CARD, f"{card} is no volunteer of the edition {state.edition.name!r}.")
    return None


def no_dragon(state: GuardsState, quadrant: str, doing: str) -> Rejection | None:
    """"When a Dragon is in play in a Guild Quadrant no player may recruit a Volunteer, collect a
    Great Spell, collect money or attribute points from their Guild or buy an Item or Scroll in
    the affected quadrant." (Effects of Dragons)"""
    dragon = state.dragon_in(quadrant)
    if dragon:
        name = state.edition.dragons[dragon].name
        return Rejection(Code.DRAGON, f"{name} is in the {quadrant} quadrant: nobody can {doing} there.")
    return None


def held_anywhere(state: GuardsState, card: str) -> str | None:
    """The seat holding ``card`` (hand, saboteur, runner, or at a dragon), or None."""
    return next((seat for seat, c, _ in holders(state) if c == card), None)


def unbought(action, code, message: str) -> Rejection:
    """A purchase refused: the buyer reads which card and why; everybody else only that it was
    refused, since which card a player picks from the deck is theirs to keep (view.public_action)."""
    return Rejection(code, message, public=f"{action.seat} cannot buy that card.", private=action.seat)
