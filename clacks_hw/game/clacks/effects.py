"""The card-effect vocabulary: effects are data ("budget(+2)"), parsed and checked at load."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...base.errors import ClacksError

# effect name -> kind of argument it takes
VOCABULARY = {
    "set_all": "on_off",
    "flip": "shape",
    "flip_tower": "optional_next",
    "budget": "signed",
    "no_move": None,
    "post_office": "signed",
    "post_office_cap": "count",
    "post_office_discount": "count",
    "one_jacquard_per_turn": "count",
    "draw_jacquard": "count",
    "draw_fault": "count",
    "skip_draw": None,
    "cancel_last": None,
    "cancel_next": "names",
    "reveal_next": "count",
}

MAX_NUMBER = 20  # every number an effect holds: a game has 5 stress points, a hand 3 cards
_FORM = re.compile(r"^([a-z_]+)(?:\((.*)\))?$")


@dataclass(frozen=True)
class Effect:
    kind: str
    arg: object = None  # int, str, bool or tuple of names, by kind

    def __str__(self) -> str:
        return self.kind if self.arg is None else f"{self.kind}({self.arg})"


class EffectError(ClacksError, ValueError):
    pass


def parse_effect(text: str, shapes) -> Effect:
    """Parse one effect string; raise EffectError with a sentence saying what is wrong."""
    m = _FORM.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise EffectError(f"{text!r} is not of the form name or name(argument)")
    name, arg = m.group(1), m.group(2)
    if name not in VOCABULARY:
        import difflib

        close = difflib.get_close_matches(name, VOCABULARY, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise EffectError(f"unknown effect {name!r}{hint}")
    kind = VOCABULARY[name]
    if kind is None:
        if arg is not None:
            raise EffectError(f"{name} takes no argument, got ({arg})")
        return Effect(name)
    if kind == "optional_next":
        if arg not in (None, "next"):
            raise EffectError(f"{name} takes no argument or (next), got ({arg})")
        return Effect(name, arg == "next")
    if arg is None or arg.strip() == "":
        raise EffectError(f"{name} needs an argument")
    arg = arg.strip()
    if kind == "on_off":
        if arg not in ("on", "off"):
            raise EffectError(f"{name} takes (on) or (off), got ({arg})")
        return Effect(name, arg == "on")
    if kind == "shape":
        if arg not in shapes:
            raise EffectError(f"{name}({arg}): no shape {arg!r} in jacquards.toml [shapes]")
        return Effect(name, arg)
    if kind == "names":
        return Effect(name, tuple(n.strip() for n in arg.split("|")))
    if not re.fullmatch(r"[+-]?\d+", arg):
        raise EffectError(f"{name} takes a whole number, got ({arg[:40]})")
    value = int(arg) if len(arg) <= 6 else MAX_NUMBER + 1  # (no 5000-digit int() either)
    if kind == "count" and not 1 <= value <= MAX_NUMBER:
        raise EffectError(f"{name} takes a number from 1 to {MAX_NUMBER}, got ({arg[:40]})")
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise EffectError(f"{name} takes a number from -{MAX_NUMBER} to +{MAX_NUMBER}, got ({arg[:40]})")
    return Effect(name, value)
