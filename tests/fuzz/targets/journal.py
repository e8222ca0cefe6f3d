"""Journals: ``parse_journal`` (a file's bytes), ``replay`` through the engine, and what
``clacks-hw replay`` then shows (the position as JSON and as the text board).

The structured inputs are real games, as the board writes them, with their objects changed and
the checksums written again, so the fuzz reaches the rules and not only the checksum check."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import strategies as st

from clacks_hw.game.edition_files import default_edition
from clacks_hw.journal import EditionMismatch, JournalError, encode_lines, parse_journal, replay
from clacks_hw.position_json import position_json
from clacks_hw.text_board import render

from ..harness import Target, Violation, refused
from ..mutation import json_values, mutate, mutated
from ..seeds import journal_seeds

HEADER_VALUES = [1, 2, 3, "klackers", "race", [], {}]
TOKENS = (b'"crc":"', b'"act":"', b'"seat":"', b'"card":"J', b'"tower":"R', b'"lamps":[', b'"format":', b'"mode":"',
          b'"journal":"clacks-hw"', b"\n", b"{", b"}", b"[", b"]", b",", b":", b"null", b"1e999", b"-0")


def check(data: bytes) -> None:
    edition = default_edition()
    try:
        journal = parse_journal(data)
        try:
            result = replay(journal, edition)
        except EditionMismatch:
            result = replay(journal, edition, check_edition=False)
    except JournalError as exc:
        refused(exc)
        return
    for warning in journal.warnings:
        refused(Violation(warning))
    if result.rejected:
        line, rejection = result.rejected
        if not (rejection.code and rejection.message):
            raise Violation("a rejection without its code and sentence", repr(rejection))
        refused(Violation(rejection.message))
    json.dumps(position_json(result.state, actions=result.applied), allow_nan=False)
    render(result.state, actions=result.applied)


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


TARGET = Target("journal", "clacks_hw.journal.parse_journal and replay, then the position as replay shows it",
                st.deferred(lambda: _edited_game() | mutated(journal_seeds(), TOKENS)), journal_seeds, check=check)
