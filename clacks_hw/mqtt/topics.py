"""The topics boards and the hall use, and the names a board may have.

A board writes under ``clacks/BOARD/`` only (the broker's ACL allows nothing else): ``status``
(retained: online, or offline as its last will), ``state`` (retained: what the hall draws),
``alive`` (a heartbeat), ``result`` (a finished game, until the hall's receipt). The hall
writes under ``clacks-hall/`` only: ``status`` (retained), ``receipts/BOARD`` (retained: the
games it has from that board) and ``ping`` (its own check that the broker answers).
"""

from __future__ import annotations

import re
import socket

PREFIX = "clacks"
HALL_PREFIX = "clacks-hall"
BOARD_KINDS = ("status", "state", "alive", "result")
HALL_STATUS = f"{HALL_PREFIX}/status"
HALL_PING = f"{HALL_PREFIX}/ping"
BOARD_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
HALL_USER = "hall"  # the hall's user on the broker; no board may be called so


def default_board_id() -> str:
    """This machine's name, as a topic may hold it (a board whose config names none)."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", socket.gethostname())[:64] or "board"


def board_topic(board: str, kind: str) -> str:
    return f"{PREFIX}/{board}/{kind}"


def receipt_topic(board: str) -> str:
    return f"{HALL_PREFIX}/receipts/{board}"


def parse_board_topic(topic: str) -> tuple[str, str] | None:
    """(board, kind) of a board's topic; None for anything else."""
    parts = topic.split("/")
    if len(parts) != 3 or parts[0] != PREFIX or parts[2] not in BOARD_KINDS or not BOARD_ID.fullmatch(parts[1]):
        return None
    return parts[1], parts[2]


def board_id_problem(name: str) -> str | None:
    """Why ``name`` cannot be a board's id (and its user on the broker); None when it can."""
    if not BOARD_ID.fullmatch(name):
        return f"{name!r} cannot be a board id: use 1-64 letters, digits, '-' or '_'"
    if name == HALL_USER:
        return f"{name!r} is the hall's own user on the broker: give the board another name"
    return None
