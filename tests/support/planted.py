"""What the tests of files written as root plant and check: a root-only "victim" file (standing
in for /etc/shadow) that must come out unchanged, and another user's id to give folders to."""

from __future__ import annotations

import os
import stat

import pytest

OTHER = 4242  # neither root, nor the user running the tests, nor the user behind sudo
VICTIM_TEXT = "root:$y$j9T$secretsecretsecret:19000:0:99999:7:::\n"

as_root = pytest.mark.skipif(os.geteuid() != 0,
                             reason="needs root: planting another user's files and folders (CI runs as root)")


def make_victim(folder):
    v = folder / "victim"
    v.write_text(VICTIM_TEXT)
    v.chmod(0o600)
    return v


def untouched(victim) -> bool:
    st = victim.stat()
    return (victim.read_text() == VICTIM_TEXT and stat.S_IMODE(st.st_mode) == 0o600
            and st.st_uid == os.geteuid())
