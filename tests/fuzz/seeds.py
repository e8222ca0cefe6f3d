"""Real inputs to start every target from: the files the repository ships and documents (the
default config and edition, the committed journals, the documented HIL scripts, the protocol
vectors) and whole games the automatic players play, written as the board writes them."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import FILES, default_edition, default_edition_path
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.registry import game_for
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.klackers.config import klackers_config
from clacks_hw.journal import encode_lines, make_header
from tests.support import doc_blocks

ROOT = Path(__file__).resolve().parents[2]
CREATED = "2025-01-01T00:00:00+00:00"


def fenced(doc: str, lang: str) -> list[str]:
    """The code blocks of one language in a document of docs/."""
    return doc_blocks.fenced((ROOT / "docs" / doc).read_text(encoding="utf-8"), lang)


def edition_files() -> dict[str, bytes]:
    return {name: (default_edition_path() / name).read_bytes() for name in FILES}


def game_config(mode: str, players: int, seed: int, variants=(), edition=None):
    """A game as the demo deals it, from ``edition`` (the default one if None)."""
    game = game_for(mode)
    seats = game.seating_for(players)
    if mode == "klackers":  # a dice game: no words, no cards
        return klackers_config(seats, seed, variants=variants)
    if mode == "guards":  # its own box of cards (the made-up demo), no words
        from clacks_hw.game.guards.config import GuardsConfig

        return GuardsConfig(seats=seats, seed=seed)
    slots = game.word_slots(seats, frozenset(variants))
    words = deal_words(edition or default_edition(), [key for key, _ in slots], slots[0][1], seed)
    return ClacksConfig(seats=seats, words=words, seed=seed, mode=mode, variants=frozenset(variants))


def bot_game(config: GameConfig, seed: int, limit: int = 60) -> tuple[list, list]:
    """Up to ``limit`` moves of the automatic players: (states, actions), the first state the deal."""
    from clacks_hw.game.clacks.bots import bot_action
    from clacks_hw.game.klackers.bots import bot_action as klackers_action

    choose = klackers_action if config.mode == "klackers" else bot_action
    rng = random.Random(seed)
    states, actions = [new_game(default_edition(), config)], []
    while len(actions) < limit and not states[-1].over:
        action = choose(states[-1], rng)
        after = apply(states[-1], action)
        assert not isinstance(after, Rejection), after
        states.append(after)
        actions.append(action)
    return states, actions


GAMES = (("competitive", 2, 11, ()), ("competitive", 4, 12, ("express", "long_message")),
         ("race", 3, 13, ("night_shift", "long_distance")), ("solitaire", 1, 14, ()), ("junior_race", 2, 15, ()),
         ("klackers", 3, 16, ("hughie",)))


@cache
def games() -> tuple:
    """(config, states, actions) of a short game of every mode."""
    out = []
    for mode, players, seed, variants in GAMES:
        config = game_config(mode, players, seed, variants)
        out.append((config, *bot_game(config, seed)))
    return tuple(out)


def journal_seeds() -> list[bytes]:
    ed = default_edition()
    written = [encode_lines(make_header(ed, config, created=CREATED), *[a.to_json() for a in actions])
               for config, _, actions in games()]
    committed = [p.read_bytes() for p in sorted((ROOT / "tests" / "coop" / "data").glob("*.jsonl"))]
    documented = [block.encode() for block in fenced("journal.md", "") if block.startswith('{"journal"')]
    return written + committed + documented


def config_seeds() -> list[bytes]:
    default = (ROOT / "clacks_hw" / "default_config.toml").read_bytes()
    return [default] + [block.encode() for doc in ("config.md", "setup.md", "shows.md", "status-page.md")
                        for block in fenced(doc, "toml")]


def hil_seeds() -> list[bytes]:
    return [block.encode() for block in fenced("hil.md", "hil")]


@cache
def protocol_vectors() -> dict:
    return json.loads((ROOT / "firmware" / "protocol_vectors.json").read_text())


def vector_lines(direction: str) -> list[bytes]:
    """Every line of the vectors going ``direction`` (hub_to_host, host_to_hub), valid and not;
    each character U+0000..U+00FF stands for one byte."""
    table = protocol_vectors()[direction]
    return [v["line"].encode("latin-1") for kind in table.values() for v in kind if "line" in v]
