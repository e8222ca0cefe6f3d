"""Hostile HIL scripts: whatever the text, parsing answers a Script or a ScriptError naming the
line and what was expected (never another exception, never a script that runs for ever).

Numbers are ASCII digits in a range (``²`` passes str.isdigit but not int; ``٣`` passes both),
JSON is depth-checked before json.loads, ``set`` values are checked as the config file's are,
the rig's own settings cannot be changed, and waits are bounded one by one and together.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clacks_hw.testing.hil_script import (
    FORMS,
    MAX_LINE,
    MAX_STEPS,
    MAX_TOTAL_WAIT_S,
    MAX_WAIT_S,
    Script,
    ScriptError,
    parse,
    parse_script,
)
from clacks_hw.testing.script_words import MAX_JSON_DEPTH

FUZZ_RUNS = 400  # scripts tried per run


def error(text: str) -> ScriptError:
    with pytest.raises(ScriptError) as err:
        parse(text, "h.hil")
    return err.value


@pytest.mark.parametrize("text, line, message", [
    ("seed ²\npress PLAY\n", 1, "seed '²': expected a whole number 0..2147483648"),
    ("readers ³\npress PLAY\n", 1, "readers '³': expected a whole number 1..4"),
    ("tap J05 at ²\n", 1, "reader '²': expected a whole number 0..0"),
    ("readers 2\nkill ¹\n", 2, "reader '¹': expected a whole number 0..1"),
    ("expect lamp ¹ lit\n", 1, "lamp '¹': expected a whole number 0..15"),
    ("expect journal actions ²\n", 1, "actions '²': expected a whole number 0..1000000"),
    ("expect journal actions ١\n", 1, "actions '١'"),  # int() would read it as 1
    ("wait ²s\n", 1, "duration '²s': expected a number with ms, s or m"),
    ("wait ٣s\n", 1, "duration '٣s': expected a number"),  # float() would read it as 3
    ("hold PLAY ²s\n", 1, "duration '²s'"),
    ("seed -1\npress PLAY\n", 1, "seed '-1'"),
    ("seed +1\npress PLAY\n", 1, "seed '+1'"),
    ("seed 1_000\npress PLAY\n", 1, "seed '1_000'"),
    ("expect journal actions " + "9" * 4000 + "\n", 1, "actions '99999"),
])
def test_numbers_are_ascii_digits_in_range(text, line, message):
    err = error(text)
    assert err.line == line and message in err.message, str(err)


@pytest.mark.parametrize("prefix", ["set game.hands ", "expect status position.turn ", "expect journal last "])
def test_deeply_nested_json_is_refused_before_parsing(prefix):
    deep = "[" * 2000 + "]" * 2000  # json.loads overflows its recursion on this
    err = error(prefix + deep + "\npress PLAY\n")
    assert err.line == 1 and f"expected JSON nested at most {MAX_JSON_DEPTH} deep, found 2000 levels" in err.message
    ok = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert parse(f"expect status position.turn {ok}\n").steps[0].args[1] == eval(ok)


@pytest.mark.parametrize("text, message", [
    ('expect status position.turn NaN\n', "expect status position.turn: expected JSON (NaN is not JSON)"),
    ('expect status position.turn -Infinity\n', "-Infinity is not JSON"),
    ('expect status position.turn "S" x\n', "expect status position.turn: expected JSON (Extra data"),
    ('expect journal last [1]\n', "expect journal last: expected a JSON object"),
])
def test_json_is_standard_json(text, message):
    assert message in error(text).message


@pytest.mark.parametrize("text, line, message", [
    ('set game.hands "nonsense"\npress PLAY\n', 1,
     'set game.hands: "nonsense" is not one of "tracked", "physical" (use one of "tracked", "physical")'),
    ('seed 4\nset game.express_s 5\npress PLAY\n', 2, "set game.express_s: "),
    ('set game.hands 7\npress PLAY\n', 1, "set game.hands: "),
    ('set game.hand "physical"\npress PLAY\n', 1, "unknown setting 'game.hand': did you mean game.hands?"),
    ('set game {"hands": "physical"}\npress PLAY\n', 1, "unknown setting 'game'"),
    ("set status.port 0\npress PLAY\n", 1, "status.port is set by the rig itself"),
    ('set journal.dir "/etc"\npress PLAY\n', 1, "journal.dir is set by the rig itself"),
    ('set reader.port "/dev/ttyS0"\npress PLAY\n', 1, "reader.port is set by the rig itself"),
    ('set game.hands "physical"\nset game.hands "tracked"\npress PLAY\n', 2, "game.hands is already set on line 1"),
    ("seed 1\nseed 2\npress PLAY\n", 2, "seed is already set on line 1"),
    ("press PLAY\nset game.hands \"physical\"\n", 2, "'set' must come before the first input"),
])
def test_settings_are_checked_before_anything_runs(text, line, message):
    err = error(text)
    assert err.line == line and message in err.message, str(err)


def test_good_settings_are_kept():
    script = parse('seed 7\nreaders 2\nset game.hands "physical"\nset game.express_s 30\ntap J05 at 1\n')
    assert (script.seed, script.readers) == (7, 2)
    assert script.overrides == {"game.hands": "physical", "game.express_s": 30}


@pytest.mark.parametrize("text, line, message", [
    ("wait " + "9" * 300 + "s\n", 1, "at most 10 min"),  # never ended on the fake clock
    (f"wait {int(MAX_WAIT_S) + 1}s\n", 1, "at most 10 min"),
    ("hold PLAY 11m\n", 1, "at most 10 min"),
    ("wait 1.0001s\n", 1, "expected a number with ms, s or m"),  # the clock's step is 1 ms
    ("wait 1e3s\n", 1, "expected a number"),
    ("wait 10m\n" * 6 + "hold PLAY 1s\n", 7, f"add up to more than {MAX_TOTAL_WAIT_S / 60:g} min"),
])
def test_waits_are_bounded(text, line, message):
    err = error(text)
    assert err.line == line and message in err.message, str(err)


def test_the_longest_waits_allowed_are_taken():
    script = parse("wait 10m\n" * 5 + "wait 9m\nhold PLAY 59s\nwait 0.999s\nwait 1ms\n")
    assert script.waited_s == MAX_TOTAL_WAIT_S
    assert "add up to more" in error("wait 10m\n" * 6 + "wait 1ms\n").message


@pytest.mark.parametrize("text, line, message", [
    ("press PLAY\x1b[2J\n", 1, "column 11: a control character (U+001B): write plain text"),
    ("press PLAY\u2028pres NEXT\n", 1, "column 11: a line separator (U+2028"),  # not a line break here
    ("press PLAY\x85\n", 1, "U+0085"),
    ("press PL\u200bAY\n", 1, "U+200B"),  # zero-width space
    ('expect status position.turn "\u202eS"\n', 1, "U+202E"),  # a bidi override
    ("press PLAY\n\x0cpress NEXT\n", 2, "U+000C"),
    ("press\xa0PLAY\n", 1, "column 6: a space other than ' ' (U+00A0 NO-BREAK SPACE)"),
    ("press\tPLAY\n", 0, ""),  # a tab is a space
])
def test_only_plain_text_outside_comments_and_lines_end_at_newline(text, line, message):
    if not line:
        assert parse(text).steps[0].args == ("PLAY",)
        return
    err = error(text)
    assert err.line == line and message in err.message, str(err)
    assert "\x1b" not in str(err) and "\u202e" not in str(err)


def test_comments_may_hold_anything_and_crlf_is_a_newline():
    script = parse("# \x1b[2J \u202e\r\npress PLAY   # \x00 \u2028\r\n\r\nwait 1s\r\n")
    assert [(s.line, s.text) for s in script.steps] == [(2, "press PLAY"), (4, "wait 1s")]


def test_size_limits():
    assert f"at most {MAX_LINE}" in error("press PLAY " + "x" * MAX_LINE + "\n").message
    err = error("press PLAY\n" * (MAX_STEPS + 1))
    assert err.line == MAX_STEPS + 1 and f"more than {MAX_STEPS} steps" in err.message
    assert len(parse("press PLAY\n" * MAX_STEPS).steps) == MAX_STEPS


@pytest.mark.parametrize("text, message", [
    ("pres PLAY\n", "unknown command 'pres': did you mean press?"),
    ("expect scren setup\n", "unknown expectation 'scren': did you mean screen?"),
    ("expect journal lats {}\n", "unknown journal expectation 'lats': did you mean last?"),
    ("expect journal\n", "expected: expect journal actions COUNT | expect journal last OBJECT..."),
    ("tap J05 at 0 again\n", "expected: tap CARD [at READER]"),
    ("tap J05 at\n", "READER missing after 'at'"),
    ("expect screen Setp\n", "unknown screen 'setp': did you mean setup?"),
    ("tap J99Q\n", "unknown card 'J99Q'"),
])
def test_mistakes_name_what_was_expected(text, message):
    assert message in str(error(text))


def test_every_form_parses_as_its_usage_shows():
    examples = {"SEED": "5", "READERS": "2", "KEY": "game.hands", "VALUE...": '"physical"', "BUTTON": "play",
                "DURATION": "1.5s", "CARD": "j5", "READER": "1", "SCREEN": "setup", "ROW": "#..#", "LAMP": "15",
                "COLOUR": "#FF0000", "TOWER": "r2", "SEAT": "w", "COUNT": "3", "OBJECT...": '{"act": "move"}',
                "PATH": "position.players.0", "JSON...": "[1, true]"}
    settings_lines, steps = [], []
    for usage, _ in FORMS:
        line = " ".join(examples.get(w, w) for w in usage.replace("[", "").replace("]", "").split())
        (settings_lines if usage.split()[0] in ("seed", "readers", "set") else steps).append(line)
    script = parse("\n".join(settings_lines + steps) + "\n")
    kinds = [s.kind for s in script.steps]
    assert len(kinds) == len(steps) and kinds[0] == "press" and kinds[-1] == "expect status"
    by_kind = {s.kind: s.args for s in script.steps}
    assert by_kind["tap"] == ("J05", 1) and by_kind["remove"] == (1,) and by_kind["hold"] == ("PLAY", 1.5)
    assert by_kind["expect status"] == ((("position", None), ("players", None), ("0", 0)), [1, True])


hostile_words = st.sampled_from([
    "press", "PLAY", "tap", "J05", "at", "0", "1", "²", "٣", "wait", "2s", "1.5s", "10m", "9" * 40, "expect",
    "status", "journal", "last", "actions", "lamps", "lamp", "#...", "lit", "set", "game.hands", '"physical"',
    "status.port", "seed", "readers", "{", "[", "]", "}", '"', "NaN", "#", "\t", "\x00", "\u2028", "\x85", "\r",
    "\ufeff", "\u202e", "replug", "hold", "remove", "kill",
]) | st.text(max_size=8)
scripts = st.lists(st.lists(hostile_words, max_size=6).map(" ".join), max_size=10).map("\n".join) \
    | st.text(max_size=300)


@settings(max_examples=FUZZ_RUNS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scripts)
def test_fuzz_parse_script_answers_a_script_or_an_error(text):
    result = parse_script(text, "f.hil")
    assert isinstance(result, (Script, ScriptError))
    if isinstance(result, ScriptError):
        message = str(result)
        assert message.startswith("f.hil:") and message.isprintable(), message
    else:
        assert 0 < len(result.steps) <= MAX_STEPS and result.waited_s <= MAX_TOTAL_WAIT_S
