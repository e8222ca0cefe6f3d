"""The fuzzing harness: a target per parser, the promise every target keeps, the bounds it
runs under, and the corpus of every input that ever broke one.

A target drives one parser the outside world reaches through its pure entry point with the
input's bytes. Whatever the bytes, the parser must give a value or refuse them with the
project's own error (a :class:`~clacks_hw.base.errors.ClacksError` whose message says what was
wrong: the exit-2 kind), within :data:`TIME_BOUND_S` and :data:`MEMORY_BOUND` more memory. Any
other exception, a hang, a blow-up of memory or a broken promise the target checks itself
(:class:`Violation`: a 500 answer, a refusal with no message, ...) is a failure. A failure is
told apart from others by its :func:`signature` (the exception and the function it came from),
shrunk to a small input and kept in ``corpus/<target>/``, which the test suite replays on every
run (test_fuzz.py).
"""

from __future__ import annotations

import hashlib
import logging
import os
import resource
import signal
import traceback
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from time import monotonic

from hypothesis.strategies import SearchStrategy

TIME_BOUND_S = 5.0  # one input; the slowest parser takes milliseconds, a loaded machine 10x that
MEMORY_BOUND = 512 << 20  # more address space one input may take beyond what the process had
CORPUS = Path(__file__).resolve().parent / "corpus"
ROOT = CORPUS.parents[2]
Check = Callable[[bytes], None]


class Violation(AssertionError):
    """A promise of a target broken without an exception of the parser's own."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind


class Hang(BaseException):
    """The input ran past TIME_BOUND_S. A BaseException, so a parser's ``except Exception``
    cannot swallow it."""


@dataclass(frozen=True)
class Target:
    name: str
    entry: str  # what the target drives, as the docs and the table name it
    strategy: SearchStrategy  # structure-aware inputs (bytes), seeded from real ones
    seeds: Callable[[], list[bytes]]  # real inputs: committed files, documented examples
    check: Check | None = None  # for a target with nothing to start
    session: Callable[[], AbstractContextManager[Check]] | None = None  # or: one started per run

    @contextmanager
    def open(self) -> Iterator[Check]:
        if self.session is None:
            yield self.check
        else:
            with self.session() as check:
                yield check


def refused(exc: BaseException) -> None:
    """The project's error is the right answer to bad input only with a message saying what was
    wrong: no traceback inside it, nothing unprintable but its line breaks."""
    text = str(exc)
    if not text.strip():
        raise Violation("a refusal without a message", type(exc).__name__)
    if "Traceback (most recent call last)" in text:
        raise Violation("a traceback inside a message", text[:200])
    odd = next((c for c in text if not c.isprintable() and c != "\n"), None)
    if odd is not None:  # a message is printed and logged: the input's own controls stay quoted
        raise Violation("an unprintable character in a message", f"U+{ord(odd):04X} in {text[:200]!r}")


def _where(exc: BaseException) -> str:
    """The innermost frame of the project's own code (else the innermost at all): file:function."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/clacks_hw/" in f.filename] or frames
    if not ours:
        return "?"
    frame = ours[-1]
    path = Path(frame.filename)
    try:
        path = path.resolve().relative_to(ROOT)
    except ValueError:
        path = Path(path.name)
    return f"{path}:{frame.name}"


def signature(exc: BaseException) -> str:
    """What tells one failure from another: a Violation's kind, else the exception's type and
    the function of the project's code it left."""
    if isinstance(exc, Violation):
        return f"Violation: {exc.kind}"
    return f"{type(exc).__name__} in {_where(exc)}"


def describe(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc)).rstrip()


def _address_space() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _on_alarm(signum, frame):
    raise Hang(f"no answer within {TIME_BOUND_S:g} s")


@contextmanager
def bounds(seconds: float = TIME_BOUND_S, memory: int = MEMORY_BOUND) -> Iterator[None]:
    """Run the body with a time bound (SIGALRM: the main thread only) and an address-space
    bound (RLIMIT_AS: a blow-up raises MemoryError instead of swapping the machine)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + memory
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    old = signal.signal(signal.SIGALRM, _on_alarm)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.signal(signal.SIGALRM, old)


class _Logged(logging.Handler):
    """Exceptions the code under test caught and logged (``log.exception``): a catch-all that
    keeps the board running hides a crash the fuzz must still see."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            self.records.append(record)


LOGGED = _Logged()


@contextmanager
def watching_logs() -> Iterator[None]:
    """Collect logged exceptions for run_one, and keep the project's warnings about bad input
    (one per input) off the terminal."""
    ours = logging.getLogger("clacks_hw")
    level = ours.level
    logging.getLogger().addHandler(LOGGED)
    ours.setLevel(logging.ERROR)
    try:
        yield
    finally:
        ours.setLevel(level)
        logging.getLogger().removeHandler(LOGGED)


def _logged() -> BaseException | None:
    if not LOGGED.records:
        return None
    record = LOGGED.records[0]
    LOGGED.records.clear()
    exc = record.exc_info[1]
    violation = Violation(f"an exception caught and logged by {record.name}: {type(exc).__name__} in {_where(exc)}",
                          record.getMessage())
    violation.__cause__ = exc
    return violation


def run_one(check: Check, data: bytes, *, bounded: bool = True) -> BaseException | None:
    """None when ``check`` kept its promise for ``data``; else what broke it.
    ``bounded=False`` where the engine bounds time and memory itself (libFuzzer)."""
    LOGGED.records.clear()
    try:
        with bounds() if bounded else nullcontext():
            check(data)
    except (Exception, Hang) as exc:  # MemoryError included
        return exc
    return _logged()


def minimise(check: Check, data: bytes, sig: str, seconds: float = 30.0) -> bytes:
    """Delta debugging (Zeller's ddmin) over bytes: the smallest input found within ``seconds``
    that still fails with the signature ``sig``."""

    def fails(candidate: bytes) -> bool:
        exc = run_one(check, candidate)
        return exc is not None and signature(exc) == sig

    end = monotonic() + seconds
    parts = 2
    while len(data) >= 2 and monotonic() < end:
        size = -(-len(data) // parts)
        for start in range(0, len(data), size):
            candidate = data[:start] + data[start + size:]
            if fails(candidate):
                data, parts = candidate, max(parts - 1, 2)
                break
            if monotonic() >= end:
                return data
        else:
            if parts >= len(data):
                break
            parts = min(len(data), parts * 2)
    return data


# -- the corpus of inputs that ever failed --------------------------------------------------

INDEX = "found.tsv"  # per target: file, the signature it failed with, the engine that found it


def corpus(target: str) -> list[Path]:
    folder = CORPUS / target
    return sorted(folder.glob("*.bin")) if folder.is_dir() else []


def keep(target: str, data: bytes, sig: str, engine: str) -> Path | None:
    """Add a failing input to the corpus; None when it is there already."""
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{hashlib.sha256(data).hexdigest()[:16]}.bin"
    if path.exists():
        return None
    path.write_bytes(data)
    with open(folder / INDEX, "a", encoding="utf-8") as index:
        index.write(f"{path.name}\t{sig}\t{engine}\n")
    return path
