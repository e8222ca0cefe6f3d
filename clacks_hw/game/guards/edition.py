"""What the box holds, as the owner typed it in: the volunteer cards, the dragons, the Guild
cards, the items, the Great Spells and the Wizards' Challenge targets printed on the map
(edition_files.py reads and checks the TOML file).

The rulebook gives the rules, not these values; an edition is the only place they live, and
every value of the game comes from one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DECKS = ("lords", "man_beast", "shades")  # Lords & Ladies, Man & Beast, Shades & Shadows
DECK_NAMES = {"lords": "Lords & Ladies", "man_beast": "Man & Beast", "shades": "Shades & Shadows"}
GUILDS = ("fools", "thieves", "alchemists", "assassins")  # the four Guild Quadrants
ATTRIBUTES = ("magic", "guild", "charm")  # a player's own skills, on the Guild card
STATS = ("loyalty", "streetwise", "toughness", "brawl")  # a volunteer's (and an item's bonus)
# "Challenge 1 Windel's Wisdom will test your Volunteers Streetwise. Challenge 2 Stibbon's Stumper
# demands a Toughness test. Challenge 3 Ridcully's Revenge is a test of Loyalty. Challenge 4
# Malich's Melancholy demands two tests, one for Brawl and a second for Streetwise. Challenge 5
# The final test, Rincewind's Redemption will test the player's own Guild and Magic abilities."
CHALLENGES = {1: ("streetwise",), 2: ("toughness",), 3: ("loyalty",), 4: ("brawl", "streetwise"),
              5: ("magic", "guild")}
CHALLENGE_NAMES = {1: "Windel's Wisdom", 2: "Stibbon's Stumper", 3: "Ridcully's Revenge",
                   4: "Malich's Melancholy", 5: "Rincewind's Redemption"}
FINAL_TARGET = 9  # "They must achieve a score of 9 or above in both cases" (Returning the Final Spell)


@dataclass(frozen=True)
class Volunteer:
    id: str  # the card's id: what the reader's sticker is enrolled as
    name: str
    deck: str  # one of DECKS
    charm: int  # the Charm value a recruiting roll must reach
    bribe: int | None  # dollars; None: marked 'X', cannot be bribed
    loyalty: int
    streetwise: int
    toughness: int
    brawl: int
    brethren: bool = False  # carries the Mark of the Brethren
    wanted: bool = False
    infectious: bool = False
    fate: bool = False  # draws a Fate card when recruited
    bonus: tuple[tuple[str, int], ...] = ()  # (attribute or "dollars", change) applied once, on recruiting
    magic_defence: int = 0  # added to the target of a Scroll cast at its holder
    luggage: int = 0  # "Luggage moves ... spaces"

    def stat(self, name: str) -> int:
        return getattr(self, name)


@dataclass(frozen=True)
class Dragon:
    id: str
    name: str
    brawl: int
    toughness: int


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    price: int
    bonus: tuple[tuple[str, int], ...] = ()  # (stat, change) while a volunteer carries it

    def adds(self, stat: str) -> int:
        return dict(self.bonus).get(stat, 0)


@dataclass(frozen=True)
class Scroll:
    """A Curses & Cures card: bought at a Temple, cast by a Magic test against its target."""

    id: str
    name: str
    price: int
    target: int  # "The Magic Target Value needed to successfully cast the Scroll"


@dataclass(frozen=True)
class GuildCard:
    id: str
    guild: str  # one of GUILDS: the player's Guild House is in that quadrant
    start: tuple[int, int, int]  # magic, guild, charm: the red dots
    spells: tuple[str, ...]  # the five Great Spells to return
    ability: str  # the Guild ability's name, as printed


@dataclass(frozen=True)
class Spell:
    id: str
    name: str


@dataclass(frozen=True)
class GuardsEdition:
    name: str
    made_up: bool  # a demo: never to be shown as the real box's values
    quadrants: tuple[str, ...]  # the guilds clockwise from the lamp grid's north-west corner
    spells: dict[str, Spell]
    guild_cards: dict[str, GuildCard]
    volunteers: dict[str, Volunteer]
    dragons: dict[str, Dragon]
    items: dict[str, Item]
    scrolls: dict[str, Scroll]
    challenges: dict[str, int]  # "1", "2", "3", "4_brawl", "4_streetwise" -> target on the map
    tavern: tuple[str, ...]  # the Tavern table: face 1..8 -> a deck, or "" (nobody joins)
    fingerprint: str = ""
    path: str = field(default="", compare=False)
    source: str = field(default="", compare=False, repr=False)  # the TOML text: a journal carries it

    def target(self, challenge: int, stat: str) -> int:
        if challenge == 5:
            return FINAL_TARGET
        return self.challenges[f"4_{stat}" if challenge == 4 else str(challenge)]

    def deck(self, name: str) -> tuple[Volunteer, ...]:
        return tuple(v for v in self.volunteers.values() if v.deck == name)

    # --- the cards an RFID sticker can name (`clacks-hw enroll --guards FILE`) -------------
    def tag_groups(self) -> dict[str, list[str]]:
        """The cards that can carry a tag, by group, in enrolment order: each volunteer deck,
        then the dragons."""
        out = {deck: [v.id for v in self.deck(deck)] for deck in DECKS}
        out["dragons"] = list(self.dragons)
        return out

    def tag_label(self, card: str) -> str:
        """What to show an owner tapping ``card``: ``LL03 Lords & Ladies volunteer Lady Demo``."""
        if card in self.volunteers:
            v = self.volunteers[card]
            return f"{card} {DECK_NAMES[v.deck]} volunteer {v.name}"
        if card in self.dragons:
            return f"{card} dragon {self.dragons[card].name}"
        return card
