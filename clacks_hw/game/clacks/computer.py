"""Clacks' computer players at the three strengths, and the first-time player they are measured
against (``make bench``).

Each strength is a list of tactics tried in order, the first that offers an action the rules
accept wins (bots.py has the tactics the attract demo plays with):

    easy     sends when one card of its hand does it; otherwise plays a card it can pay
             anywhere on a tower it may send from, and ends the turn
    normal   plans every way to send this turn (the planner); otherwise plays the card that
             brings a tower closest to its signal
    strong   the mode's full set (bots.py): Last Letter Sabotage, Fault Report cards when they
             make the signal affordable, the swap in the team games; in the competitive game
             it also looks a turn ahead: of the ways to send it picks the one that leaves the
             likeliest send of its next letter (the board, the cards kept, imagined draws from
             the unseen pool), and with no way to send, the card (or none) that makes next
             turn's send likeliest

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
from .actions import Action
from .planner import plan, towers_open
from .state import GameState, Turn


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


SAMPLES = 12  # draws from the unseen pool the strong player imagines for a card it plays


def _prepare(state, seat, rng):
    """No way to send this turn: of playing one card it can pay (any placement on a tower it may
    send from) or none, the choice most likely to send next turn. Each choice is scored on the
    board it leaves, with the cards left in hand plus draws imagined from the unseen pool (the
    bag as the seat's view has it): how often the planner finds a send on a fresh turn."""
    turn, p = state.turn, state.player(seat)
    if turn.played or turn.lifted is not None or state.config.game.name != "competitive":
        return None
    towers = [t for t, _ in towers_open(state, seat)]
    if p.tower is None or not towers:
        return None  # moving the pawn first: "progress" does that
    jac = state.edition.jacquards
    pool = [c for c in state.bag if c in jac] or list(jac)
    draws = rng.sample(pool, min(SAMPLES, len(pool)))
    mask = 0
    for t in towers:
        mask |= TOWERS[t].mask
    options = [(None, 0)] + [(c, m) for c in dict.fromkeys(p.hand) if jac[c].cost <= turn.left
                             for m in jac[c].shape.placements if m & mask]
    best, best_key = None, None
    for card, m in options:
        hand = tuple(c for c in p.hand if c != card)
        tried = [hand] if card is None else [hand + (d,) for d in draws]
        fresh = state._replace(board=state.board ^ m,
                               turn=Turn(seat=seat, number=turn.number + 2, start_tower=p.tower,
                                         dwarf_before=state.dwarf))
        sends = sum(plan(fresh, cards=h) is not None for h in tried) / len(tried)
        key = (sends, card is None, rng.random())
        if best_key is None or key > best_key:
            best, best_key = card and (card, m), key
    if best is None or best_key[0] == 0:
        return None  # nothing makes the next turn likelier to send: as normal
    return Action(seat, "play", card=best[0], lamps=best[1])


def _next_turn_sends(state, seat, board, hand, tower, sent, draws, rng) -> float:
    """How often the planner finds a send of the seat's next letter on a fresh turn, from
    ``board`` with ``hand`` plus imagined draws (``draws`` cards from the unseen pool)."""
    p = state.player(seat)
    if sent >= len(p.signals):
        return 1.0
    me = p._replace(sent=sent, tower=tower, last_tx=tower if sent != p.sent else p.last_tx)
    fresh = state.with_player(me)._replace(
        board=board, turn=Turn(seat=seat, number=state.turn.number + 2, start_tower=tower, dwarf_before=state.dwarf))
    jac = state.edition.jacquards
    pool = [c for c in state.bag if c in jac and c not in hand] or [c for c in jac if c not in hand]
    tried = [hand] if not draws else [hand + tuple(rng.sample(pool, min(draws, len(pool)))) for _ in range(SAMPLES)]
    return sum(plan(fresh, cards=h) is not None for h in tried) / len(tried)


def _send_well(state, seat, rng):
    """Of the ways to send this turn (the cheapest for each set of cards in hand), the one that
    leaves the likeliest send of the next letter: the board, the cards kept and the draws."""
    turn, p = state.turn, state.player(seat)
    if turn.played or state.config.game.name != "competitive":
        return None  # a plan under way: the planner finishes it
    hand = tuple(dict.fromkeys(p.hand))
    plans = {}
    for k in range(1, len(hand) + 1):
        for cards in combinations(hand, k):
            pl = plan(state, cards=list(cards))
            if pl is not None:
                plans[(pl.tower, pl.cards, pl.masks)] = pl
    if len(plans) < 2:
        return None  # one way or none: "send" plays it
    best, best_key = None, None
    for pl in plans.values():
        board = state.board
        for m in pl.masks:
            board ^= m
        kept = tuple(c for c in hand if c not in pl.cards)
        score = _next_turn_sends(state, seat, board, kept, pl.tower, p.sent + 1, len(pl.cards), rng)
        key = (score, -pl.cost, rng.random())
        if best_key is None or key > best_key:
            best, best_key = pl, key
    return best.actions(state)[0]


TACTICS = {**TACTICS, "send_well": _send_well, "glance": _glance, "glance_two": _glance_two, "fumble": _fumble, "prepare": _prepare}
STRENGTHS = {"easy": ("glance", "fumble", "end"), "normal": ("send", "progress", "end"),
             FIRST_TIMER: ("glance_two", "progress", "end")}


def tactics(game, strength: str) -> tuple[str, ...]:
    """The tactics the computer tries at ``strength`` in ``game``'s mode, in order."""
    if strength == "strong" or strength not in STRENGTHS:
        order = game.bot_tactics
        if "sabotage" in order:  # competitive: look one turn ahead
            order = tuple(t for t in order if t != "send")
            order = order[:1] + ("send_well", "send") + order[1:]
            order = order[:order.index("progress")] + ("prepare",) + order[order.index("progress"):]
        return order
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
