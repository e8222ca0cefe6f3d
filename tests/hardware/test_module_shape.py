"""clacks_hw/hardware stays readable: no module imports one that imports it back (however
deep, lazy imports included) and none grows past 400 lines."""

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "clacks_hw" / "hardware"


def _imports(path: Path) -> set:
    """The sibling modules ``path`` imports (``from .x import``, ``from . import x``), anywhere in it."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out |= {a.name for a in node.names}
    return out


def _graph() -> dict:
    mods = {p.stem: p for p in PKG.glob("*.py")}
    return {m: _imports(p) & set(mods) for m, p in mods.items()}


def _cycle_from(graph: dict, start: str) -> list | None:
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for nxt in graph[node]:
            if nxt == start:
                return path + [start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, path + [nxt]))
    return None


def test_no_module_of_the_hardware_package_imports_itself_back():
    graph = _graph()
    cycles = [c for m in graph if (c := _cycle_from(graph, m))]
    assert not cycles, " -> ".join(cycles[0])


def test_the_cycle_finder_sees_a_lazy_import_circle():
    assert _cycle_from({"build": {"render"}, "render": {"build"}}, "build") == ["build", "render", "build"]


def test_every_hardware_module_is_under_400_lines():
    long = {p.name: n for p in PKG.glob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines())) >= 400}
    assert not long, long
