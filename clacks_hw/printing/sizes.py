"""The printed cards' real sizes, from clacks_hw/data/cards.toml (the file says why each)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Sizes:
    card: tuple[float, float]  # jacquards, report cards, word cards (width, height)
    alphabet: tuple[float, float]
    lamp_tile: float  # one face; the folded pair is lamp_tile x 2 * lamp_tile
    sticker: float  # NTAG sticker diameter
    margin: float  # kept clear at each page edge


def load_sizes() -> Sizes:
    data = tomllib.loads(resources.files("clacks_hw").joinpath("data/cards.toml").read_text("utf-8"))
    return Sizes(
        card=(data["card"]["width"], data["card"]["height"]),
        alphabet=(data["alphabet"]["width"], data["alphabet"]["height"]),
        lamp_tile=data["lamp_tile"]["side"],
        sticker=data["sticker"]["diameter"],
        margin=data["page"]["margin"],
    )
