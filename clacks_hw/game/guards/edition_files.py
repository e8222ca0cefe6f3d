"""Reading and checking a Guards! Guards! edition: one TOML file of what the box holds.

Every problem is collected and reported with the card and the field ("volunteer LL03: bribe:
...") so an owner typing in their box sees every mistake at once and never a traceback; the
command exits 2 (``clacks-hw edition check``). ``template()`` is the file `clacks-hw edition new
--game guards` writes; the demo edition shipped with the board is clearly made up.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from importlib import resources
from pathlib import Path

from ...base.errors import ClacksError
from ...base.regular_file import NotRegular, TooLarge, read_regular
from .edition import (ATTRIBUTES, DECKS, GUILDS, STATS, Dragon, GuardsEdition, GuildCard, Item, Scroll, Spell,
                      Volunteer)

MAX_FILE_BYTES = 1 << 18  # a box is a few hundred cards: tens of kilobytes
ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,23}")  # a card id: printable, enrollable, short
BONUS_KEYS = ATTRIBUTES + ("dollars",)
CHALLENGE_KEYS = ("1", "2", "3", "4_brawl", "4_streetwise")
FACES = 8


class GuardsEditionError(ClacksError, ValueError):
    """A broken edition; ``problems`` lists (where, reason) pairs."""

    def __init__(self, source: str, problems: list[tuple[str, str]]):
        self.source, self.problems = source, problems
        lines = [f"Guards! Guards! edition {source} is not valid ({len(problems)} problem(s)):"]
        lines += [f"  {where}: {reason}" for where, reason in problems]
        lines.append("  fix: correct each field named above (docs/guards.md lists them), then run "
                     "`clacks-hw edition check` again")
        super().__init__("\n".join(lines))


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
    if len(raw) > MAX_FILE_BYTES:
        raise GuardsEditionError(str(path), [("file", f"is larger than {MAX_FILE_BYTES // 1024} KiB")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GuardsEditionError(str(path), [("file", "is not UTF-8 text")]) from None
    return parse_guards_edition(text, str(path))


def parse_guards_edition(text: str, source: str = "<edition>") -> GuardsEdition:
    """An edition from its TOML text: pure, a GuardsEdition or a GuardsEditionError listing every
    problem, never another exception."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GuardsEditionError(source, [("file", f"is not valid TOML: {exc}")]) from None
    except (RecursionError, ValueError) as exc:
        raise GuardsEditionError(source, [("file", f"cannot be read: {type(exc).__name__}")]) from None
    p: list[tuple[str, str]] = []
    meta = _table(data, "edition", p)
    if meta.get("game") != "guards":
        p.append(("edition: game", f"{meta.get('game')!r} must be \"guards\" (this file is for Guards! Guards!)"))
    name = _text(meta, "name", "edition", p) or "?"
    made_up = meta.get("made_up", False)
    if not isinstance(made_up, bool):
        p.append(("edition: made_up", "must be true or false"))
    quadrants = _quadrants(data, p)
    spells = {s.id: s for s in _cards(data, "spell", _spell, p)}
    guild_cards = {g.id: g for g in _cards(data, "guild_card", lambda t, w, p: _guild_card(t, w, p, spells), p)}
    volunteers = {v.id: v for v in _cards(data, "volunteer", _volunteer, p)}
    dragons = {d.id: d for d in _cards(data, "dragon", _dragon, p)}
    items = {i.id: i for i in _cards(data, "item", _item, p)}
    scrolls = {c.id: c for c in _cards(data, "scroll", _scroll, p)}
    _enough(spells, guild_cards, volunteers, dragons, p)
    ids: dict[str, str] = {}
    for kind, table in (("spell", spells), ("guild_card", guild_cards), ("volunteer", volunteers),
                        ("dragon", dragons), ("item", items), ("scroll", scrolls)):
        for cid in table:
            if cid in ids and ids[cid] != kind:
                p.append((f"{kind} {cid}: id", f"is also a {ids[cid]}'s id: a tapped sticker must name one card"))
            ids.setdefault(cid, kind)
    challenges = _challenges(data, p)
    tavern = _tavern(data, p)
    if p:
        raise GuardsEditionError(source, p)
    return GuardsEdition(name=name, made_up=made_up, quadrants=quadrants, spells=spells, guild_cards=guild_cards,
                         volunteers=volunteers, dragons=dragons, items=items, scrolls=scrolls, challenges=challenges, tavern=tavern,
                         fingerprint=hashlib.sha256(text.encode()).hexdigest()[:16], path=source, source=text)


def _table(data, key, p) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        p.append((key, f"missing: a [{key}] table"))
        return {}
    return value


TO_FILL = "is still to fill in: copy it from the card or the map"


def _text(table, key, where, p) -> str | None:
    value = table.get(key)
    if value == "?":
        p.append((f"{where}: {key}", TO_FILL))
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > 60:
        p.append((f"{where}: {key}", "must be a name of 1 to 60 characters"))
        return None
    return value


def _int(table, key, where, p, lo=0, hi=99, default=None) -> int:
    value = table.get(key, default)
    if value == "?":
        p.append((f"{where}: {key}", TO_FILL))
        return lo
    if type(value) is not int or not lo <= value <= hi:
        p.append((f"{where}: {key}", f"{value!r} must be a whole number from {lo} to {hi}"))
        return lo
    return value


def _flag(table, key, where, p) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        p.append((f"{where}: {key}", f"{value!r} must be true or false"))
        return False
    return value


def _bonus(table, key, where, allowed, p, lo=-3, hi=10) -> tuple[tuple[str, int], ...]:
    value = table.get(key, {})
    if not isinstance(value, dict):
        p.append((f"{where}: {key}", f"must be a table like {{ {allowed[0]} = 1 }}"))
        return ()
    out = []
    for k, v in value.items():
        if k not in allowed:
            p.append((f"{where}: {key}.{k}", f"is not one of {', '.join(allowed)}"))
        elif type(v) is not int or not lo <= v <= hi or v == 0:
            p.append((f"{where}: {key}.{k}", f"{v!r} must be a whole number from {lo} to {hi}, not 0"))
        else:
            out.append((k, v))
    return tuple(sorted(out))


def _cards(data, kind, make, p) -> list:
    rows = data.get(kind, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        p.append((kind, f"must be a list of [[{kind}]] tables"))
        return []
    out, seen = [], set()
    for n, row in enumerate(rows):
        cid = row.get("id")
        if not isinstance(cid, str) or not ID.fullmatch(cid):
            p.append((f"{kind} #{n + 1}: id", f"{cid!r} must be 1 to 24 letters, digits, _ or - (like \"LL03\")"))
            continue
        if cid in seen:
            p.append((f"{kind} {cid}: id", "is used twice"))
            continue
        seen.add(cid)
        before = len(p)
        card = make(row, f"{kind} {cid}", p)
        if len(p) == before:
            out.append(card)
    return out


def _spell(t, where, p) -> Spell:
    return Spell(t["id"], _text(t, "name", where, p) or "")


def _guild_card(t, where, p, spells) -> GuildCard:
    guild = t.get("guild")
    if guild not in GUILDS:
        p.append((f"{where}: guild", f"{guild!r} must be one of {', '.join(GUILDS)}"))
    start = tuple(_int(t.get("attributes", {}) if isinstance(t.get("attributes"), dict) else {}, a,
                       where + ": attributes", p, 0, 12) for a in ATTRIBUTES)
    chosen = t.get("spells")
    if not (isinstance(chosen, list) and len(chosen) == 5 and len(set(map(str, chosen))) == 5):
        p.append((f"{where}: spells", "must list 5 different Great Spells (their ids)"))
        chosen = []
    for s in chosen:
        if s not in spells:
            p.append((f"{where}: spells", f"{s!r} is no [[spell]] id"))
    return GuildCard(t["id"], guild, start, tuple(chosen), _text(t, "ability", where, p) or "")


def _volunteer(t, where, p) -> Volunteer:
    deck = t.get("deck")
    if deck not in DECKS:
        p.append((f"{where}: deck", f"{deck!r} must be one of {', '.join(DECKS)}"))
    bribe = t.get("bribe")
    if bribe == "?":
        p.append((f"{where}: bribe", TO_FILL))
        bribe = None
    elif bribe == "X":
        bribe = None
    elif type(bribe) is not int or not 0 <= bribe <= 20:
        p.append((f"{where}: bribe", f"{bribe!r} must be dollars 0 to 20, or \"X\" (cannot be bribed)"))
        bribe = None
    stats = {s: _int(t, s, where, p, 0, 12) for s in STATS}
    return Volunteer(t["id"], _text(t, "name", where, p) or "", deck, _int(t, "charm", where, p, 1, 20), bribe,
                     **stats, brethren=_flag(t, "brethren", where, p), wanted=_flag(t, "wanted", where, p),
                     infectious=_flag(t, "infectious", where, p), fate=_flag(t, "fate", where, p),
                     bonus=_bonus(t, "bonus", where, BONUS_KEYS, p),
                     magic_defence=_int(t, "magic_defence", where, p, 0, 5, 0),
                     luggage=_int(t, "luggage", where, p, 0, 12, 0))


def _dragon(t, where, p) -> Dragon:
    return Dragon(t["id"], _text(t, "name", where, p) or "", _int(t, "brawl", where, p, 1, 40),
                  _int(t, "toughness", where, p, 1, 60))


def _item(t, where, p) -> Item:
    return Item(t["id"], _text(t, "name", where, p) or "", _int(t, "price", where, p, 0, 20),
                _bonus(t, "bonus", where, STATS, p))


def _scroll(t, where, p) -> Scroll:
    return Scroll(t["id"], _text(t, "name", where, p) or "", _int(t, "price", where, p, 0, 20),
                  _int(t, "target", where, p, 1, 30))


def _quadrants(data, p) -> tuple[str, ...]:
    order = _table(data, "map", p).get("quadrants_clockwise")
    if not (isinstance(order, list) and sorted(map(str, order)) == sorted(GUILDS)):
        p.append(("map: quadrants_clockwise", f"{order!r} must list the four Guild Quadrants ({', '.join(GUILDS)}) "
                                              "clockwise from the north-west corner"))
        return GUILDS
    return tuple(order)


def _challenges(data, p) -> dict[str, int]:
    table = _table(data, "challenges", p)
    for key in table:
        if key not in CHALLENGE_KEYS:
            p.append((f"challenges: {key}", f"is no challenge; the map prints {', '.join(CHALLENGE_KEYS)}"))
    return {k: _int(table, k, "challenges", p, 2, 60) for k in CHALLENGE_KEYS}


def _tavern(data, p) -> tuple[str, ...]:
    faces = _table(data, "tavern", p).get("faces")
    if not (isinstance(faces, list) and len(faces) == FACES and all(f in DECKS or f == "" for f in faces)):
        p.append(("tavern: faces", f"must list what each face 1..{FACES} of the die brings: a deck "
                                   f"({', '.join(DECKS)}) or \"\" (nobody joins)"))
        return ("",) * FACES
    return tuple(faces)


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
