"""Board detection from a fake /proc: the model, the SoC, the generation, ws281x support."""

import pytest

from clacks_hw.drivers.pi import detect_board


def fake_root(tmp_path, model=None, compatible=None, cpuinfo=None):
    dt = tmp_path / "proc/device-tree"
    dt.mkdir(parents=True)
    if model is not None:
        (dt / "model").write_bytes(model.encode() + b"\0")
    if compatible is not None:
        (dt / "compatible").write_bytes(b"\0".join(c.encode() for c in compatible) + b"\0")
    if cpuinfo is not None:
        (tmp_path / "proc/cpuinfo").write_text(cpuinfo)
    return tmp_path


@pytest.mark.parametrize(
    "model, compatible, generation",
    [
        ("Raspberry Pi 4 Model B Rev 1.4", ["raspberrypi,4-model-b", "brcm,bcm2711"], 4),
        ("Raspberry Pi 5 Model B Rev 1.0", ["raspberrypi,5-model-b", "brcm,bcm2712"], 5),
        ("Raspberry Pi Zero 2 W Rev 1.0", ["raspberrypi,model-zero-2-w", "brcm,bcm2837"], 3),
        ("Raspberry Pi 3 Model B Plus Rev 1.3", ["raspberrypi,3-model-b-plus", "brcm,bcm2837"], 3),
    ],
)
def test_generation_from_the_device_tree(tmp_path, model, compatible, generation):
    board = detect_board(fake_root(tmp_path, model, compatible))
    assert board.model == model and board.generation == generation and board.is_pi
    assert board.ws281x_supported == (generation <= 4)


@pytest.mark.parametrize(
    "model, generation",
    [
        ("Raspberry Pi Model B Rev 2", 1),
        ("Raspberry Pi Zero W Rev 1.1", 1),
        ("Raspberry Pi 2 Model B Rev 1.1", 2),
        ("Raspberry Pi 400 Rev 1.0", 4),
        ("Raspberry Pi 500 Rev 1.0", 5),
        ("Raspberry Pi Compute Module 4 Rev 1.0", 4),
        ("Raspberry Pi Compute Module 5 Rev 1.0", 5),
        ("Raspberry Pi Compute Module Rev 1.0", 1),
    ],
)
def test_generation_from_the_model_string_alone(tmp_path, model, generation):
    assert detect_board(fake_root(tmp_path, model)).generation == generation


@pytest.mark.parametrize(
    "revision, generation",
    [("a02082", 3), ("c03111", 4), ("d04170", 5), ("0010", 1), ("902120", 3)],
)
def test_generation_from_the_cpuinfo_revision_code(tmp_path, revision, generation):
    cpuinfo = f"processor\t: 0\nRevision\t: {revision}\nModel\t\t: Raspberry Pi\n"
    assert detect_board(fake_root(tmp_path, cpuinfo=cpuinfo)).generation == generation


def test_a_pc_is_not_a_pi(tmp_path):
    board = detect_board(fake_root(tmp_path, cpuinfo="processor\t: 0\nmodel name\t: AMD Ryzen\n"))
    assert not board.is_pi and not board.ws281x_supported
    assert "not a Raspberry Pi" in board.describe()


def test_other_arm_boards_are_not_pis(tmp_path):
    board = detect_board(fake_root(tmp_path, "Radxa ROCK 5B", ["radxa,rock-5b", "rockchip,rk3588"]))
    assert not board.is_pi and "Radxa ROCK 5B" in board.describe()


def test_an_empty_root_is_not_a_pi(tmp_path):
    assert detect_board(tmp_path).generation is None
