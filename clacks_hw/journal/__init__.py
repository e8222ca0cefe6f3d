"""Journals: a game kept as a JSON Lines file, one header line then one line per action.

The journal is the game's record and the board's crash insurance: the daemon appends each
accepted action (flushed and fsync'd) *before* it shows the new frame, so after a power cut or
kill -9 ``load_game`` replays the file through the engine and lands in the very same state.

Every line carries ``crc``: ``zlib.crc32`` of the line's canonical JSON without the ``crc``
key (``json.dumps(obj, sort_keys=True, separators=(",", ":"))``, UTF-8), as 8 lower-case hex
digits; in format 2 (what the writer writes) the previous line's crc is put in front, so a line
removed or moved breaks the chain. Format 1 (older journals, hand-written scripts) checks each
line on its own and lets scripts leave it out; format 3 (an Express game's journal) is format 2
plus clock lines, how much of the turn in play was used, which the engine never sees. Damage is judged by position: a torn tail (from
the first damaged line to the end, none of it complete JSON) is what a crash mid-write leaves,
so it is dropped with a warning (and cut off before the next append); anything else means the
file was altered, and reading stops with an error naming the line. Format: docs/journal.md.
"""

from .errors import EditionMismatch, JournalError, JournalRejected
from .header import check_header, config_from_header, make_header
from .lines import CHAINED, CLOCKED, FORMAT, FORMATS, MAGIC, canonical, encode_line, encode_lines, line_crc
from .reading import ClockMark, Entry, Journal, parse_journal, read_journal
from .replaying import Reopened, Replay, load_game, replay, resume_game, start_state
from .writer import JournalWriteError, JournalWriter, mark_abandoned

__all__ = [
    "CHAINED", "CLOCKED", "FORMAT", "FORMATS", "MAGIC", "ClockMark", "EditionMismatch", "Entry", "Journal",
    "JournalError", "JournalRejected", "JournalWriteError", "JournalWriter", "Reopened", "Replay", "canonical",
    "check_header", "config_from_header", "encode_line", "encode_lines", "line_crc", "load_game", "make_header",
    "mark_abandoned", "parse_journal", "read_journal", "replay", "resume_game", "start_state",
]
