"""Journals: read as a stream (``Scan``, what ``parse_journal`` and the board's resume use), the
same in 7-byte pieces, ``replay`` through the engine, what ``clacks-hw replay`` then shows (the
position as JSON and as the text board), and the board's resume after a restart (``Reopened``:
the file locked, replayed, a torn tail cut off), whose file must read back as the same game.

The structured inputs are real games, as the board writes them, with their objects changed and
the checksums written again, so the fuzz reaches the rules and not only the checksum check."""

from __future__ import annotations

import io
import json
import tempfile
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from hypothesis import strategies as st

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.journal import JournalError, Reopened, encode_lines, parse_journal, replay
from clacks_hw.journal.reading import Scan, collect
from clacks_hw.journal.splitting import CHUNK, LineReader
from clacks_hw.views.position_json import position_json
from clacks_hw.views.text_board import render

from ..harness import Target, Violation, refused
from ..mutation import json_values, mutate, mutated
from ..seeds import journal_seeds

HEADER_VALUES = [1, 2, 3, "klackers", "race", [], {}]
TOKENS = (b'"crc":"', b'"act":"', b'"seat":"', b'"card":"J', b'"tower":"R', b'"lamps":[', b'"format":', b'"mode":"',
          b'"journal":"clacks-hw"', b"\n", b"{", b"}", b"[", b"]", b",", b":", b"null", b"1e999", b"-0")


def _read(data: bytes, chunk: int):
    """The journal in ``data`` read as a stream ``chunk`` bytes at a time, or the JournalError."""
    try:
        return collect(Scan(LineReader(io.BytesIO(data).read, chunk=chunk)))
    except JournalError as exc:
        refused(exc)
        return exc


def _same(a, b) -> bool:
    if isinstance(a, JournalError) or isinstance(b, JournalError):
        return str(a) == str(b)
    return (a.header, a.entries, a.warnings, a.good_end, a.last_crc, a.open_end) == \
        (b.header, b.entries, b.warnings, b.good_end, b.last_crc, b.open_end)


def _resume(folder: Path, data: bytes, replayed) -> None:
    """What the board does after a restart: the file reopened, replayed as a stream, a torn
    tail cut off; the file it leaves reads back whole, as the same game."""
    path = folder / "game.jsonl"
    path.write_bytes(data)
    try:
        reopened = Reopened(path, default_edition(), check_edition=False)
        if reopened.result.rejected:
            reopened.close()
            return
        reopened.writer().close()
    except JournalError as exc:
        refused(exc)
        return
    again = parse_journal(path.read_bytes())
    if again.warnings or len(again.entries) != replayed.applied:
        raise Violation("a resumed journal does not read back as the game it held",
                        f"{len(again.entries)} actions, {replayed.applied} before; {again.warnings}")


@contextmanager
def session():
    with tempfile.TemporaryDirectory() as folder:
        def check(data: bytes) -> None:
            journal = _read(data, CHUNK)
            if not _same(journal, _read(data, 7)):
                raise Violation("the journal reads otherwise in 7-byte pieces")
            if isinstance(journal, JournalError):
                return
            for warning in journal.warnings:
                refused(Violation(warning))
            try:
                result = replay(journal, default_edition(), check_edition=False)
            except JournalError as exc:
                refused(exc)
                return
            if result.rejected:
                line, rejection = result.rejected
                if not (rejection.code and rejection.message):
                    raise Violation("a rejection without its code and sentence", repr(rejection))
                refused(Violation(rejection.message))
            json.dumps(position_json(result.state, actions=result.applied), allow_nan=False)
            render(result.state, actions=result.applied)
            _resume(Path(folder), data, result)

        yield check


@cache
def _games() -> tuple[list, ...]:
    """The seeds that are whole journals, as their objects."""
    out = []
    for seed in journal_seeds():
        try:
            out.append([json.loads(line) for line in seed.splitlines() if line.strip()])
        except ValueError:
            continue
    return tuple(out)


@st.composite
def _edited_game(draw) -> bytes:
    from tests.test_replay_fuzz import edit_lines  # the same edits as the replay command's own fuzz test

    objs = edit_lines(draw, draw(st.sampled_from(_games())), json_values | st.sampled_from(HEADER_VALUES),
                      ("extra", "format", "rounds", "first", "route"))
    if draw(st.integers(0, 3)) == 0:
        objs = objs[:draw(st.integers(1, len(objs)))]
    header = objs[0] if isinstance(objs[0], dict) else {}
    try:  # each line's crc (chained when the header's format says so) written again
        data = encode_lines(header, *objs[1:])
    except (TypeError, ValueError, AttributeError):  # a format or value no checksum is made for
        data = b"".join(json.dumps(o).encode() + b"\n" for o in objs)
    return draw(st.just(data) | mutate(data, TOKENS))


TARGET = Target("journal", "clacks_hw.journal: the stream reader, replay, the position shown, the resume",
                st.deferred(lambda: _edited_game() | mutated(journal_seeds(), TOKENS)), journal_seeds, session=session)
