"""The key of the board's own display: how the kiosk screen on the board tells itself apart.

The kiosk page is public (any browser may open it, through a reverse proxy too, where every
visitor seems to come from this machine), so the pairing code can never be part of it. A
browser that shows the board's own screen proves it is that screen with a key only the board's
owner can make: HMAC-SHA256 of this boot's id (``/proc/sys/kernel/random/boot_id``) keyed with
the admin token. ``clacks-hw kiosk`` (run as the service's user, who can read the token) hands
it to the browser it starts, in a launcher file only that user can read; the page sends it in a
header, from this machine's own address, and only then is told the code. It changes at every
boot and every ``clacks-hw admin --rotate``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from pathlib import Path

BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
HEADER = "X-Clacks-Display"  # the request header that carries the key


def boot_id(path: Path = BOOT_ID) -> str | None:
    try:
        return path.read_text(encoding="ascii").strip() or None
    except (OSError, UnicodeDecodeError):
        return None


def display_key(token: str, boot: str) -> str:
    digest = hmac.new(token.encode(), b"clacks-hw display\0" + boot.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")
