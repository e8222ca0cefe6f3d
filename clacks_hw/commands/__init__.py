"""Subcommands of `clacks-hw`, one module each, imported only when that command runs.

`clacks-hw --help` lists the commands from the table below without importing any of them
(the rules engine, the bots and the drivers load only for the commands that use them), which
keeps start-up quick on a Pi Zero. A new command: its module, and a row in ``LAZY``
(tests/test_cli_lazy.py fails when a command module is not listed).
"""

from __future__ import annotations

import importlib

import click

# name -> (module in this package, attribute, the line `clacks-hw --help` shows)
LAZY: dict[str, tuple[str, str, str]] = {
    "admin": ("admin_cmd", "admin_cmd", "Paired phones: list, forget them; rotate the admin token."),
    "alphabet-card": ("edition_cmd", "alphabet_card_cmd", "Write the printable Clacks Alphabet Card (SVG)."),
    "build-files": ("build_files_cmd", "build_files_cmd", "Regenerate every file of the physical board."),
    "cards": ("cards_cmd", "cards_cmd", "Every card of an edition as a print-and-play PDF."),
    "demo": ("demo_cmd", "demo_cmd", "Watch automatic players play a whole game."),
    "doctor": ("doctor_cmd", "doctor_cmd", "Check this machine for the board, with fixes."),
    "edition": ("edition_cmd", "edition_cmd", "Check an edition and summarise it."),
    "emulate": ("emulate_cmd", "emulate_cmd", "An emulated card reader on a pseudo-terminal."),
    "enroll": ("enroll_cmd", "enroll_cmd", "Tap every card once; write the tag-to-card map."),
    "hall": ("hall_cmd", "hall_cmd", "The hall page: every board on one MQTT broker; its set-up."),
    "hil": ("hil_cmd", "hil_cmd", "Play HIL scripts on the real daemon, emulated parts."),
    "history": ("history_cmd", "history_cmd", "The games this board has played, with totals."),
    "line": ("line_cmd", "line_cmd", "One game between two places: open a line, or join one."),
    "install-service": ("service_cmd", "install_service_cmd", "Write the systemd unit that runs the board."),
    "kiosk": ("kiosk_cmd", "kiosk_cmd", "The kiosk page full screen on the board's own screen."),
    "leds": ("leds_cmd", "leds_cmd", "Light every LED in chain order, to check wiring."),
    "play": ("play_cmd", "play_cmd", "Play a game on the emulated board, in your browser."),
    "replay": ("replay_cmd", "replay_cmd", "Play a journal or script through the engine."),
    "run": ("run_cmd", "run_command", "Run the board daemon (--virtual: in the terminal)."),
    "selftest": ("selftest_cmd", "selftest_cmd", "Walk through every part of a built board."),
}

HELP_ASKED = "clacks_hw.help_asked"  # ctx.meta key: a subcommand's --help was asked for

# Command modules still append themselves here when imported (tests compare it with LAZY).
COMMANDS: list[click.Command] = []


class LazyGroup(click.Group):
    """A click group whose subcommands are imported when invoked (or their help is asked)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(LAZY) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        if name not in LAZY:
            return None
        module, attr, _ = LAZY[name]
        return getattr(importlib.import_module(f"{__name__}.{module}"), attr)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name = args[0] if args else ""
        if args and not name.startswith("-") and self.get_command(ctx, name) is None:
            ctx.fail(unknown_command(name, self.list_commands(ctx)))
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context):
        # Seen before click clears them: `COMMAND --help` only prints (cli.py skips set-up for it).
        ctx.meta[HELP_ASKED] = any(a in ("--help", "-h") for a in (*getattr(ctx, "_protected_args", ()), *ctx.args))
        try:
            return super().invoke(ctx)
        except ValueError as exc:
            from ..base.secure_files import UnsafePath  # imported only once something was refused

            if not isinstance(exc, UnsafePath):
                raise
            # A folder others control, met by any command writing a file: a bad set-up, exit 2.
            click.echo(str(exc), err=True)
            ctx.exit(2)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, LAZY[name][2] if name in LAZY else self.commands[name].get_short_help_str())
                for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def unknown_command(name: str, known: list[str]) -> str:
    """"No such command 'enrol'. Did you mean 'enroll'?": the refusal, with the close match."""
    import difflib  # only once a command was mistyped

    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"No such command {name!r}." + (f" Did you mean {close[0]!r}?" if close else "")


def load_all() -> list[click.Command]:
    """Every command module imported (tests, docs checks): what they registered."""
    for module in sorted({m for m, _, _ in LAZY.values()}):
        importlib.import_module(f"{__name__}.{module}")
    return COMMANDS
