"""Legal-action counts at fixed positions of every game (like python-chess's perft files): the
table in data/perft.txt pins move generation. On a mismatch the message shows the breakdown by
act and seat, expected and found. The table was made before the games became objects and did
not change with them; regenerate it only for a deliberate rule change:
``python -m tests.game.perft_positions > tests/game/data/perft.txt``."""

from pathlib import Path

import pytest

from .perft_positions import breakdown, positions

TABLE = {}
for row in (Path(__file__).parent / "data" / "perft.txt").read_text().splitlines():
    key, total, parts = (x.strip() for x in row.split("|"))
    TABLE[key] = (int(total), dict((k.replace(":", " "), int(v)) for k, v in
                                   (p.split("=") for p in parts.split())))

POSITIONS = dict(positions())


def test_the_table_covers_every_game_and_only_those_positions():
    assert set(TABLE) == set(POSITIONS)
    assert {key.split()[0] for key in TABLE} >= {"competitive2", "race2", "solitaire_night", "junior"}


@pytest.mark.parametrize("key", sorted(TABLE))
def test_legal_action_count(key):
    total, expected = TABLE[key]
    found = dict(breakdown(POSITIONS[key]))
    if found != expected:
        acts = sorted(set(found) | set(expected))
        rows = "\n".join(f"  {a:<12} expected {expected.get(a, 0):>5}  found {found.get(a, 0):>5}" for a in acts)
        pytest.fail(f"{key}: {sum(found.values())} legal actions, expected {total}\n{rows}")
    assert sum(found.values()) == total
