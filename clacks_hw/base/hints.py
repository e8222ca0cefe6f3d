"""What a fix says to run or read, right for this installation: the clacks-hw program as this
user (and root, through sudo) can start it, a document of the project where this copy has it,
and how a missing Python library gets into the environment clacks-hw runs in.

Why: `sudo clacks-hw ...` is "command not found" when clacks-hw lives in a venv (sudo keeps
its own PATH), and "docs/config.md" means nothing to someone whose clacks-hw came from pipx.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

# sudo's secure_path on Debian and Raspberry Pi OS: the only folders `sudo NAME` looks in.
SUDO_PATH = ("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin")
SOURCE = Path(__file__).resolve().parents[2]  # the project's folder, when this copy runs from one


def executable() -> str | None:
    """The absolute path of the clacks-hw executable running now (or on PATH)."""
    argv0 = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if argv0 is not None and argv0.name == "clacks-hw":
        found = shutil.which(str(argv0)) if not argv0.is_absolute() else str(argv0)
        if found:
            return os.path.abspath(found)
    found = shutil.which("clacks-hw")
    return os.path.abspath(found) if found else None


def program(sudo: bool = False) -> str:
    """How to type clacks-hw in a fix: `clacks-hw` when that name finds this program (for sudo:
    in sudo's own PATH), else its full path."""
    exe = executable()
    if exe is None:
        return "sudo clacks-hw" if sudo else "clacks-hw"
    if sudo:
        return "sudo clacks-hw" if os.path.dirname(exe) in SUDO_PATH else f"sudo {exe}"
    on_path = shutil.which("clacks-hw")
    return "clacks-hw" if on_path and os.path.realpath(on_path) == os.path.realpath(exe) else exe


def doc(relative: str) -> str:
    """A file of the project (``docs/config.md``) where a reader finds it: its full path in
    this copy's folder, else where it is in the project's source."""
    path = SOURCE / relative
    if (SOURCE / "pyproject.toml").is_file() and path.exists():
        return str(path)
    return f"{relative} in the clacks-hw source"


def pip_install(prefix: str, kind: str, package: str) -> str:
    """How to add ``package`` to the environment clacks-hw runs in (``kind``, ``prefix``: as
    doctor's System.python_install says)."""
    venv = Path(prefix)
    if venv.parent.name == "venvs" and kind != "system":  # pipx keeps its venvs in PIPX_HOME/venvs
        return f"{_sudo(venv)}PIPX_HOME={venv.parent.parent} pipx inject {venv.name} {package}"
    if kind == "system":  # Raspberry Pi OS refuses pip outside a venv (PEP 668)
        return (f"use a pipx install ({doc('docs/setup.md')}, section 2), then add it: "
                f"pipx inject clacks-hw {package}")
    return f"{_sudo(venv)}{venv}/bin/pip install {package}"


def _sudo(folder: Path) -> str:
    """"sudo " when this user cannot change ``folder`` (a venv installed as root)."""
    return "sudo " if folder.exists() and not os.access(folder, os.W_OK) else ""
