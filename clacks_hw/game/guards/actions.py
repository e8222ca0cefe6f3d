"""Guards! Guards! actions and their JSON form (one journal line each). Every action names its
seat and act; the other keys each act takes are in ``ACTS``:

    {"seat": "S", "act": "roll"}                     the board rolls the test waiting for S
    {"seat": "S", "act": "roll", "die": 6}           S typed the physical die's result
    {"seat": "S", "act": "recruit", "card": "LL03", "quadrant": "thieves"}
    {"seat": "S", "act": "plant", "card": "SS02", "quadrant": "fools", "item": "IT1"}
    {"seat": "S", "act": "spell_run", "spell": "jet", "cards": ["MB01"], "items": {"MB01": "IT2"},
     "route": ["fools", "thieves"]}

``MalformedAction`` says the input is not an action at all; whether the position allows it is
for the rules to say (a ``Rejection``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import MalformedAction, suggest
from ..core.table import SEATS
from .edition import ATTRIBUTES, GUILDS
from .dice import FACES

PLACES = ("guild_house", "hospital", "watch_house")  # where a Fate card, the Luggage or a player sends one
HOWS = ("alter", "ambush")  # the two Sabotage Abilities
ACTS: dict[str, tuple[str, ...]] = {  # act -> its keys beyond seat and act ("?": may be left out)
    "roll": ("die?",),
    "end_turn": (),
    "recruit": ("card", "quadrant"),
    "bribe": ("card", "quadrant"),
    "tavern": ("quadrant",),
    "guild_house": ("collect?", "buy?"),
    "spend": ("attribute",),
    "buy": ("item", "quadrant"),
    "turn_in": ("cards",),
    "sent": ("target", "to"),
    "hospital": ("pay",),
    "charm_out": (),
    "bail": (),
    "infect": ("target",),
    "plant": ("card", "quadrant", "item?"),
    "recall": ("card",),
    "spell_run": ("spell", "cards", "items?", "route"),
    "reinforce": ("cards", "items?"),
    "challenge": (),
    "walk": (),
    "sabotage": ("card", "how"),
    "let_pass": (),
    "defend": ("card",),
    "replant": ("quadrant?",),
    "summon": ("quadrant", "cards", "dragon?"),
    "call": (),
    "cast": ("item", "target?"),
    "fight": ("quadrant", "cards", "items?"),
    "send": ("cards?", "items?"),  # no cards: the summoner sends none
    "ability": ("target",),
    "stop": (),
}


@dataclass(frozen=True, slots=True)
class GuardsAction:
    seat: str
    act: str
    die: int | None = None
    card: str | None = None
    cards: tuple[str, ...] | None = None
    quadrant: str | None = None
    item: str | None = None
    items: tuple[tuple[str, str], ...] | None = None  # (volunteer, item) equipped
    route: tuple[str, ...] | None = None
    spell: str | None = None
    target: str | None = None
    to: str | None = None
    pay: bool | None = None
    collect: bool | None = None
    buy: tuple[str, ...] | None = None
    how: str | None = None
    attribute: str | None = None
    dragon: str | None = None

    def to_json(self) -> dict:
        out: dict = {"seat": self.seat, "act": self.act}
        for key in _keys(self.act):
            value = getattr(self, key)
            if value is None:
                continue
            out[key] = dict(value) if key == "items" else list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        rest = " ".join(f"{k}={v}" for k, v in self.to_json().items() if k not in ("seat", "act"))
        return f"{self.seat} {self.act.replace('_', ' ')}" + (f" {rest}" if rest else "")


def _keys(act: str) -> tuple[str, ...]:
    return tuple(k.rstrip("?") for k in ACTS.get(act, ()))


def _ident(v) -> bool:
    return isinstance(v, str) and 0 < len(v) <= 24 and v.isprintable()


CHECKS = {  # key -> (test, what it must be)
    "die": (lambda v: type(v) is int and 1 <= v <= FACES, f"a face of the die, 1 to {FACES}"),
    "card": (_ident, "a card id like \"LL03\""),
    "item": (_ident, "an item's or a scroll's id"),
    "spell": (_ident, "a Great Spell's id"),
    "dragon": (_ident, "a dragon card's id"),
    "cards": (lambda v: isinstance(v, list) and 0 < len(v) <= 6 and all(map(_ident, v)) and len(set(v)) == len(v),
              "a list of 1 to 6 different card ids"),
    "items": (lambda v: isinstance(v, dict) and all(_ident(k) and _ident(x) for k, x in v.items()),
              "an object of volunteer -> item ids"),
    "quadrant": (lambda v: v in GUILDS, f"a Guild Quadrant: {', '.join(GUILDS)}"),
    "route": (lambda v: isinstance(v, list) and 0 < len(v) <= 4 and all(q in GUILDS for q in v)
              and len(set(v)) == len(v), f"a list of 1 to 4 different quadrants ({', '.join(GUILDS)})"),
    "target": (lambda v: v in SEATS, f"a seat: {', '.join(SEATS)}"),
    "to": (lambda v: v in PLACES, f"one of {', '.join(PLACES)}"),
    "pay": (lambda v: isinstance(v, bool), "true or false"),
    "collect": (lambda v: isinstance(v, bool), "true or false"),
    "buy": (lambda v: isinstance(v, list) and len(v) <= 2 and all(a in ATTRIBUTES for a in v),
            f"a list of at most 2 attributes ({', '.join(ATTRIBUTES)})"),
    "how": (lambda v: v in HOWS, f"one of {', '.join(HOWS)}"),
    "attribute": (lambda v: v in ATTRIBUTES, f"one of {', '.join(ATTRIBUTES)}"),
}


def parse_action(data) -> GuardsAction:
    """An action from its JSON object, every key checked before any is used."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action must be a JSON object, got {data!r}"[:200])
    seat, act = data.get("seat"), data.get("act")
    if seat not in SEATS:
        raise MalformedAction(f"seat {seat!r} must be one of {', '.join(SEATS)}"[:200])
    if not isinstance(act, str) or act not in ACTS:  # a list or an object is no key of ACTS (unhashable)
        raise MalformedAction(f"act {act!r} must be one of {', '.join(ACTS)}{suggest(act, ACTS)}"[:400])
    spec = ACTS[act]
    allowed = ("seat", "act") + _keys(act)
    for key in data:
        if key not in allowed:
            raise MalformedAction(f"a {act} has no key {key!r}{suggest(key, allowed)}; it takes "
                                  f"{', '.join(allowed)}"[:300])
    fields = {}
    for key in spec:
        name, optional = key.rstrip("?"), key.endswith("?")
        if name not in data:
            if optional:
                continue
            raise MalformedAction(f"a {act} needs {name!r}: {CHECKS[name][1]}")
        value = data[name]
        test, what = CHECKS[name]
        if not test(value):
            raise MalformedAction(f"{name} {value!r} must be {what}"[:300])
        if name == "items":
            value = tuple(sorted(value.items()))
        elif isinstance(value, list):
            value = tuple(value)
        fields[name] = value
    return GuardsAction(seat, act, **fields)
