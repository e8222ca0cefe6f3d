"""Where the boards a person runs on their own machine keep their journals, and the one rule
`run --virtual`, `admin --virtual`, `history` and `play` share to find them: the virtual board
uses journal.dir only when that folder is its own, else ``~/.local/state/clacks-hw`` (the play
page's games go in its ``play`` folder, so each resumes only its own)."""

from __future__ import annotations

import os
from pathlib import Path


def user_state_dir() -> str:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return str(Path(base) / "clacks-hw")


def play_dir() -> str:
    return os.path.join(user_state_dir(), "play")


def service_dir() -> str:
    """The service's state folder (imported here: `--help` loads no unit code)."""
    from ..config.systemd_unit import STATE_DIR
    return STATE_DIR


def is_own(directory: str) -> bool:
    """Whether this user may keep journals in ``directory``: it (or, missing, the nearest folder
    above it) is writable here, and if it exists it is this user's. Never the service's state
    folder (/var/lib/clacks-hw), root's virtual board too: root may write anywhere, and that
    folder is the service's even when it runs as root (the ws281x backend)."""
    path = Path(directory)
    if os.path.realpath(path) == service_dir():
        return False
    while not path.exists() and path != path.parent:
        path = path.parent
    if not os.access(path, os.W_OK):
        return False
    return path != Path(directory) or path.stat().st_uid == os.geteuid()


def virtual_journal_dir(configured: str) -> str:
    """Where the virtual board keeps journals, phones and the admin token."""
    return configured if is_own(configured) else user_state_dir()


def virtual_board_config(config_path, overrides: dict, say):
    """The config the virtual board runs with (`run --virtual`, `admin --virtual`): journal.dir
    made its own folder in the config itself, so its journals, phones and admin token are all
    found there; ``say`` tells the person when that is not the configured one."""
    from ..config.load import load_config

    config = load_config(config_path, overrides=overrides, check_devices=False)
    own = config.journal.dir if "journal.dir" in overrides else virtual_journal_dir(config.journal.dir)
    if own == config.journal.dir:
        return config
    say(f"journal.dir {config.journal.dir} is not this user's; the virtual board keeps its journals, "
        f"phones and admin token in {own}")
    return load_config(config_path, overrides={**overrides, "journal.dir": own}, check_devices=False)
