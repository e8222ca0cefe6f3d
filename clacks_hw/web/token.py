"""The admin token: ``status.admin_token`` in the config, else the file ``install-service``
wrote beside the journals (``admin-token``, mode 0600, owned by the service's user)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

TOKEN_FILE = "admin-token"


def token_path(config) -> Path:
    return Path(config.journal.dir) / TOKEN_FILE


def admin_token(config) -> str | None:
    """The token the board accepts, or None (admin off). An unreadable file counts as none."""
    if config.status.admin_token:
        return config.status.admin_token
    try:
        token = token_path(config).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return token if len(token) >= 16 else None


def ensure_token(path: Path, owner: tuple[int, int] | None = None) -> tuple[str, bool]:
    """The token in ``path``, made (0600, chowned to ``owner``) when there is none yet;
    returns (token, made)."""
    try:
        token = path.read_text(encoding="ascii").strip()
        if len(token) >= 16:
            return token, False
    except FileNotFoundError:
        pass
    token = secrets.token_urlsafe(24)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, token.encode() + b"\n")
        os.fsync(fd)
        if owner is not None:
            os.fchown(fd, *owner)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    return token, True
