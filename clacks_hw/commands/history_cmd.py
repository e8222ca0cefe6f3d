"""`clacks-hw history`: the games this board has played, from its journal directory."""

from __future__ import annotations

import json
from pathlib import Path

import click

from . import COMMANDS
from .common import BAD_CONFIG, edition_option, load_edition_or_exit


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "duration unknown"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {secs} s" if minutes else f"{secs} s"


def _when(created: str | None) -> str:
    return created.replace("T", " ")[:16] + " UTC" if created else "(no start time)"


def _who(r, seat: str | None) -> str:
    """A seat with its player's name when one was given ("S (Ann)"), so a result reads by name."""
    return f"{seat} ({r.names[seat]})" if seat in r.names else str(seat)


def _game_lines(r) -> list[str]:
    if r.state == "unreadable":
        return [f"(unreadable) {r.path}", f"    {r.problem}"]
    variants = f" ({', '.join(r.variants)})" if r.variants else ""
    players = " · ".join(f"{_who(r, seat)} {' '.join(words)}" for seat, words in r.players.items())
    ending = {"finished": f"{_who(r, r.winner)} won", "in play": "still in play (the board resumes it)",
              "abandoned": "abandoned", "refused": f"stopped: {r.problem}",
              "set aside": "set aside (the board could not resume it; an older game went on)"}[r.state]
    return [f"{_when(r.created)}  {r.mode}{variants}  {players}",
            f"    {ending}; {r.actions} action{'s' * (r.actions != 1)}; {_duration(r.duration_s)}",
            f"    {r.path}"]


def _total_line(mode: str, t: dict) -> str:
    ended = ", ".join(f"{n} {state}" for state, n in sorted(t["ended"].items()))
    wins = ", ".join(f"{who} {n}" for who, n in sorted(t["wins"].items())) or "none yet"
    average = (f"; finished games average {t['average_actions']:g} actions, {_duration(t['average_duration_s'])}"
               if t["average_actions"] is not None else "")
    return f"  {mode}: {t['games']} game{'s' * (t['games'] != 1)} ({ended}); wins: {wins}{average}"


@click.command("history")
@click.option("--dir", "directory", type=click.Path(file_okay=False), default=None,
              help="Journal directory (default: journal.dir from the config, the virtual board's "
                   "~/.local/state/clacks-hw and the play page's ~/.local/state/clacks-hw/play).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file whose journal.dir to read (default /etc/clacks-hw/config.toml).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: the games and the totals per mode.")
@edition_option
def history_cmd(directory, config_path, as_json, edition_dir):
    """The games this board has played: when, mode and variants, players and their words, the
    winner, the number of actions, how long it took and each journal's path; then totals per
    mode (games, wins per seat or team, average length). Replay one with `clacks-hw replay PATH`.
    """
    from ..config.load import ConfigError, load_config
    from ..views.history import read_history, totals

    if directory is None:
        try:
            cfg = load_config(config_path, check_devices=False)
        except ConfigError as exc:
            click.echo(str(exc), err=True)
            raise SystemExit(BAD_CONFIG)
        # The board's journal.dir, the virtual board's and the play page's: every game played here.
        from .own_dirs import play_dir, virtual_journal_dir

        found = [d for d in (cfg.journal.dir, virtual_journal_dir(cfg.journal.dir), play_dir()) if Path(d).is_dir()]
        directories = list(dict.fromkeys(found)) or [cfg.journal.dir]
    else:
        directories = [directory]
    for d in directories:
        if not Path(d).is_dir():
            click.echo(f"{d}: no such directory (no game was journalled there; give --dir DIR)", err=True)
            raise SystemExit(BAD_CONFIG)
    records = read_history(directories, load_edition_or_exit(edition_dir))
    summary = totals(records)
    if as_json:
        click.echo(json.dumps({"dir": directories[0], "dirs": directories, "games": [r.to_json() for r in records],
                               "totals": summary}))
        return
    click.echo(f"{len(records)} game{'s' * (len(records) != 1)} in {' and '.join(directories)}")
    for r in records:
        click.echo("\n".join(_game_lines(r)))
    if summary:
        click.echo("Totals:")
        for mode, t in summary.items():
            click.echo(_total_line(mode, t))


COMMANDS.append(history_cmd)
