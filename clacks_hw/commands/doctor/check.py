"""What a check says: OK, WARN or FAIL, about a topic, with the fix for anything not OK."""

from __future__ import annotations

from dataclasses import dataclass

OK, WARN, FAIL = "OK", "WARN", "FAIL"

USERMOD = "sudo usermod -aG {group} $USER, then log out and back in"


@dataclass(frozen=True)
class Check:
    status: str  # OK | WARN | FAIL
    topic: str
    text: str
    fix: str = ""


def format_checks(checks: list[Check]) -> list[str]:
    lines = []
    for c in checks:
        lines.append(f"{c.status:<5} {c.topic:<8} {c.text}")
        if c.fix and c.status != OK:
            lines.append(f"{'':<5} {'':<8} fix: {c.fix}")
        elif c.fix:
            lines.append(f"{'':<5} {'':<8} tip: {c.fix}")
    fails = sum(c.status == FAIL for c in checks)
    warns = sum(c.status == WARN for c in checks)
    if fails:
        verdict = f"{fails} failure(s), {warns} warning(s): fix the FAIL lines first."
    elif warns:
        verdict = f"No failures, {warns} warning(s)."
    else:
        verdict = "All checks passed."
    lines += ["", verdict]
    return lines
