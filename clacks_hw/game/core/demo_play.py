"""What `clacks-hw demo` asks of a game, so that the command names none (a part of every
``Game``, core/protocol.py): as the board's attract demo asks the game in play for its
automatic players' moves, the demo asks it how they play, how a move is told and whose view of
the position is drawn. The defaults fit a game with nothing to add."""

from __future__ import annotations


class DemoPlay:
    demo_view: str | None = None  # whose view the demo draws: all of it, or PUBLIC where secrets would spoil it
    bot_kinds: tuple[str, ...] = ()  # the ways its automatic players can play (`demo --bot`), the first the usual

    def demo_action(self, state, n: int, rng, kind: str | None = None):
        """The demo's ``n``-th automatic move (``kind``: one of ``bot_kinds``, or None): the
        game's own automatic player (``Game.bot_action``)."""
        return self.bot_action(state, rng)

    def narrate(self, before, action, after) -> str:
        """The demo's line for an accepted action: what it did."""
        return f"--- {action}"
