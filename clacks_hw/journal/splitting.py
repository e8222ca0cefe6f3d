"""A journal's bytes as lines, read a chunk at a time: a file of any length is read in the
memory of one line, so resuming a long game never holds the whole file (docs/journal.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

CHUNK = 1 << 16
# No line the board writes comes near this; a longer one is damage (a crash's debris without a
# newline, say) and is kept only as far as a message quotes it.
MAX_LINE = 1 << 20
KEPT = 256  # bytes of an over-long line kept, to quote


@dataclass(frozen=True, slots=True)
class Line:
    number: int  # 1-based, blank lines counted, as an editor counts them
    start: int  # byte offset of its first byte
    raw: bytes  # without its newline (an over-long line: its first KEPT bytes)
    overlong: bool = False


class LineReader:
    """Iterate to get each :class:`Line`; afterwards ``size`` is the number of bytes read and
    ``ended`` whether they ended with a newline."""

    def __init__(self, read: Callable[[int], bytes], *, chunk: int = CHUNK, max_line: int = MAX_LINE) -> None:
        self._read, self._chunk, self._max = read, chunk, max_line
        self.size = 0
        self.ended = True

    def __iter__(self) -> Iterator[Line]:
        number, start, length = 1, 0, 0  # the line being read: its number, offset, bytes so far
        part = bytearray()
        while data := self._read(self._chunk):
            view, i = memoryview(data), 0
            while True:
                nl = data.find(b"\n", i)
                end = len(data) if nl < 0 else nl
                if length <= self._max:  # past the limit only the length is counted
                    part += view[i:end]
                    if len(part) > self._max:
                        del part[KEPT:]
                length += end - i
                if nl < 0:
                    break
                yield self._line(number, start, part, length)
                number, start, length, i = number + 1, start + length + 1, 0, nl + 1
                part.clear()
            self.size += len(data)
            self.ended = data.endswith(b"\n")
        if length:
            yield self._line(number, start, part, length)

    def _line(self, number: int, start: int, part: bytearray, length: int) -> Line:
        if length > self._max:
            return Line(number, start, bytes(part[:KEPT]), overlong=True)
        return Line(number, start, bytes(part))
