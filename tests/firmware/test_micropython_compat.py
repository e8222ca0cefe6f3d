"""The firmware must run on MicroPython (RP2040 build): only modules that port provides,
and no CPython-only syntax or library. Checked statically on every firmware/*.py."""

import ast
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
FILES = sorted(FIRMWARE.glob("*.py"))
OWN = {p.stem for p in FILES}

# Built into MicroPython's rp2 port (docs.micropython.org, "MicroPython libraries" and the
# rp2 quick reference); the u-prefixed aliases too.
MICROPYTHON_RP2040 = {
    "machine", "rp2", "micropython", "time", "utime", "sys", "usys", "select", "uselect",
    "gc", "json", "ujson", "binascii", "ubinascii", "struct", "ustruct", "os", "uos",
    "array", "collections", "ucollections", "io", "uio", "math", "errno", "uerrno",
    "hashlib", "random", "re", "uctypes", "framebuf", "heapq", "platform",
}
# String/bytes methods CPython has and MicroPython does not (or not in every build).
MISSING_METHODS = {
    "casefold", "format_map", "isidentifier", "isnumeric", "isdecimal", "isprintable",
    "zfill", "expandtabs", "swapcase", "removeprefix", "removesuffix", "bit_length",
    "hex", "fromhex", "maketrans", "translate", "partition", "rpartition",
}


def _tree(path):
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_there_is_firmware_to_check():
    assert {"main", "hub", "mfrc522", "hubproto", "presence", "config"} <= OWN


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_imports_only_what_micropython_on_rp2040_has(path):
    for node in ast.walk(_tree(path)):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [(node.module or "").split(".")[0]]
        for name in names:
            assert name in MICROPYTHON_RP2040 | OWN, f"{path.name}:{node.lineno} imports {name!r}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_cpython_only_syntax_or_methods(path):
    for node in ast.walk(_tree(path)):
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        assert not isinstance(node, (ast.AnnAssign, ast.JoinedStr, ast.Match, ast.AsyncFunctionDef)), \
            f"{where}: annotations, f-strings, match and async stay out of the firmware"
        if isinstance(node, ast.FunctionDef):
            assert node.returns is None and node.decorator_list == [], f"{where}: annotation/decorator"
            for arg in node.args.args + node.args.kwonlyargs:
                assert arg.annotation is None, f"{where}: annotated argument {arg.arg}"
        if isinstance(node, ast.Attribute):
            assert node.attr not in MISSING_METHODS, f"{where}: .{node.attr}() is not in MicroPython"


def test_the_checker_catches_what_it_should(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from dataclasses import dataclass\nx: int = 1\n")
    tree = _tree(bad)
    assert any(isinstance(n, ast.ImportFrom) and n.module not in MICROPYTHON_RP2040 for n in ast.walk(tree))
    assert any(isinstance(n, ast.AnnAssign) for n in ast.walk(tree))
