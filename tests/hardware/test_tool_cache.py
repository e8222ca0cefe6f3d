"""A build runs OpenSCAD and PrusaSlicer only on what changed: their results are kept by the hash
of everything that went in."""

from clacks_hw.hardware import tool_cache
from clacks_hw.hardware.render import cached_openscad

from ..support.tools import require_tool


def test_a_render_is_kept_and_reused_until_its_source_changes(tmp_path, monkeypatch):
    require_tool("openscad", "openscad")
    monkeypatch.setenv("CLACKS_HW_CACHE", str(tmp_path / "cache"))
    src, out = tmp_path / "a.scad", tmp_path / "a.stl"
    src.write_text("cube(2);")
    assert cached_openscad("stl", src, out) is False
    first = out.read_bytes()
    out.unlink()
    assert cached_openscad("stl", src, out) is True and out.read_bytes() == first
    src.write_text("cube(3);")
    assert cached_openscad("stl", src, out) is False and out.read_bytes() != first


def test_the_cache_can_be_turned_off_and_survives_an_unwritable_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CLACKS_HW_CACHE", "off")
    tool_cache.put("x", "k", b"data")
    assert tool_cache.get("x", "k") is None
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("CLACKS_HW_CACHE", str(blocker / "cache"))  # under a file: cannot be made
    tool_cache.put("x", "k", b"data")
    assert tool_cache.get("x", "k") is None


def test_keys_tell_their_parts_apart():
    assert tool_cache.key("ab", "c") != tool_cache.key("a", "bc")
    assert tool_cache.key(b"x") == tool_cache.key("x")
