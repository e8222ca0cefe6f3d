"""A game at its start (Set Up; What players need to begin a game)."""

from __future__ import annotations

from ..core.randomness import shuffled
from .config import GuardsConfig, check_config, deal_guild_cards
from .edition import DECKS
from .recruiting import gain
from .state import GuardsState, Player


def new_game(config: GuardsConfig) -> GuardsState:
    """Set Up: each player holds a Guild card, 5 dollars and the starting attributes on it, and
    is dealt a Lords & Ladies and a Man & Beast card ("Deal 1 card from the Man & Beast deck and
    1 from the Lords & Ladies deck to each player"), whose bonuses apply at once."""
    check_config(config)
    box, cards = config.box, deal_guild_cards(config)
    decks = {d: list(_shuffled(box, config.seed, d)) for d in DECKS}
    state = GuardsState(config, (), config.seats[0])
    players = []
    for seat in config.seats:
        g = box.guild_cards[cards[seat]]
        players.append(Player(seat, g.id, g.guild, 5, *g.start, spells=g.spells))
    state = state._replace(players=tuple(players))
    for seat in config.seats:
        for deck in ("lords", "man_beast"):
            state = gain(state, seat, decks[deck].pop(0), dealt=True)
    first = state.player(config.seats[0])
    return state.with_player(first._replace(turns=1))


def _shuffled(box, seed: int, deck: str) -> tuple[str, ...]:
    return shuffled(sorted(v.id for v in box.deck(deck)), "guards", seed, f"deal/{deck}")
