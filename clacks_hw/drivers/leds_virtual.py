"""The ``virtual`` backend: the board drawn in a terminal, for ``clacks-hw run --virtual``.

The drawing follows the board's geometry: on a 7x7 lattice the lamps sit at even (y, x), the
red tower buttons between two lamps of a row (a red tower's centre), the green ones between two
lamps of a column; the seat indicators sit on their edges. With a terminal it uses 24-bit ANSI
colours and redraws in place; otherwise it prints a plain-text board (one letter per colour),
at most once per ``plain_interval_s`` so a log is not flooded by animation.
"""

from __future__ import annotations

import sys
from typing import TextIO

from .frame import BLACK, RGB, SEATS, TOWERS, Frame

_PALETTE = {
    "r": (255, 0, 0),
    "o": (255, 128, 0),
    "y": (255, 255, 0),
    "g": (0, 255, 0),
    "c": (0, 255, 255),
    "b": (0, 0, 255),
    "m": (255, 0, 255),
    "w": (255, 255, 255),
}


def colour_letter(rgb: RGB) -> str:
    """'.' for off, else the nearest of r o y g c b m w, compared at full brightness."""
    peak = max(rgb)
    if peak == 0:
        return "."
    scaled = [c * 255 / peak for c in rgb]
    return min(_PALETTE, key=lambda k: sum((a - b) ** 2 for a, b in zip(scaled, _PALETTE[k])))


def _lattice() -> dict[tuple[int, int], tuple[str, int]]:
    """(y, x) -> ("lamp", lamp) or ("tower", pixel index)."""
    cells: dict[tuple[int, int], tuple[str, int]] = {}
    for i in range(16):
        cells[(2 * (i // 4), 2 * (i % 4))] = ("lamp", i)
    for k in range(6):
        r, c = divmod(k, 3)  # R(3r + c + 1) spans rows r..r+2, cols c..c+1
        cells[(2 * r + 2, 2 * c + 1)] = ("tower", k)
        r, c = divmod(k, 2)  # G(2r + c + 1) spans rows r..r+1, cols c..c+2
        cells[(2 * r + 1, 2 * c + 2)] = ("tower", 6 + k)
    return cells


_CELLS = _lattice()


def _ansi_bg(rgb: RGB, text: str) -> str:
    r, g, b = rgb
    fg = "30" if 0.3 * r + 0.6 * g + 0.1 * b > 110 else "97"  # readable label on any colour
    return f"\x1b[{fg};48;2;{r};{g};{b}m{text}\x1b[0m"


def render(frame: Frame, colour: bool) -> list[str]:
    """The board as lines of text (ANSI-coloured when ``colour``)."""
    width = 2 if colour else 3

    def lamp(rgb: RGB) -> str:
        if colour:
            return _ansi_bg(rgb if rgb != BLACK else (40, 40, 40), "  ")
        return f" {colour_letter(rgb)} "

    def labelled(name: str, rgb: RGB) -> str:
        if colour:
            return _ansi_bg(rgb, name.ljust(2)) if rgb != BLACK else f"\x1b[2m{name.ljust(2)}\x1b[0m"
        return f"{name}{colour_letter(rgb)}".ljust(3)

    seat = {name: labelled(name, frame.seat(name)) for name in SEATS}
    pad = " " * width
    centre = pad * 3
    lines = [f"{pad}{centre}{seat['N']}", ""]
    for y in range(7):
        row = []
        for x in range(7):
            kind, n = _CELLS.get((y, x), ("", 0))
            if kind == "lamp":
                row.append(lamp(frame.lamp(n)))
            elif kind == "tower":
                row.append(labelled(TOWERS[n], frame.tower(TOWERS[n])))
            else:
                row.append(pad)
        left, right = (seat["W"], seat["E"]) if y == 3 else (pad, pad)
        lines.append(f"{left}{''.join(row)}{right}".rstrip() if not colour else f"{left}{''.join(row)}{right}")
    lines += ["", f"{pad}{centre}{seat['S']}"]
    return lines


LEGEND = ("Virtual board as text: each lamp, tower button and seat indicator shows its "
          "LED colour as a letter: r red, o orange, y yellow, g green, c cyan, b blue, m magenta, "
          "w white, . off. North is up.")


class VirtualLeds:
    def __init__(
        self,
        stream: TextIO | None = None,
        clock=None,
        colour: bool | None = None,
        plain_interval_s: float = 1.0,
    ) -> None:
        self.stream = stream if stream is not None else sys.stdout
        if colour is None:
            isatty = getattr(self.stream, "isatty", None)
            colour = bool(isatty and isatty())
        self.colour = colour
        self.clock = clock
        self.plain_interval_s = plain_interval_s
        self.last_frame: Frame | None = None  # what the status page and tests read
        self._drawn_lines = 0
        self._last_plain: float | None = None
        self._last_plain_count = 0  # plain-text boards printed so far

    def show(self, frame: Frame) -> None:
        self.last_frame = frame
        if not self.colour and self.clock is not None:
            now = self.clock.now()
            if self._last_plain is not None and now - self._last_plain < self.plain_interval_s:
                return
            self._last_plain = now
        lines = render(frame, self.colour)
        out = []
        if not self.colour and self._last_plain_count == 0:
            out.append(LEGEND + "\n\n")  # once, so a log can be read without the source
        if self.colour and self._drawn_lines:
            out.append(f"\x1b[{self._drawn_lines}F")  # back to the top of the previous drawing
        out.append("\n".join(lines) + "\n")
        if not self.colour:
            out.append("\n")
        self.stream.write("".join(out))
        self.stream.flush()
        self._drawn_lines = len(lines)
        self._last_plain_count += not self.colour

    def pairing(self, qr: list[str] | None, text: list[str] | None = None) -> None:
        """While the board pairs a phone: the code's text, printed once between two drawings (the
        QR code is left out: without a terminal it is no picture). This is the virtual board's
        own display, as the terminal screen is on a terminal; None: pairing ended."""
        if qr is None or not text:
            return
        rule = "-" * max(len(line) for line in text)
        self.stream.write("\n".join([rule, *text, rule]) + "\n\n")
        self.stream.flush()

    def close(self) -> None:
        self._drawn_lines = 0
