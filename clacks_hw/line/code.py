"""The line code: twelve letters the host's board spells (or its page shows as text and a QR) and
the other side types in.

Letters only, as the pairing code (the lamps spell them in the Clacks alphabet). The code is
never sent: both sides derive from it the line's topic (so a stranger on the broker sees a
hash, not the code) and the opening key that authenticates the two sides' public keys while
the line opens. 26^12 is 9.5 x 10^16 (56 bits): a stranger who watches the opening cannot
guess the code before it is spent (the host takes the first guest whose keys carry the right
mark, then pins the keys and never uses the code again).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from ..base.errors import ClacksError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LENGTH = 12


class BadLineCode(ClacksError, ValueError):
    """What was typed is not a line code; the message says what one looks like."""


def new_code(rng=None) -> str:
    choice = (rng or secrets.SystemRandom()).choice
    return "".join(choice(LETTERS) for _ in range(LENGTH))


def grouped(code: str) -> str:
    """As people read and type it: ``ABCD EFGH IJKL``."""
    return " ".join(code[i:i + 4] for i in range(0, LENGTH, 4))


def parse(typed: str) -> str:
    """What a person typed (any case, spaces and dashes anywhere) as the code; BadLineCode otherwise."""
    if not isinstance(typed, str):
        raise BadLineCode("a line code is twelve letters, e.g. ABCD EFGH IJKL")
    code = "".join(ch for ch in typed.upper() if ch not in " -\t")
    wrong = sorted({ch for ch in code if ch not in LETTERS})
    if wrong:
        raise BadLineCode(f"a line code has letters only, not {' '.join(repr(c) for c in wrong)}: "
                          "type the twelve letters the other side's board shows, e.g. ABCD EFGH IJKL")
    if len(code) != LENGTH:
        raise BadLineCode(f"a line code has {LENGTH} letters, this has {len(code)}: "
                          "type all three groups of four the other side's board shows")
    return code


def _derive(code: str, label: bytes) -> bytes:
    return hmac.new(code.encode("ascii"), b"clacks-hw line v1\n" + label, hashlib.sha256).digest()


def line_id(code: str) -> str:
    """The line's name on the broker: 16 hex digits, the same on both sides, not the code."""
    return _derive(code, b"topic").hex()[:16]


def opening_key(code: str) -> bytes:
    """The key that marks the offer and the join: only someone who has the code can make them."""
    return _derive(code, b"opening")


def mark(code: str, text: bytes) -> str:
    """The opening mark of a message: HMAC-SHA256 of ``text`` with the code's opening key (hex)."""
    return hmac.new(opening_key(code), text, hashlib.sha256).hexdigest()


def marked(code: str, text: bytes, given: str) -> bool:
    return isinstance(given, str) and hmac.compare_digest(mark(code, text), given)
