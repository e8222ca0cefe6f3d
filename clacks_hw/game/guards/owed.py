"""A spell run waiting at the Start Gate after a failed Wizard's Challenge, and the volunteers
its player recruits meanwhile, which are owed to it.

"Players must complete the Spell Run as soon as possible. They may only move away from the
Spell tile to recruit additional Volunteers to send to the Gate. (Any Volunteers recruited in
this way must be sent immediately to assist in completing the Spell Run)" (To re-attempt the
Wizard's Challenge; rulebook line 422).
"""

from __future__ import annotations

from ..core.rejection import Rejection
from .rejection import Code
from .state import GuardsState, Run

GATE_RUNNERS = 6  # "A maximum of 6 Runners in total are allowed at a Start Gate"


def waiting_run(state: GuardsState, seat: str) -> Run | None:
    """``seat``'s run whose runners wait at the gate for the challenge (not the final spell, which
    the player walks home in person, recruiting on the way as they like)."""
    run = state.run_of(seat)
    return run if run is not None and run.at_gate and run.started and not run.final else None


def owed(state: GuardsState, seat: str) -> tuple[str, ...]:
    """The volunteers ``seat`` recruited this turn while its run waits, still in its hand (none
    once the run is over: a card may leave with the returned spell and be recruited again)."""
    if waiting_run(state, seat) is None:
        return ()
    hand = state.player(seat).hand
    return tuple(c for c in state.owed if c in hand)


def joined(state: GuardsState, seat: str, card: str) -> GuardsState:
    """``card`` has joined ``seat`` on its turn: owed to the gate while its run waits there."""
    if seat == state.seat and waiting_run(state, seat) is not None:
        return state._replace(owed=state.owed + (card,))
    return state


def recruit_fault(state: GuardsState, seat: str) -> Rejection | None:
    """A recruit while the run waits is only for the gate: refused when no more runners fit."""
    run = waiting_run(state, seat)
    if run is not None and len(run.runners) + len(owed(state, seat)) >= GATE_RUNNERS:
        return Rejection(Code.LIMIT, f"{seat}'s run waits at the gate with no room for another runner: a volunteer "
                                     "recruited now must be sent there at once.")
    return None


def owed_fault(state: GuardsState, seat: str, cards=None) -> Rejection | None:
    """Refused while a volunteer recruited for the waiting run (of ``cards``, when given) is not
    sent yet."""
    due = owed(state, seat)
    if cards is not None:
        due = tuple(c for c in due if c in cards)
    if due:
        return Rejection(Code.RUN_ON, f"{seat} recruited {', '.join(due)} while the run waits at the gate: send "
                                      "them there first (reinforce).",
                         public=f"{seat} must send the volunteers recruited for the waiting run first.", private=seat)
    return None
