"""Reading and checking a Guards! Guards! edition: one TOML file of what the box holds.

Every problem is collected and reported with the card and the field ("volunteer LL03: bribe:
...") so an owner typing in their box sees every mistake at once and never a traceback; the
command exits 2 (``clacks-hw edition check``). ``template()`` is the file `clacks-hw edition new
--game guards` writes; the demo edition shipped with the board is clearly made up.
"""

from __future__ import annotations

import hashlib
import tomllib
from importlib import resources
from pathlib import Path

from ...base.errors import ClacksError
from ...base.regular_file import NotRegular, TooLarge, read_regular
from ...base.unsafe_chars import ONE_LINE, dotted, toml_key, unsafe_texts
from .edition import DECKS, GuardsEdition
from .edition_fields import CARDS, ID, TABLES, read_fields, short

MAX_FILE_BYTES = 1 << 18  # a box is a few hundred cards: tens of kilobytes


class GuardsEditionError(ClacksError, ValueError):
    """A broken edition; ``problems`` lists (where, reason) pairs."""

    def __init__(self, source: str, problems: list[tuple[str, str]]):
        self.source, self.problems = source, problems
        lines = [f"Guards! Guards! edition {source} is not valid ({len(problems)} problem(s)):"]
        lines += [f"  {where}: {reason}" for where, reason in problems]
        lines.append("  fix: correct each field named above (docs/guards-rules.md lists them), then run "
                     "`clacks-hw edition check` again")
        super().__init__("\n".join(lines))

    def one_line(self) -> str:
        """The problems on one line, for a message that must stay one (a journal's refusal)."""
        return "; ".join(f"{where}: {why}" for where, why in self.problems)


def demo_edition_path() -> Path:
    return Path(str(resources.files("clacks_hw") / "editions" / "guards-demo" / "guards.toml"))


_DEMO: GuardsEdition | None = None


def demo_edition() -> GuardsEdition:
    """The made-up edition shipped for trying the companion (never the real box's values)."""
    global _DEMO
    if _DEMO is None:
        _DEMO = load_guards_edition(demo_edition_path())
    return _DEMO


def load_guards_edition(path) -> GuardsEdition:
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise GuardsEditionError(str(path), [("file", "no such file")]) from None
    except (NotRegular, TooLarge) as exc:
        raise GuardsEditionError(str(path), [("file", str(exc))]) from None
    except OSError as exc:
        raise GuardsEditionError(str(path), [("file", f"cannot be read: {exc.strerror or exc}")]) from None
    return parse_guards_bytes(raw, str(path))


def parse_guards_bytes(raw: bytes, source: str = "<edition>") -> GuardsEdition:
    """An edition from a file's bytes, as ``load_guards_edition`` reads them: pure."""
    if len(raw) > MAX_FILE_BYTES:
        raise GuardsEditionError(source, [("file", f"is larger than {MAX_FILE_BYTES // 1024} KiB")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GuardsEditionError(source, [("file", "is not UTF-8 text")]) from None
    return parse_guards_edition(text, source)


def parse_guards_edition(text: str, source: str = "<edition>") -> GuardsEdition:
    """An edition from its TOML text: pure, a GuardsEdition or a GuardsEditionError listing every
    problem, never another exception."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GuardsEditionError(source, [("file", f"is not valid TOML: {exc}")]) from None
    except (RecursionError, ValueError) as exc:
        raise GuardsEditionError(source, [("file", f"cannot be read: {type(exc).__name__}")]) from None
    p = [(_where(data, path), f"{why}: {ONE_LINE}") for path, why in unsafe_texts(data)]
    for key in data:
        if key not in TABLES and key not in CARDS:
            p.append((toml_key(key), f"is no part of an edition; a file has {', '.join((*TABLES, *CARDS))}"))
    tables = {key: read_fields(_table(data, key, p), fields, key, "challenge; the map prints" if key == "challenges"
                               else f"field of [{key}]; it has", p) for key, fields in TABLES.items()}
    cards = {kind: {c.id: c for c in _cards(data, kind, p)} for kind in CARDS}
    for g in cards["guild_card"].values():
        for s in g.spells:
            if s not in cards["spell"]:
                p.append((f"guild_card {g.id}: spells", f"{s!r} is no [[spell]] id"))
    _enough(cards["spell"], cards["guild_card"], cards["volunteer"], cards["dragon"], p)
    ids: dict[str, str] = {}
    for kind, table in cards.items():
        for cid in table:
            if cid in ids and ids[cid] != kind:
                p.append((f"{kind} {cid}: id", f"is also a {ids[cid]}'s id: a tapped sticker must name one card"))
            ids.setdefault(cid, kind)
    if p:
        raise GuardsEditionError(source, p)
    meta = tables["edition"]
    return GuardsEdition(name=meta["name"], made_up=meta["made_up"], **tables["map"], **tables["tavern"],
                         challenges=tables["challenges"], spells=cards["spell"], guild_cards=cards["guild_card"],
                         volunteers=cards["volunteer"], dragons=cards["dragon"], items=cards["item"], scrolls=cards["scroll"],
                         fingerprint=hashlib.sha256(text.encode()).hexdigest()[:16], path=source, source=text)


def _where(data, path: tuple) -> str:
    """A place in the file as its problems name it: ``volunteer LL03: name``, ``map:
    quadrants_clockwise[2]``; a card by its id when it has a good one, else by its number."""
    head, rest = path[0], list(path[1:])
    if rest and isinstance(rest[0], int) and isinstance(data.get(head), list):
        row = data[head][rest[0]]
        cid = row.get("id") if isinstance(row, dict) else None
        head = f"{head} {cid}" if isinstance(cid, str) and ID.fullmatch(cid) else f"{head} #{rest[0] + 1}"
        rest = rest[1:]
    else:
        head = toml_key(head)
    tail = dotted(rest)
    return f"{head}: {tail}" if tail else head


def _table(data, key, p) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        p.append((key, f"missing: a [{key}] table"))
        return {}
    return value


def _cards(data, kind, p) -> list:
    """The [[kind]] cards that read whole (each problem of the others told)."""
    rows = data.get(kind, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        p.append((kind, f"must be a list of [[{kind}]] tables"))
        return []
    cls, fields = CARDS[kind]
    out, seen = [], set()
    for n, row in enumerate(rows):
        cid = row.get("id")
        if not isinstance(cid, str) or not ID.fullmatch(cid):
            p.append((f"{kind} #{n + 1}: id", f"{short(cid)} must be 1 to 24 letters, digits, _ or - (like \"LL03\")"))
            continue
        if cid in seen:
            p.append((f"{kind} {cid}: id", "is used twice"))
            continue
        seen.add(cid)
        values = read_fields({k: v for k, v in row.items() if k != "id"}, fields, f"{kind} {cid}",
                             f"field of a [[{kind}]]; it has id,", p)
        if values is not None:
            out.append(cls(id=cid, **values))
    return out


def _enough(spells, guild_cards, volunteers, dragons, p) -> None:
    if len(spells) != 8:
        p.append(("spell", f"the Octavo has 8 Great Spells; {len(spells)} are listed"))
    if len({g.guild for g in guild_cards.values()}) < 2:
        p.append(("guild_card", "list at least two Guild cards of different Guilds (a game has 2 to 4 players)"))
    if len(dragons) < 4:
        p.append(("dragon", f"the box has 4 Dragon cards; {len(dragons)} are listed"))
    for deck in DECKS:
        if sum(v.deck == deck for v in volunteers.values()) < 4:
            p.append(("volunteer", f"list at least 4 {deck} volunteers (each player is dealt from two decks)"))
