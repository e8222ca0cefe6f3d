"""Configuration problems and how the CLI shows them.

One :class:`ConfigProblem` per problem, each naming the full dotted key and the fix; a
:class:`ConfigError` carries them all, and ``str(error)`` is the text the CLI prints (then exits
with status 2).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base.errors import ClacksError


@dataclass(frozen=True)
class ConfigProblem:
    key: str  # full dotted key, e.g. "buttons.pins.PLAY"; the file name for syntax errors
    message: str
    fix: str = ""

    def __str__(self) -> str:
        return f"{self.key}: {self.message}" + (f"\n    fix: {self.fix}" if self.fix else "")


class ConfigError(ClacksError, ValueError):
    def __init__(self, source: str, problems: list[ConfigProblem]) -> None:
        self.source = source
        self.problems = tuple(problems)
        super().__init__(format_problems(source, self.problems))


def format_problems(source: str, problems) -> str:
    n = len(problems)
    head = f"{source}: {n} problem{'s' if n != 1 else ''} in the configuration:"
    return "\n".join([head, *(f"  - {p}" for p in problems)])
