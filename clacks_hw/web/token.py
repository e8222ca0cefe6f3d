"""The admin token: ``status.admin_token`` in the config, else the file ``install-service``
wrote beside the journals (``admin-token``, mode 0600, owned by the service's user)."""

from __future__ import annotations

import secrets
from pathlib import Path

from ..base.secure_files import SafeDir

TOKEN_FILE = "admin-token"


def token_path(config) -> Path:
    return Path(config.journal.dir) / TOKEN_FILE


def admin_token(config) -> str | None:
    """The token the board accepts, or None (admin off). An unreadable file counts as none."""
    if config.status.admin_token:
        return config.status.admin_token
    path = token_path(config)
    try:  # not through a link at its name: the daemon may be root, and the token is shown
        with SafeDir.open(path.parent, strict=False) as folder:
            token = folder.read(path.name, 4096).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return token if len(token) >= 16 else None


def ensure_token(path: Path, owner: tuple[int, int] | None = None,
                 trust: frozenset[int] | None = None) -> tuple[str, bool]:
    """The token in ``path``, made (0600, chowned to ``owner``) when there is none yet; returns
    (token, made). Run as root, so never through a link (secure_files.py): the folder is checked
    (UnsafePath if others control it) and made 0700 for ``owner`` if missing, the token is read
    with O_NOFOLLOW and written under a fresh name, then renamed over whatever was there."""
    with SafeDir.open(path.parent, trust=trust, create=0o700, owner=owner) as folder:
        try:
            token = folder.read(path.name, 4096).decode("ascii").strip()
            if len(token) >= 16:
                return token, False
        except FileNotFoundError:
            pass
        except (OSError, UnicodeDecodeError):
            pass  # a link, a folder or junk at the token's name: replaced below, never followed
        token = secrets.token_urlsafe(24)
        folder.write(path.name, token + "\n", 0o600, owner)
    return token, True
