"""Every shell block in README.md and docs/*.md that a reader is meant to run is run here, in
order, file by file, in a scratch folder that sees the checkout, so the docs cannot lie.

A block's info string says what it is: ```` ```sh ```` is run (with `bash -e`); the README's
set-up block runs with no `clacks-hw` on PATH, so its own `. .venv/bin/activate` must put it
there, and every other file's blocks run after that activation, as a reader who followed the
set-up would. A block marked ``sh hardware`` (a built board, a Pi, a hall's machine, root),
``sh long`` (minutes, or it changes the installation), ``sh interactive`` (runs until you stop
it), ``sh example`` (names files of your own) or ``sh maintainer`` (rewrites committed files)
is not run; each `clacks-hw` command in it is parsed against the real command line instead (an
unknown command or option fails), and each `make` target must exist. Every doc has at least one
block that is run.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest

from clacks_hw.cli import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
NOT_RUN = {"hardware", "long", "interactive", "example", "maintainer"}
FENCE = re.compile(r"^```(\S*)[ \t]*(.*)$")
SHELLS = {"sh", "bash", "shell", "console"}


def blocks(path: Path) -> list[tuple[int, str, str]]:
    """(line, marker, text) of each shell block in ``path``."""
    found, lines, i = [], path.read_text().splitlines(), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m and m.group(1):
            start, body = i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            if m.group(1) in SHELLS:
                found.append((start, m.group(2).strip(), "\n".join(body)))
        i += 1
    return found


def commands(text: str) -> list[list[str]]:
    """Each command of a block as words: continuations joined, comments, heredoc bodies and
    redirections dropped, pipelines and lists (|, &&, ||, ;) split into their commands."""
    out, heredoc = [], None
    for line in text.replace("\\\n", " ").splitlines():
        if heredoc is not None:
            heredoc = None if line.strip() == heredoc else heredoc
            continue
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split, lexer.commenters = True, "#"
        words, skip = [], False
        for token in lexer:
            if skip:  # a redirection's target
                skip = False
                continue
            if token in ("|", "&&", "||", ";", "&"):
                out.append(words) if words else None
                words = []
            elif token in (">", ">>", "<", "2>", "&>"):
                skip = True
            elif token == "<<":  # the lines up to its end word are the heredoc's, not commands
                heredoc = next(lexer, "").strip("'\"")
            else:
                words.append(token)
        if words:
            out.append(words)
    return out


def check_clacks_command(words: list[str], where: str) -> None:
    """The words after `clacks-hw` name a command and options it has."""
    command, args = cli, words
    ctx = click.Context(cli, info_name="clacks-hw")
    while isinstance(command, click.Group) and args and not args[0].startswith("-"):
        sub = command.get_command(ctx, args[0])
        assert sub is not None, f"{where}: `clacks-hw {' '.join(words)}`: no command {args[0]!r}"
        command, args = sub, args[1:]
        ctx = click.Context(command, info_name=command.name, parent=ctx)
    parser = command.make_parser(ctx)
    try:
        parser.parse_args(args=list(args))
    except click.UsageError as exc:
        raise AssertionError(f"{where}: `clacks-hw {' '.join(words)}`: {exc.format_message()}") from None


def make_targets() -> set[str]:
    return set(re.findall(r"^([A-Za-z0-9_.-]+):", (ROOT / "Makefile").read_text(), re.M))


def all_blocks():
    for path in DOCS:
        for line, marker, text in blocks(path):
            yield pytest.param(path, line, marker, text, id=f"{path.relative_to(ROOT)}:{line}")


@pytest.mark.parametrize("path,line,marker,text", list(all_blocks()))
def test_every_command_in_every_block_exists(path, line, marker, text):
    assert not marker or marker in NOT_RUN, f"{path.name}:{line}: unknown block marker {marker!r}; use one of {NOT_RUN}"
    where = f"{path.relative_to(ROOT)}:{line}"
    for words in commands(text):
        while words and (words[0] == "sudo" or "=" in words[0]):  # sudo, VAR=value before the command
            words = words[1:]
        if words and words[0].endswith("/clacks-hw") or words[:1] == ["clacks-hw"]:
            check_clacks_command(words[1:], where)
        elif words[:1] == ["make"]:
            for target in words[1:]:
                if "=" not in target and not target.startswith("-"):
                    assert target in make_targets(), f"{where}: no make target {target!r}"


def reader_folder(folder: Path) -> Path:
    """``folder`` made to see every file of the checkout (links): the docs' commands write here."""
    for entry in ROOT.iterdir():
        if entry.name != ".git":
            (folder / entry.name).symlink_to(entry)
    return folder


def run_block(folder: Path, text: str, where: str, activate: bool) -> None:
    venv_bin = str(ROOT / ".venv" / "bin")
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                           if p and Path(p).resolve() != Path(venv_bin).resolve())
    env = {**os.environ, "PATH": path, "HOME": str(folder), "XDG_STATE_HOME": str(folder / "state")}
    env.pop("VIRTUAL_ENV", None)
    script = (". .venv/bin/activate\n" if activate else "") + text
    proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{where} failed (exit {proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"


@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "activate").exists(), reason="needs the checkout's .venv (make)")
@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_runnable_block_runs(path, tmp_path):
    runnable = [(line, text) for line, marker, text in blocks(path) if not marker]
    assert runnable, (f"{path.relative_to(ROOT)} has no block the suite runs: give it a ```sh block of a command "
                      "a reader would run (markers: a block marked hardware, long, ... is only parsed)")
    folder = reader_folder(tmp_path)
    for line, text in runnable:
        run_block(folder, text, f"{path.relative_to(ROOT)}:{line}", activate=path.name != "README.md")


def test_the_readme_set_up_puts_clacks_hw_on_path():
    """Its first block ends with `clacks-hw --help`: runnable only if the block put it there."""
    line, marker, text = blocks(ROOT / "README.md")[0]
    assert not marker and "make demo" in text and text.strip().splitlines()[-1].startswith("clacks-hw")


def test_an_unknown_option_in_a_hardware_block_is_caught():
    with pytest.raises(AssertionError, match="(?i)no such option"):
        check_clacks_command(["doctor", "--no-such-option"], "here")
    with pytest.raises(AssertionError, match="no command"):
        check_clacks_command(["no-such-command"], "here")
