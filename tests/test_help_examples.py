"""Every example a command's `--help` gives runs: `clacks-hw X --help` saying "e.g. --computer
W,E:strong" to a command that then refuses it costs a newcomer minutes. Each "e.g." of options is
parsed by its command (values converted, callbacks run), and those of the commands that play (run,
play, demo) are run for real, since what they accept depends on the game's seats; each `clacks-hw
...` command a help quotes is parsed (tests/test_docs_commands.py does the same for the docs)."""

from __future__ import annotations

import re
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from tests.test_docs_commands import check_clacks_command

# How each command that plays runs an example briefly, with nothing of the user's touched.
QUICK = {
    ("run",): lambda tmp: ["--virtual", "--for", "0", "--journal-dir", str(tmp), "--config", _quiet(tmp)],
    ("play",): lambda tmp: ["--no-browser", "--for", "0", "--journal-dir", str(tmp)],
    ("demo",): lambda tmp: ["--delay", "0"],
}
EXAMPLE = re.compile(r"e\.g\. (--[^.;()]*)")
QUOTED = re.compile(r"`clacks-hw ([^`]*)`|^\s*clacks-hw (\S.*?)(?:\s{2,}|$)", re.M)


def _quiet(tmp) -> str:
    path = tmp / "quiet.toml"
    path.write_text("[status]\nport = 0\n")  # no status page on a fixed port
    return str(path)


def every_command(group=cli, path=()):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield (*path, name), command
        if isinstance(command, click.Group):
            yield from every_command(command, (*path, name))


def help_of(path) -> str:
    result = CliRunner().invoke(cli, [*path, "--help"], prog_name="clacks-hw", terminal_width=10_000)
    assert result.exit_code == 0, result.output
    return result.output


def examples(text: str) -> list[list[str]]:
    """Each option example of a help: "e.g. --a 1, --b 2 or --c" gives three."""
    found = []
    for m in EXAMPLE.finditer(" ".join(text.split())):
        found += [frag.split() for frag in re.split(r", | or ", m.group(1)) if frag.startswith("--")]
    return found


HELPS = {path: help_of(path) for path, _ in every_command()}
CASES = [(path, words) for path, text in HELPS.items() for words in examples(text)]


def test_the_examples_are_found():
    assert (("run",), ["--computer", "N:strong"]) in CASES  # the walk reaches the commands' options
    assert any(path == ("play",) and "--seats" in words for path, words in CASES)


@pytest.mark.parametrize(("path", "words"), CASES, ids=[" ".join([*p, *w]) for p, w in CASES])
def test_every_option_example_parses(path, words):
    command = cli
    for name in path:
        command = command.get_command(click.Context(command), name)
    try:
        command.make_context(" ".join(path), list(words))
    except click.UsageError as exc:
        raise AssertionError(f"`clacks-hw {' '.join([*path, *words])}` (its --help's example): "
                             f"{exc.format_message()}") from None


@pytest.mark.parametrize(("path", "words"), [c for c in CASES if c[0] in QUICK],
                         ids=[" ".join([*p, *w]) for p, w in CASES if p in QUICK])
def test_every_example_of_the_commands_that_play_runs(path, words, tmp_path):
    args = [*path, *words, *QUICK[path](tmp_path)]
    out = subprocess.run([sys.executable, "-m", "clacks_hw.cli", *args], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"`clacks-hw {' '.join(args)}` (its --help's example) exited {out.returncode}: {out.stderr}"


def test_every_command_a_help_quotes_exists():
    checked = []
    for path, text in HELPS.items():
        for m in QUOTED.finditer(text):
            words = (m.group(1) or m.group(2)).split()
            if words and not words[0].isupper():  # `clacks-hw COMMAND --help` names no command
                check_clacks_command(words, f"clacks-hw {' '.join(path)} --help")
                checked.append(words)
    assert ["emulate", "hub", "--readers", "2"] in checked and ["run", "--virtual", "--config", "FILE"] in checked
