"""Hashes of the sources that committed renders were made from (the case's pictures, the PCB):
a render is checked by the hash of its source, since the tools' output differs by version."""

from __future__ import annotations

import hashlib
import json


def sha256(text: str | bytes) -> str:
    return hashlib.sha256(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


def manifest_text(entries: dict) -> str:
    return json.dumps(entries, indent=1, sort_keys=True) + "\n"
