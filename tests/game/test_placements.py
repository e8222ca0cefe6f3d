"""docs/rules.md, jacquards: the distinct placements of each shape, a table of known counts."""

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.shapes import placements

EXPECTED = {
    "domino": 24, "diagonal": 18, "gap": 16, "line3": 16, "ell3": 36, "diag3": 8, "vee": 24,
    "square": 9, "line4": 8, "tee": 24, "ell4": 48, "ess": 24, "corners": 4, "diamond": 4,
}
COPIES = {
    "domino": 6, "diagonal": 4, "gap": 4, "line3": 4, "ell3": 4, "diag3": 3, "vee": 3,
    "square": 3, "line4": 3, "tee": 3, "ell4": 3, "ess": 3, "corners": 2, "diamond": 3,
}


def test_placement_counts_match_the_table():
    shapes = default_edition().shapes
    got = {name: len(shapes[name].placements) for name in EXPECTED}
    wrong = {n: (got[n], EXPECTED[n]) for n in EXPECTED if got[n] != EXPECTED[n]}
    assert not wrong, "placements (got, expected): " + ", ".join(f"{n} {g}!={e}" for n, (g, e) in wrong.items())


def test_every_placement_has_the_shapes_hole_count_and_fits():
    for shape in default_edition().shapes.values():
        for mask in shape.placements:
            assert 0 < mask <= 0xFFFF
            assert bin(mask).count("1") == len(shape.holes)


def test_a_domino_fits_in_24_ways_by_hand():
    horizontal = {(1 << (4 * r + c)) | (1 << (4 * r + c + 1)) for r in range(4) for c in range(3)}
    vertical = {(1 << (4 * r + c)) | (1 << (4 * r + c + 4)) for r in range(3) for c in range(4)}
    assert set(placements(((0, 0), (0, 1)))) == horizontal | vertical


def test_deck_is_48_cards_in_table_order_with_every_fourth_stamped():
    jacquards = default_edition().jacquards
    assert list(jacquards) == [f"J{i:02d}" for i in range(1, 49)]
    counts = {}
    for j in jacquards.values():
        counts[j.shape.name] = counts.get(j.shape.name, 0) + 1
    assert counts == COPIES
    assert [j.id for j in jacquards.values() if j.stamp] == [f"J{i:02d}" for i in range(4, 49, 4)]
    assert jacquards["J01"].shape.name == "domino" and jacquards["J07"].shape.name == "diagonal"
