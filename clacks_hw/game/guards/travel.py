"""A spell run moving on, quadrant by quadrant (runs.py announces it, combat.py strikes it)."""

from __future__ import annotations

from .state import GuardsState, Prompt


def travel(state: GuardsState, seat: str, *, onward: bool = False) -> GuardsState:
    """The run goes on to the next quadrant whose saboteurs may strike. Every opponent with a
    saboteur planted anywhere is asked, so nobody learns from the question where one hides;
    with none planted the run passes straight through."""
    run = state.run_of(seat)
    if run is None:
        return state
    if not run.runners:  # "If they have no remaining Runners, the Spell Run fails and they may begin a
        # new Spell Run on their next turn" (rulebook line 599): not on this one
        done = state.done + ("run_failed",) if seat == state.seat else state.done
        return state.with_run(seat, None)._replace(done=done)
    at = run.at + 1 if onward else run.at
    asked = tuple(p.seat for p in state.players if p.seat != seat and p.saboteurs)
    if at < len(run.route) and asked:
        return state.with_run(seat, run._replace(at=at))._replace(
            prompt=Prompt("sabotage", asked, data=(("run", seat), ("quadrant", run.route[at]))))
    return state.with_run(seat, run._replace(at=len(run.route)))
