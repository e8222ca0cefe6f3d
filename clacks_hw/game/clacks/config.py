"""The set-up of a Clacks game: the core's, and the words each seat (or the team) sends, the
route of the team and junior games, who starts a race, and the length of an Express turn."""

from __future__ import annotations

import dataclasses
from dataclasses import KW_ONLY, dataclass, field

from ..core.config import GameConfig

EXPRESS_SECONDS = 60.0
TEAM = "team"  # the key of the team's two words in the race and solitaire (their words are the team's)


@dataclass(frozen=True)
class ClacksConfig(GameConfig):
    words: dict[str, tuple[str, ...]] = field(default_factory=dict)  # seat (or "team") -> its word(s)
    _: KW_ONLY
    mode: str = "competitive"
    route: str = "easy"  # race/solitaire: the team's route; junior: the first seat's route
    express_seconds: float = EXPRESS_SECONDS  # Express: the length of a turn (a house rule may change it)
    first: str | None = None  # race: the seat nearest Ankh-Morpork (default: the first seat)

    def normalised(self) -> ClacksConfig:
        return dataclasses.replace(super().normalised(), words={k: tuple(v) for k, v in self.words.items()})

    def record(self) -> dict:
        return {**super().record(), "words": {k: list(v) for k, v in self.words.items()}}  # co-op: "team"

    def options_record(self) -> dict:
        # Only the options that matter, so competitive headers stay as documented.
        out: dict = {}
        if self.game.routes:
            out["route"] = self.route
        if self.first is not None:
            out["first"] = self.first
        if "express" in self.variants:
            out["express_seconds"] = self.express_seconds
        return out

    @classmethod
    def options_from_record(cls, record: dict) -> dict:
        out = {k: record[k] for k in ("route", "first", "express_seconds") if record.get(k) is not None}
        return {"words": {s: tuple(w) for s, w in record["words"].items()}, **out}
