"""HIL scripts: a line-based file of board inputs, waits and expectations (docs/hil.md).

The language is the table :data:`FORMS`: one usage line per form (``tap CARD [at READER]``),
read by one matcher. Lower-case words are keywords, upper-case words are read by the function
:data:`WORDS` names for them (from :mod:`.script_words`), ``[...]`` is optional and a last
word ending in ``...`` takes the rest of the line as written (JSON keeps its spaces). The
usage lines are also what error messages quote, so the two cannot drift apart.

``parse_script(text)`` is pure: a :class:`Script` or a :class:`ScriptError` (``FILE:LINE:
what was expected``, with a did-you-mean for an unknown command, key, button, card, seat or
colour), never another exception; it is the entry point to fuzz. Every script is bounded:
its size, its lines, its number of steps and the time its waits describe (the constants below,
stated in docs/hil.md), so a script always ends and nothing runs before all of it is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..base.errors import ClacksError
from ..base.regular_file import NotRegular, TooLarge, read_regular
from ..base.unsafe_chars import first_unsafe
from .hil_words import MAX_WAIT_S, WORDS, Context
from .rig_settings import settings_problems
from .script_words import WordError, did_you_mean, quote

MAX_BYTES = 1 << 20  # a script of 5,000 steps is ~200 KiB
MAX_LINE = 4096  # characters on one line, comment included
MAX_STEPS = 5000
MAX_TOTAL_WAIT_S = 3600.0  # all of a script's waits and holds together
SPACE = re.compile(r"[ \t]+")  # words are split on these only, never on other Unicode spaces
# A comment is a '#' alone at the start of a line or between spaces (lamp rows and colours
# such as #... and #FF0000 use the character too).
COMMENT = re.compile(r"(?:^|[ \t])#(?:[ \t]|$)")

# (usage, example or note): the whole language. Settings first, then inputs, then expectations.
FORMS = (
    ("seed SEED", "the deal's random seed; default 3"),
    ("readers READERS", "readers on the hub, 1..4; default 1"),
    ("set KEY VALUE...", 'a config setting, VALUE in JSON: set game.hands "physical"'),
    ("press BUTTON", "press and release"),
    ("hold BUTTON DURATION", "hold PLAY 3s"),
    ("down BUTTON", ""),
    ("up BUTTON", ""),
    ("tap CARD [at READER]", "placed until the hub has reported it, then away"),
    ("place CARD [at READER]", ""),
    ("remove [at READER]", ""),
    ("tear CARD [at READER]", "the card is pulled away mid-read"),
    ("kill READER", ""),
    ("revive READER", ""),
    ("unplug", "the hub's USB cable pulled"),
    ("replug", "plugged back: the hub boots again"),
    ("wait DURATION", "250ms, 2s, 1.5s, 1m"),
    ("expect screen SCREEN", ""),
    ("expect lamps ROW ROW ROW ROW", "each 4 of # lit and . dark: #... .##. .... ...#"),
    ("expect lamp LAMP COLOUR", "LAMP 0..15"),
    ("expect button TOWER COLOUR", ""),
    ("expect seat SEAT COLOUR", ""),
    ("expect journal actions COUNT", ""),
    ("expect journal last OBJECT...", '{"act": "move", "tower": "R2"}'),
    ("expect status PATH JSON...", 'expect status position.turn "N"'),
)
SETTINGS = ("seed", "readers", "set")
__all__ = ["FORMS", "MAX_BYTES", "MAX_LINE", "MAX_STEPS", "MAX_TOTAL_WAIT_S", "MAX_WAIT_S", "Script",
           "ScriptError", "Step", "parse", "parse_bytes", "parse_file", "parse_script"]
WHATS = {"": "command", "expect": "expectation", "expect journal": "journal expectation"}


class ScriptError(ClacksError, ValueError):
    """A malformed script: ``str`` is ``FILE:LINE: message``."""

    def __init__(self, path, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass(frozen=True)
class Step:
    line: int
    text: str  # the line as written, for the run's report
    kind: str  # the form's keywords: "press", "expect lamp", "expect journal last"
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

    @property
    def waited_s(self) -> float:
        """The board time the script's waits and holds describe (summed in whole milliseconds,
        the durations' resolution, so 0.999 s + 0.001 s is exactly 1 s)."""
        return sum(round(s.args[-1] * 1000) for s in self.steps if s.kind in ("wait", "hold")) / 1000


@dataclass(frozen=True)
class Form:
    usage: str
    note: str
    keywords: tuple[str, ...]  # the leading lower-case words
    pattern: tuple  # what follows: WORD, ("at", WORD) for an optional group, or "WORD..."

    @property
    def kind(self) -> str:
        return " ".join(self.keywords)

    @property
    def hint(self) -> str:
        return f"expected: {self.usage}" + (f"  ({self.note})" if self.note else "")


def _form(usage: str, note: str) -> Form:
    words = re.findall(r"\[[^\]]*\]|\S+", usage)
    keywords = tuple(w for w in words if w.islower() and not w.startswith("["))
    pattern = tuple(tuple(w[1:-1].split()) if w.startswith("[") else w for w in words[len(keywords):])
    return Form(usage, note, keywords, pattern)


GRAMMAR = tuple(_form(u, n) for u, n in FORMS)


def parse_script(text: str, path: str = "<script>") -> Script | ScriptError:
    """``text`` as a :class:`Script`, or the first problem in it as a :class:`ScriptError`."""
    try:
        return _parse(text, path)
    except ScriptError as exc:
        return exc


def parse(text: str, path: str = "<script>") -> Script:
    """As :func:`parse_script`, raising the :class:`ScriptError`."""
    result = parse_script(text, path)
    if isinstance(result, ScriptError):
        raise result
    return result


def parse_file(path) -> Script:
    try:
        data = read_regular(path, MAX_BYTES)
    except TooLarge:
        raise ScriptError(path, 0, _TOO_LARGE) from None
    except (NotRegular, OSError) as exc:
        raise ScriptError(path, 0, f"cannot read the script: {getattr(exc, 'strerror', None) or exc}") from None
    result = parse_bytes(data, str(path))
    if isinstance(result, ScriptError):
        raise result
    return result


_TOO_LARGE = f"larger than {MAX_BYTES // 1024} KiB: not a script (a script has at most {MAX_STEPS} steps)"


def parse_bytes(data: bytes, path: str = "<script>") -> Script | ScriptError:
    """A script file's bytes as :func:`parse_script` reads its text (UTF-8, a byte-order mark
    some editors write dropped)."""
    if len(data) > MAX_BYTES:
        return ScriptError(path, 0, _TOO_LARGE)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return ScriptError(path, 0, f"not UTF-8 text (byte {exc.start}): save the script as UTF-8")
    return parse_script(text, path)


def _parse(text: str, path: str) -> Script:
    if len(text) > MAX_BYTES:
        raise ScriptError(path, 0, f"larger than {MAX_BYTES // 1024} KiB: not a script")
    script = Script(path)
    set_on: dict[str, int] = {}  # setting -> the line that set it
    # Lines end at \n only (\r\n too): the numbers match an editor's, whatever else the text holds.
    for number, raw in enumerate(text.split("\n"), 1):
        raw = raw.removesuffix("\r")
        if len(raw) > MAX_LINE:
            raise ScriptError(path, number, f"a line of {len(raw)} characters: at most {MAX_LINE}")
        body = COMMENT.split(raw, 1)[0].strip(" \t")
        if not body:
            continue
        if (bad := _unsafe(body)) is not None:
            raise ScriptError(path, number, f"{bad}: write plain text (such characters may stand only in comments)")
        try:
            form, values = _match(body, Context(script.readers))
        except WordError as exc:
            raise ScriptError(path, number, str(exc)) from None
        if form.kind in SETTINGS:
            _setting(script, path, number, form.kind, values, set_on)
            continue
        if len(script.steps) == MAX_STEPS:
            raise ScriptError(path, number, f"more than {MAX_STEPS} steps: split the script in two")
        if len(script.steps) == 0:
            _check_settings(script, path, set_on)
        script.steps.append(Step(number, body, form.kind, values))
        if form.kind in ("wait", "hold") and script.waited_s > MAX_TOTAL_WAIT_S:
            raise ScriptError(path, number, f"the script's waits and holds add up to more than "
                              f"{MAX_TOTAL_WAIT_S / 60:g} min: split it, or set shorter timers "
                              "(e.g. set game.attract_after_s 10)")
    if not script.steps:
        raise ScriptError(path, 1, "the script has no steps: expected lines such as 'press PLAY' or 'wait 2s'")
    return script


def _unsafe(body: str) -> str | None:
    """The first character outside comments that is not plain, visible text (a tab aside), with
    its column: other tools would read it as a line break, or hide it."""
    if first_unsafe(body.replace("\t", " "), visible=True) is None:
        return None
    column, what = next((n, w) for n, c in enumerate(body, 1) if c != "\t" and (w := first_unsafe(c, visible=True)))
    return f"column {column}: {what}"


def _match(body: str, ctx: Context) -> tuple[Form, tuple]:
    """The form ``body`` is written in, and its values; WordError says what was expected."""
    spans = [(m.group(), m.start()) for m in re.finditer(r"[^ \t]+", body)]
    words = [w for w, _ in spans]
    forms = list(GRAMMAR)
    depth = 0
    while depth < len(words) and any(depth < len(f.keywords) for f in forms):
        word = words[depth].lower()
        known = list(dict.fromkeys(f.keywords[depth] for f in forms if depth < len(f.keywords)))
        if word not in known:
            raise did_you_mean(word, known, WHATS.get(" ".join(words[:depth]).lower(), "word"))
        forms = [f for f in forms if depth < len(f.keywords) and f.keywords[depth] == word]
        depth += 1
    if len(forms) != 1 or depth < len(forms[0].keywords):
        raise WordError("expected: " + " | ".join(f.usage for f in forms))
    form = forms[0]
    # The shape first (every word there, none left over), then what each word says.
    placed, i = [], depth
    for part in form.pattern:
        if isinstance(part, tuple):  # [at READER]: there when its keyword is
            keyword, name = part
            if i < len(words) and words[i].lower() == keyword:
                if i + 1 >= len(words):
                    raise WordError(f"{form.hint}: {name} missing after '{keyword}'")
                placed.append((name, words[i + 1], i + 1))
                i += 2
            else:
                placed.append((name, None, i))  # the reader gives the default
        elif i >= len(words):
            raise WordError(f"{form.hint}: {part.removesuffix('...')} missing")
        elif part.endswith("..."):
            placed.append((part, body[spans[i][1]:], i))
            i = len(words)
        else:
            placed.append((part, words[i], i))
            i += 1
    if i < len(words):
        raise WordError(f"{form.hint}: {quote(' '.join(words[i:]))} is more than it takes")
    values = []
    for name, word, at in placed:
        try:
            values.append(WORDS[name](word, ctx))
        except WordError as exc:
            if not name.endswith("..."):
                raise
            raise WordError(f"{' '.join(words[:at])}: {exc}") from None
    return form, tuple(values)


def _setting(script: Script, path: str, number: int, kind: str, values: tuple, set_on: dict) -> None:
    name = kind if kind != "set" else values[0]
    if script.steps:
        raise ScriptError(path, number, f"'{kind}' must come before the first input or expectation")
    if name in set_on:
        raise ScriptError(path, number, f"{name} is already set on line {set_on[name]}")
    set_on[name] = number
    if kind == "seed":
        script.seed = values[0]
    elif kind == "readers":
        script.readers = values[0]
    else:
        script.overrides[values[0]] = values[1]


def _check_settings(script: Script, path: str, set_on: dict) -> None:
    """The ``set`` values, checked together as the config file's are (some depend on others)."""
    problems = settings_problems(script.overrides) if script.overrides else []
    if problems:
        lines = [set_on.get(p.key, max(set_on.values())) for p in problems]
        line, problem = min(zip(lines, problems), key=lambda lp: lp[0])
        fix = f" ({problem.fix})" if problem.fix else ""
        raise ScriptError(path, line, f"set {problem.key}: {problem.message}{fix}")
