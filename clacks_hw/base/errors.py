"""The one root of the project's own errors.

Every kind of error clacks-hw raises on purpose (a bad set-up, a malformed action, a damaged
journal, a bad config or edition, a device that cannot be used) is a ``ClacksError``, and also
inherits the builtin it stands for (``ValueError`` for bad input, ``OSError`` for a device or a
file), so callers may catch either.
"""

from __future__ import annotations


class ClacksError(Exception):
    """Something clacks-hw refuses on purpose; the message says what and how to fix it."""
