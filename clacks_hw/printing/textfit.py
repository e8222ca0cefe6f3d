"""Fitting an owner's text onto a card: cleaned, wrapped to a width, shrunk to a height."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from ..base.errors import ClacksError
from .draw import PT

Measure = Callable[[str, float, bool], float]  # (text, size in pt, bold) -> width in mm
LEADING = 1.2  # line height as a multiple of the font size


class PrintError(ClacksError, ValueError):
    """Something in the edition cannot be printed; the message says what and how to fix it."""


def clean(text: str) -> str:
    """Control and invisible format characters become spaces; line breaks stay."""
    return "".join(ch if ch == "\n" or unicodedata.category(ch)[0] != "C" else " " for ch in text)


def wrap(text: str, width: float, size: float, bold: bool, measure: Measure) -> list[str]:
    lines: list[str] = []
    for paragraph in clean(text).split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if measure(trial, size, bold) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            while measure(line, size, bold) > width and len(line) > 1:  # a word wider than the card
                cut = len(line) - 1
                while cut > 1 and measure(line[:cut], size, bold) > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def fit(text: str, width: float, height: float, sizes: tuple[float, ...], bold: bool,
        measure: Measure, what: str) -> tuple[float, list[str]]:
    """The largest of `sizes` (points) at which `text` wraps into width x height mm."""
    for size in sizes:
        lines = wrap(text, width, size, bold, measure)
        if len(lines) * size * LEADING * PT <= height:
            return size, lines
    raise PrintError(f"{what} is too long to print: at {sizes[-1]} pt it needs {len(lines)} lines "
                     f"and only {int(height / (sizes[-1] * LEADING * PT))} fit.\n  fix: shorten it")


def fit_line(text: str, width: float, sizes: tuple[float, ...], bold: bool, measure: Measure, what: str) -> float:
    """The largest of `sizes` (points) at which `text` fits on one line `width` mm wide."""
    for size in sizes:
        if measure(text, size, bold) <= width:
            return size
    raise PrintError(f"{what} {text!r} is too long to print on one line of its card, even at {sizes[-1]} pt.\n"
                     "  fix: shorten it")
