"""The admin token, the board's root secret: read where it is kept, replaced by ``--rotate``.

It is ``status.admin_token`` in the config, else ``journal.dir/admin-token`` (web/token.py).
The daemon asks :class:`RootSecret` for it at every use, which reads the file again when it
changed, so a token rotated on a running board takes effect at once: every phone unpaired,
the kiosk display's key changed.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from ..base.secure_files import SafeDir, trusted_uids
from ..web.token import admin_token, token_path


class RootSecret:
    def __init__(self, config) -> None:
        self.config = config
        self.path = token_path(config)
        self._seen: tuple | None = None
        self._token: str | None = None

    def __call__(self) -> str | None:
        """The token now, or None (no token: pairing is off)."""
        if self.config.status.admin_token:
            return self.config.status.admin_token
        try:
            st = os.stat(self.path)
            seen = (st.st_ino, st.st_mtime_ns, st.st_size)
        except OSError:
            return None
        if seen != self._seen:  # read again only when the file changed
            self._token, self._seen = admin_token(self.config), seen
        return self._token


def rotate(config) -> Path:
    """Replace the token file with a new token (the folder's owner keeps it, mode 0600); its
    path. Through secure_files.py, so run as root it never follows a link."""
    path = token_path(config)
    try:
        owner = os.stat(path.parent).st_uid  # the service's own folder: its owner is trusted
    except OSError:
        owner = None
    with SafeDir.open(path.parent, trust=trusted_uids(owner)) as folder:
        folder.write(path.name, secrets.token_urlsafe(24) + "\n", 0o600, folder.owner if os.geteuid() == 0 else None)
    return path
