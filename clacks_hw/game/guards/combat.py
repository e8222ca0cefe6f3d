"""A saboteur strikes a spell run: Alter Allegiance, or an Ambush fought by the Combat Rules.

"ALTER ALLEGIANCE. The player attempting to stop the Spell Run picks one card 'at random' from
the targeted opponent's Spell Run Volunteers. The targeted player 'must make a Loyalty test of 7
or higher for the chosen Volunteer', adding the chosen Volunteer's Loyalty Value to the dice
roll." "AMBUSH. The attacking player may enter Combat with one of the Spell Runners using their
planted Saboteur ... The player making the Spell Run can select which one of his Runners will
face the Saboteur in Combat." (Sabotage - Stopping a Spell Run)
"""

from __future__ import annotations

from ..core.randomness import stream
from ..core.rejection import Rejection
from .gate import asked
from .rejection import Code
from .state import GuardsState, Pending, Prompt
from .saboteurs import unplant
from .travel import travel

LOYALTY_TARGET = 7


def _bonus(state: GuardsState, item: str | None, stat: str) -> int:
    return state.edition.items[item].adds(stat) if item else 0


def _saboteur(state: GuardsState, seat: str, card: str):
    return next(s for s in state.player(seat).saboteurs if s.card == card)


def strike(state: GuardsState, run_seat: str, attacker: str, card: str, how: str) -> GuardsState:
    run = state.run_of(run_seat)
    data = (("run", run_seat), ("attacker", attacker), ("saboteur", card))
    if how == "alter":
        pick = stream("guards", state.config.seed, f"pick/{state.number}/{state.rolls}").randrange(len(run.runners))
        runner, item = run.runners[pick]
        base = state.edition.volunteers[runner].loyalty + _bonus(state, item, "loyalty")
        return state._replace(pending=Pending("loyalty", run_seat, base, LOYALTY_TARGET,
                                              data=data + (("runner", runner),)))
    return state._replace(prompt=Prompt("defend", (run_seat,), data=data))


def resolve_loyalty(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    """"If the roll is successful, the Alter Allegiance has failed ... and the Saboteur remains in
    that quadrant. If the Loyalty test fails, the Volunteer ... immediately switch their loyalty
    to the attacking player. The Volunteer card must be passed to the attacking player.\""""
    run_seat, attacker = test.get("run"), test.get("attacker")
    if passed:
        return travel(state, run_seat, onward=True)
    run = state.run_of(run_seat)
    runner = test.get("runner")
    item = dict(run.runners)[runner]
    state = state.with_run(run_seat, run._replace(runners=tuple(r for r in run.runners if r[0] != runner)))
    p = state.player(attacker)
    state = state.with_player(p._replace(hand=p.hand + (runner,), items=p.items + ((item,) if item else ())))
    return _replant(state, run_seat, attacker, test.get("saboteur"))


def _replant(state: GuardsState, run_seat: str, attacker: str, card: str) -> GuardsState:
    return state._replace(prompt=Prompt("replant", (attacker,), data=(("run", run_seat), ("card", card))))


def validate_defend(state: GuardsState, action) -> Rejection | None:
    why = asked(state, action.seat, "defend", "to choose a defender now")
    if why:
        return why
    if action.card not in dict(state.run_of(action.seat).runners):
        return Rejection(Code.WRONG_CARD, f"{action.card} is not one of {action.seat}'s runners.")
    return None


def apply_defend(state: GuardsState, action) -> GuardsState:
    """"3. Offensive Brawl Test: The Saboteur/Attacker rolls the die and adds the attacking
    Volunteer's Brawl Value (including any additional points gained from Items or magic)"
    (Combat Rules). Scrolls and magical items (steps 1 and 2) are cast at the table."""
    q = state.prompt
    sab = _saboteur(state, q.get("attacker"), q.get("saboteur"))
    base = state.edition.volunteers[sab.card].brawl + _bonus(state, sab.item, "brawl")
    data = q.data + (("runner", action.card), ("step", "attack"))
    return state._replace(prompt=None, pending=Pending("combat", q.get("attacker"), base, None, chain=True, data=data))


def resolve_combat(state: GuardsState, test: Pending, total: int, passed: bool) -> GuardsState:
    """Attack, defence, and the one counter-attack. "If the Saboteur/Attacker's total Brawl Score
    is greater than the Defenders total Toughness Score the attacker's blow hits its target and the
    Defender is defeated. ... If the Attackers total Brawl score is lower than the Defender's
    total Toughness score ... The Defender then gets one chance to strike back in the same way"
    (Combat Rules). A natural 1 fails its roll: a failed blow misses, a failed guard is hit."""
    d = dict(test.data)
    run_seat, attacker, card, runner = d["run"], d["attacker"], d["saboteur"], d["runner"]
    sab = _saboteur(state, attacker, card)
    item = dict(state.run_of(run_seat).runners)[runner]
    vols = state.edition.volunteers
    score = None if not passed and test.dice[0] == 1 else total  # None: a natural 1
    data = tuple((k, v) for k, v in test.data if k not in ("step", "blow"))
    step = d["step"]
    if step in ("attack", "counter"):
        if step == "attack":  # the runner guards with Toughness
            roller, base = run_seat, vols[runner].toughness + _bonus(state, item, "toughness")
        else:  # the saboteur guards
            roller, base = attacker, vols[card].toughness + _bonus(state, sab.item, "toughness")
        nxt = "defence" if step == "attack" else "counter_defence"
        return state._replace(pending=Pending("combat", roller, base, None, chain=True,
                                              data=data + (("step", nxt), ("blow", score))))
    blow = d["blow"]
    hit = blow is not None and (score is None or blow > score)
    missed = blow is None or (score is not None and blow < score)
    if step == "defence":
        if hit:  # "The defeated Volunteer must be discarded. Any Items ... may be taken by the victorious player."
            run = state.run_of(run_seat)
            state = state.with_run(run_seat, run._replace(runners=tuple(r for r in run.runners if r[0] != runner)))
            if item:
                p = state.player(attacker)
                state = state.with_player(p._replace(items=p.items + (item,)))
            return _replant(state, run_seat, attacker, card)
        if missed:  # "The Defender then gets one chance to strike back"
            base = vols[runner].brawl + _bonus(state, item, "brawl")
            return state._replace(pending=Pending("combat", run_seat, base, None, chain=True,
                                                  data=data + (("step", "counter"),)))
        return travel(state, run_seat, onward=True)  # a draw: neither blow lands
    if hit:  # "If the counter-attack is successful the Saboteur is defeated."
        state = unplant(state, attacker, card, to_hand=False)
        if sab.item:
            p = state.player(run_seat)
            run = state.run_of(run_seat)
            state = state.with_player(p._replace(items=p.items + (sab.item,)))
            state = state.with_run(run_seat, run)
    return travel(state, run_seat, onward=True)
