"""A KLACKERS position for people and tools: JSON (everything is public: dice and numbers lie
open on the table) and plain text for terminals.

``numbers`` lists the numbers still up for the player whose turn it is; ``dice`` is the roll
waiting for a pull ([] when the player must roll); ``scores`` are this round's, seat by seat.
"""

from __future__ import annotations

from .numbers import NUMBERS, TOTAL, numbers_of
from .state import KlackersState, RoundResult

PUSHES = {
    "tie": "the two lowest scores tie: two tie, all tie",
    "two_klacks": "two players KLACKed",
    "no_point": "nobody scored 9 or less (Hughie rule)",
    "no_klack": "nobody KLACKed (Klack to win)",
}


def result_text(r: RoundResult) -> str:
    scores = ", ".join(f"{seat} {score}" for seat, score in r.scores)
    if r.winner is not None:
        return f"round {r.round} ({scores}): {r.winner} wins {r.worth} from each other player"
    return f"round {r.round} ({scores}): pushed, {PUSHES[r.reason]}; the next round is worth {r.worth + 1}"


def result_json(r: RoundResult) -> dict:
    return {"round": r.round, "worth": r.worth, "scores": dict(r.scores), "winner": r.winner,
            "reason": r.reason, "klack_bonus": list(r.klack_bonus), "text": result_text(r)}


def position_json(state: KlackersState, actions: int | None = None) -> dict:
    config = state.config
    out = {
        "game": "klackers",
        "dice_from": config.hands,
        "variants": sorted(config.variants),
        "seats": list(config.seats),
        "phase": state.phase,
        "turn": None if state.over else state.seat,
        "round": state.round,
        "worth": state.worth,
        "rounds_won": state.won,
        "rounds": config.rounds,
        "first": state.first,
        "numbers": list(numbers_of(state.up)),
        "left": TOTAL[state.up],
        "dice": list(state.dice),
        "one_die": state.one_die,
        "last_roll": list(state.last_roll),
        "scores": dict(state.scores),
        "klacks": list(state.klacks),
        "chips": dict(zip(config.seats, state.chips)),
        "opening": dict(state.opening),
        "results": [result_json(r) for r in state.results],
        "winners": list(state.winners),
    }
    if actions is not None:
        out["actions"] = actions
    return out


def _numbers(up: int, off: str) -> list[str]:
    rows = (NUMBERS[0:3], NUMBERS[3:6], NUMBERS[6:9])
    return ["  " + " ".join(str(n) if up >> (n - 1) & 1 else off for n in row) for row in rows]


def _status(state: KlackersState) -> str:
    if state.over:
        return f"Game over: {' and '.join(state.winners)} won."
    if state.phase == "opening":
        rolled = ", ".join(f"{s} {d}" for s, d in state.opening) or "nobody yet"
        return f"Who begins: {' '.join(state.contenders)} roll one die each (rolled: {rolled}); {state.seat} rolls."
    if state.dice:
        return f"{state.seat} rolled {' + '.join(map(str, state.dice))} = {sum(state.dice)}: pull numbers."
    return f"{state.seat} to roll ({TOTAL[state.up]} up)."


def render(state: KlackersState, *, ascii: bool = False, actions: int | None = None) -> str:
    off = "." if ascii else "·"
    title = f"KLACKERS  round {state.round}, worth {state.worth}"
    if actions is not None:
        title += f"  ({actions} actions)"
    lines = [title, _status(state), ""]
    if state.phase == "turn":
        lines += _numbers(state.up, off) + [""]
    for seat, chips in zip(state.config.seats, state.chips):
        score = state.score_of(seat)
        mark = ">" if seat == state.seat and not state.over else " "
        played = "" if score is None else f"  scored {score}" + ("  KLACK!" if score == 0 else "")
        lines.append(f"{mark} {seat}  chips {chips:+d}{played}")
    if state.results:
        lines += ["", result_text(state.results[-1])]
    return "\n".join(lines) + "\n"


def narrate(before: KlackersState, action, after: KlackersState) -> str:
    """One line saying what an accepted action did, for logs, the demo and the board's notices."""
    seat = action.seat
    if action.act == "pull":
        pulled = " ".join(map(str, numbers_of(action.numbers)))
        text = f"{seat} pulls {pulled}"
        if after.round != before.round or after.seat != seat or after.over:
            text += ": KLACK!"
    else:
        dice = after.last_roll
        text = f"{seat} rolls {' + '.join(map(str, dice))}"
        if len(dice) > 1:
            text += f" = {sum(dice)}"
        if before.phase == "opening":
            if after.phase == "turn":
                text += f"; {after.first} rolled highest and begins"
            elif not after.opening:
                text += f"; {' and '.join(after.contenders)} tie for high and roll again"
        elif not after.dice:
            text += f": no play, {seat} scores {TOTAL[before.up]}"
    if after.results != before.results:
        text += "\n" + result_text(after.results[-1])
    return text
