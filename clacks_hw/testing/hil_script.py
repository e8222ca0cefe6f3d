"""HIL scripts: a line-based file of board inputs, waits and expectations (docs/hil.md).

Parsing is separate from running, so every line is checked before the board starts: a
malformed script is reported as ``FILE:LINE: what was expected`` (with a did-you-mean for an
unknown button, card, seat, colour or command) and nothing runs.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from clacks_hw.drivers.frame import SEATS, TOWERS
from clacks_hw.game.edition_files import default_edition

from ..errors import ClacksError
from .colours import COLOURS, parse_colour

BUTTONS = TOWERS + ("PREV", "NEXT", "TURN", "PLAY", "BACK")
SCREENS = ("attract", "setup", "game", "confirm", "over")
SETTINGS = ("seed", "readers", "set")
# A comment is a '#' alone at the start of a line or between spaces (lamp rows and colours
# such as #... and #FF0000 use the character too).
COMMENT = re.compile(r"(?:^|\s)#(?:\s|$)")
DURATION = re.compile(r"^(\d+(?:\.\d+)?)(ms|s|m)$")

COMMANDS = {
    "press": "press BUTTON  (press and release)",
    "hold": "hold BUTTON DURATION  (e.g. hold PLAY 3s)",
    "down": "down BUTTON",
    "up": "up BUTTON",
    "tap": "tap CARD [at READER]",
    "place": "place CARD [at READER]",
    "remove": "remove [at READER]",
    "tear": "tear CARD [at READER]  (the card is pulled away mid-read)",
    "kill": "kill READER",
    "revive": "revive READER",
    "unplug": "unplug  (the hub's USB cable pulled)",
    "replug": "replug  (plugged back: the hub boots again)",
    "wait": "wait DURATION  (e.g. 250ms, 2s, 1m)",
    "expect": "expect screen|lamps|lamp|button|seat|journal|status ...",
    "seed": "seed N",
    "readers": "readers N  (1..4)",
    "set": "set KEY VALUE  (a config setting, e.g. set game.hands \"tracked\")",
}

EXPECTS = {
    "screen": "expect screen " + "|".join(SCREENS),
    "lamps": "expect lamps ROW ROW ROW ROW  (each 4 of # lit and . dark, e.g. #... .##. .... ...#)",
    "lamp": "expect lamp N COLOUR  (N 0..15)",
    "button": "expect button NAME COLOUR",
    "seat": "expect seat S|W|N|E COLOUR",
    "journal": "expect journal actions N | expect journal last {JSON}",
    "status": "expect status PATH JSON  (e.g. expect status position.turn \"N\")",
}


class ScriptError(ClacksError, ValueError):
    """A malformed script: ``str`` is ``FILE:LINE: message``."""

    def __init__(self, path, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass(frozen=True)
class Step:
    line: int
    text: str  # the line as written, for the run's report
    kind: str
    args: tuple = ()


@dataclass
class Script:
    path: str
    steps: list[Step] = field(default_factory=list)
    seed: int = 3
    readers: int = 1
    overrides: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return Path(self.path).stem


def _did_you_mean(word: str, known, what: str) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.5)
    if close:
        return f"unknown {what} {word!r}: did you mean {close[0]}?"
    return f"unknown {what} {word!r}: one of {', '.join(known)}"


class _Line:
    def __init__(self, path, number: int, body: str) -> None:
        self.path, self.number, self.body = path, number, body
        self.words = body.split()

    def rest(self, n: int) -> str:
        """The line after its first ``n`` words, as written (JSON keeps its spaces)."""
        parts = self.body.split(None, n)
        return parts[n] if len(parts) > n else ""

    def fail(self, message: str):
        raise ScriptError(self.path, self.number, message)

    def count(self, lo: int, hi: int, usage: str) -> None:
        if not lo <= len(self.words) - 1 <= hi:
            self.fail(f"expected: {usage}")

    def duration(self, word: str) -> float:
        m = DURATION.match(word)
        if not m:
            self.fail(f"duration {word!r}: expected a number with ms, s or m (e.g. 250ms, 2s)")
        return float(m.group(1)) * {"ms": 0.001, "s": 1.0, "m": 60.0}[m.group(2)]

    def button(self, word: str) -> str:
        if word.upper() in BUTTONS:
            return word.upper()
        self.fail(_did_you_mean(word.upper(), BUTTONS, "button"))

    def card(self, word: str) -> str:
        cards = _card_ids()
        key = word.upper()
        digits = len(key) - len(key.rstrip("0123456789"))
        padded = key[:len(key) - digits] + key[len(key) - digits:].zfill(2) if digits else key
        for name in (key, padded):
            if name in cards:
                return name
        self.fail(_did_you_mean(key, sorted(cards), "card"))

    def integer(self, word: str, lo: int, hi: int, what: str) -> int:
        if not word.isdigit() or not lo <= int(word) <= hi:
            self.fail(f"{what} {word!r}: expected a whole number {lo}..{hi}")
        return int(word)

    def reader(self, rest: list[str], readers: int) -> int:
        if not rest:
            return 0
        if len(rest) != 2 or rest[0] != "at":
            self.fail(f"expected 'at READER' after the card, found {' '.join(rest)!r}")
        return self.integer(rest[1], 0, readers - 1, "reader")

    def colour(self, word: str):
        try:
            return parse_colour(word)
        except ValueError:
            self.fail(_did_you_mean(word.lower(), list(COLOURS) + ["lit", "#RRGGBB"], "colour"))

    def json(self, text: str, what: str):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            self.fail(f"{what}: expected JSON ({exc.msg} at column {exc.colno}): {text}")


_CARDS: set[str] | None = None


def _card_ids() -> set[str]:
    global _CARDS
    if _CARDS is None:
        e = default_edition()
        _CARDS = set(e.jacquards) | set(e.cards) | {f"W:{w}" for w in e.words}
    return _CARDS


def parse_file(path) -> Script:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScriptError(path, 0, f"cannot read the script: {getattr(exc, 'strerror', None) or exc}") from None
    return parse(text, str(path))


def parse(text: str, path: str = "<script>") -> Script:
    script = Script(path)
    for number, raw in enumerate(text.splitlines(), 1):
        body = COMMENT.split(raw, 1)[0].strip()
        words = body.split()
        if not words:
            continue
        line = _Line(path, number, body)
        kind = words[0].lower()
        if kind not in COMMANDS:
            line.fail(_did_you_mean(kind, COMMANDS, "command"))
        if kind in SETTINGS:
            if script.steps:
                line.fail(f"'{kind}' must come before the first input or expectation")
            _setting(script, line, kind)
            continue
        script.steps.append(Step(number, body, kind, _args(script, line, kind)))
    if not script.steps:
        raise ScriptError(path, 1, "the script has no steps: expected lines such as 'press PLAY' or 'wait 2s'")
    return script


def _setting(script: Script, line: _Line, kind: str) -> None:
    w = line.words
    if kind == "seed":
        line.count(1, 1, COMMANDS["seed"])
        script.seed = line.integer(w[1], 0, 2**31, "seed")
    elif kind == "readers":
        line.count(1, 1, COMMANDS["readers"])
        script.readers = line.integer(w[1], 1, 4, "readers")
    else:
        if len(w) < 3:
            line.fail(f"expected: {COMMANDS['set']}")
        script.overrides[w[1]] = line.json(line.rest(2), f"the value of {w[1]}")


def _args(script: Script, line: _Line, kind: str) -> tuple:
    w = line.words
    if kind in ("press", "down", "up"):
        line.count(1, 1, COMMANDS[kind])
        return (line.button(w[1]),)
    if kind == "hold":
        line.count(2, 2, COMMANDS[kind])
        return (line.button(w[1]), line.duration(w[2]))
    if kind in ("tap", "place", "tear"):
        line.count(1, 3, COMMANDS[kind])
        return (line.card(w[1]), line.reader(w[2:], script.readers))
    if kind == "remove":
        line.count(0, 2, COMMANDS[kind])
        return (line.reader(w[1:], script.readers),)
    if kind in ("unplug", "replug"):
        line.count(0, 0, COMMANDS[kind])
        return ()
    if kind in ("kill", "revive"):
        line.count(1, 1, COMMANDS[kind])
        return (line.integer(w[1], 0, script.readers - 1, "reader"),)
    if kind == "wait":
        line.count(1, 1, COMMANDS[kind])
        return (line.duration(w[1]),)
    return _expect(line)


def _expect(line: _Line) -> tuple:
    w = line.words
    if len(w) < 2:
        line.fail(f"expected: {COMMANDS['expect']}")
    what = w[1].lower()
    if what not in EXPECTS:
        line.fail(_did_you_mean(what, EXPECTS, "expectation"))
    usage = EXPECTS[what]
    if what == "screen":
        line.count(2, 2, usage)
        if w[2] not in SCREENS:
            line.fail(_did_you_mean(w[2], SCREENS, "screen"))
        return ("screen", w[2])
    if what == "lamps":
        rows = w[2:]
        if len(rows) != 4 or any(len(r) != 4 or set(r) - {"#", "."} for r in rows):
            line.fail(f"expected: {usage}")
        return ("lamps", "".join(rows))
    if what == "lamp":
        line.count(3, 3, usage)
        return ("lamp", line.integer(w[2], 0, 15, "lamp"), line.colour(w[3]))
    if what == "button":
        line.count(3, 3, usage)
        if w[2].upper() not in TOWERS:
            line.fail(_did_you_mean(w[2].upper(), TOWERS, "lit button"))
        return ("button", w[2].upper(), line.colour(w[3]))
    if what == "seat":
        line.count(3, 3, usage)
        if w[2].upper() not in SEATS:
            line.fail(_did_you_mean(w[2].upper(), SEATS, "seat"))
        return ("seat", w[2].upper(), line.colour(w[3]))
    if what == "journal":
        if len(w) >= 3 and w[2] == "actions":
            line.count(3, 3, usage)
            return ("journal_count", line.integer(w[3], 0, 10**6, "actions"))
        if len(w) >= 4 and w[2] == "last":
            value = line.json(line.rest(3), "expect journal last")
            if not isinstance(value, dict):
                line.fail("expect journal last: expected a JSON object such as {\"act\": \"move\"}")
            return ("journal_last", value)
        line.fail(f"expected: {usage}")
    if len(w) < 4:
        line.fail(f"expected: {usage}")
    return ("status", w[2], line.json(line.rest(3), f"the value of {w[2]}"))
