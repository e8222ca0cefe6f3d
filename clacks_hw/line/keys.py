"""Each side's keys for a line, derived from its board's own key and the line's code.

No key file of its own: a board already keeps a private key (mqtt/signing.stored_key, in its
journal's folder), and a line's keys are HMAC-SHA256 of it and the code. So a side started
again with the same code has the same keys (the guest's join is byte for byte the one the host
pinned), and two lines, or two boards, never share one.
"""

from __future__ import annotations

import hashlib
import hmac

from ..mqtt.signing import SigningKey
from . import code as line_code
from .seal import BoxKey


def _seed(secret: SigningKey, code: str, label: str) -> bytes:
    return hmac.new(secret.text.encode("ascii"), f"clacks-hw line key v1\n{line_code.parse(code)}\n{label}".encode(),
                    hashlib.sha256).digest()


def host_keys(secret: SigningKey, code: str) -> tuple[SigningKey, BoxKey]:
    return SigningKey(_seed(secret, code, "host sign")), BoxKey(_seed(secret, code, "host box"))


def guest_keys(secret: SigningKey, code: str, seats) -> tuple[SigningKey, dict]:
    """The guest place's key and {seat: (SigningKey, BoxKey)} of each seat it plays."""
    return (SigningKey(_seed(secret, code, "guest place")),
            {s: (SigningKey(_seed(secret, code, f"seat {s} sign")), BoxKey(_seed(secret, code, f"seat {s} box")))
             for s in seats})
