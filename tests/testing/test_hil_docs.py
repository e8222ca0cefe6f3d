"""Every example script in docs/hil.md plays, as written, on the emulated board and passes;
and one changed expectation makes it fail at that line (the examples do check something)."""

import re
from pathlib import Path

import pytest

from clacks_hw.testing.hil_run import run_script
from clacks_hw.testing.hil_script import FORMS, MAX_BYTES, MAX_LINE, MAX_STEPS, MAX_TOTAL_WAIT_S, MAX_WAIT_S, parse
from clacks_hw.testing.rig_settings import RIG_OWNED
from clacks_hw.testing.script_words import MAX_JSON_DEPTH

DOC = Path(__file__).resolve().parents[2] / "docs" / "hil.md"
EXAMPLES = re.findall(r"```hil\n(.*?)```", DOC.read_text(), re.S)


def test_there_is_an_example_per_game_mode_and_one_with_a_pulled_cable():
    modes = {m for text in EXAMPLES for m in re.findall(r'position.mode "(\w+)"', text)}
    assert len(EXAMPLES) == 5 and modes == {"race", "solitaire", "junior_race"}
    assert "press R2" in EXAMPLES[0]  # the competitive one (its mode is the default)
    assert "unplug" in EXAMPLES[4] and 'health.reader "offline"' in EXAMPLES[4]


@pytest.mark.parametrize("n", range(len(EXAMPLES)))
def test_doc_example_passes(n, tmp_path):
    result = run_script(parse(EXAMPLES[n], f"docs/hil.md example {n + 1}"), echo=lambda _: None, workdir=tmp_path)
    assert result.passed, "\n".join(result.log)
    assert result.steps_run == len(result.script.steps)


def test_a_wrong_expectation_fails_at_its_line(tmp_path):
    text = EXAMPLES[0].replace('expect status position.budget_left 4', 'expect status position.budget_left 3')
    result = run_script(parse(text, "x.hil"), echo=lambda _: None, workdir=tmp_path)
    assert not result.passed
    assert result.failure.step.text == "expect status position.budget_left 3"
    assert result.failure.message == "position.budget_left: expected 3, found 4"


def test_the_docs_show_every_form_of_the_grammar_and_its_limits():
    """The tables in docs/hil.md are the language: each usage line the parser reads is there, as written."""
    text = DOC.read_text()
    missing = [usage for usage, _ in FORMS if f"`{usage}`" not in text]
    assert not missing, f"docs/hil.md does not show {missing}"
    for limit in (f"| {MAX_BYTES >> 20} MiB", f"| {MAX_LINE} characters", f"| {MAX_STEPS} |",
                  f"| {MAX_WAIT_S / 60:g} minutes", f"| {MAX_TOTAL_WAIT_S / 60:g} minutes", f"at most {MAX_JSON_DEPTH} deep"):
        assert limit in text, limit
    assert all(f"`{key}`" in text for key in RIG_OWNED)
