"""The files the hall's Mosquitto reads, and whether it can.

Debian's Mosquitto starts as root and drops to its own user (``mosquitto``) before it loads the
password file, the access list and the TLS certificate and key, so each of them, and every
folder above them, must let that user in. The exhibitor's certificate and key are copied
beside the broker's other files (the key as secret as the password file), so moving or
renewing the originals later breaks nothing, and a check names any file the broker could not
read and how to fix it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ...base.regular_file import read_regular
from ...base.secure_files import user_name

BROKER_USER = "mosquitto"
CERT_NAME, KEY_NAME = "clacks-cert.pem", "clacks-key.pem"


def tls_files(cert: str, key: str) -> tuple[bytes, bytes]:
    """The exhibitor's certificate and key, as they are (installed as CERT_NAME and KEY_NAME)."""
    return read_regular(Path(cert), 1 << 20), read_regular(Path(key), 1 << 20)


def _lets_in(st: os.stat_result, uid: int, gids: set, bits: tuple[int, int, int]) -> bool:
    user, group, other = bits
    if st.st_uid == uid:
        return bool(st.st_mode & user)
    if st.st_gid in gids:
        return bool(st.st_mode & group)
    return bool(st.st_mode & other)


def unreadable(paths: list[Path], user: str = BROKER_USER) -> list[str]:
    """What keeps ``user`` from reading each of ``paths`` ([] when it reads them all, or when
    this machine has no such user: no system broker to check for)."""
    import grp
    import pwd

    try:
        u = pwd.getpwnam(user)
    except KeyError:
        return []
    gids = {u.pw_gid} | {g.gr_gid for g in grp.getgrall() if user in g.gr_mem}
    read = (stat.S_IRUSR, stat.S_IRGRP, stat.S_IROTH)
    enter = (stat.S_IXUSR, stat.S_IXGRP, stat.S_IXOTH)
    out = []
    for path in paths:
        path = path.resolve()
        folder = next((p for p in reversed(path.parents) if not _lets_in(p.stat(), u.pw_uid, gids, enter)), None)
        if folder is not None:
            st = folder.stat()
            out.append(f"the broker (user {user}) cannot read {path}: it cannot enter {folder} (mode "
                       f"{stat.S_IMODE(st.st_mode):04o}, owner {user_name(st.st_uid)})\n  fix: give `hall setup` an "
                       f"--out the broker can enter, such as /etc/clacks-hall, or `chmod o+x {folder}`")
        elif not _lets_in(path.stat(), u.pw_uid, gids, read):
            st = path.stat()
            out.append(f"the broker (user {user}) cannot read {path} (mode {stat.S_IMODE(st.st_mode):04o}, owner "
                       f"{user_name(st.st_uid)}, group {_group(st.st_gid)})\n  fix: run `hall setup` with sudo, so "
                       f"it gives the file to group {user}, or `sudo chgrp {user} {path} && sudo chmod g+r {path}`")
    return out


def _group(gid: int) -> str:
    import grp

    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)
