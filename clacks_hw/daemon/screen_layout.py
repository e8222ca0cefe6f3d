"""Fitting the virtual board's screen into a terminal of any size (a pure function, no I/O).

The parts, most important first: the lit board, the game's status (or the help), the latest
messages, the key line. Beside the board when the window is wide enough, below it otherwise.
When everything does not fit, blank lines go first, then the long key list (a one-line
reminder stays), then older messages, then the board's empty edge rows; only then is the
status cut, with a line saying how much is hidden. Every line is cut one column short of the
width so the terminal never wraps it, and there are never more lines than rows: nothing scrolls.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
GAP = "  "
MIN_SIDE = 36  # narrowest useful text column beside the board


def visible(text: str) -> int:
    return len(_ANSI.sub("", text))


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` visible columns, keeping (and closing) its colour codes."""
    if visible(text) <= width:
        return text
    out, seen, i = [], 0, 0
    while i < len(text) and seen < width:
        m = _ANSI.match(text, i)
        if m:
            out.append(m.group())
            i = m.end()
            continue
        out.append(text[i])
        seen += 1
        i += 1
    return "".join(out) + ("\x1b[0m" if "\x1b[" in text else "")


def fold(lines: list[str], width: int) -> list[str]:
    """Long lines wrapped to ``width``, continuing under their own indent."""
    out = []
    for line in lines:
        if len(line) <= width or width < 10:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [""])
    return out


@dataclass(frozen=True)
class Parts:
    board: list[str]  # the lit board (may carry colour codes)
    text: list[str]  # the status, or the help while it is shown
    messages: list[str]  # oldest first
    keys: list[str]  # the full key list
    short_keys: str  # the one-line reminder when space is short


def _arrange(width: int, board: list[str], text: list[str], messages: list[str],
             keys: list[str], spaced: bool) -> list[str]:
    bw = max((visible(line) for line in board), default=0)
    side = width - 1 - bw - len(GAP)
    out: list[str] = []
    if board and side >= MIN_SIDE:
        right: list[str] = []
        rest = list(text)
        while rest and len(right) < len(board):  # fold only what sits beside the board
            right.extend(fold([rest.pop(0)], side))
        for i, line in enumerate(board):
            pad = " " * (bw - visible(line))
            out.append(line + pad + GAP + right[i] if i < len(right) else line)
        out.extend(fold(right[len(board):] + rest, width - 1))  # the status goes on below
    else:
        out.extend(board)
        if spaced and board:
            out.append("")
        out.extend(fold(text, width - 1))
    if messages:
        if spaced:
            out.append("")
        out.extend(fold(messages, width - 1))
    if spaced:
        out.append("")
    out.extend(keys)
    return out


def compose(p: Parts, width: int, height: int) -> list[str]:
    """At most ``height`` lines, each narrower than ``width``."""
    width, height = max(width, 20), max(height, 3)
    text = list(p.text)
    dense = [line for line in text if line.strip()]
    board_dense = [line for line in p.board if _ANSI.sub("", line).strip()]
    short = [p.short_keys]
    tries = [
        (p.board, text, p.messages, p.keys, True),
        (p.board, dense, p.messages, p.keys, False),
        (p.board, dense, p.messages, short, False),
        (p.board, dense, p.messages[-1:], short, False),
        (board_dense, dense, p.messages[-1:], short, False),
    ]
    for board, t, messages, keys, spaced in tries:
        out = _arrange(width, board, t, messages, keys, spaced)
        if len(out) <= height:
            return [clip(line, width - 1) for line in out]
    # Still too tall: the status is cut where it overflows, and says so.
    for keep in range(len(dense) - 1, -1, -1):
        hidden = len(dense) - keep
        cut = dense[:keep] + [f"... ({hidden} more: a taller window shows them)"]
        out = _arrange(width, board_dense, cut, p.messages[-1:], short, False)
        if len(out) <= height:
            break
    if len(out) > height:  # a tiny window: the board's top and the key line stay
        out = out[:height - len(short)] + short
    return [clip(line, width - 1) for line in out]
