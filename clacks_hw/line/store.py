"""What a side of a line keeps on disk, so that it can stop at any moment and go on.

One JSON Lines file a line (``lines/<line id>.jsonl`` in the folder given, the journal's own
folder on a board), appended whole and fsynced before anything it records is said on the line (the
journal's AppendFile): ``{"join": ...}`` the join a host took; ``{"entry": ...}`` each log entry,
the host's as it decides them, the guest's as it takes them; ``{"sent": [seat, seq, action]}``
each action a guest sends, before it is sent. A torn last line (the power cut mid-write) is
cut off when the file is opened again.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from ..journal.append_file import AppendFile
from .messages import LineError


class LineStore:
    def __init__(self, folder, line: str) -> None:
        lines = Path(folder) / "lines"  # beside the journals, never among them (the board resumes those)
        lines.mkdir(mode=0o700, exist_ok=True)
        self.path = lines / f"{line}.jsonl"
        self.join: bytes | None = None
        self.entries: list[dict] = []
        self.sent: list[tuple[str, int, object]] = []
        if self.path.exists():
            self._file = AppendFile.open(self.path)
            self._load()
        else:
            self._file = AppendFile.create(self.path)

    def _load(self) -> None:
        read, data = self._file.reader(), b""
        while chunk := read(65536):
            data += chunk
        good = 0
        for line in data.splitlines(keepends=True):
            if not line.endswith(b"\n"):
                break  # torn: the append that was cut short
            try:
                record = json.loads(line)
            except ValueError:
                number = data[:good].count(b"\n") + 1
                raise LineError(f"{self.path}: line {number} is not JSON; the line's record is damaged "
                                "(move the file aside to open the line afresh)") from None
            if "join" in record:
                self.join = base64.b64decode(record["join"])
            elif "entry" in record:
                self.entries.append(record["entry"])
            elif "sent" in record:
                seat, seq, action = record["sent"]
                self.sent.append((seat, seq, action))
            good += len(line)
        if good != len(data):
            self._file.cut(good)

    def _put(self, record: dict) -> None:
        self._file.append(json.dumps(record, sort_keys=True, separators=(",", ":")).encode() + b"\n")

    def keep_join(self, payload: bytes) -> None:
        if self.join is None:
            self._put({"join": base64.b64encode(payload).decode("ascii")})
            self.join = payload

    def keep_entry(self, entry: dict) -> None:
        self._put({"entry": entry})
        self.entries.append(entry)

    def keep_sent(self, seat: str, seq: int, action: object) -> None:
        self._put({"sent": [seat, seq, action]})
        self.sent.append((seat, seq, action))

    def waiting(self) -> list:
        """The actions sent that no entry names yet: to send again."""
        heard = {(e.get("by"), e.get("seq")) for e in self.entries}
        return [s for s in self.sent if (s[0], s[1]) not in heard]

    def close(self) -> None:
        self._file.close()
