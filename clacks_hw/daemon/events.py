"""Input events the controller understands, besides the drivers' own ButtonEvent and ReaderEvent.

Drivers put their events on the loop's queue unchanged; the virtual keyboard puts these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class CardTap:
    """A card tapped by id (the virtual board's ``:`` prompt), as if its tag were read."""

    card: str
    reader: int | None = None


@dataclass(frozen=True)
class Quit:
    """Stop the loop (the virtual board's ``Ctrl-C``/``Ctrl-D``)."""

    reason: str = ""


@dataclass(frozen=True)
class Wake:
    """A button pin changed: wake the loop so it polls the debouncer on time (nothing else)."""


@dataclass(frozen=True)
class PhonePaired:
    """From the web server: a phone used the pairing code (``name``: its short name, never the
    code or its session), so the board stops showing the code; ``seat``: a player's own phone."""

    name: str
    seat: str | None = None


@dataclass(frozen=True)
class AdminCommand:
    """From the admin page (a paired phone, checked by the web server): ``new_game``, ``abandon`` or
    ``brightness``. ``reply`` is called once from the loop thread with None (done) or the
    sentence saying why not; it must not block."""

    kind: str
    params: dict = field(default_factory=dict, compare=False, hash=False)
    reply: Callable[[str | None], None] | None = field(default=None, compare=False, hash=False)
    by: str = "the admin page"  # who asked, for the log: the paired phone's short name


@dataclass(frozen=True)
class SeatAction:
    """From a seat's own phone (checked by the web server: a phone paired for ``seat``): the
    answer to one of that seat's private prompts. The loop checks again that the prompts still
    offer it, then applies it as any action (journaled first); ``reply`` is called once from the
    loop thread with None (done) or the sentence, as the seat may read it, saying why not.
    ``game``: the game the phone was paired in (its id, ``GameSession.game_id``): another game
    may have been dealt since the server checked, and the answer is not that game's."""

    seat: str
    action: object = field(compare=False, hash=False)
    reply: Callable[[str | None], None] | None = field(default=None, compare=False, hash=False)
    by: str = "a seat's phone"  # for the log: the phone's short name, never its session
    game: str | None = None


@dataclass(frozen=True)
class RemoteInput:
    """A button or card event from a seat's board at the other end of a line (line/host.py):
    handled as if at this table, but only while that seat may act (its turn, or a reaction it
    may play). ``done`` is called once from the loop thread with the outcome, a dict of codes:
    {"applied": n} (the actions it led to, 0 for a press that only moved a preview) or
    {"refused": code}; it must not block."""

    seat: str
    seq: int
    event: object = field(compare=False, hash=False)  # a ButtonEvent or CardTap, timed by this board's clock
    done: Callable[[dict], None] | None = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class LineStatus:
    """From a line's host end (line/host.py): the other place went silent (``down_since``, a
    Unix time) or is heard again (None). The board says it, as it says a reader gone."""

    place: str
    down_since: float | None
