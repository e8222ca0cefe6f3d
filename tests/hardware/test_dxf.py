"""The DXF writer the laser-cut case's sheets go through: loose segments joined into closed
outlines, an open outline refused."""

import pytest

from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.dxf import join, joined, polylines, read_lines


def _area(loop):
    return abs(sum(loop[i][0] * loop[i - 1][1] - loop[i - 1][0] * loop[i][1] for i in range(len(loop)))) / 2


def test_loose_segments_are_joined_and_an_open_outline_is_refused():
    square = [((0, 0), (10, 0)), ((10, 10), (0, 10)), ((10, 0), (10, 10)), ((0, 10), (0, 0))]
    (loop,) = join(square)
    assert _area(loop) == 100
    with pytest.raises(HardwareError, match="not closed near"):
        join(square[:3])
    assert read_lines("  0\nLINE\n  8\n0\n 10\n1\n 20\n2\n 11\n3\n 21\n4\n  0\nEOF\n") == [((1, 2), (3, 4))]
    assert polylines(joined("  0\nLINE\n 10\n0\n 20\n0\n 11\n1\n 21\n0\n  0\nLINE\n 10\n1\n 20\n0\n 11\n0\n 21\n1\n"
                            "  0\nLINE\n 10\n0\n 20\n1\n 11\n0\n 21\n0\n  0\nEOF\n")) == [[(0, 0), (1, 0), (0, 1)]]
