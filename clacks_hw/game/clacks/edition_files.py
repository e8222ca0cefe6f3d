"""Reading and validating an edition folder of TOML files.

Every problem is collected and reported with the file, the key path and the reason, so an
owner fixing their own edition sees all the mistakes at once and never a traceback.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from ...base.errors import ClacksError
from ...base.regular_file import NotRegular, TooLarge, read_regular
from ...base.unsafe_chars import ONE_LINE, dotted, toml_key, unsafe_texts
from .edition import Card, Edition, Jacquard, Shape
from .effects import EffectError, parse_effect
from .modes.menu import MODES
from .planner_tables import prepare
from .shapes import placements

FILES = ("edition.toml", "alphabet.toml", "jacquards.toml", "cards.toml", "words.toml")
DECKS = {"fault": "F", "incident": "I", "log": "L"}
MAX_HOLES = 6  # a jacquard is punched for one tower's worth of lamps at most
MAX_COST = 20  # stress points: a turn's budget is 5, so more is a typo (and bounds the planner)
MAX_FILE_BYTES = 1 << 20  # an edition file is a few kilobytes


class EditionError(ClacksError, ValueError):
    """A broken edition; ``problems`` is a list of (file, key path, reason)."""

    def __init__(self, folder: str, problems: list[tuple[str, str, str]]):
        self.folder = folder
        self.problems = problems
        lines = [f"edition {folder} is not valid:"]
        lines += [f"  {f}: {key}: {reason}" if key else f"  {f}: {reason}" for f, key, reason in problems]
        super().__init__("\n".join(lines))


def default_edition_path() -> Path:
    return Path(str(resources.files("clacks_hw") / "editions" / "default"))


_DEFAULT: Edition | None = None


def default_edition() -> Edition:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_edition(default_edition_path())
    return _DEFAULT


class _Problems:
    def __init__(self):
        self.items: list[tuple[str, str, str]] = []

    def add(self, file: str, key: str, reason: str) -> None:
        self.items.append((file, key, reason))


def load_edition(folder) -> Edition:
    folder = Path(folder)
    if not folder.is_dir():
        raise EditionError(str(folder), [("", "", "no such folder (an edition is a folder of TOML files)")])
    files, problems = {}, _Problems()
    for name in FILES:
        try:
            files[name] = read_regular(folder / name, MAX_FILE_BYTES)
        except FileNotFoundError:
            problems.add(name, "", "file is missing")
        except (NotRegular, TooLarge) as exc:
            problems.add(name, "", str(exc))
        except OSError as exc:
            problems.add(name, "", f"cannot be read: {exc.strerror or exc}")
    if problems.items:
        raise EditionError(str(folder), problems.items)
    return parse_edition(files, str(folder))


def parse_edition(files: Mapping[str, bytes], folder: str = "<edition>") -> Edition:
    """An edition from its files' bytes (``FILES`` by name; ``folder`` names it in messages):
    pure, an :class:`Edition` or an EditionError listing every problem, never another
    exception (the entry point the fuzzing harness drives)."""
    problems = _Problems()
    data, digest = {}, hashlib.sha256()
    for name in FILES:
        raw = files.get(name)
        if raw is None or len(raw) > MAX_FILE_BYTES:
            problems.add(name, "", "file is missing" if raw is None else f"is larger than {MAX_FILE_BYTES // 1024} KiB")
            continue
        try:
            data[name] = tomllib.loads(raw.decode("utf-8"))
            digest.update(name.encode() + b"\0" + raw + b"\0")
        except UnicodeDecodeError:
            problems.add(name, "", "is not UTF-8 text")
        except tomllib.TOMLDecodeError as exc:
            problems.add(name, "", f"is not valid TOML: {exc}")
        except RecursionError:
            problems.add(name, "", "nests arrays or tables too deeply")
        except ValueError as exc:  # an integer of thousands of digits
            problems.add(name, "", f"holds a value that cannot be read: {exc}")
    if problems.items:
        raise EditionError(str(folder), problems.items)
    for name, table in data.items():  # every text, whatever its field: any may reach a terminal or a screen
        for path, why in unsafe_texts(table):
            problems.add(name, dotted(path), f"{why}: {ONE_LINE}")

    meta = data["edition.toml"]
    name = _string(meta, "name", "edition.toml", problems) or Path(folder).name
    start = _layout(meta.get("start"), problems)
    signals = _alphabet(data["alphabet.toml"], problems)
    shapes, jacquards, selected = _jacquards(data["jacquards.toml"], problems)
    if jacquards and not problems.items:
        _deck_size(len(jacquards), len(selected), problems)
    cards = _cards(data["cards.toml"], shapes, problems)
    words = _words(data["words.toml"], signals, problems)
    if problems.items:
        raise EditionError(folder, problems.items)
    edition = Edition(
        name=name, signals=signals, shapes=shapes, jacquards=jacquards, cards=cards,
        words=words, start=start, selected=selected,
        fingerprint=digest.hexdigest()[:16], path=folder,
    )
    prepare(edition)  # the planner's tables: so the first plan of a game costs what every later one does
    return edition


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _keys(names) -> str:
    return ", ".join(map(toml_key, sorted(names)))


def _string(table, key, file, problems):
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        problems.add(file, key, "must be a non-empty string")
        return None
    return value


def _layout(rows, problems) -> int:
    file = "edition.toml"
    if not (isinstance(rows, list) and len(rows) == 4):
        problems.add(file, "start", "must be a list of 4 rows like \"#.#.\" (north edge first)")
        return 0
    board = 0
    for r, row in enumerate(rows):
        if not (isinstance(row, str) and re.fullmatch(r"[#.]{4}", row)):
            problems.add(file, f"start[{r}]", f"{row!r} must be 4 characters of '#' (on) and '.' (off)")
            continue
        for c, ch in enumerate(row):
            if ch == "#":
                board |= 1 << (4 * r + c)
    return board


def _alphabet(table, problems) -> dict[str, int]:
    file = "alphabet.toml"
    raw = table.get("signals")
    if not isinstance(raw, dict) or not raw:
        problems.add(file, "signals", "missing: a table of signal = \"../#./.#\" entries")
        return {}
    signals, seen = {}, {}
    for name, pattern in raw.items():
        key = f"signals.{toml_key(name)}"
        if not re.fullmatch(r"[A-Z]|SPACE|END", name):
            problems.add(file, key, "a signal is a capital letter A-Z, SPACE or END")
            continue
        if not isinstance(pattern, str) or not re.fullmatch(r"[#.]{2}/[#.]{2}/[#.]{2}", pattern):
            lamps = len(pattern.replace("/", "")) if isinstance(pattern, str) else 0
            problems.add(file, key, f"{pattern!r} must be 3 rows of 2 lamps like \"../#./.#\""
                         + (f" (it has {lamps} lamps, a tower has 6)" if lamps and lamps != 6 else ""))
            continue
        cells = pattern.replace("/", "")
        bits = sum(1 << k for k, ch in enumerate(cells) if ch == "#")
        if bits == 0:
            problems.add(file, key, "is all off: the towers' resting state cannot be a signal")
            continue
        if bits in seen:
            problems.add(file, key, f"{pattern!r} is the same signal as {seen[bits]}")
            continue
        seen[bits] = name
        signals[name] = bits
    for needed in ("SPACE", "END"):
        if raw and needed not in raw:
            problems.add(file, f"signals.{needed}", "missing (Long Message and the races need it)")
    return signals


def _jacquards(table, problems):
    file = "jacquards.toml"
    shapes: dict[str, Shape] = {}
    raw_shapes = table.get("shapes")
    if not isinstance(raw_shapes, dict) or not raw_shapes:
        problems.add(file, "shapes", "missing: a table of [shapes.NAME] with holes and cost")
        raw_shapes = {}
    for name, spec in raw_shapes.items():
        key = f"shapes.{toml_key(name)}"
        if not isinstance(spec, dict):
            problems.add(file, key, "must be a table with holes and cost")
            continue
        holes = spec.get("holes")
        cost = spec.get("cost")
        ok = True
        if not (isinstance(holes, list) and all(
                isinstance(h, list) and len(h) == 2 and all(type(v) is int and 0 <= v <= 3 for v in h)
                for h in holes)):
            problems.add(file, f"{key}.holes", "must be a list of [row, col] pairs, each 0..3")
            ok = False
        elif not 1 <= len(holes) <= MAX_HOLES:
            problems.add(file, f"{key}.holes", f"has {len(holes)} holes; a jacquard has 1 to {MAX_HOLES}")
            ok = False
        elif len({tuple(h) for h in holes}) != len(holes):
            problems.add(file, f"{key}.holes", "lists the same hole twice")
            ok = False
        if type(cost) is not int or not 0 <= cost <= MAX_COST:
            problems.add(file, f"{key}.cost", f"{_short(cost)} must be a whole number of stress points, "
                                              f"0 to {MAX_COST}")
            ok = False
        if ok:
            holes_t = tuple(tuple(h) for h in holes)
            shapes[name] = Shape(name, holes_t, cost, placements(holes_t))

    jacquards: dict[str, Jacquard] = {}
    cards = table.get("cards")
    if not isinstance(cards, list) or not cards:
        problems.add(file, "cards", "missing: the list of jacquards in the deck")
        cards = []
    for n, spec in enumerate(cards):
        key = f"cards[{n}]"
        if not isinstance(spec, dict):
            problems.add(file, key, "must be a table { id = \"J01\", shape = \"domino\", stamp = false }")
            continue
        cid, shape, stamp = spec.get("id"), spec.get("shape"), spec.get("stamp", False)
        unknown = set(spec) - {"id", "shape", "stamp"}
        if unknown:
            problems.add(file, key, f"unknown key(s) {_keys(unknown)}; a card has id, shape, stamp")
        if not (isinstance(cid, str) and re.fullmatch(r"J\d{2,3}", cid)):
            problems.add(file, f"{key}.id", f"{cid!r} must look like \"J01\"")
            continue
        if cid in jacquards:
            problems.add(file, f"{key}.id", f"{cid} is listed twice")
            continue
        if not isinstance(shape, str) or shape not in shapes:
            if not isinstance(shape, str) or shape not in raw_shapes:
                problems.add(file, f"{key}.shape", f"{shape!r} is not one of the [shapes]")
            continue
        if not isinstance(stamp, bool):
            problems.add(file, f"{key}.stamp", "must be true or false")
            continue
        jacquards[cid] = Jacquard(cid, shapes[shape], stamp)

    coop = table.get("coop", {})
    selected = coop.get("selected", []) if isinstance(coop, dict) else None
    if not (isinstance(selected, list) and len(selected) == 2
            and all(isinstance(s, str) and s in shapes for s in selected)):
        problems.add(file, "coop.selected", "must name the two shapes placed face up on the Incident Report cards")
        selected = []
    else:
        deck_shapes = [j.shape.name for j in jacquards.values()]
        for i, s in enumerate(selected):
            if deck_shapes.count(s) < selected.count(s):
                problems.add(file, f"coop.selected[{i}]", f"no {s!r} jacquard left in the deck to select")
    return shapes, jacquards, tuple(selected)


def deck_minimum() -> dict[str, int]:
    """Jacquards each mode's set-up deals at most (its largest seating): the deck's minimum."""
    return {g.name: g.jacquards_dealt(max(len(s) for s in g.seatings()), 2) for g in MODES}


def _deck_size(count: int, selected: int, problems) -> None:
    need = deck_minimum()
    if count < max(need.values()):
        each = ", ".join(f"{mode} {n}" for mode, n in need.items())
        problems.add("jacquards.toml", "cards", f"{count} jacquards are too few to deal every game "
                     f"(the most players' set-up takes: {each}); list at least {max(need.values())}")


def _cards(table, shapes, problems) -> dict[str, Card]:
    file = "cards.toml"
    cards: dict[str, Card] = {}
    for deck, prefix in DECKS.items():
        entries = table.get(deck)
        if not isinstance(entries, list) or not entries:
            problems.add(file, deck, f"missing: the [[{deck}]] cards")
            continue
        for n, spec in enumerate(entries):
            key = f"{deck}[{n}]"
            if not isinstance(spec, dict):
                problems.add(file, key, "must be a table")
                continue
            cid = spec.get("id")
            if not (isinstance(cid, str) and re.fullmatch(prefix + r"\d{2,3}", cid)):
                problems.add(file, f"{key}.id", f"{cid!r} must look like \"{prefix}01\" in the {deck} deck")
                continue
            if cid in cards:
                problems.add(file, f"{key}.id", f"{cid} is listed twice")
                continue
            unknown = set(spec) - {"id", "name", "text", "effects", "night_shift"}
            if unknown:
                problems.add(file, key, f"unknown key(s) {_keys(unknown)}")
            name = _string(spec, "name", file, _Scoped(problems, key))
            text = spec.get("text", "")
            if not isinstance(text, str):
                problems.add(file, f"{key}.text", f"{_short(text)} must be a string: the card's words")
                text = None
            effects = _effects(spec.get("effects"), f"{key}.effects", shapes, problems)
            night = spec.get("night_shift")
            night_effects = effects if night is None else _effects(night, f"{key}.night_shift", shapes, problems)
            if None not in (name, text, effects, night_effects):
                cards[cid] = Card(cid, deck, name, text, effects, night_effects)
    return cards


class _Scoped:
    """Prefix key paths reported by a helper with the enclosing table's path."""

    def __init__(self, problems, prefix):
        self.problems, self.prefix = problems, prefix

    def add(self, file, key, reason):
        self.problems.add(file, f"{self.prefix}.{key}", reason)


def _effects(raw, key, shapes, problems):
    file = "cards.toml"
    if not (isinstance(raw, list) and raw):
        problems.add(file, key, "must be a list of effects like [\"budget(+2)\"]")
        return None
    out = []
    for i, text in enumerate(raw):
        try:
            out.append(parse_effect(text, shapes))
        except EffectError as exc:
            problems.add(file, f"{key}[{i}]", str(exc))
            return None
    return tuple(out)


def _words(table, signals, problems) -> tuple[str, ...]:
    file = "words.toml"
    raw = table.get("words")
    if not isinstance(raw, list) or len(raw) < 2:
        problems.add(file, "words", "must be a list of at least 2 words")
        return ()
    words, seen = [], set()
    for i, word in enumerate(raw):
        key = f"words[{i}]"
        if not (isinstance(word, str) and re.fullmatch(r"[A-Z]+", word)):
            problems.add(file, key, f"{word!r} must be capital letters only")
            continue
        missing = sorted({ch for ch in word if ch not in signals})
        if signals and missing:
            problems.add(file, key, f"{word!r} uses {', '.join(missing)}, which the alphabet does not have")
            continue
        if word in seen:
            problems.add(file, key, f"{word!r} is listed twice")
            continue
        seen.add(word)
        words.append(word)
    return tuple(words)
