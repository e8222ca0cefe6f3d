"""Guards! Guards! on the lit board (core/board.py): what it lights, what its buttons mean, the
die it rolls.

**The lamps** show the city as its four Guild Quadrants, each a 2x2 block of the 4x4 grid,
clockwise from the north-west corner in the edition's order (``quadrants``; set the board beside
the map that way round):

- a dragon lights its quadrant red ("There may only be one Dragon in a quadrant at any time",
  Dragons);
- an announced spell run lights its route gold, dim ahead and full where the runners are,
  quadrant by quadrant as it travels (Making a Spell Run); a quadrant with a dragon and the
  runners shows both, one on each diagonal;
- a sabotage attempt, once the rules reveal it (the Guild-test tie-break, the Loyalty test of an
  Alter Allegiance, an Ambush's combat), blinks the quadrant where it happens (Sabotage). The
  question put to each opponent with a saboteur planted lights nothing: it would tell who has one.

**The seat indicators** show whose turn it is (in the seat's colour), the seat a test waits for
(blinking) and who is in hospital or the Watch House (orange, blue: missing turns; Hospitals,
City Watch House); at the end, the winners blink.

**The die.** The tower buttons R1..R6, G1, G2 are the d8's eight faces. While a test waits, PLAY
rolls it on the board and a face button types the table's own die ("The board rolls with a
visible animation, or a player types the physical die's result: both are journaled"); a die the
board rolled runs round the faces (core/die_run.py) and lands on its face, which then shows the
result: green passed, red failed, white a natural 8 that rolls again. TURN ends the turn of the
seat to play.

**A volunteer card tapped** (its RFID sticker enrolled with `clacks-hw enroll --guards`) on the
turn's player's own turn is the volunteer they try to recruit ("They may select either the
Volunteer card currently displayed face up, or turn over the top face down card", To Recruit a
Volunteer); the one whose Charm roll just failed, tapped again, is bribed instead ("If you fail
you can Bribe the volunteer on the same turn"). The quadrant where their piece stands blinks
blue: NEXT and PREV move it, PLAY tries (the Charm test then waits for its die), BACK puts the
card back. Everything private (planting a saboteur, whether to strike a passing run) is asked
on the owner's own phone (phone.py), never here.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.board import BoardPlay, Lights, blink_on, next_edge
from ..core.die_run import DieRun
from .actions import GuardsAction
from .dice import FACES
from .state import GuardsState
from .view import narrate


class Recruiting(NamedTuple):
    """A volunteer tapped: the quadrant is being chosen (``at`` in the edition's order)."""

    seat: str
    act: str  # "recruit" or "bribe"
    card: str
    at: int
    since: float

    def action(self, state: GuardsState) -> GuardsAction:
        return GuardsAction(self.seat, self.act, card=self.card, quadrant=state.edition.quadrants[self.at])

QUADRANT_LAMPS = ((0, 1, 4, 5), (2, 3, 6, 7), (10, 11, 14, 15), (8, 9, 12, 13))  # NW, NE, SE, SW
FACE_BUTTONS = ("R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2")  # the d8's faces 1..8
STRIKES = ("tiebreak", "loyalty", "combat")  # tests that reveal a sabotage attempt
CONFINED = {"hospital": "confined", "watch": "watch"}
BLINK_S = 0.6  # a sabotage attempt, the seat a test waits for, the winners
assert len(FACE_BUTTONS) == FACES


def quadrant_lamps(state: GuardsState) -> dict[str, tuple[int, ...]]:
    return dict(zip(state.edition.quadrants, QUADRANT_LAMPS))


def _attempt(state: GuardsState) -> str | None:
    """The quadrant of a sabotage attempt the rules have revealed, if one is being fought out."""
    test = state.pending
    if test is None or test.kind not in STRIKES:
        return None
    run = state.run_of(test.get("run") or test.seat)
    return run.quadrant if run is not None else None


def roles(state: GuardsState) -> tuple[dict, dict, dict, set]:
    """(lamps, towers, seats, blinking): every light as a role (core/board.py), from the public
    state alone, and the lamps/towers/seats (as ``("lamp", i)``, ``("seat", s)``) that blink."""
    quads = quadrant_lamps(state)
    lamps: dict[int, tuple] = {}
    blinking: set = set()
    runners: set[str] = set()
    for run in state.runs:
        if not run.started:
            continue
        for k, quadrant in enumerate(run.route[run.at:], start=run.at):
            for i in quads[quadrant]:
                lamps[i] = ("run",) if k == run.at else ("dim", ("run",))
            if k == run.at:
                runners.add(quadrant)
    for quadrant, _ in state.dragons:
        for n, i in enumerate(quads[quadrant]):
            if quadrant not in runners or n in (0, 3):  # the runners keep the other diagonal
                lamps[i] = ("dragon",)
    attempt = _attempt(state)
    if attempt is not None:
        for i in quads[attempt]:
            lamps[i] = ("sabotage",)
            blinking.add(("lamp", i))
    seats: dict[str, tuple] = {}
    for p in state.players:
        if p.confined:
            role = (CONFINED.get(p.confined, "confined"),)
            seats[p.seat] = role if p.seat == state.seat else ("dim", role)
    if not state.over:
        seats[state.seat] = ("seat", state.seat)
        if state.pending is not None:
            seats[state.pending.seat] = ("seat", state.pending.seat)
            blinking.add(("seat", state.pending.seat))
    else:
        for seat in state.winners:
            seats[seat] = ("seat", seat)
            blinking.add(("seat", seat))
    towers: dict[str, tuple] = {}
    last = state.last
    if state.pending is not None and state.pending.dice:  # a natural 8 rolls again: it waits, lit
        towers[FACE_BUTTONS[state.pending.dice[-1] - 1]] = ("test",)
    elif last is not None and last.dice:
        towers[FACE_BUTTONS[last.dice[-1] - 1]] = ("passed",) if last.passed else ("failed",)
    return lamps, towers, seats, blinking


def button_action(state: GuardsState, button: str) -> GuardsAction | None:
    """What a press means now: PLAY rolls the die a test waits for, a face button types the
    table's own die, TURN ends the turn (refused, and said why, when the rules say not yet)."""
    if state.over:
        return None
    test = state.pending
    if test is not None:
        if button == "PLAY":
            return GuardsAction(test.seat, "roll")
        if button in FACE_BUTTONS:
            return GuardsAction(test.seat, "roll", die=FACE_BUTTONS.index(button) + 1)
    if button == "TURN":
        return GuardsAction(state.seat, "end_turn")
    return None


def rolled(before: GuardsState, after: GuardsState) -> int | None:
    """The face the action from ``before`` to ``after`` rolled: a test's die, whether it judged the
    test (``last``) or was a natural 8 that rolls again (the test's dice so far)."""
    test = before.pending
    if test is None:
        return None
    again = after.pending
    if again is not None and again.kind == test.kind and again.seat == test.seat and len(again.dice) == len(test.dice) + 1:
        return again.dice[-1]
    if after.last is not None and after.last is not before.last and after.last.dice:
        return after.last.dice[-1]
    return None


class GuardsPlay(BoardPlay):
    """The board's side of a Guards! Guards! game: presses become rolls, the die runs."""

    # A volunteer is recruited only by tapping its card at the board (phone.py offers no other
    # way): without the reader the table cannot recruit, so a lost reader makes the game wait.
    takes_cards = True

    def __init__(self) -> None:
        self.die = DieRun(FACE_BUTTONS)
        self.recruiting: Recruiting | None = None

    def press(self, table, button: str, now: float) -> None:
        r = self.recruiting
        if r is not None and button in ("NEXT", "PREV", "PLAY", "BACK"):
            self._choose(table, r, button, now)
            return
        action = button_action(table.state, button)
        if action is None:
            if button == "PLAY" and not table.state.over:
                table.say("No test waits for the die: play on, and roll when the rules ask.")
            return
        table.submit(action, now)  # refused: the board flashes red and says why

    def _choose(self, table, r: Recruiting, button: str, now: float) -> None:
        state = table.state
        if button == "BACK":
            self.recruiting = None
            table.say(f"{r.seat} puts {state.edition.volunteers[r.card].name} back.")
        elif button == "PLAY":
            if table.submit(r.action(state), now):
                self.recruiting = None
        else:
            at = (r.at + (1 if button == "NEXT" else -1)) % len(state.edition.quadrants)
            self.recruiting = r._replace(at=at, since=now)
            table.say(f"In the {state.edition.quadrants[at]} quadrant? PLAY to try, BACK to put the card back.")

    def tap(self, table, card: str, actor: str | None, now: float) -> None:
        state = table.state
        box = state.edition
        if card not in box.volunteers:
            table.error(now, f"{card} is no volunteer of {box.name}: tap a volunteer card "
                             "(enrolled with clacks-hw enroll --guards).")
            return
        seat = state.seat
        if actor is not None and actor != seat:
            table.error(now, f"It is {seat}'s turn: {actor} recruits on their own turn.")
            return
        act = "bribe" if card == state.failed else "recruit"
        r = Recruiting(seat, act, card, 0, now)
        clear = [k for k, q in enumerate(box.quadrants) if not state.dragon_in(q)]
        r = r._replace(at=clear[0] if clear else 0)
        why = state.config.game.validate(state, r.action(state))
        if why is not None and why.code not in ("dragon",):  # the quadrant is chosen next
            table.refuse(r.action(state), why, now)
            return
        self.recruiting = r
        v = box.volunteers[card]
        price = f"Charm {v.charm}" if act == "recruit" else f"a bribe of {v.bribe}"
        table.say(f"{seat} {'tries to recruit' if act == 'recruit' else 'bribes'} {v.name} ({price}): "
                  "NEXT or PREV to the quadrant where your piece stands, PLAY to try, BACK to put it back.")

    def new_turn(self) -> None:
        self.recruiting = None

    def progress(self):
        return self.recruiting

    def accepted(self, table, before, action, after, now: float) -> str:
        face = rolled(before, after)
        if face is not None and action.die is None:  # the board's own die: show it arrive
            self.die.start(face, now)
        said = narrate(before, action, after)
        return f"{said}\nGame over: {after.winner} won." if after.over and after.winners else said

    def lights(self, state, now: float, since: float = 0.0) -> Lights:
        lamps, towers, seats, blinking = roles(state)
        times = []
        if blinking:
            times.append(next_edge(now, 0.0, BLINK_S))
            if not blink_on(now, 0.0, BLINK_S):
                lamps = {i: r for i, r in lamps.items() if ("lamp", i) not in blinking}
                seats = {s: r for s, r in seats.items() if ("seat", s) not in blinking}
        r = self.recruiting
        if r is not None:  # the quadrant being chosen blinks over whatever it shows
            times.append(next_edge(now, r.since))
            if blink_on(now, r.since):
                for i in QUADRANT_LAMPS[r.at]:
                    lamps[i] = ("preview",)
        running = self.die.over(towers, now)
        if running is not None:
            times.append(running)
        return Lights(lamps, towers, seats, turn=None if state.over else state.seat,
                      changes_at=min(times) if times else None)
