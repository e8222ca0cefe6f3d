"""A game of Guards! Guards! as the board keeps it: each player's ledger, the secret saboteurs,
the spell runs, the dragons, and the test waiting for its die. An immutable value, like every
engine's state; config.py has the set-up and the edition.

The board does not see the map: the players move their pieces there and tell it what their
piece does (recruit here, pass the Guild House, stop at a Hospital); it keeps what a table gets
wrong or slows down on, and the secrets.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.table import next_seat
from .config import GuardsConfig
from .edition import GuardsEdition


class Turn(NamedTuple):
    """Whose turn, and the how-manyth turn of the game (what the board logs and resumes)."""

    seat: str
    number: int


class Saboteur(NamedTuple):
    """A Brethren volunteer planted face down: secret from everybody but its owner."""

    card: str
    quadrant: str
    item: str | None = None


class Player(NamedTuple):
    seat: str
    card: str  # the Guild card held
    guild: str  # its Guild: the Guild House's quadrant
    dollars: int
    magic: int
    guild_level: int
    charm: int  # before the Pox's -1
    spells: tuple[str, ...]  # the five to return (from the Guild card)
    returned: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()  # volunteers held (secret from the others)
    items: tuple[str, ...] = ()  # Odds & Sods carried, not equipped (secret)
    scrolls: tuple[str, ...] = ()  # Curses & Cures held (secret until cast)
    saboteurs: tuple[Saboteur, ...] = ()  # secret
    points: int = 0  # attribute points won at a Wizard's Challenge, not yet spent
    pox: bool = False
    injuries: int = 0  # other ailments the Hospital cures (a Luggage hit, ...)
    confined: str = ""  # "", "hospital" or "watch": where the player waits
    misses: int = 0  # turns still to miss
    turns: int = 0  # own turns begun
    visited: int = -9  # own turn of the last Guild House payment or purchase

    @property
    def charm_now(self) -> int:
        """"lose one point from their current Charm level until cured" (The Pox)."""
        return self.charm - self.pox

    def attribute(self, name: str) -> int:
        return {"magic": self.magic, "guild": self.guild_level, "charm": self.charm_now}[name]


class Run(NamedTuple):
    """A Great Spell on its way to the owner's Start Gate, quadrant by quadrant."""

    seat: str
    spell: str
    runners: tuple[tuple[str, str | None], ...]  # (volunteer, item) carrying it, or escorting the final
    route: tuple[str, ...]  # the quadrants announced, spell tile's first, Start Gate's last
    at: int = 0  # index in route of the quadrant the runners are in; len(route): at the gate
    final: bool = False
    passed: tuple[str, ...] = ()  # the tests of this challenge already passed (challenge 4, the final)
    started: bool = True  # a final run starts walking on the owner's next turn

    @property
    def at_gate(self) -> bool:
        return self.at >= len(self.route)

    @property
    def quadrant(self) -> str | None:
        return None if self.at_gate else self.route[self.at]


class Pending(NamedTuple):
    """A test the rules have set, waiting for its die (rolled by the board or typed in)."""

    kind: str  # what is tested: rules.RESOLVE has its resolver
    seat: str  # who rolls
    base: int  # what the die is added to
    target: int | None  # the total that passes (None: a highest-roll contest)
    chain: bool = False  # a natural 8 re-rolls and adds (Wizards' Challenges, combat)
    dice: tuple[int, ...] = ()  # rolled so far (only 8s, until the last)
    data: tuple = ()  # what the resolver needs: (key, value) pairs

    def get(self, key, default=None):
        return dict(self.data).get(key, default)


class Prompt(NamedTuple):
    """A question the board waits for: each seat in ``seats`` answers (privately, when ``kind``
    is "sabotage"), and ``answers`` keeps what they said."""

    kind: str  # "sabotage", "defend", "replant", "muster"
    seats: tuple[str, ...]
    answers: tuple[tuple[str, tuple], ...] = ()
    data: tuple = ()

    def get(self, key, default=None):
        return dict(self.data).get(key, default)

    def answered(self, seat: str) -> bool:
        return any(s == seat for s, _ in self.answers)


class Judged(NamedTuple):
    """The last test the board judged, for the screens: who, what, the dice, the total."""

    seat: str
    kind: str
    dice: tuple[int, ...]
    total: int
    target: int | None
    passed: bool


class Fight(NamedTuple):
    """Volunteers facing the dragon of ``quadrant``."""

    quadrant: str
    dragon: str
    sent: tuple[tuple[str, str, str | None], ...] = ()  # (seat, volunteer, item)
    final: bool = False  # the fourth dragon: losing ends the game for everyone
    left: tuple[tuple[str, str], ...] = ()  # toughness tests still to roll: (seat, volunteer)


class GuardsState(NamedTuple):
    config: GuardsConfig
    players: tuple[Player, ...]
    seat: str  # whose turn
    number: int = 1  # the how-manyth turn of the game
    round: int = 1
    acted: bool = False  # something was done this turn (a saboteur is planted only at its start)
    recalled: bool = False  # a saboteur was recalled this turn
    pending: Pending | None = None
    prompt: Prompt | None = None
    runs: tuple[Run, ...] = ()
    dragons: tuple[tuple[str, str], ...] = ()  # (quadrant, dragon)
    fight: Fight | None = None
    run_round: tuple[int, str] = (0, "")  # (round, seat) of the last spell run announced
    bonus: str = ""  # a natural 8 won one more recruit from this deck
    failed: str = ""  # the volunteer whose Charm roll just failed (a bribe may follow)
    free: str = ""  # the Tavern sent a volunteer of this deck: the next recruit from it joins
    done: tuple[str, ...] = ()  # what was done this turn that may be done once: "recruit", "guild_house", ...
    owed: tuple[str, ...] = ()  # volunteers recruited this turn while the player's run waits at the gate (owed.py)
    discards: tuple[str, ...] = ()  # the volunteers in the discard piles, each its deck's (piles.py)
    face_up: tuple[str, ...] = ()  # volunteers laid face up by a failed recruit, not recruited since (piles.py)
    rolls: int = 0  # dice the board has rolled (the n-th roll's own seeded draw)
    last: Judged | None = None
    ended: str = ""  # "", "won", "dragons" (everybody lost), "stopped"
    winners: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self.ended)

    @property
    def winner(self) -> str | None:
        return " and ".join(self.winners) or None

    @property
    def turn(self) -> Turn:
        return Turn(self.seat, self.number)

    @property
    def edition(self) -> GuardsEdition:
        return self.config.box

    def player(self, seat: str) -> Player:
        return self.players[self.config.seats.index(seat)]

    def with_player(self, p: Player) -> GuardsState:
        i = self.config.seats.index(p.seat)
        return self._replace(players=self.players[:i] + (p,) + self.players[i + 1:])

    def run_of(self, seat: str) -> Run | None:
        return next((r for r in self.runs if r.seat == seat), None)

    def with_run(self, seat: str, run: Run | None) -> GuardsState:
        runs = tuple(r for r in self.runs if r.seat != seat)
        return self._replace(runs=runs + ((run,) if run is not None else ()))

    def dragon_in(self, quadrant: str) -> str | None:
        return dict(self.dragons).get(quadrant)

    def next_seat(self, seat: str) -> str:
        return next_seat(self.config.seats, seat)
