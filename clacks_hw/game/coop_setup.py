"""Setting up the Race to Genua, Solitaire and the Junior Race."""

from __future__ import annotations

from .board import SEATS
from .deck import give, shuffled, take_from_bag
from .edition import Edition
from .state import (
    COOP,
    HAND_SIZE,
    NO_BUDGET,
    ROUTES,
    GameConfig,
    GameState,
    Player,
    Report,
    Turn,
    seatings,
)
from .values import replace

TEAM = "team"  # the key of the team's two words in GameConfig.words


class CoopSetupError(ValueError):
    """A team or junior game that cannot be set up as asked (raised as SetupError)."""


def team_message(words) -> tuple[str, ...]:
    return tuple(words[0]) + ("SPACE",) + tuple(words[1]) + ("END",)


def junior_route(config: GameConfig, seat: str) -> str:
    """The first seat listed takes ``config.route``, the other seat the other route."""
    if seat == config.seats[0]:
        return config.route
    return "hard" if config.route == "easy" else "easy"


def check_coop_config(edition: Edition, config: GameConfig) -> None:
    seats = tuple(config.seats)
    if config.route not in ROUTES:
        raise CoopSetupError(f"route {config.route!r} must be one of {', '.join(ROUTES)}")
    in_turn_order = tuple(s for s in SEATS if s in seats)
    if config.mode == "solitaire":
        if seats not in seatings("solitaire"):
            raise CoopSetupError(f"solitaire is played from one seat, not {' '.join(seats) or 'none'}")
    elif config.mode == "race":
        if seats not in seatings("race"):
            raise CoopSetupError(f"seats {' '.join(seats)} are not a race seating: use "
                                 + "; ".join(" ".join(s) for s in seatings("race")))
    else:  # junior
        if len(set(seats)) != 2 or in_turn_order not in seatings("junior"):
            raise CoopSetupError(f"the Junior Race needs two players at right angles, one red seat (S or N) "
                                 f"and one green seat (W or E), not {' '.join(seats)}")
    if config.first is not None and config.first not in seats:
        raise CoopSetupError(f"first player {config.first!r} is not one of the seats {' '.join(seats)}")
    keys = [TEAM] if config.mode in COOP else list(seats)
    if set(config.words) != set(keys):
        raise CoopSetupError(f"words must be given for {' and '.join(keys)}")
    for key in keys:
        words = config.words[key]
        if len(words) != 2:
            raise CoopSetupError(f"{key} needs 2 words, got {len(words)}")
        for w in words:
            missing = sorted({ch for ch in w if ch not in edition.signals}) if w else ["(empty)"]
            if missing:
                raise CoopSetupError(f"{key}'s word {w!r} cannot be sent: no signal for {', '.join(missing)}")


def _selected(edition: Edition) -> tuple[str, ...]:
    """The first jacquard of each selected shape, in deck order."""
    chosen: list[str] = []
    for shape in edition.selected:
        chosen.append(next(j.id for j in edition.jacquards.values()
                           if j.shape.name == shape and j.id not in chosen))
    return tuple(chosen)


def new_coop_game(edition: Edition, config: GameConfig) -> GameState:
    check_coop_config(edition, config)
    tracked = config.hands == "tracked"
    seats = tuple(config.seats)
    junior = config.mode == "junior"
    if junior:
        from .setup import first_player, message

        players = tuple(Player(seat=s, signals=message(config, s)) for s in seats)
        first = first_player(config)
        team: tuple[str, ...] = ()
    else:
        players = tuple(Player(seat=s, signals=()) for s in seats)
        first = config.first or seats[0]
        team = team_message(config.words[TEAM])
    state = GameState(
        edition=edition, config=config, board=edition.start, players=players,
        turn=Turn(seat=first, base_budget=NO_BUDGET), first=first, message=team,
        post_office_goal=0 if junior else ROUTES[config.route],
    )
    selected = () if junior else _selected(edition)
    if tracked:
        bag = [j for j in edition.jacquards if j not in selected]
        state = replace(state, bag=shuffled(bag, config.seed, "bag/0"))
    if tracked and (junior or config.has("night_shift")):
        state = replace(state, fault_deck=shuffled(edition.deck("fault"), config.seed, "faults"))
    if not junior:
        state = _lay_out_reports(state, selected)
    hand = HAND_SIZE[config.mode]
    for seat in seats:  # the first deal reveals nothing for fault stamps
        for _ in range(hand):
            state, card = take_from_bag(state)
            state = give(state, seat, card)
    if config.mode == "race":
        state, card = take_from_bag(state)
        state = give(state, first, card)  # the first player starts with two
    return state


LOGS_LAID = 2  # Operator's Log cards laid out, each with a jacquard from the bag


def jacquards_dealt(mode: str, seats: int, selected: int) -> int:
    """How many jacquards the set-up of ``mode`` deals with ``seats`` players: what
    :func:`new_coop_game` (and the competitive deal) take from the deck before the first turn."""
    n = HAND_SIZE[mode] * seats
    if mode in ("race", "solitaire"):
        n += selected + LOGS_LAID
    return n + (1 if mode == "race" else 0)  # the race's first player starts with two


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
