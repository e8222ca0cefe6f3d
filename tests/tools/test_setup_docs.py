"""docs/setup.md names only commands and options that exist."""

import re
from pathlib import Path

from clacks_hw.cli import cli

COMMANDS = set(cli.list_commands(None))  # the commands are imported lazily: ask the group


def command(name):
    return cli.get_command(None, name)


DOC = (Path(__file__).resolve().parents[2] / "docs" / "setup.md").read_text()


def test_every_command_in_the_guide_exists():
    code = re.findall(r"```.*?```", DOC, re.DOTALL) + re.findall(r"`[^`\n]+`", DOC)
    named = {m for block in code for m in re.findall(r"clacks-hw ([a-z][a-z-]+)", block)}
    assert {"doctor", "leds", "enroll", "install-service", "run"} <= named
    assert named <= COMMANDS, named - COMMANDS


def test_every_enroll_and_install_service_option_in_the_guide_exists():
    for name in ("enroll", "install-service", "leds", "doctor"):
        options = {o for p in command(name).params for o in getattr(p, "opts", [])}
        section = DOC
        for opt in set(re.findall(r"`clacks-hw " + name + r"[^`]*`", section)):
            for flag in re.findall(r"--[a-z-]+", opt):
                assert flag in options, (name, flag)
    for flag in ("--only", "--resume", "--port", "--cards", "--config", "--edition", "--offline-timeout"):
        assert flag in DOC
        assert flag in {o for p in command("enroll").params for o in p.opts}
