"""Helpers for the Race to Genua, Solitaire and Junior Race tests.

Positions start from a real ``new_game`` and are changed with ``replace`` (states
are frozen), so each test states exactly the board, hands, reports and decks it relies on.
"""

from __future__ import annotations

from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import COLOUR, TOWERS, TOWERS_OF
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.state import NO_BUDGET, GameState, Report, Turn
from clacks_hw.game.clacks.turns import target_mask
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.core.values import replace
from tests.game.conftest import L, T  # one definition of these helpers

ED = default_edition()
TEAM_WORDS = ("AHMED", "COHEN")  # message: A H M E D SPACE C O H E N END
MESSAGE = tuple("AHMED") + ("SPACE",) + tuple("COHEN") + ("END",)
JUNIOR_WORDS = {"S": ("AHMED", "COHEN"), "W": ("BINKY", "DEATH")}  # AHMED first: S starts
STAMPED = tuple(j for j, jac in ED.jacquards.items() if jac.stamp)  # J04, J08, ... J48

# Cards by name, so tests read like the rules.
F = {"OVERLOAD": "F01", "BLACKOUT": "F02", "SPARE SHUTTER": "F03", "OILED GEARS": "F05",
     "SEIZED GEARS": "F07", "TOWER LOCKDOWN": "F09", "FEEDBACK LOOP": "F10",
     "EMERGENCY REPAIR": "F11", "CLACKS TECHNICIAN": "F12"}
I = {c.name: c.id for c in ED.cards.values() if c.deck == "incident"}
LOG = {c.name: c.id for c in ED.cards.values() if c.deck == "log"}




def sig(seat: str, tower: str, signal: str) -> int:
    """The board lamps lit when ``tower`` shows ``signal`` read from ``seat``."""
    return target_mask(seat, T(tower), ED.signals[signal])


def tower_mask(name: str) -> int:
    return TOWERS[T(name)].mask


def own_towers(seat: str) -> tuple[str, ...]:
    return tuple(t.name for t in TOWERS_OF[COLOUR[seat]])


# --- games ----------------------------------------------------------------------------------

def race(seats=("S", "N"), *, route="easy", seed=0, hands="tracked", variants=(), first=None,
         words=TEAM_WORDS) -> GameState:
    return new_game(ED, ClacksConfig(tuple(seats), {"team": tuple(words)}, seed=seed, hands=hands,
                                   mode="race", route=route, first=first,
                                   variants=frozenset(variants)))


def solitaire(*, route="easy", seed=0, hands="tracked", variants=(), words=TEAM_WORDS) -> GameState:
    return new_game(ED, ClacksConfig(("S",), {"team": tuple(words)}, seed=seed, hands=hands,
                                   mode="solitaire", route=route, variants=frozenset(variants)))


def junior(seats=("S", "W"), *, route="easy", seed=0, hands="tracked", words=None) -> GameState:
    words = words or {s: JUNIOR_WORDS["S" if i == 0 else "W"] for i, s in enumerate(seats)}
    return new_game(ED, ClacksConfig(tuple(seats), {s: tuple(w) for s, w in words.items()}, seed=seed,
                                   hands=hands, mode="junior_race", route=route))


# --- positions ------------------------------------------------------------------------------

def at_turn(state: GameState, seat: str, *, number: int = 5, **fields) -> GameState:
    """Make it the start of ``seat``'s turn number ``number``."""
    return replace(state, turn=Turn(seat=seat, number=number, base_budget=NO_BUDGET, **fields))


def turn(state: GameState, **fields) -> GameState:
    return replace(state, turn=replace(state.turn, **fields))


def _remove(state: GameState, cards) -> GameState:
    cards = set(cards)
    for r in state.reports:
        assert r.jacquard not in cards, f"{r.jacquard} lies on {r.card}: pick another card"
    state = replace(state, bag=tuple(c for c in state.bag if c not in cards),
                    discard=tuple(c for c in state.discard if c not in cards))
    for p in state.players:
        if set(p.hand) & cards:
            kept = tuple(c for c in p.hand if c not in cards)
            state = state.with_player(replace(p, hand=kept, hand_count=len(kept)))
    return state


def hand(state: GameState, seat: str, *cards: str) -> GameState:
    """``seat`` holds exactly ``cards`` (taken out of the bag, discards and other hands)."""
    p = state.player(seat)
    back = tuple(c for c in p.hand if c not in cards)
    state = _remove(state, cards)
    state = replace(state, bag=state.bag + back)  # the old hand goes to the bottom of the bag
    return state.with_player(replace(state.player(seat), hand=tuple(cards), hand_count=len(cards)))


def bag_top(state: GameState, *cards: str) -> GameState:
    """The next draws from the bag are ``cards``, in this order."""
    state = _remove(state, cards)
    return replace(state, bag=tuple(cards) + state.bag)


def unstamped_bag(state: GameState) -> GameState:
    """Move every stamped jacquard to the bottom of the bag (draws reveal nothing soon)."""
    plain = tuple(c for c in state.bag if c not in STAMPED)
    return replace(state, bag=plain + tuple(c for c in state.bag if c in STAMPED))


def fault_top(state: GameState, *cards: str) -> GameState:
    """The Fault Report deck starts with ``cards``, in this order."""
    rest = tuple(c for c in state.fault_deck if c not in cards)
    return replace(state, fault_deck=tuple(cards) + rest)


def reports(state: GameState, *specs) -> GameState:
    """Lay out report cards: (card, jacquard) pairs; Incident cards face up, Log face down.
    The jacquards come out of the bag; the previous reports' jacquards go back into it."""
    old = tuple(r.jacquard for r in state.reports if r.jacquard is not None)
    state = replace(state, reports=(), bag=state.bag + old)
    state = _remove(state, [j for _, j in specs if j is not None])
    laid = tuple(Report(card, jac, card.startswith("I")) for card, jac in specs)
    return replace(state, reports=laid)


def board(state: GameState, mask: int) -> GameState:
    return replace(state, board=mask)


# --- actions --------------------------------------------------------------------------------

def play(seat, card, mask):
    return Action(seat, "play", card=card, lamps=mask)


def end(seat):
    return Action(seat, "end")


def swap(seat, card, source, *, lamps=None, tower=None):
    if isinstance(tower, str):
        tower = T(tower)
    return Action(seat, "swap", card=card, source=source, lamps=lamps, tower=tower)


def fault(seat, card, *, lamps=None, tower=None):
    if isinstance(tower, str):
        tower = T(tower)
    return Action(seat, "fault", card=card, lamps=lamps, tower=tower)


def ok(state: GameState, *actions: Action) -> GameState:
    for action in actions:
        out = apply(state, action)
        assert not isinstance(out, Rejection), f"{action} was refused: {out.code}: {out.message}"
        state = out
    return state


def refused(state: GameState, action: Action, code: str) -> Rejection:
    out = apply(state, action)
    assert isinstance(out, Rejection), f"{action} was accepted; expected {code}"
    assert out.code == code, f"{action}: got {out.code} ({out.message}); expected {code}"
    assert out.message and out.message[0].isupper(), out.message
    return out


def ready_to_send(state: GameState, seat: str, tower: str, card: str, mask: int,
                  signal: str | None = None) -> GameState:
    """A board where ``seat`` playing ``card`` on ``mask`` makes ``tower`` show the next
    signal (the rest of the board dark)."""
    signal = signal or state.next_signal(seat)
    return board(state, sig(seat, tower, signal) ^ mask)


def post_office(state: GameState, steps: int) -> GameState:
    """The Post Office already ``steps`` along the track (all of them stress points)."""
    return replace(state, post_office=steps, stress_total=steps, card_moves=0)


FAR = L(10, 11, 14, 15)  # a square away from R1, sends nothing from a dark board


def night(seats=("S", "N"), *, on_board=0, mode="race", hands="tracked") -> GameState:
    """The start of S's turn in a Night Shift game, S holding J30 and J33, no stamps near the
    top of the bag, the board ``on_board``."""
    if mode == "race":
        s = race(seats, variants=("night_shift",), hands=hands)
    else:
        s = solitaire(variants=("night_shift",), hands=hands)
    s = at_turn(unstamped_bag(s), "S")
    if hands == "tracked":
        s = hand(s, "S", "J30", "J33")
    return board(s, on_board)


def s_turn_with_stamped_draw(s: GameState, *faults: str, stamped: str = "J04") -> GameState:
    """S plays J30 (1 point, away from R1) and ends; the keeping draw is the stamped
    ``stamped``; the Fault Report deck starts with ``faults``."""
    s = fault_top(bag_top(s, stamped), *faults)
    return ok(s, play("S", "J30", FAR), end("S"))
