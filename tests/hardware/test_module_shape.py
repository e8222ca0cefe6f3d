"""clacks_hw/hardware stays readable: no module imports one that imports it back (however
deep, lazy imports included) and none grows past 400 lines."""

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "clacks_hw" / "hardware"


def _name(path: Path) -> str:
    """"build", "pcb.router": a module's name inside the hardware package."""
    return ".".join(path.relative_to(PKG).with_suffix("").parts)


def _imports(path: Path, mods: set) -> set:
    """The package's modules ``path`` imports relatively (``from .x import``, ``from ..y import z``),
    anywhere in it, lazy imports included."""
    here = _name(path).split(".")[:-1]  # the package the module is in, inside hardware
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = here[:len(here) - (node.level - 1)] if node.level - 1 <= len(here) else None
            if base is None:
                continue  # above the hardware package
            target = base + (node.module.split(".") if node.module else [])
            candidates = [".".join(target)] + [".".join(target + [a.name]) for a in node.names]
            out |= {c for c in candidates if c in mods}
    return out


def _graph() -> dict:
    mods = {_name(p): p for p in PKG.rglob("*.py") if p.stem != "__init__"}
    return {m: _imports(p, set(mods)) for m, p in mods.items()}


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
    long = {p.name: n for p in PKG.rglob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines())) >= 400}
    assert not long, long
