"""The header line: what a journal may say about its game, checked key by key, and the header
of a new game."""

from __future__ import annotations

import difflib
import json

from ..base.clock import SystemClock
from ..game.core.config import GameConfig, config_from_record
from ..game.core.computer import computer_problem
from ..game.core.names import names_problem
from ..game.core.registry import game_for
from ..game.core.table import SEATS
from .errors import JournalError
from .lines import CLOCKED, FORMAT, FORMATS, MAGIC, _quote

# Keys a header may carry; the ones in DEFAULTS may be left out of a hand-written script.
HEADER_REQUIRED = ("journal", "format", "seats", "words")
HEADER_DEFAULTS = {"mode": "competitive", "hands": "tracked", "seed": 0, "variants": []}
# route/first/express_seconds: options of the Clacks modes (ClacksConfig); rounds: how many won
# rounds end a KLACKERS game (KlackersConfig). Each game's set-up writes and reads its own.
# names: the players' names, seat -> name (GameConfig.names), when the table gave any.
# computer: the seats the computer plays, seat -> strength (GameConfig.computer), when any.
# hints: whether the board hinted (GameConfig.hints), when it plays a game with hints; absent: unknown.
# box/target/guild_cards: a Guards! Guards! game's edition (its whole TOML text, so the journal
# replays with the very cards it was played with), spells to win, each seat's Guild card.
HEADER_OPTIONAL = ("route", "first", "express_seconds", "rounds", "names", "computer", "hints", "box", "target", "guild_cards",
                   "edition", "edition_name", "rules", "config", "created", "note", "crc")
HEADER_KEYS = HEADER_REQUIRED + tuple(HEADER_DEFAULTS) + HEADER_OPTIONAL


def _suggest(key: str) -> str:
    close = difflib.get_close_matches(key, HEADER_KEYS, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _is_int(v) -> bool:
    return type(v) is int  # not bool, not float


def _str_list(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def check_header(obj, line: int = 1) -> dict:
    """Check the header's keys and types; return it with the defaults filled in.

    Whether the game itself can be set up (seats, words) is for ``new_game`` to say.
    """
    def bad(msg):
        return JournalError(line, f"header: {msg}")

    if not isinstance(obj, dict) or obj.get("journal") != MAGIC:
        raise JournalError(line, 'the first line must be the header, a JSON object starting '
                                 f'{{"journal": "{MAGIC}", "format": {FORMAT}, ...}}; got '
                                 f"{_quote(json.dumps(obj).encode())}")
    for key in obj:
        if key not in HEADER_KEYS:
            raise bad(f"unknown key {key!r}{_suggest(key)}; a header has {', '.join(HEADER_KEYS)}")
    for key in HEADER_REQUIRED:
        if key not in obj:
            raise bad(f"the key {key!r} is missing")
    h = {**HEADER_DEFAULTS, **obj}
    h.pop("crc", None)
    if not _is_int(h["format"]) or h["format"] < 1:
        raise bad(f"format {h['format']!r} must be a whole number ({FORMAT} for this program)")
    if h["format"] not in FORMATS:
        raise bad(f"format {h['format']} was written by another version of clacks-hw; "
                  f"this one reads formats {', '.join(map(str, FORMATS[:-1]))} and {FORMATS[-1]}")
    for key in ("mode", "hands", "route", "edition", "edition_name", "config", "created", "note", "box"):
        if key in h and not isinstance(h[key], str):
            raise bad(f"{key} {h[key]!r} must be a string")
    try:
        game = game_for(h["mode"])
    except KeyError as exc:
        raise bad(f"the game cannot be set up: mode {h['mode']!r}: {exc.args[0]}") from None
    if "rules" in h and (not _is_int(h["rules"]) or h["rules"] != game.rules_version):
        raise bad(f"rules version {h['rules']!r} differs from this engine's rules version "
                  f"{game.rules_version} of {game.name}; the game would not replay the same")
    if h.get("first") is not None and not isinstance(h["first"], str):
        raise bad(f"first {h['first']!r} must be a seat or null")
    if "hints" in h and not isinstance(h["hints"], bool):
        raise bad(f"hints {h['hints']!r} must be true or false (did the board hint?), or left out when not known")
    if "target" in h and (not _is_int(h["target"]) or h["target"] < 1):
        raise bad(f"target {h['target']!r} must be a whole number of Great Spells, 1 or more")
    if "guild_cards" in h and not (isinstance(h["guild_cards"], dict)
                                   and all(isinstance(v, str) for v in h["guild_cards"].values())):
        raise bad(f"guild_cards {h['guild_cards']!r} must map seats to Guild card ids, like {{\"S\": \"THI1\"}}")
    if "rounds" in h and (not _is_int(h["rounds"]) or h["rounds"] < 1):
        raise bad(f"rounds {h['rounds']!r} must be a whole number, 1 or more")
    es = h.get("express_seconds")
    if es is not None and (isinstance(es, bool) or not isinstance(es, (int, float)) or not 10 <= es <= 600):
        raise bad(f"express_seconds {es!r} must be a number of seconds from 10 to 600")
    if not _is_int(h["seed"]):
        raise bad(f"seed {h['seed']!r} must be a whole number")
    if not _str_list(h["seats"]) or not h["seats"] or not set(h["seats"]) <= set(SEATS):
        # checked here, so a game's set-up message never repeats a seat's raw characters
        raise bad(f"seats {h['seats']!r} must be a list of seats like [\"S\", \"N\"], each one of {', '.join(SEATS)}")
    if not _str_list(h["variants"]):
        raise bad(f"variants {h['variants']!r} must be a list like [\"express\"]")
    words = h["words"]
    if not isinstance(words, dict):
        raise bad(f"words {words!r} must map each seat to its word(s), like {{\"S\": [\"AHMED\"]}}")
    norm = {}
    for seat, w in words.items():
        if isinstance(w, str):  # a convenience for scripts: "AHMED" or "AHMED ADORA"
            w = w.split()
        if not _str_list(w):
            raise bad(f"words for seat {seat!r} {words[seat]!r} must be a list of words")
        norm[seat] = w
    h["words"] = norm
    names = h.get("names", {})
    why = names_problem(names, h["seats"])
    if why:
        raise bad(f"names {names!r}: {why}")
    why = computer_problem(h.get("computer", {}), h["seats"])
    if why:
        raise bad(f"computer {h['computer']!r}: {why}")
    return h


def make_header(edition, config: GameConfig, *, config_hash: str | None = None,
                created: str | None = None) -> dict:
    """The header line for a new game played with ``edition`` (its fingerprint and name are
    recorded; ``created`` defaults to now, UTC, read through the clock seam)."""
    h = {
        # An Express game's journal also keeps its turn clock (clock lines), so it says format 3;
        # every other game stays readable by the versions before clock lines.
        "journal": MAGIC, "format": CLOCKED if "express" in config.variants else FORMAT,
        "rules": config.game.rules_version, **config.record(),
        "edition": edition.fingerprint, "edition_name": edition.name, **config.options_record(),
        **config.names_record(), **config.hints_record(), **config.computer_record(),
    }
    if config_hash is not None:
        h["config"] = config_hash
    h["created"] = created if created is not None else SystemClock().wall().isoformat(timespec="seconds")
    return h


def config_from_header(header: dict) -> GameConfig:
    """The set-up a checked header describes (its game reads its own options); SetupError when
    the game cannot take them."""
    return config_from_record(header)
