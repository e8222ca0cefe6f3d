"""The circuit board's build, step by step (steps.toml), on either path: with the board house's
assembly service, or soldering every part by hand. Each step's parts are the board's own, found
by their kind; a part in no step, a step's kind that no part has, or a check naming a self-test
part that does not exist is a problem that stops the build."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..data import HardwareError, read_toml
from .bom import placed

HERE = Path(__file__).resolve().parent
PATHS = ("assembled", "hand")
SIDES = ("top", "bottom")
STEP_KEYS = {"id", "paths", "side", "title", "kinds", "how", "check"}
SELFTEST = "clacks-hw selftest --part "


@dataclass(frozen=True)
class Step:
    n: int  # its number on its path, from 1
    id: str
    title: str
    side: str  # the face the maker looks at: "top", or "bottom" (the picture seen from below)
    parts: tuple  # the board's parts fitted in this step, in reference order
    closeup: tuple  # kinds shown enlarged, pad 1 marked
    how: str
    check: str

    @property
    def selftest(self) -> str:
        """The self-test part the step ends with ("" when its check is by eye or meter)."""
        return self.check[len(SELFTEST):] if self.check.startswith(SELFTEST) else ""


def load_steps(path: Path | None = None) -> dict:
    path = path or HERE / "steps.toml"
    data = read_toml(path)
    for i, step in enumerate(data.get("step", [])):
        lacking = sorted(STEP_KEYS - set(step))
        if lacking:
            raise HardwareError(f"{path.name}: step {i + 1} ({step.get('id', '?')}) has no {lacking[0]}; add it")
        if step["side"] not in SIDES or not set(step["paths"]) <= set(PATHS):
            raise HardwareError(f"{path.name}: step {step['id']}: side is one of {', '.join(SIDES)} and paths "
                                f"of {', '.join(PATHS)}")
    if not data.get("step") or set(data.get("tools", {})) != {"both", "hand"}:
        raise HardwareError(f"{path.name}: needs [tools] with both and hand, and at least one [[step]]")
    return data


def _key(ref: str) -> tuple:
    letters = ref.rstrip("0123456789")
    return (letters, int(ref[len(letters):] or 0))


def by_hand(board, path: str) -> list:
    """The fitted parts the maker solders on this path (on "assembled", what the board house
    does not place)."""
    done = {p.ref for p in placed(board)} if path == "assembled" else set()
    kinds = board.data["kind"]
    return [p for p in board.parts if p.fitted and not kinds[p.kind].get("copper") and p.ref not in done]


def steps(board, data: dict, path: str) -> list:
    mine = by_hand(board, path)
    out = []
    for s in (s for s in data["step"] if path in s["paths"]):
        parts = tuple(sorted((p for p in mine if p.kind in s["kinds"]), key=lambda p: _key(p.ref)))
        out.append(Step(len(out) + 1, s["id"], s["title"], s["side"], parts, tuple(s.get("closeup", ())),
                        " ".join(s["how"].split()), s["check"]))
    return out


def step_problems(board, data: dict, selftest_parts=()) -> list:
    out = []
    kinds = board.data["kind"]
    for s in data["step"]:
        for k in [*s["kinds"], *s.get("closeup", ())]:
            if k not in kinds:
                out.append(f"steps.toml: step {s['id']} names kind {k!r}, which mainboard.toml has no [kind.{k}] for")
        for k in s.get("closeup", ()):
            if k not in s["kinds"]:
                out.append(f"steps.toml: step {s['id']} shows {k} close up but does not fit it")
        if s["check"].startswith(SELFTEST) and s["check"][len(SELFTEST):] not in selftest_parts:
            out.append(f"steps.toml: step {s['id']} ends with {s['check']!r}, but selftest has no such part "
                       f"({', '.join(selftest_parts)})")
    for path in PATHS:
        seen: dict = {}
        for step in steps(board, data, path):
            for p in step.parts:
                if p.ref in seen:
                    out.append(f"steps.toml: {p.ref} ({p.role}) is fitted twice on the {path} path: "
                               f"steps {seen[p.ref]} and {step.id}")
                seen[p.ref] = step.id
        for p in by_hand(board, path):
            if p.ref not in seen:
                out.append(f"steps.toml: {p.ref} ({p.role}, kind {p.kind}) is fitted in no step on the {path} path; "
                           f"add {p.kind} to a step's kinds")
    return out
