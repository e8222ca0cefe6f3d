"""The self-test's results: one line per check, as text and as JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

PASS, FAIL, SKIP = "PASS", "FAIL", "SKIP"


@dataclass(frozen=True)
class Check:
    part: str  # buttons, leds, readers, journal
    status: str
    what: str
    fix: str = ""


@dataclass
class Report:
    checks: list[Check] = field(default_factory=list)

    def add(self, part: str, status: str, what: str, fix: str = "") -> Check:
        check = Check(part, status, what, fix)
        self.checks.append(check)
        return check

    @property
    def failed(self) -> list[Check]:
        return [c for c in self.checks if c.status == FAIL]

    def text(self) -> str:
        lines = []
        for c in self.checks:
            lines.append(f"{c.status} {c.part:<8} {c.what}")
            if c.fix:
                lines.append(f"     {'':<8} fix: {c.fix}")
        n = len(self.failed)
        lines.append(f"{len(self.checks)} checks, {n} failed" if n else f"{len(self.checks)} checks, all passed")
        return "\n".join(lines)

    def json(self) -> str:
        return json.dumps({"passed": not self.failed, "failed": len(self.failed),
                           "checks": [asdict(c) for c in self.checks]}, indent=2)
