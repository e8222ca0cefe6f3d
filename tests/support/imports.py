"""The package's imports as data, read from the source (every import statement, also those
inside functions): modules, who imports whom, and which names each file takes from where.

One reader for the layout tests (no circles, no game importing another, no private names
across packages) and for the architecture picture (tests/support/architecture.py).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clacks_hw"


@dataclass
class Module:
    name: str  # dotted: clacks_hw.game.core.registry
    path: Path
    is_package: bool  # an __init__.py
    tree: ast.Module
    imports: set[str] = field(default_factory=set)  # modules of the package this one imports
    names: list[tuple[str, str, int]] = field(default_factory=list)  # (module, name, line) of each from-import

    @property
    def package(self) -> str:
        """The package the module is part of (itself, for an __init__)."""
        return self.name if self.is_package else self.name.rpartition(".")[0]

    @property
    def lines(self) -> int:
        return len(self.path.read_text(encoding="utf-8").splitlines())


def modules(root: Path = PACKAGE) -> dict[str, Module]:
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        name = ".".join(parts)
        found[name] = Module(name, path, is_package, ast.parse(path.read_text(encoding="utf-8")))
    for mod in found.values():
        _read_imports(mod, found, root.name)
    return found


def _owner(name: str, found) -> str | None:
    """The module a dotted name lives in (a module, or a name inside one)."""
    while name and name not in found:
        name = name.rpartition(".")[0]
    return name or None


def _read_imports(mod: Module, found, top: str) -> None:
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = mod.package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            mod.names += [(source, a.name, node.lineno) for a in node.names]
            # `from pkg import sub` imports the module pkg.sub; `from pkg import name` imports pkg
            targets = [f"{source}.{a.name}" for a in node.names] + [source]
        else:
            continue
        for target in targets:
            if target.split(".")[0] == top:
                owner = _owner(target, found)
                if owner and owner != mod.name:
                    mod.imports.add(owner)


def circles(found: dict[str, Module]) -> list[list[str]]:
    """Every group of modules that import each other round a circle (Tarjan's algorithm)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(found[v].imports):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(found):
        if v not in index:
            visit(v)
    return out


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _package_of(name: str, found) -> str:
    owner = found.get(name)
    return owner.package if owner is not None else name.rpartition(".")[0]


def private_reaches(found: dict[str, Module]) -> list[str]:
    """Every place a file takes a private name (``_x``) from another package: ``from m import
    _x``, or ``m._x`` on a module it imported. Within one package a private name is fair."""
    out = []
    for mod in found.values():
        rel = mod.path.relative_to(PACKAGE.parent) if mod.path.is_relative_to(PACKAGE.parent) else mod.path
        bound = {}  # local name -> module it stands for
        for source, name, line in mod.names:
            whole = f"{source}.{name}"
            if whole in found:
                bound[name] = whole
            elif _private(name) and source.split(".")[0] == mod.name.split(".")[0] \
                    and _package_of(source, found) != mod.package:
                out.append(f"{rel}:{line}: from {source} import {name}")
        for node in ast.walk(mod.tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in found:
                        bound[a.asname or a.name] = a.name
        for node in ast.walk(mod.tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                target = _dotted(node.value)
                module = bound.get(target) or (target if target in found else None)
                if module is not None and _package_of(module, found) != mod.package:
                    out.append(f"{rel}:{node.lineno}: {target}.{node.attr}")
    return sorted(out)


def _dotted(node) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None
