"""The two ways input fails before any rule is asked, as in python-chess: a set-up no game can
be played with, and an action that is not an action at all (a missing key, a lamp 17). A
well-formed action the position does not allow is neither: the rules refuse it with a
``Rejection``."""

from __future__ import annotations

import difflib

from ...base.errors import ClacksError


class SetupError(ClacksError, ValueError):
    """A game that cannot be set up as asked; the message says what to change."""


class MalformedAction(ClacksError, ValueError):
    """The input is not a well-formed action; the message quotes it."""


def suggest(word, options) -> str:
    """`` (did you mean 'x'?)`` for the option closest to ``word``, or nothing."""
    close = difflib.get_close_matches(str(word), options, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
