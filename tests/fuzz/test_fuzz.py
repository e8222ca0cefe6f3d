"""Every fuzz target keeps its promise: its seeds and every input that ever failed it (the corpus
in tests/fuzz/corpus/) pass, and a short fuzz pass (FUZZ_CI_SECONDS per target, 3 by default)
finds nothing. `make fuzz` is the long run (harness.py says what a target promises)."""

from __future__ import annotations

import os
import signal
import time

import pytest

from .harness import (
    INDEX,
    Hang,
    Violation,
    bounds,
    corpus,
    keep,
    minimise,
    refused,
    run_one,
    signature,
    watching_logs,
)
from .hypothesis_engine import fuzz
from .targets import NAMES, target

CI_SECONDS = float(os.environ.get("FUZZ_CI_SECONDS", "3"))
CI_AT_LEAST = 5  # inputs each target tries in the short pass, however loaded the machine


@pytest.mark.parametrize("name", NAMES)
def test_target_keeps_its_promise(name):
    t = target(name)
    with watching_logs(), t.open() as check:
        stored = {p.name: run_one(check, p.read_bytes()) for p in corpus(name)}
        assert not {k: signature(e) for k, e in stored.items() if e}, "corpus inputs fail again"
        seeds = [run_one(check, s) for s in t.seeds()]
        assert t.seeds() and not [signature(e) for e in seeds if e], "a real input fails"
        stats = fuzz(t, check, CI_SECONDS, at_least=CI_AT_LEAST)
    found = {sig: f.data[:300] for sig, f in stats.found.items()}
    assert not found, f"new failures (run `make fuzz` to shrink and keep them): {found}"
    assert stats.tried >= CI_AT_LEAST


def test_every_corpus_input_says_what_it_failed_with():
    for name in NAMES:
        files = {p.name for p in corpus(name)}
        index = corpus(name)[0].parent / INDEX if files else None
        listed = {line.split("\t")[0] for line in index.read_text().splitlines()} if index else set()
        assert files == listed, name


# -- the harness itself: each promise is checked, and each failure caught -----------------


def test_an_exception_of_another_kind_is_a_failure_named_by_where_it_came_from():
    def check(data: bytes) -> None:
        {}[data]  # a KeyError, as a parser would raise for a key it did not expect

    exc = run_one(check, b"x")
    assert isinstance(exc, KeyError)
    assert signature(exc) == "KeyError in tests/fuzz/test_fuzz.py:check"


def test_a_refusal_needs_a_printable_message():
    assert run_one(lambda d: refused(ValueError("journal.dir: contains a control character (U+0000)")), b"") is None
    for message in ("", "   ", "bad key '\x1b[31m'", "Traceback (most recent call last):\n  boom"):
        assert isinstance(run_one(lambda d, m=message: refused(ValueError(m)), b""), Violation), message


def test_an_input_that_runs_too_long_is_a_hang():
    started = time.monotonic()
    with pytest.raises(Hang):
        with bounds(seconds=0.2):
            while True:  # a parser's loop that never ends, however it catches Exception
                try:
                    time.sleep(0.01)
                except Exception:  # noqa: BLE001 - the point: this cannot swallow the bound
                    pass
    assert time.monotonic() - started < 2
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0  # the timer is gone afterwards


def test_an_input_that_blows_up_memory_is_stopped():
    def check(data: bytes) -> None:
        b"x" * (len(data) << 30)  # 1 GiB per input byte: far over the bound

    assert isinstance(run_one(check, b"\x01"), MemoryError)
    b"y" * (64 << 20)  # and the process may allocate again afterwards


def test_an_exception_caught_and_logged_is_still_a_failure():
    import logging

    def check(data: bytes) -> None:
        try:
            int(data)
        except ValueError:
            logging.getLogger("clacks_hw.web.feed").exception("cannot build the public state")

    with watching_logs():
        exc = run_one(check, b"x")
    assert isinstance(exc, Violation) and "caught and logged by clacks_hw.web.feed: ValueError" in exc.kind


def test_a_failure_is_shrunk_to_what_makes_it_fail():
    def check(data: bytes) -> None:
        if b"\x00" in data:
            raise ValueError("a NUL")

    data = b"plain text " * 40 + b"\x00" + b" more text" * 40
    assert minimise(check, data, "ValueError in tests/fuzz/test_fuzz.py:check") == b"\x00"


def test_a_failure_is_kept_once(tmp_path, monkeypatch):
    import tests.fuzz.harness as harness

    monkeypatch.setattr(harness, "CORPUS", tmp_path)
    first = keep("config", b"x = [", "ValueError in clacks_hw/config/load.py:_decode", "hypothesis")
    assert first is not None and first.read_bytes() == b"x = ["
    assert keep("config", b"x = [", "ValueError in clacks_hw/config/load.py:_decode", "atheris") is None
    assert (tmp_path / "config" / INDEX).read_text() == f"{first.name}\tValueError in clacks_hw/config/load.py:_decode\thypothesis\n"
