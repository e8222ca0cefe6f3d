"""Every message between boards and a hall, as a schema: what is not described here is refused.

Decoded with msgspec in one pass: strict JSON (``NaN``, ``Infinity`` and a number too large for
a float are errors, so is invalid UTF-8 or a lone surrogate), each number in its range, each
string bounded and free of characters that end a line or hide (controls, bidirectional
overrides, zero-width), each list and mapping bounded, every field known (an unknown one is an
error before anything under it is read, so no message nests deeper than the schema does). A
message is a bounded number of bytes before it is even parsed (:data:`MAX_BYTES`). The hall
keeps the decoded objects, so what it shows and stores can only be what is written here.

docs/shows.md lists the messages; ``msgspec.json.schema`` gives them as JSON Schema.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from ..daemon.screen_names import SCREENS
from ..base.errors import ClacksError
from ..game.core.catalogue import modes, old_names, variants
from ..game.core.table import TOWER_BUTTONS

VERSION = 1
# Patterns end with \Z, not $: Python's $ also matches before a final newline.
# Characters a shown string may not hold: controls (Cc), line and paragraph separators (Zl, Zp),
# invisible format characters (Cf: bidirectional overrides, zero-width), private use (Co) and
# lone surrogates (Cs). tests/mqtt/test_schema.py checks the list against Unicode's categories.
_HIDDEN = ("\x00-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
           "\u2028-\u202e\u2060-\u2064\u2066-\u206f\ud800-\uf8ff\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
           "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
           "\U000f0000-\U0010ffff")
PLAIN = f"^[^{_HIDDEN}]*\\Z"
MAX_BYTES = {"status": 2048, "state": 32768, "alive": 512, "result": 4096, "receipt": 32768,
             "hall": 512}  # a whole signed message, by kind

Seat = Literal["S", "W", "N", "E"]
# Every game installed (game/core/catalogue.py), and a mode's old name, which a board of an
# older version still sends: read as the name now (_NewName).
Mode = Literal[modes() + tuple(old_names())]  # type: ignore[valid-type]
Variant = Literal[tuple(sorted({v for vs in variants().values() for v in vs}))]  # type: ignore[valid-type]
Tower = Literal[tuple(TOWER_BUTTONS)]  # type: ignore[valid-type]
Screen = Literal[("starting",) + SCREENS]  # type: ignore[valid-type]
Signal = Annotated[str, Meta(pattern=r"^(?:[A-Z]|SPACE|END)\Z")]
Word = Annotated[str, Meta(pattern=r"^[A-Z]{1,24}(?: [A-Z]{1,24})?\Z")]  # one word, or two (Long Message)
Winner = Annotated[str, Meta(pattern=r"^(?:team|post_office|[SWNE](?: and [SWNE]){0,3})\Z")]
# A player's name as the table gave it: letters of any alphabet, digits, and . ' - or single
# spaces inside; starting with a letter or digit (no spreadsheet formula), 1-16 characters.
Name = Annotated[str, Meta(max_length=16, pattern=r"^[^\W_](?:[^\W_]|[.'-]| (?=[^ ]))*\Z")]
Lamps = Annotated[str, Meta(pattern=r"^[01]{16}\Z")]
GameId = Annotated[str, Meta(pattern=r"^n[0-9]{1,9}-[0-9a-f]{8}\Z")]
Boot = Annotated[str, Meta(pattern=r"^[0-9a-f]{16}\Z")]
# 32 bytes, base64url unpadded, spelt the one way signing.py writes them: the last character's
# two spare bits zero (its place in the alphabet a multiple of 4)
PublicKey = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]\Z")]
PageUrl = Annotated[str, Meta(max_length=300, pattern=r"^https?://[A-Za-z0-9.:\[\]-]{1,260}/\Z")]
Wall = Annotated[float, Meta(ge=0, le=1e10)]  # a board's clock, Unix seconds (a Pi may boot in 1970)
Count = Annotated[int, Meta(ge=0, le=1_000_000)]
Small = Annotated[int, Meta(ge=0, le=64)]
Chips = Annotated[int, Meta(ge=-10_000, le=10_000)]
Points = Annotated[int, Meta(ge=0, le=10_000)]


def text(n: int):
    return Annotated[str, Meta(max_length=n, pattern=PLAIN)]


class Strict(Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    """A message part: every field known, defaults left out when encoding."""


# -- a board's status: online (its birth message) or offline (its last will) ---------------------
class BoardStatus(Strict):
    status: Literal["online", "offline"]
    boot: Boot  # new every time the board's link starts
    key: PublicKey  # the key it signs with: shown to the exhibitor while the hall does not know it
    page: PageUrl | None = None  # the board's own live page, if visitors can reach it
    version: text(32) = ""


class Alive(Strict):
    boot: Boot
    seq: Count
    pending: Small = 0  # finished games the hall has not yet given a receipt for


# -- a board's state: what the hall draws of it ------------------------------------------------------
class Health(Strict):
    reader: Literal["ok", "offline", "failing", "none"]
    leds: Literal["ok", "failing"]


class Storage(Strict):
    state: Literal["ok", "full", "failing"]
    text: text(300) = ""


class Express(Strict):
    seconds_left: Annotated[float, Meta(ge=0, le=600)]
    seconds: Annotated[float, Meta(ge=1, le=600)]


class Traits(Strict):
    pawns: bool = False
    team: bool = False
    routes: bool = False
    dice: bool = False
    label: text(40) = ""  # what pages call the game


class Summary(Strict):
    """A glance at the table, as the game object puts it: whose turn and what they do, how far
    the game is; once over, who won and how."""

    seat: Seat | None = None
    doing: text(40) = ""
    progress: text(60) = ""
    winners: Annotated[list[Seat], Meta(max_length=4)] = []
    result: text(120) = ""


class Outcome(Strict):
    """How the game ended: the engine's code, and why in the board's words (views/moments.py)."""

    code: text(40)
    why: text(120) = ""


class TowerView(Strict):
    pawns: Annotated[list[Seat], Meta(max_length=4)] = []
    dwarf: bool = False
    route: bool = False
    seat: Seat | None = None
    half: bool = False


Letters = Annotated[list[tuple[Signal, bool]], Meta(max_length=64)]


class PlayerView(Strict):
    word: Word | None = None  # team games: the team sends one message
    sent: Small = 0
    signals: Small = 0
    next: Signal | None = None
    tower: Tower | Small | None = None  # the Junior Race counts towers along the seat's route
    hand_count: Small = 0
    sabotaged: bool = False
    route: Literal["easy", "hard"] | None = None
    letters: Letters = []


class _NewName:
    def __post_init__(self) -> None:
        if self.mode in old_names():
            msgspec.structs.force_setattr(self, "mode", old_names()[self.mode])


class Position(_NewName, Strict):
    mode: Mode
    game: Traits = Traits()
    variants: Annotated[list[Variant], Meta(max_length=8)] = []
    turn: Seat | None = None
    actions: Count | None = None
    winner: Winner | None = None
    variant_labels: Annotated[list[text(40)], Meta(max_length=8)] = []
    lamps: Lamps | None = None  # as the board lights them, whatever the game
    names: Annotated[dict[Seat, Name], Meta(max_length=4)] = {}
    summary: Summary | None = None
    outcome: Outcome | None = None  # once over
    # the card games, on the lamps
    board: Lamps | None = None
    turn_number: Count | None = None
    budget: Small | None = None
    budget_left: Small | None = None
    players: Annotated[dict[Seat, PlayerView], Meta(max_length=4)] = {}
    letters: Letters = []  # the team's message
    signals_sent: Small | None = None
    route: Literal["easy", "hard"] | None = None
    post_office: Small | None = None
    post_office_goal: Small | None = None
    dwarf: Tower | None = None
    towers: Annotated[dict[Tower, TowerView], Meta(max_length=12)] = {}
    # KLACKERS, the dice game
    seats: Annotated[list[Seat], Meta(max_length=4)] = []
    phase: Literal["opening", "turn", "over"] | None = None
    round: Count | None = None
    rounds: Small | None = None
    rounds_won: Small | None = None
    worth: Small | None = None
    numbers: Annotated[list[Annotated[int, Meta(ge=1, le=12)]], Meta(max_length=12)] = []
    dice: Annotated[list[Annotated[int, Meta(ge=1, le=6)]], Meta(max_length=2)] = []
    scores: Annotated[dict[Seat, Points], Meta(max_length=4)] = {}
    chips: Annotated[dict[Seat, Chips], Meta(max_length=4)] = {}
    winners: Annotated[list[Seat], Meta(max_length=4)] = []


class BoardState(Strict):
    screen: Screen
    demo: bool = False  # the board plays its attract demo: nobody's game, never a result
    started: Wall | None = None  # the board's clock when the game on it began
    screen_label: text(40) = ""
    notice: text(300) = ""
    health: Health | None = None
    storage: Storage | None = None
    express: Express | None = None
    position: Position | None = None


# -- a finished game --------------------------------------------------------------------------------
class Result(_NewName, Strict):
    game: GameId  # stable: the journal's number on the board and its header's checksum
    mode: Mode
    seats: Annotated[list[Seat], Meta(max_length=4)]  # empty only for a result kept from the first hall
    winner: Winner | None  # None: nobody won (abandoned games are never results)
    actions: Count
    variants: Annotated[list[Variant], Meta(max_length=8)] = []
    hints: bool | None = None  # did the board hint? None: not known (a journal from before it was recorded)
    words: Annotated[dict[Seat, Word], Meta(max_length=4)] = {}
    names: Annotated[dict[Seat, Name], Meta(max_length=4)] = {}  # the players, as the table named them
    turns: Count | None = None  # rounds, in KLACKERS
    started: Wall | None = None  # the board's clock when the game began (its journal's header)
    seconds: Annotated[float, Meta(ge=0, le=7 * 86_400)] | None = None  # first to last line

    def __post_init__(self) -> None:
        super().__post_init__()
        # A winner is one of the table's seats (or the team, or the post office): a result whose
        # winner was not at the table counts for nobody and is refused with the reason.
        if self.seats and self.winner and self.winner not in ("team", "post_office"):
            away = [s for s in self.winner.split(" and ") if s not in self.seats]
            if away:
                raise ValueError(f"the winner {', '.join(away)} is not at the table (seats {' '.join(self.seats)})")


# -- the hall's messages to the boards --------------------------------------------------------------
RECEIPT_GAMES = 1024  # a receipt names at most this many of a board's games


class Receipt(Strict):
    """The games the hall holds from one board (its newest ones), so the board stops sending them."""

    games: Annotated[list[GameId], Meta(max_length=RECEIPT_GAMES)]


class HallStatus(Strict):
    status: Literal["online", "offline"]
    boot: Boot


class Ping(Strict):
    boot: Boot
    seq: Count


SCHEMAS = {"status": BoardStatus, "state": BoardState, "alive": Alive, "result": Result,
           "receipt": Receipt, "hall": HallStatus, "ping": Ping}
_DECODERS = {kind: msgspec.json.Decoder(t) for kind, t in SCHEMAS.items()}
_ENCODER = msgspec.json.Encoder()


class BadMessage(ClacksError, ValueError):
    """A message the schema refuses; the text says what and where (``$.position.board``)."""


def decode(kind: str, data: bytes):
    """The message of ``kind`` in ``data`` (JSON bytes), checked; BadMessage otherwise."""
    try:
        return _DECODERS[kind].decode(data)
    except msgspec.ValidationError as exc:
        raise BadMessage(str(exc)) from None
    except msgspec.DecodeError as exc:
        raise BadMessage(f"not strict JSON: {exc}") from None
    except UnicodeDecodeError as exc:  # msgspec's own error for a string or key of invalid UTF-8
        raise BadMessage(f"not strict JSON: not UTF-8 text (byte {exc.start} of a string)") from None


def convert(kind: str, data):
    """The message of ``kind`` from plain Python data (a stored row), checked; BadMessage otherwise."""
    try:
        return msgspec.convert(data, SCHEMAS[kind])
    except msgspec.ValidationError as exc:
        raise BadMessage(str(exc)) from None


def encode(message: Struct) -> bytes:
    return _ENCODER.encode(message)


def to_data(message: Struct):
    """Plain dicts and lists (for the page's JSON and the store)."""
    return msgspec.to_builtins(message)
