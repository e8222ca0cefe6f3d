"""The set-up of a Guards! Guards! game: the core's keys, the edition the table plays with (its
whole text goes into the journal's header, so a journal replays with the very cards it was
played with), which Guild card each seat holds, and how many Great Spells win.

"WINNING THE GAME. Full Game: The winner is the first player who successfully returns all of
their 5 assigned Spells to the Unseen University. Short Game: This can be achieved either by
agreeing a lower number of Spells to be retrieved, or by stopping play at any time..."
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field

from ..core.config import GameConfig
from ..core.errors import SetupError
from ..core.randomness import shuffled
from .edition import GuardsEdition

SPELLS_TO_WIN = 5


def _demo():
    from .edition_files import demo_edition  # read once, on first use

    return demo_edition()


@dataclass(frozen=True)
class GuardsConfig(GameConfig):
    _: KW_ONLY
    mode: str = "guards"
    box: GuardsEdition = field(default_factory=_demo)  # what the box holds (edition_files.py)
    guild_cards: dict[str, str] = field(default_factory=dict)  # seat -> Guild card id; left out: dealt
    target: int = SPELLS_TO_WIN  # spells to return to win (a Short Game agrees fewer)

    def options_record(self) -> dict:
        out = {"box": self.box.source, "target": self.target}
        if self.guild_cards:
            out["guild_cards"] = dict(self.guild_cards)
        return out

    @classmethod
    def options_from_record(cls, record: dict) -> dict:
        from .edition_files import GuardsEditionError, parse_guards_edition

        if record.get("words"):
            raise SetupError("Guards! Guards! has no words to send: leave words empty")
        out: dict = {}
        if record.get("box") is not None:
            if not isinstance(record["box"], str):
                raise SetupError("box must be the text of a Guards! Guards! edition file")
            try:
                out["box"] = parse_guards_edition(record["box"], "in the journal")
            except GuardsEditionError as exc:  # one line: a journal's refusal is said on the board and logged
                raise SetupError(f"box: the Guards! Guards! edition it holds is not valid: {exc.one_line()}") from None
        if record.get("target") is not None:
            out["target"] = record["target"]
        if record.get("guild_cards") is not None:
            out["guild_cards"] = record["guild_cards"]
        return out


def check_config(config: GuardsConfig) -> None:
    """SetupError saying what to change when ``config`` is no Guards! Guards! game."""
    if not isinstance(config.box, GuardsEdition):
        raise SetupError("box must be a Guards! Guards! edition (clacks-hw edition check FILE)")
    if type(config.target) is not int or not 1 <= config.target <= SPELLS_TO_WIN:
        raise SetupError(f"target {config.target!r} must be how many Great Spells win, 1 to {SPELLS_TO_WIN}")
    cards = config.guild_cards
    if not isinstance(cards, dict):
        raise SetupError("guild_cards must map seats to Guild card ids, like {\"S\": \"THI1\"}")
    for seat, card in cards.items():
        if seat not in config.seats:
            raise SetupError(f"guild_cards names seat {seat!r}, which is not in the game")
        if card not in config.box.guild_cards:
            raise SetupError(f"guild card {card!r} for seat {seat} is not in the edition "
                             f"(it has {', '.join(config.box.guild_cards)})")
    chosen = [config.box.guild_cards[c].guild for c in cards.values()]
    if len(set(chosen)) != len(chosen):
        raise SetupError("two seats hold Guild cards of the same Guild: each player joins a different Guild")
    if len({g.guild for g in config.box.guild_cards.values()}) < len(config.seats):
        raise SetupError(f"the edition's Guild cards name fewer Guilds than the {len(config.seats)} players")


def deal_guild_cards(config: GuardsConfig) -> dict[str, str]:
    """Each seat's Guild card: the chosen ones, the others dealt by the seed, one per Guild."""
    out = dict(config.guild_cards)
    taken = {config.box.guild_cards[c].guild for c in out.values()}
    for cid in shuffled(sorted(config.box.guild_cards), "guards", config.seed, "guild_cards"):
        card = config.box.guild_cards[cid]
        free = [s for s in config.seats if s not in out]
        if free and card.guild not in taken:
            out[free[0]] = cid
            taken.add(card.guild)
    return out
