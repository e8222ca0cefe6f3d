"""HIL scripts: ``parse_bytes`` (a script file's bytes, as ``clacks-hw hil`` reads them)."""

from __future__ import annotations

from hypothesis import strategies as st

from clacks_hw.testing.hil_script import FORMS, MAX_STEPS, MAX_TOTAL_WAIT_S, Script, ScriptError, parse_bytes

from ..harness import Target, Violation, refused
from ..mutation import lines_mutated, mutated, utf8
from ..seeds import hil_seeds

PATH = "fuzz.hil"
# A plausible word for each kind of word in the grammar, and hostile ones for any.
PLAUSIBLE = {"SEED": ["5", "0", "2147483648", "²", "-1", "1_0"], "READERS": ["1", "4", "5", "٣"],
             "KEY": ["game.hands", "status.port", "journal.dir", "leds.brightness", "game", "x.y.z"],
             "VALUE...": ['"physical"', "0", "[1]", "{}", "NaN", "1e999", '"\\u0000"', "[" * 40],
             "BUTTON": ["PLAY", "play", "R2", "TURN", "X"], "DURATION": ["1.5s", "250ms", "10m", "0s", "9" * 300 + "s"],
             "CARD": ["J05", "j5", "F01", "W:AHMED", "J99Q"], "READER": ["0", "3", "9"],
             "SCREEN": ["setup", "game", "Setp"], "ROW": ["#..#", "####", "#.", "#####"], "LAMP": ["0", "15", "16"],
             "COLOUR": ["#FF0000", "lit", "red", "#GG0000"], "TOWER": ["r2", "G6", "R7"], "SEAT": ["w", "S", "Q"],
             "COUNT": ["3", "1000001"], "OBJECT...": ['{"act": "move"}', "{", "[]", '{"a": ' * 40],
             "PATH": ["position.players.0", "position.turn", "a..b", ""], "JSON...": ["[1, true]", '"N"', "null"]}
TOKENS = tuple(utf8(w) for words in PLAUSIBLE.values() for w in words) + (b"\n", b" at ", b"#", b"expect ")


@st.composite
def form_line(draw) -> str:
    """A line of one form of the grammar, each word plausible or hostile."""
    usage = draw(st.sampled_from([u for u, _ in FORMS]))
    words = []
    for word in usage.replace("[", "").replace("]", "").split():
        if word.isupper() or word.endswith("..."):
            words.append(draw(st.sampled_from(PLAUSIBLE.get(word, ["x"])) | st.text(max_size=6)))
        else:
            words.append(word)
    return " ".join(words)


def check(data: bytes) -> None:
    result = parse_bytes(data, PATH)
    if isinstance(result, ScriptError):
        refused(result)
        if not str(result).startswith(f"{PATH}:"):
            raise Violation("a script error that does not name the file and line", str(result)[:200])
    elif not isinstance(result, Script):
        raise Violation("parse_bytes gave neither a Script nor a ScriptError", type(result).__name__)
    elif not (0 < len(result.steps) <= MAX_STEPS and result.waited_s <= MAX_TOTAL_WAIT_S):
        raise Violation("a script beyond the bounds", f"{len(result.steps)} steps, {result.waited_s} s of waits")


def _strategy() -> st.SearchStrategy:
    from tests.testing.test_hil_script_hostile import scripts  # hostile words, shared with that test

    texts = [s.decode() for s in hil_seeds()]
    lines = form_line() | st.text(max_size=20)
    return (st.sampled_from(texts).flatmap(lambda t: lines_mutated(t, lines)).map(utf8)
            | st.lists(form_line(), min_size=1, max_size=12).map("\n".join).map(utf8)
            | scripts.map(utf8) | mutated(hil_seeds(), TOKENS))


TARGET = Target("hil", "clacks_hw.testing.hil_script.parse_bytes", st.deferred(_strategy), hil_seeds, check=check)
