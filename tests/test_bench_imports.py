"""The benchmarks run only under `make bench`, never in `make test`, and some time a command in
a fresh interpreter from a script kept as text: a module moved in the package would break them
unnoticed. Every `from clacks_hw... import ...` written in bench/, in code or in such a script,
must still import."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
FROM = re.compile(r"^\s*from (clacks_hw[\w.]*) import \(?([\w, ]+)", re.M)


def named_imports() -> list[tuple[str, str, str]]:
    found = []
    for path in sorted(BENCH.glob("*.py")):
        for module, names in FROM.findall(path.read_text()):
            for name in filter(None, (n.strip().split(" as ")[0] for n in names.split(","))):
                found.append((path.name, module, name))
    return found


def test_the_benches_name_imports_at_all():
    assert len(named_imports()) > 50  # the pattern still finds them


@pytest.mark.parametrize("where,module,name", named_imports(), ids=lambda v: str(v))
def test_every_name_a_bench_imports_exists(where, module, name):
    try:
        mod = importlib.import_module(module)
    except ImportError as exc:
        pytest.fail(f"bench/{where}: from {module} import {name}: {exc}")
    if not hasattr(mod, name):
        try:
            importlib.import_module(f"{module}.{name}")  # a submodule
        except ImportError:
            pytest.fail(f"bench/{where}: {module} has no {name}")
