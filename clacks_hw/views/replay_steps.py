"""A journal's game one position at a time: the start, then the position after each action.

Built on the journal's reading API (``read_journal``, ``start_state``) and the engine's
``apply``; used by ``clacks-hw replay --step`` / ``--at N`` and ``clacks-hw history``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..game.clacks.edition import Edition
from ..game.clacks.state import GameState
from ..game.core.engine import apply
from ..game.core.rejection import Rejection
from ..journal import Entry, Journal, start_state


@dataclass(frozen=True)
class Step:
    number: int  # actions applied so far (0: the start)
    entry: Entry | None  # the action that led here (None at the start)
    state: GameState


@dataclass(frozen=True)
class Refused:
    entry: Entry
    rejection: Rejection


def steps(journal: Journal, edition: Edition, *, check_edition: bool = True) -> Iterator[Step | Refused]:
    """Every position in order; a refused action ends it with a :class:`Refused`."""
    state = start_state(journal, edition, check_edition=check_edition)
    yield Step(0, None, state)
    for n, entry in enumerate(journal.entries, 1):
        result = apply(state, entry.action)
        if isinstance(result, Rejection):
            yield Refused(entry, result)
            return
        state = result
        yield Step(n, entry, state)
