"""Fitting the virtual board's screen into a terminal of any size (a pure function, no I/O).

The parts, most important first: the lit board, the game's status (or the help), the latest
messages, the key line. Beside the board when the window is wide enough, below it otherwise.
When everything does not fit, blank lines below the board go first, then the long key list (a
one-line reminder stays), then older messages; only then is the status cut, with a line saying
how much is hidden. The board and the text beside it never move for want of room. Prose wraps
(never inside a card's name in parentheses); a line laid out in columns is a drawing and stays
whole: one too wide to sit beside the board goes below it, and one the board's last row would
cut (a header wrapped long pushed it down) goes on below the board in its own columns. Every line is cut one column short
of the width so the terminal never wraps it, and there are never more lines than rows: nothing
scrolls.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
GAP = "  "
NBSP = "\u00a0"  # a space wrapping must not break at (none is ever shown: put back after)
MIN_SIDE = 36  # narrowest useful text column beside the board
ROOMY = (80, 24)  # a terminal's usual size: everything fits it without the board moving


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


def drawing(line: str) -> bool:
    """A line laid out in columns (a player's row, a lamp row, the Post Office track): its
    spacing is the picture, so it is never wrapped (prose is)."""
    return "  " in line.strip()


SHORT_ASIDE = re.compile(r"\([^()]{1,20}\)")  # a card's shape and cost: "(domino, 3)"
SHORT_ITEM = 16  # an item of a " · " list this short is never split: "tracked hands", "hints on"


def _unbreakable(line: str) -> str:
    """Spaces inside short parentheses made unbreakable, so a card's name, e.g.
    "J02 (domino, 3)", is never split across two lines (a long aside still wraps); so are those
    inside the short items of a " · " list, as a title's "4 players" or "hints on"."""
    if " \u00b7 " in line:
        line = " \u00b7 ".join(p.replace(" ", NBSP) if len(p) <= SHORT_ITEM else p for p in line.split(" \u00b7 "))
    return SHORT_ASIDE.sub(lambda m: m.group().replace(" ", NBSP), re.sub(r"(\b[A-Z]\d\d) \(", "\\1" + NBSP + "(", line))


def fold(lines: list[str], width: int) -> list[str]:
    """Long prose wrapped to ``width``, continuing under its own indent; a drawing line is
    left whole (``clip`` cuts it, should it ever be too wide)."""
    out = []
    for line in lines:
        if visible(line) <= width or width < 10 or drawing(line):
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        wrapped = textwrap.wrap(_unbreakable(line), width, subsequent_indent=indent, break_on_hyphens=False,
                                break_long_words=False)
        out.extend(w.replace(NBSP, " ") for w in wrapped or [""])
    return out


@dataclass(frozen=True)
class Parts:
    board: list[str]  # the lit board (may carry colour codes)
    text: list[str]  # the status, or the help while it is shown
    messages: list[str]  # oldest first
    keys: list[str]  # the full key list
    short_keys: str  # the one-line reminder when space is short


def _beside(column: list[str], rows: int) -> tuple[list[str], list[str], list[str]]:
    """``column`` split into the lines beside a board of ``rows`` rows, a drawing moved whole
    to just below them (in the same columns), and the lines below. A drawing (a run of lines
    without a blank one, holding a drawing line) is never cut at the board's last row: the blank
    line above it goes first (a long header, wrapped to four lines, left no room for it), else
    it goes on under the board where it stood, so its rows stay together and in their columns."""
    if len(column) <= rows or not column[rows - 1].strip() or not column[rows].strip():
        return column[:rows], [], column[rows:]
    start = rows - 1
    while start > 0 and column[start - 1].strip():
        start -= 1
    end = rows
    while end < len(column) and column[end].strip():
        end += 1
    if not any(drawing(line) for line in column[start:end]) or end - start > rows:
        return column[:rows], [], column[rows:]  # prose, or a drawing taller than the board: it runs on
    if start > 0 and end - 1 <= rows:
        column = column[:start - 1] + column[start:]
        return column[:rows], [], column[rows:]
    return column[:start], column[start:end], column[end:]


def _arrange(width: int, board: list[str], text: list[str], messages: list[str],
             keys: list[str], spaced: bool) -> list[str]:
    bw = max((visible(line) for line in board), default=0)
    side = width - 1 - bw - len(GAP)
    out: list[str] = []
    if board and side >= MIN_SIDE:
        column: list[str] = []
        rest = list(text)
        while rest:
            line = rest[0]
            if drawing(line) and visible(line) > side:
                break  # a drawing too wide to sit beside the board goes on below it, whole
            column.extend(fold([rest.pop(0)], side))
        right, moved, below = _beside(column, len(board))
        for i, line in enumerate(board):
            pad = " " * (bw - visible(line))
            out.append(line + pad + GAP + right[i] if i < len(right) else line)
        below = [" " * (bw + len(GAP)) + line if line.strip() else line for line in moved] + below + rest
        if not spaced:  # short of rows: the blank lines below the board go (beside it, they stay)
            below = [line for line in below if line.strip()]
        out.extend(fold(below, width - 1))  # the status goes on below
    else:
        out.extend(board)
        if spaced and board:
            out.append("")
        out.extend(fold(text if spaced else [line for line in text if line.strip()], width - 1))
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
    short = [p.short_keys]
    # The board and what sits beside it keep their places whatever is cut below them, so
    # nothing on the screen moves when a message comes or goes.
    tries = [
        (text, p.messages, p.keys, True),
        (text, p.messages, p.keys, False),
        (text, p.messages, short, False),
        (text, p.messages[-1:], short, False),
    ]
    board = p.board
    if height < ROOMY[1]:  # a window smaller than a terminal's usual: the board's empty edge rows go too
        board = [line for line in p.board if _ANSI.sub("", line).strip()]
        tries.append((text, p.messages[-1:], short, False))
    for k, (t, messages, keys, spaced) in enumerate(tries):
        out = _arrange(width, board if k == 4 else p.board, t, messages, keys, spaced)
        if len(out) <= height:
            return [clip(line, width - 1) for line in out]
    # Still too tall: the status is cut where it overflows, and says so.
    for keep in range(len(text) - 1, -1, -1):
        hidden = len([line for line in text[keep:] if line.strip()])
        cut = text[:keep] + [f"... ({hidden} more: a taller window shows them)"]
        out = _arrange(width, board, cut, p.messages[-1:], short, False)
        if len(out) <= height:
            break
    if len(out) > height:  # a tiny window: the board's top and the key line stay
        out = out[:height - len(short)] + short
    return [clip(line, width - 1) for line in out]
