"""`clacks-hw replay FILE`: play a journal or a hand-written script and show the final position.

Exit status: 0 replayed to the end; 1 an action was refused by the rules (the first one is
reported); 2 the file cannot be replayed at all (damaged or malformed line, a header that sets
up no game, another edition); 3 the engine itself failed (a bug: reported, never a traceback).
"""

from __future__ import annotations

import json
import sys

import click

from . import COMMANDS
from .common import BAD_CONFIG, edition_option, load_edition_or_exit

REJECTED = 1
ENGINE_FAILED = 3
INTERRUPTED = 130  # Ctrl-C, as a shell reports it


def _fail(file: str, exc, as_json: bool) -> None:
    from ..journal import EditionMismatch

    where = f"{file}:{exc.line}" if exc.line is not None else file
    click.echo(f"{where}: {exc.message}", err=True)
    if isinstance(exc, EditionMismatch):
        click.echo("  Replay it with the edition it was recorded with (--edition DIR), or pass "
                   "--ignore-edition to replay it with this one anyway.", err=True)
    if as_json:
        click.echo(json.dumps({"error": {"line": exc.line, "message": exc.message}}))
    raise SystemExit(BAD_CONFIG)


def _engine_failed(file: str, exc: Exception) -> None:
    click.echo(f"{file}: the rules engine failed ({type(exc).__name__}: {exc}); this is a bug "
               "in clacks-hw, please report it with this file", err=True)
    raise SystemExit(ENGINE_FAILED)


def _can_print(chars: str) -> bool:
    # A terminal or pipe in a legacy encoding would turn the lamps into a UnicodeEncodeError.
    try:
        chars.encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


@click.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the final position as a JSON object.")
@edition_option
@click.option("--ignore-edition", is_flag=True,
              help="Replay even if the journal was recorded with another edition.")
@click.option("--ascii", "ascii_", is_flag=True, help="Draw lamps as '#'/'.' instead of '●'/'·'.")
@click.option("--view", type=click.Choice(["S", "W", "N", "E"]), default=None,
              help="Show only what the player at this seat may see (Long Distance: other hands hidden).")
@click.option("--step", is_flag=True,
              help="Every position, one per action from the start (on a terminal: Enter shows the next, "
                   "q Enter stops); with --json one JSON object per line.")
@click.option("--at", "at", type=click.IntRange(min=0), default=None, metavar="N",
              help="The position after action N (0: the start) instead of the last one.")
def replay_cmd(file, as_json, edition_dir, ignore_edition, ascii_, view, step, at):
    """Play the journal FILE (or a hand-written script) through the engine and print the final
    position (docs/journal.md describes the format).

    Exits 1 at the first action the rules refuse, printing
    {"rejected": {"line": N, "code": ..., "message": ...}} with --json (the header is line 1);
    exits 2 if the file cannot be replayed at all.
    """
    from ..journal import JournalError, read_journal, replay  # here: `replay --help` stays quick
    from ..views.position_json import position_json
    from ..views.text_board import render

    edition = load_edition_or_exit(edition_dir)
    ascii_ = ascii_ or not _can_print("●·")
    if step or at is not None:
        from .replay_step_cmd import show_steps

        try:
            show_steps(file, edition, check_edition=not ignore_edition, as_json=as_json, ascii_=ascii_,
                       view=view, step=step, at=at, fail=_fail)
        except BrokenPipeError:
            raise  # the reader left (`| head`): click stops quietly, it is no engine bug
        except (KeyboardInterrupt, click.Abort):  # Ctrl-C (or Ctrl-D) at the prompt: no engine bug
            click.echo("", err=True)
            raise SystemExit(INTERRUPTED) from None
        except Exception as exc:  # noqa: BLE001 - an engine bug must not become a traceback
            _engine_failed(file, exc)
        return
    try:
        journal = read_journal(file)
        for warning in journal.warnings:
            click.echo(f"{file}: warning: {warning}", err=True)
        result = replay(journal, edition, check_edition=not ignore_edition)
    except JournalError as exc:
        _fail(file, exc, as_json)
    except BrokenPipeError:
        raise
    except Exception as exc:  # noqa: BLE001 - an engine bug must not become a traceback
        _engine_failed(file, exc)

    if result.rejected:
        line, rejection = result.rejected
        if as_json:
            click.echo(json.dumps({"rejected": {"line": line, **rejection.to_json()}}))
        else:
            action = next(e.action for e in journal.entries if e.line == line)
            click.echo(render(result.state, ascii=ascii_, actions=result.applied, view=view))
            click.echo(f"{file}:{line}: \"{action}\" was refused ({rejection.code}): {rejection.message}")
        raise SystemExit(REJECTED)
    if as_json:
        click.echo(json.dumps(position_json(result.state, actions=result.applied, view=view)))
    else:
        click.echo(render(result.state, ascii=ascii_, actions=result.applied, view=view), nl=False)


COMMANDS.append(replay_cmd)
