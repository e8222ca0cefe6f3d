"""Characters a config value (and, stricter, a line of the systemd unit) may not hold.

By Unicode category, not by a list of code points: Cc (controls: \\n, \\r, \\v, \\f, U+0085 and
the rest), Zl and Zp (U+2028, U+2029) each end a line for something that reads the text
(Python's ``str.splitlines``, editors, other parsers), and Cs (a lone surrogate, an undecodable
byte in a file name) cannot even be written out as UTF-8. A unit must also read as it runs, so
what a reader cannot see is refused there too: Cf (bidirectional overrides, zero-width
characters), Co (private use), Cn (unassigned: nobody can tell what it shows, and a later
Unicode may make it a format character) and every space but the plain one (U+00A0,
U+2000..U+200A, U+3000, ...), which looks like a separator systemd does not treat as one.
"""

from __future__ import annotations

import json
import re
import unicodedata

BREAKING = {"Cc": "a control character", "Zl": "a line separator", "Zp": "a paragraph separator",
            "Cs": "an undecodable byte"}
HIDDEN = {"Cf": "an invisible format character", "Co": "a private-use character", "Zs": "a space other than ' '",
          "Cn": "an unassigned character"}


def first_unsafe(value: str, *, visible: bool = False) -> str | None:
    """The first character ``value`` may not hold, described (``"a control character (U+000A)"``),
    or None. ``visible``: also refuse what does not show (the unit's values)."""
    for c in value:
        cat = unicodedata.category(c)
        what = BREAKING.get(cat) or (HIDDEN.get(cat) if visible and c != " " else None)
        if what is not None:
            name = unicodedata.name(c, "")
            return f"{what} (U+{ord(c):04X}{' ' + name if name and cat != 'Cc' else ''})"
    return None


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_key(key: str) -> str:
    """A key of a user's TOML file as TOML writes it: bare, or quoted with everything unprintable
    escaped. A key may be any string ("", "a.b", one holding a line break), and it goes into
    messages and logs, which must show it whole and on one line."""
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key)


def printable(text: str) -> str:
    """``text`` with every character that does not show (a line break, a control, an invisible
    or unassigned one) written as its escape, as ``repr`` writes it: for a message that quotes
    someone else's words (a parser's error naming a key, say)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


# What to do about a text ``unsafe_texts`` finds, said after where it is and what it holds.
ONE_LINE = "no text may hold a control character or a line break (a TOML escape such as \\n or \\u001b makes one)"


def unsafe_texts(document) -> list[tuple[tuple, str]]:
    """Every string of a parsed TOML or JSON ``document``, its keys too, that holds a character
    ``first_unsafe`` refuses: (path, what) pairs, the path the keys and list indexes leading to
    it (a key's own fault: the path ends with that key and ``what`` says so). For a file whose
    every text may reach a terminal or a screen (an edition's names, cards, words), checked
    whole so that no field, however new, is left out. A loop, not recursion: a document may
    nest as deep as its parser allows; the children go on the stack last first, so the strings
    are found in the document's order."""
    found, stack = [], [((), document)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, str):
            what = first_unsafe(node)
            if what is not None:
                found.append((path, f"holds {what}"))
        elif isinstance(node, dict):
            for key in node:
                what = first_unsafe(key)
                if what is not None:
                    found.append(((*path, key), f"is a key holding {what}"))
            stack.extend(((*path, key), value) for key, value in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend(((*path, n), node[n]) for n in reversed(range(len(node))))
    return found


def dotted(path) -> str:
    """A path of keys and indexes as a TOML file's reader writes it: ``fault[0].name``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{toml_key(p)}" for p in path).lstrip(".")
