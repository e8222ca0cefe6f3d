"""The rate-limited log for noisy input (base/rate_log.py), on a fake clock: the first input of
a kind whole, then one count line an interval however many come, said at the next input, at a
tick or at a flush; every input is in a line or a count; a hostile input is quoted on one line
and cut short."""

from __future__ import annotations

import logging
import re

import pytest

from clacks_hw.base.rate_log import KINDS_KEPT, MAX_CHARS, RateLimitedLog, span
from clacks_hw.testing.clock import FakeClock

LOG = logging.getLogger("tests.rate_log")


@pytest.fixture
def clock(caplog) -> FakeClock:
    caplog.set_level(logging.WARNING, logger=LOG.name)
    return FakeClock(0.0)


@pytest.fixture
def noisy(clock) -> RateLimitedLog:
    return RateLimitedLog(LOG, "reader hub", "bad line", "bad lines", now=clock.now)


def said(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == LOG.name]


def test_the_first_is_whole_then_one_count_a_minute_by_kind(noisy, clock, caplog):
    for k in range(3840):  # 64 a second for a minute (a step the float keeps exact), then one more
        noisy.warning("bad_crc" if k % 3 else "too_long", "reader hub: dropped a bad line (%s): line %d",
                      "bad_crc" if k % 3 else "too_long", k)
        clock.advance(1 / 64)
    noisy.warning("bad_crc", "not shown")
    assert said(caplog) == ["reader hub: dropped a bad line (too_long): line 0",
                            "reader hub: and 3,839 more bad lines in the last minute (bad_crc 2,560, too_long 1,279)"]
    assert noisy.held == {"bad_crc": 1}  # the one after the count line waits for the next


def test_what_is_held_is_said_at_a_tick_once_the_interval_is_over_and_at_a_flush(noisy, clock, caplog):
    noisy.warning("bad_crc", "first")
    clock.advance(30)
    noisy.warning("bad_crc", "second")
    clock.advance(29)
    noisy.tick()
    assert said(caplog) == ["first"]  # not a minute yet
    clock.advance(1)
    noisy.tick()
    noisy.tick()
    assert said(caplog)[1:] == ["reader hub: and 1 more bad line in the last minute (bad_crc 1)"]
    noisy.warning("bad_crc", "third")  # seen 30 s ago: counted, not whole
    clock.advance(5)
    noisy.flush()
    noisy.flush()
    assert said(caplog)[2:] == ["reader hub: and 1 more bad line in the last 5 s (bad_crc 1)"]


def test_after_a_quiet_interval_the_next_input_is_whole_again(noisy, clock, caplog):
    noisy.warning("bad_crc", "first")
    clock.advance(61)
    noisy.tick()
    noisy.warning("bad_crc", "after a quiet minute")
    noisy.warning("bad_char", "a new kind, the interval's whole line spent")
    assert said(caplog) == ["first", "after a quiet minute"] and noisy.held == {"bad_char": 1}


def test_a_burst_gives_each_new_kind_its_line_up_to_the_burst(clock, caplog):
    noisy = RateLimitedLog(LOG, "hall", "message dropped", "messages dropped", now=clock.now, burst=3)
    for k in range(1000):
        noisy.warning(f"board{k % 10}", "board%d", k % 10)
    clock.advance(60)
    noisy.tick()
    lines = said(caplog)
    assert lines[:3] == ["board0", "board1", "board2"] and len(lines) == 4
    assert lines[3].startswith("hall: and 997 more messages dropped in the last minute (")
    assert lines[3].endswith(", 6 other kinds 597)")  # four kinds named, the other six summed


def test_a_hostile_input_is_quoted_on_one_line_and_cut_short(noisy, caplog):
    noisy.warning("bad", "got %s", "\x1b[2J\n\u2028forged line" + "x" * 10_000)
    [line] = said(caplog)
    assert line.isprintable() and len(line) == MAX_CHARS and line.endswith("…")
    assert line.startswith("got \\x1b[2J\\n\\u2028forged line")


def test_kinds_made_up_by_the_thousand_are_forgotten_oldest_first_and_still_counted(noisy, caplog):
    for k in range(10 * KINDS_KEPT):
        noisy.warning(f"kind{k}", "kind %d", k)
    assert len(noisy._seen) == KINDS_KEPT and "kind0" not in noisy._seen
    noisy.flush()
    lines = said(caplog)
    assert lines[0] == "kind 0" and len(lines) == 2
    assert int(re.search(r"and ([\d,]+) more", lines[1])[1].replace(",", "")) == 10 * KINDS_KEPT - 1


def test_spans_are_said_as_people_say_them():
    assert [span(s) for s in (0, 0.7, 5, 59.6, 60.4, 61, 119, 125, 600)] == [
        "second", "second", "5 s", "minute", "minute", "61 s", "119 s", "2 minutes", "10 minutes"]
