"""The shared protocol test vectors (firmware/protocol_vectors.json), loaded once."""

import json
from pathlib import Path

VECTORS_PATH = Path(__file__).resolve().parents[2] / "firmware" / "protocol_vectors.json"
VECTORS = json.loads(VECTORS_PATH.read_text(encoding="ascii"))


def as_bytes(line: str) -> bytes:
    return line.encode("latin-1")  # one character per byte, as the file says
