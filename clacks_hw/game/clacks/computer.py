"""Clacks' computer players at the three strengths, and the first-time player they are measured
against (``make bench``).

Each strength is a list of tactics tried in order, the first that offers an action the rules
accept wins (bots.py has the tactics the attract demo plays with):

    easy     sends when one card of its hand does it; otherwise plays a card it can pay
             anywhere on a tower it may send from, and ends the turn
    normal   plans every way to send this turn (the planner); otherwise plays the card that
             brings a tower closest to its signal
    strong   the mode's full set (bots.py): Last Letter Sabotage, Fault Report cards when they
             make the signal affordable, the swap in the team games, then as normal

The FIRST_TIMER model (core/computer.py) is of somebody in their first game, who knows the rules and their hand:
they send whenever one card or two cards do it (three or more, which takes a search, they miss),
otherwise bring a tower closer; they never sabotage and keep their Fault Report cards.
Every player decides from its seat's view (seat_view.py), handed in by core/computer.py.
"""

from __future__ import annotations

from itertools import combinations

from ..core.computer import FIRST_TIMER, Move
from ..core.engine import validate
from .board import TOWERS, lamps_of
from .bots import TACTICS
from .legal import legal_actions
from .planner import plan, towers_open
from .state import GameState


def _glance(state, seat, rng, most=1):
    """Send with ``most`` cards or fewer, as far as a person sees without searching."""
    hand = state.player(seat).hand
    best = None
    for k in range(1, most + 1):
        for cards in combinations(dict.fromkeys(hand), k):
            p = plan(state, cards=list(cards))
            if p is not None and (best is None or p.cost < best.cost):
                best = p
        if best is not None:
            return best.actions(state)[0]
    return None


def _glance_two(state, seat, rng):
    """One card always; two cards half the time (laying two shapes over each other in one's head
    is hard in a first game); never three."""
    return _glance(state, seat, rng, most=2 if rng.random() < 0.5 else 1)


def _fumble(state, seat, rng):
    """A card it can pay, anywhere on a tower it may send from (half the time it just ends)."""
    if rng.random() < 0.5:
        return None
    open_ = {t for t, _ in towers_open(state, seat)}
    plays = [a for a in legal_actions(state) if a.act in ("play", "move")
             and (a.act == "move" or any(a.lamps & TOWERS[t].mask == a.lamps for t in open_))]
    return rng.choice(plays) if plays else None


TACTICS = {**TACTICS, "glance": _glance, "glance_two": _glance_two, "fumble": _fumble}
STRENGTHS = {"easy": ("glance", "fumble", "end"), "normal": ("send", "progress", "end"),
             FIRST_TIMER: ("glance_two", "progress", "end")}


def tactics(game, strength: str) -> tuple[str, ...]:
    """The tactics the computer tries at ``strength`` in ``game``'s mode, in order."""
    if strength == "strong" or strength not in STRENGTHS:
        return game.bot_tactics
    if strength == "normal" and "swap" in game.bot_tactics:
        return ("send", "swap", "progress", "end")
    return STRENGTHS[strength]


def computer_move(view: GameState, seat: str, strength: str, rng) -> Move:
    """The move of ``seat``'s computer player at ``strength`` (or the FIRST_TIMER model), from
    its seat's ``view``."""
    if view.pending:
        action = rng.choice(legal_actions(view))
        return _explain(view, seat, "choose", action)
    for name in tactics(view.config.game, strength):
        action = TACTICS[name](view, seat, rng)
        if action is not None and validate(view, action) is None:
            return _explain(view, seat, name, action)
    return _explain(view, seat, "any", rng.choice(legal_actions(view)))


def _tower_of(view: GameState, seat: str, tactic: str, action) -> int | None:
    """The tower the action is for: where it moves, the pawn's tower, the tower a send plan
    sends from, else the open tower the placement covers most of."""
    if action.tower is not None:
        return action.tower
    if not action.lamps:
        return None
    pawn = view.player(seat).tower if view.config.game.pawns else None
    if pawn is not None:
        return pawn
    if tactic in ("send", "glance", "glance_two"):
        p = plan(view)
        if p is not None and action.lamps in p.masks:
            return p.tower
    open_ = [t for t, _ in towers_open(view, seat)] or range(len(TOWERS))
    return max(open_, key=lambda t: bin(TOWERS[t].mask & action.lamps).count("1"))


def _explain(view: GameState, seat: str, tactic: str, action) -> Move:
    """The move with a sentence everybody may read: the card played and where, the letter it
    works toward; never a card that stays in the hand."""
    letter = view.next_signal(seat)
    tower = _tower_of(view, seat, tactic, action)
    where = f" on {TOWERS[tower].name}" if tower is not None else ""
    card = action.card
    label = view.edition.card_label(card) if card else ""
    toward = f" toward the letter {letter}" if letter else ""
    if action.act == "play":
        lamps = ",".join(map(str, lamps_of(action.lamps or 0)))
        if tactic in ("send", "glance", "glance_two"):
            why = f"plays {label}{where} (lamps {lamps}): it sends the letter {letter} this turn"
        elif tactic == "sabotage":
            why = f"plays {label}{where} (lamps {lamps}): Last Letter Sabotage, the tower goes dark"
        else:
            why = f"plays {label}{where} (lamps {lamps}) to bring the tower closer to the letter {letter}"
    elif action.act == "move":
        why = f"moves to {TOWERS[action.tower].name}{toward}"
    elif action.act == "fault":
        why = f"plays {label}" + (f" to afford sending the letter {letter}" if tactic == "oil" else "")
    elif action.act == "swap":
        why = f"swaps a jacquard for the one on {action.source}{toward}"
    elif action.act == "end":
        why = f"ends the turn: no card it holds sends the letter {letter} now" if letter else "ends the turn"
    else:
        why = f"{action.act}s" + (f" {label}" if label else "")
    if tactic == "choose":
        why = f"chooses for the revealed card: {why}"
    return Move(seat, action, f"{seat} {why}", card, action.lamps or 0, tower, letter)
