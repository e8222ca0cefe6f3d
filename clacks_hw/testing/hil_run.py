"""Playing a HIL script on a :class:`~.fake_time_board.FakeTimeBoard`: each step printed as it
runs, the first failed expectation reported with the expected and actual frames side by side,
and the results as JUnit XML for a builder's CI."""

from __future__ import annotations

import tempfile
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from clacks_hw.drivers.frame import TOWERS

from .colours import matches, name_of
from .fake_time_board import FakeTimeBoard
from .frame_text import LEGEND, draw_expected, draw_frame, side_by_side
from .hil_script import Script, Step

PIXEL_GETTERS = {"lamp": "lamp", "button": "tower", "seat": "seat"}


@dataclass
class Failure:
    step: Step
    message: str
    detail: str = ""

    def report(self) -> str:
        text = f"FAIL line {self.step.line}: {self.step.text}\n  {self.message}"
        return text + ("\n" + self.detail if self.detail else "")


@dataclass
class Result:
    script: Script
    steps_run: int = 0
    failure: Failure | None = None
    error: str = ""  # the rig broke (not an expectation)
    seconds: float = 0.0
    log: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.failure is None and not self.error


def _dig(data, path: tuple):
    """The value at ``path`` ((key, index or None) pairs, as the script's PATH reads them)."""
    for key, index in path:
        if isinstance(data, list) and index is not None and index < len(data):
            data = data[index]
        elif isinstance(data, dict) and key in data:
            data = data[key]
        else:
            raise KeyError(key)
    return data


def same_json(a, b) -> bool:
    """JSON equality: ``true`` is not ``1`` (Python's ``==`` says it is), ``1`` is ``1.0``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(same_json, a, b))
    if isinstance(a, (dict, list)) or isinstance(b, (dict, list)):
        return False
    return a == b


def check(board: FakeTimeBoard, step: Step) -> Failure | None:
    what, args = step.kind.removeprefix("expect "), step.args
    if what in ("lamps", "lamp", "button", "seat"):
        frame = board.frame
        if what == "lamps":
            wanted = {("lamp", i): ("lit" if c == "#" else (0, 0, 0)) for i, c in enumerate("".join(args))}
        else:
            wanted = {(what, args[0]): args[1]}
        wrong = [(k, v) for k, v in wanted.items() if not matches(v, getattr(frame, PIXEL_GETTERS[k[0]])(k[1]))]
        if not wrong:
            return None
        parts = [f"{kind} {key}: expected {v if v == 'lit' else name_of(v)}, "
                 f"found {name_of(getattr(frame, PIXEL_GETTERS[kind])(key))}" for (kind, key), v in wrong]
        drawing = side_by_side(draw_expected(wanted), draw_frame(frame))
        return Failure(step, "; ".join(parts), _indent(drawing + "\n" + LEGEND))
    if what == "screen":
        screen = board.status()["screen"]
        return None if screen == args[0] else Failure(step, f"expected screen {args[0]}, found {screen}")
    if what == "journal actions":
        n = len(board.journal_actions())
        return None if n == args[0] else Failure(step, f"expected {args[0]} actions in the journal, found {n}",
                                                 _indent(_journal_tail(board)))
    if what == "journal last":
        actions = board.journal_actions()
        last = actions[-1] if actions else None
        if last is not None and all(k in last and same_json(last[k], v) for k, v in args[0].items()):
            return None
        return Failure(step, f"the journal's last action is not like {_json(args[0])}",
                       _indent(_journal_tail(board)))
    status = board.status()
    dotted = ".".join(key for key, _ in args[0])
    try:
        value = _dig(status, args[0])
    except KeyError as exc:
        return Failure(step, f"the status JSON has no {dotted} (no {exc.args[0]!r} there)")
    if same_json(value, args[1]):
        return None
    return Failure(step, f"{dotted}: expected {_json(args[1])}, found {_json(value)}")


def _json(value) -> str:
    import json

    return json.dumps(value, separators=(", ", ": "))


def _journal_tail(board: FakeTimeBoard) -> str:
    actions = board.journal_actions()
    if not actions:
        return "(no actions in the journal)"
    return "last actions:\n" + "\n".join("  " + _json(a) for a in actions[-3:])


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def act(board: FakeTimeBoard, step: Step) -> None:
    k, a = step.kind, step.args
    if k == "press":
        board.click(a[0])
    elif k == "hold":
        board.buttons.press(a[0])
        board.advance(a[1])
        board.release(a[0])
    elif k == "down":
        board.press(a[0])
    elif k == "up":
        board.release(a[0])
    elif k == "tap":
        board.tap(a[0], a[1])
    elif k == "place":
        board.place(a[0], a[1])
    elif k == "remove":
        board.remove(a[0])
    elif k == "tear":
        board.chips[a[1]].pull_away_after(0)
        board.place(a[0], a[1])
        board.advance(0.2)
    elif k == "kill":
        board.chips[a[0]].kill()
        board.advance(0.05)
    elif k == "revive":
        board.chips[a[0]].revive()
        board.advance(0.05)
    elif k == "unplug":
        board.unplug()
    elif k == "replug":
        board.replug()
    elif k == "wait":
        board.advance(a[0])


def run_script(script: Script, echo=print, workdir=None) -> Result:
    """Play ``script`` on a fresh board (journals in ``workdir``, else a temporary directory)."""
    result = Result(script)
    start = time.monotonic()

    def say(text: str) -> None:
        result.log.append(text)
        echo(text)

    with tempfile.TemporaryDirectory(prefix="clacks-hil-") as tmp:
        say(f"{script.path}: {len(script.steps)} steps")
        board = None
        try:
            board = FakeTimeBoard(workdir or tmp, readers=script.readers, seed=script.seed,
                                  overrides=script.overrides)
            for step in script.steps:
                say(f"  {step.line:>4}  {step.text}")
                if step.kind.startswith("expect "):
                    failure = check(board, step)
                    if failure is not None:
                        result.failure = failure
                        say(failure.report())
                        break
                else:
                    act(board, step)
                result.steps_run += 1
        except AssertionError as exc:  # the rig itself broke: a hung or crashed daemon
            result.error = str(exc)
            say(f"ERROR: {exc}")
        finally:
            if board is not None:
                try:
                    board.close()
                except AssertionError as exc:
                    result.error = result.error or str(exc)
    result.seconds = time.monotonic() - start
    say(f"{script.path}: " + ("passed" if result.passed else "FAILED") + f" ({result.steps_run} steps)")
    return result


def junit_xml(results: list[Result]) -> bytes:
    failures = sum(1 for r in results if r.failure)
    errors = sum(1 for r in results if r.error and not r.failure)
    suite = ET.Element("testsuite", name="clacks-hw hil", tests=str(len(results)), failures=str(failures),
                       errors=str(errors), time=f"{sum(r.seconds for r in results):.3f}")
    for r in results:
        case = ET.SubElement(suite, "testcase", classname="hil", name=r.script.name, file=str(r.script.path),
                             time=f"{r.seconds:.3f}")
        if r.failure is not None:
            f = ET.SubElement(case, "failure", message=f"line {r.failure.step.line}: {r.failure.message}")
            f.text = r.failure.report()
        elif r.error:
            ET.SubElement(case, "error", message=r.error).text = r.error
        ET.SubElement(case, "system-out").text = "\n".join(r.log)
    return ET.tostring(suite, encoding="utf-8", xml_declaration=True)


__all__ = ["Failure", "Result", "TOWERS", "check", "junit_xml", "run_script"]
