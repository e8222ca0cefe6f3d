"""One target under atheris (libFuzzer, coverage-guided), in a process of its own:
``python -m tests.fuzz.atheris_child TARGET OUT_DIR [libFuzzer options and corpus folders]``.

The project's code (and the standard library's TOML parser) is instrumented, so libFuzzer keeps
each input that reaches new code and mutates from those. libFuzzer bounds each input's time
(``-timeout``) and the process's memory (``-rss_limit_mb``) itself. Every input counts in
``OUT_DIR/tried``; a failure whose signature is not listed in ``OUT_DIR/known`` is written to
``OUT_DIR/failure.bin`` and ``failure.txt``, and the process ends so the parent can shrink and
keep it, then start again for the time left.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from time import monotonic

import atheris

with atheris.instrument_imports(include=["clacks_hw", "tomllib"]):
    from tests.fuzz.harness import describe, run_one, signature, watching_logs
    from tests.fuzz.targets import target

    TARGET = target(sys.argv[1])  # imports the project's modules it drives: here, so they are instrumented

FOUND = 3  # the exit status saying: a new failure is in failure.bin


def main() -> None:
    out = Path(sys.argv[2])
    known = set((out / "known").read_text().splitlines()) if (out / "known").exists() else set()
    tried = [0, monotonic()]

    def count(force: bool = False) -> None:
        if force or monotonic() - tried[1] > 0.5:
            (out / "tried").write_text(str(tried[0]))
            tried[1] = monotonic()

    with watching_logs(), TARGET.open() as check:
        def one(data: bytes) -> None:
            tried[0] += 1
            count()
            exc = run_one(check, data, bounded=False)
            if exc is None or signature(exc) in known:
                return
            (out / "failure.bin").write_bytes(data)
            (out / "failure.txt").write_text(f"{signature(exc)}\n{describe(exc)}\n")
            count(force=True)
            os._exit(FOUND)  # at once: the session (a running board) is the parent's to forget

        atheris.Setup([sys.argv[0], *sys.argv[3:]], one)
        try:
            atheris.Fuzz()
        finally:
            count(force=True)


if __name__ == "__main__":
    main()
