"""The Guards! Guards! rules as the core's protocol asks for them: a validator and an applier
per act, and the die that settles every test (each test's resolver lives beside its rule).

``apply`` returns a new state or a ``Rejection``; ``validate`` is the very same check without
the change, and ``legal_actions`` lists the candidates it accepts.
"""

from __future__ import annotations

from ..core.rejection import Rejection
from . import combat, dragons, ledger, magic, recruiting, runs, saboteurs
from .dice import FACES, board_die, judged, rolls_again
from .gate import waiting
from .piles import settled
from .rejection import Code
from .state import GuardsState, Judged, Pending

ABILITY_TARGET = 6

RESOLVE = {
    "charm": recruiting.resolve_charm, "tavern": recruiting.resolve_tavern, "watch": ledger.resolve_watch,
    "plant": saboteurs.resolve_plant, "challenge": runs.resolve_challenge, "tiebreak": runs.resolve_tiebreak,
    "loyalty": combat.resolve_loyalty, "combat": combat.resolve_combat, "dragon": dragons.resolve_dragon,
    "scorch": dragons.resolve_scorch, "cast": magic.resolve_cast, "ability": lambda state, test, total, passed: state,
}


def validate_roll(state: GuardsState, action) -> Rejection | None:
    test = state.pending
    if test is None:
        return Rejection(Code.NO_ROLL, "No test is waiting for the die.")
    if action.seat != test.seat:
        return Rejection(Code.NOT_YOUR_ROLL, f"{test.seat} rolls for this {test.kind.replace('_', ' ')} test.")
    return None


def apply_roll(state: GuardsState, action) -> GuardsState:
    """The board's die (its n-th seeded draw) or the physical die's face typed in."""
    test: Pending = state.pending
    if action.die is None:
        die, state = board_die(state.config.seed, state.rolls), state._replace(rolls=state.rolls + 1)
    else:
        die = action.die
    dice = test.dice + (die,)
    if rolls_again(dice, test.chain):
        return state._replace(pending=test._replace(dice=dice))
    total, passed = judged(test.base, dice, test.target)
    passed = passed or (test.kind in recruiting.EIGHT_WINS and dice[0] == FACES)
    test = test._replace(dice=dice)
    state = state._replace(pending=None, last=Judged(test.seat, test.kind, dice, total, test.target, passed))
    return RESOLVE[test.kind](state, test, total, passed)


def validate_ability(state: GuardsState, action) -> Rejection | None:
    """"If an opposing player 'on their turn' is foolish enough to pass or land within 2 tiles of
    another player's playing piece, the player they are passing may attempt to use their Guild
    Ability against them. Guild Abilities cannot be used during a Player's own turn." "While in a
    Watch House players may not use, or be affected by Magic or Guild Abilities." (and in
    Hospital)"""
    why = waiting(state, action.seat)
    if why:
        return why
    if action.seat == state.seat:
        return Rejection(Code.ONCE, "Guild Abilities cannot be used during a Player's own turn.")
    if action.target != state.seat:
        return Rejection(Code.NOT_THERE, f"Only the player whose turn it is ({state.seat}) can be the target.")
    if state.player(action.seat).confined or state.player(action.target).confined:
        return Rejection(Code.CONFINED, "Nobody in Hospital or the Watch House uses or suffers a Guild Ability.")
    if f"ability:{action.seat}" in state.done:
        return Rejection(Code.ONCE, f"{action.seat} has tried the Guild Ability on this turn already.")
    return None


def apply_ability(state: GuardsState, action) -> GuardsState:
    """"They then make a Guild test of 6 or more by rolling the die and adding the current Guild
    Skill Value marked on their Guild Card. If successful, they must read out loud the effects of
    their Guild ability"; the effects are the Guild card's, played at the table."""
    test = Pending("ability", action.seat, state.player(action.seat).guild_level, ABILITY_TARGET,
                   data=(("target", action.target),))
    return state._replace(pending=test, done=state.done + (f"ability:{action.seat}",))


def validate_stop(state: GuardsState, action) -> Rejection | None:
    return waiting(state, action.seat)


def ranking(state: GuardsState) -> tuple[str, ...]:
    """"judging the winner by; firstly the number of Spells collected; and then (or if this is
    tied between players) by the amount of Dollars each player holds." (Short Game)"""
    return tuple(p.seat for p in sorted(state.players, key=lambda p: (-len(p.returned), -p.dollars)))


def apply_stop(state: GuardsState, action) -> GuardsState:
    best = state.player(ranking(state)[0])
    top = tuple(p.seat for p in state.players
                if (len(p.returned), p.dollars) == (len(best.returned), best.dollars))
    return state._replace(ended="stopped", winners=top)


MOVES = {  # act -> (check, apply): every result settled (piles.py)
    "roll": (validate_roll, apply_roll),
    "end_turn": (ledger.validate_end_turn, ledger.apply_end_turn),
    "recruit": (recruiting.validate_recruit, recruiting.apply_recruit),
    "bribe": (recruiting.validate_bribe, recruiting.apply_bribe),
    "tavern": (recruiting.validate_tavern, recruiting.apply_tavern),
    "guild_house": (ledger.validate_guild_house, ledger.apply_guild_house),
    "spend": (ledger.validate_spend, ledger.apply_spend),
    "buy": (ledger.validate_buy, ledger.apply_buy),
    "turn_in": (ledger.validate_turn_in, ledger.apply_turn_in),
    "sent": (ledger.validate_sent, ledger.apply_sent),
    "hospital": (ledger.validate_hospital, ledger.apply_hospital),
    "charm_out": (ledger.validate_charm_out, ledger.apply_charm_out),
    "bail": (ledger.validate_bail, ledger.apply_bail),
    "infect": (ledger.validate_infect, ledger.apply_infect),
    "plant": (saboteurs.validate_plant, saboteurs.apply_plant),
    "recall": (saboteurs.validate_recall, saboteurs.apply_recall),
    "replant": (saboteurs.validate_replant, saboteurs.apply_replant),
    "spell_run": (runs.validate_spell_run, runs.apply_spell_run),
    "reinforce": (runs.validate_reinforce, runs.apply_reinforce),
    "challenge": (runs.validate_challenge, runs.apply_challenge),
    "walk": (runs.validate_walk, runs.apply_walk),
    "sabotage": (runs.validate_answer, runs.apply_answer),
    "let_pass": (runs.validate_answer, runs.apply_answer),
    "defend": (combat.validate_defend, combat.apply_defend),
    "summon": (dragons.validate_summon, dragons.apply_summon),
    "fight": (dragons.validate_fight, dragons.apply_fight),
    "send": (dragons.validate_send, dragons.apply_send),
    "ability": (validate_ability, apply_ability),
    "stop": (validate_stop, apply_stop),
    "call": (dragons.validate_call, dragons.apply_call),
    "cast": (magic.validate_cast, magic.apply_cast),
}
# "Used or defeated Volunteer cards must always be placed in the relevant discard pile" (rulebook
# line 804), whichever rule used or defeated them: one place puts them there
MOVES = {act: settled(move) for act, move in MOVES.items()}
