"""board.toml and parts.toml are checked whole: a bad value is named with its fix."""

import shutil

import pytest

from clacks_hw.hardware.data import HERE, HardwareError, load_hardware


def test_the_shipped_data_loads():
    hw = load_hardware()
    assert hw.board["panel"]["tile_pitch"] > 0 and hw.parts["reader"]["antenna"]


def _copy(tmp_path, edit):
    board = tmp_path / "board.toml"
    shutil.copy(HERE / "board.toml", board)
    board.write_text(edit(board.read_text()))
    return board


@pytest.mark.parametrize("edit, message", [
    (lambda s: s.replace("tile_pitch = 50.0", "tile_pitch = -5"), "panel.tile_pitch = -5 is not usable; write a number above 0"),
    (lambda s: s.replace("margin = 50.0", ""), "panel.margin is missing"),
    (lambda s: s.replace("control_row = 0.35", "control_row = 1.5"), "panel.control_row = 1.5 is not usable; write a fraction"),
    (lambda s: s.replace("[readers]", "[readers]\ncolour = 1"), "unknown key readers.colour"),
    (lambda s: s.replace('shared = "SE"', 'shared = "middle"'), "readers.shared"),
    (lambda s: s + "\n[[[", "not valid TOML"),
])
def test_a_bad_board_file_names_the_key_and_the_fix(tmp_path, edit, message):
    with pytest.raises(HardwareError) as err:
        load_hardware(board_path=_copy(tmp_path, edit))
    assert message in str(err.value)


def test_a_board_without_room_for_the_keys_between_its_windows_is_refused(tmp_path):
    from clacks_hw.hardware.layout import layout
    hw = load_hardware(board_path=_copy(tmp_path, lambda s: s.replace("tile_window = 27.0", "tile_window = 40.0")))
    with pytest.raises(HardwareError) as err:
        layout(hw)
    assert "the 10 mm between lamp windows cannot take a 19.2 mm keycap hole" in str(err.value)


def test_every_part_names_its_source():
    parts = load_hardware().parts
    assert all(p["source"].strip() for p in parts.values())
