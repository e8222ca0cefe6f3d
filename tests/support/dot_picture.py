"""A picture drawn from a graphviz source and committed beside it: the .dot and the .svg, the
svg stamped (right after its XML declaration) with the sha256 of the source it was drawn from,
so a test can tell a stale picture without graphviz (tests/support/architecture.py's layers,
tests/support/hall_network.py's hall broker)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.support.imports import ROOT


@dataclass(frozen=True)
class DotPicture:
    dot: Path  # the committed source
    svg: Path  # the committed drawing

    def stamp(self, source: str) -> str:
        return f"<!-- drawn from {self.dot.name} sha256 {hashlib.sha256(source.encode()).hexdigest()} -->"

    def render(self, source: str) -> str:
        dot = shutil.which("dot")
        if dot is None:
            raise SystemExit("graphviz's dot is not installed (Debian: apt-get install graphviz)")
        svg = subprocess.run([dot, "-Tsvg"], input=source, capture_output=True, text=True, check=True,
                             timeout=120).stdout
        head, _, rest = svg.partition("\n")  # the stamp goes right after the XML declaration
        return f"{head}\n{self.stamp(source)}\n{rest}"

    def write(self, source: str) -> None:
        self.dot.parent.mkdir(parents=True, exist_ok=True)
        self.dot.write_text(source)
        self.svg.write_text(self.render(source))
        print(f"wrote {self.dot.relative_to(ROOT)} and {self.svg.relative_to(ROOT)}", file=sys.stderr)
