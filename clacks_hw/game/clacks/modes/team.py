"""The team against the Post Office: the Race to Genua (2-4 players) and Solitaire (one player).

One message for the team (word SPACE word END); every stress point moves the Post Office a
step along the route; Incident Report and Operator's Log cards lie on the table for swaps.
"""

from __future__ import annotations

from abc import abstractmethod

from ...core.errors import SetupError
from ...core.table import SEATS
from ...core.values import replace
from ...core.view import Summary
from .. import coop, legal
from ..config import TEAM
from ..moments import team_outcome
from ..coop_effects import reveal
from ..deck import UNKNOWN, draw, give, is_stamped, shuffled, take_from_bag, take_from_hand
from ..setup import message
from ..state import NO_BUDGET, ROUTE_TOWERS, ROUTES, GameState, Player, Report, Turn
from .base import ClacksGame, TowerMark, Track

LOGS_LAID = 2  # Operator's Log cards laid out, each with a jacquard from the bag


def route_reached(sent: int, length: int) -> int:
    """How many of the route's towers a message ``sent`` signals of ``length`` has reached."""
    return min(ROUTE_TOWERS, ROUTE_TOWERS * sent // length) if length else 0


class TeamGame(ClacksGame):
    routes = True
    reports = True
    moves_post_office = True
    bot_tactics = ("send", "swap", "progress", "end")
    moves = coop.MOVES

    def word_slots(self, seats, variants):
        return ((TEAM, 2),)

    def check(self, edition, config) -> None:
        if config.route not in ROUTES:
            raise SetupError(f"route {config.route!r} must be one of {', '.join(ROUTES)}")
        super().check(edition, config)

    def new_game(self, edition, config) -> GameState:
        seats = config.seats
        first = config.first or seats[0]
        state = GameState(
            edition=edition, config=config, board=edition.start,
            players=tuple(Player(seat=s, signals=()) for s in seats),
            turn=Turn(seat=first, base_budget=NO_BUDGET), first=first, message=message(config, TEAM),
            post_office_goal=ROUTES[config.route],
        )
        selected = _selected(edition)
        if config.hands == "tracked":
            bag = [j for j in edition.jacquards if j not in selected]
            state = replace(state, bag=shuffled(bag, config.seed, "bag/0"))
            if config.has("night_shift"):
                state = replace(state, fault_deck=shuffled(edition.deck("fault"), config.seed, "faults"))
        state = _lay_out_reports(state, selected)
        for seat in seats:  # the first deal reveals nothing for fault stamps
            for _ in range(self.hand_size):
                state, card = take_from_bag(state)
                state = give(state, seat, card)
        return self.first_deal(state)

    def first_deal(self, state: GameState) -> GameState:
        return state

    def jacquards_dealt(self, seats, selected):
        return super().jacquards_dealt(seats, selected) + selected + LOGS_LAID

    def candidates(self, state):
        return legal.coop_candidates(state)

    def hints_by_default(self, config) -> bool:
        """The team is helped, except in Long Distance, played against the clock of the hands
        nobody may show: there the board gives nothing away either (docs/play.md, Hints)."""
        return not config.has("long_distance")

    def next_signal(self, state, seat):
        return state.message[state.signals_sent] if state.signals_sent < len(state.message) else None

    def tracks(self, state):
        return (Track(TEAM, state.message, state.signals_sent),)

    def sent_from(self, state):
        return {TEAM: state.sent_from}

    def credit_signal(self, state: GameState, tower: int) -> GameState:
        return replace(state, signals_sent=state.signals_sent + 1, sent_from=state.sent_from + (tower,))

    def finish_turn(self, state: GameState) -> GameState:
        """Move the Post Office, settle the hands, hand the turn on, then reveal."""
        turn = state.turn
        state = _post_office_moves(state)
        if state.winner is None and state.signals_sent >= len(state.message):
            state = replace(state, winner="team")
        if state.winner is not None:
            return state
        skip = state.skip_draw == turn.number  # WORKERS' STRIKE skips the keeping draw
        if skip:
            state = replace(state, skip_draw=None)
        state, stamps = self.settle_hands(state, turn.seat, skip)
        reveals = stamps + turn.stamps_drawn if state.config.has("night_shift") else 0
        state = replace(state, turn=Turn(seat=state.next_seat(turn.seat), number=turn.number + 1,
                                         base_budget=NO_BUDGET))
        return reveal(state, turn.seat, reveals) if reveals else state

    @abstractmethod
    def settle_hands(self, state: GameState, seat: str, skip: bool) -> tuple[GameState, int]:
        """At the end of ``seat``'s turn: pass and draw as this game does; (state, stamped
        jacquards drawn)."""

    def winners(self, state):
        """The whole team when the message reached Genua first; nobody when the Post Office did."""
        return tuple(state.config.seats) if state.winner == TEAM else ()

    def tower_marks(self, state):
        return tuple(TowerMark(k, "route") for k in range(route_reached(state.signals_sent, len(state.message))))

    def outcome(self, state):
        return team_outcome(state)

    def summary(self, state):
        progress = (f"sent {state.signals_sent} of {len(state.message)} \u00b7 Post Office "
                    f"{state.post_office} of {state.post_office_goal}")
        if not state.over:
            return Summary(state.turn.seat, "to act", progress)
        who = "the team" if state.winner == TEAM else "the Post Office"
        return Summary(None, "", progress, (), f"{who} reached Genua first")

    def position_fields(self, state):
        return {"route": state.config.route, "post_office": state.post_office,
                "post_office_goal": state.post_office_goal}


class Race(TeamGame):
    name = "race"
    order = 10  # place in the board's set-up menu
    letter = "R"
    title = "the Race to Genua"
    label = "Race to Genua"
    variants = ("night_shift", "long_distance")
    hand_size = 1
    chooses_first = True

    def settle_hands(self, state, seat, skip):
        """Pass the unplayed jacquard left (or draw one to pass), then draw one to keep."""
        stamps = 0
        p, left = state.player(seat), state.next_seat(seat)
        if p.hand_count > 0:
            card = p.hand[0] if p.hand else UNKNOWN
            state = give(take_from_hand(state, seat, card), left, card)
        else:
            state, card = take_from_bag(state)
            if card is not None:
                stamps += is_stamped(state, card)
                state = give(state, left, card)
        if not skip:
            state, kept = draw(state, seat, 1)
            stamps += kept
        return state, stamps

    def jacquards_dealt(self, seats, selected):
        return super().jacquards_dealt(seats, selected) + 1  # the first player starts with two

    def first_deal(self, state):
        state, card = take_from_bag(state)
        return give(state, state.first, card)  # the first player starts with two


class Solitaire(TeamGame):
    name = "solitaire"
    order = 20  # place in the board's set-up menu
    letter = "S"
    title = "Solitaire"
    label = "Solitaire"
    variants = ("night_shift",)
    hand_size = 2

    def config_seat_problem(self, given):
        return f"solitaire has exactly one seat, not {given}", 'e.g. seats = ["S"]'

    def seatings(self):
        return tuple((s,) for s in SEATS)

    def seating_problem(self, seats) -> str:
        return f"solitaire is played from one seat, not {' '.join(seats) or 'none'}"

    def settle_hands(self, state, seat, skip):
        """Draw back up to two."""
        if skip:
            return state, 0
        return draw(state, seat, self.hand_size - state.player(seat).hand_count)


def _post_office_moves(state: GameState) -> GameState:
    """Each stress point spent this turn moves the Post Office a step, less any card's discount,
    at most any card's cap."""
    turn = state.turn
    steps = turn.card_cost
    moved = max(0, steps - turn.po_discount)
    if turn.po_cap is not None:
        moved = min(moved, turn.po_cap)
    po = state.post_office + moved
    state = replace(state, post_office=po, stress_total=state.stress_total + steps,
                    card_moves=state.card_moves + moved - steps)
    return replace(state, winner="post_office") if po >= state.post_office_goal else state


def _selected(edition) -> tuple[str, ...]:
    """The first jacquard of each selected shape, in deck order."""
    chosen: list[str] = []
    for shape in edition.selected:
        chosen.append(next(j.id for j in edition.jacquards.values()
                           if j.shape.name == shape and j.id not in chosen))
    return tuple(chosen)


def _lay_out_reports(state: GameState, selected) -> GameState:
    """Two Incident Report cards with the selected jacquards face up, two Operator's Log
    cards with a jacquard from the bag face down."""
    edition, seed, tracked = state.edition, state.config.seed, state.config.hands == "tracked"
    incidents = shuffled(edition.deck("incident"), seed, "incidents")[:2]
    logs = shuffled(edition.deck("log"), seed, "logs")[:LOGS_LAID]
    reports = [Report(card, jac if tracked else None, True) for card, jac in zip(incidents, selected)]
    state = replace(state, reports=tuple(reports) + tuple(Report(c, None, False) for c in logs))
    laid = []
    for card in logs:
        state, jac = take_from_bag(state)
        laid.append(Report(card, jac if tracked else None, False))
    return replace(state, reports=tuple(reports + laid))


RACE = Race()
SOLITAIRE = Solitaire()
