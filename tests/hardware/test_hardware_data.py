"""board.toml and parts.toml are checked whole: a bad value is named with its fix."""

import shutil

import pytest

from clacks_hw.hardware.data import HERE, HardwareError, load_hardware


def test_the_shipped_data_loads():
    hw = load_hardware()
    assert hw.board["panel"]["tile_pitch"] > 0 and hw.parts["pi"]["holes"]


def _copy(tmp_path, edit):
    board = tmp_path / "board.toml"
    shutil.copy(HERE / "board.toml", board)
    board.write_text(edit(board.read_text()))
    return board


@pytest.mark.parametrize("edit, message", [
    (lambda s: s.replace("tile_pitch = 50.0", "tile_pitch = -5"), "panel.tile_pitch = -5 is not usable; write a number above 0"),
    (lambda s: s.replace("rib = 1.6", ""), "baffle.rib is missing"),
    (lambda s: s.replace("rotate = 0", "rotate = 45", 1), "layout.pi.rotate = 45 is not usable; write 0 or 90"),
    (lambda s: s.replace("[openings.power]", "colour = 1\n[openings.power]"), "unknown key"),
    (lambda s: s.replace("tile_window = 27.0", "tile_window = 40.0"), "cannot take a 16 mm tower button"),
    (lambda s: s.replace('shared = "SE"', 'shared = "middle"'), "readers.shared"),
    (lambda s: s + "\n[[[", "not valid TOML"),
])
def test_a_bad_board_file_names_the_key_and_the_fix(tmp_path, edit, message):
    with pytest.raises(HardwareError) as err:
        load_hardware(board_path=_copy(tmp_path, edit))
    assert message in str(err.value)


def test_every_part_names_its_source():
    parts = load_hardware().parts
    assert all(p["source"].strip() for p in parts.values())
    assert parts["pi"]["holes"][1][0] - parts["pi"]["holes"][0][0] == 58.0  # the Pi's 58 x 49 mm hole pattern
    assert parts["pi"]["holes"][2][1] - parts["pi"]["holes"][0][1] == 49.0
