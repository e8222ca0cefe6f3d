"""`clacks-hw --help` starts fast: no subcommand, rules, bots or network modules are imported
for it; every command module is in the lazy table, and each command still runs."""

import json
import subprocess
import sys
import xml.dom.minidom

import pytest

from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.commands import LAZY, load_all

PROBE = """
import json, sys
sys.argv = ["clacks-hw", *sys.argv[1:]]
from clacks_hw.cli import cli
try:
    cli(prog_name="clacks-hw")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def modules_for(*args):
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=60,
                          check=True)
    return set(json.loads(proc.stderr.strip().splitlines()[-1])), proc.stdout


def test_help_imports_no_command_and_nothing_heavy():
    modules, out = modules_for("--help")
    assert "replay" in out and "run" in out  # the list of commands is still there
    ours = {m for m in modules if m.startswith("clacks_hw.")}
    assert ours == {"clacks_hw.cli", "clacks_hw.commands"}, ours
    heavy = {"urllib.request", "http", "http.client", "email", "ssl", "xml", "xml.sax", "logging", "socket"}
    assert not heavy & modules, heavy & modules


def test_a_command_imports_only_what_it_needs():
    modules, _ = modules_for("edition", "--help")
    assert "clacks_hw.commands.edition_cmd" in modules
    assert "clacks_hw.commands.run_cmd" not in modules and "clacks_hw.game.bots" not in modules


# What no command's `--help` may load: the games, the daemon, the drivers' back ends, the config,
# the journal, the pages, and the standard library's network and logging machinery. Each of these
# costs a Pi Zero tens of milliseconds; `COMMAND --help` must start within 2.5x a bare
# interpreter (bench/bench_start.py measures it).
HEAVY_OURS = ("clacks_hw.game", "clacks_hw.daemon", "clacks_hw.config.load", "clacks_hw.journal", "clacks_hw.web",
              "clacks_hw.mqtt", "clacks_hw.testing", "clacks_hw.hardware", "clacks_hw.printing",
              "clacks_hw.base.secure_files", "clacks_hw.views", "clacks_hw.drivers.leds", "clacks_hw.drivers.card_reader",
              "clacks_hw.drivers.buttons", "clacks_hw.pairing", "clacks_hw.selftest", "clacks_hw.cards",
              "clacks_hw.config.systemd_unit")
HEAVY_STDLIB = {"logging", "socket", "ssl", "http", "http.client", "email", "urllib.request", "random",
                "hashlib", "subprocess", "tempfile", "tomllib", "asyncio", "serial", "msgspec"}


@pytest.mark.parametrize("name", sorted(LAZY))
def test_each_commands_help_loads_only_its_own_command(name):
    modules, out = modules_for(name, "--help")
    assert out.startswith(f"Usage: clacks-hw {name}"), out
    ours = sorted(m for m in modules if m.startswith(HEAVY_OURS))
    assert not ours, f"`clacks-hw {name} --help` imports {ours}: import them inside the command"
    assert not HEAVY_STDLIB & modules, HEAVY_STDLIB & modules


def test_the_services_default_config_is_the_configs_own():
    from clacks_hw.commands.service_cmd import UNIT_CONFIG
    from clacks_hw.config.load import DEFAULT_PATH

    assert UNIT_CONFIG == str(DEFAULT_PATH)


def test_the_services_default_unit_path_is_the_units_own():
    from clacks_hw.commands import service_cmd
    from clacks_hw.config import systemd_unit

    assert service_cmd.DEFAULT_UNIT_PATH == systemd_unit.DEFAULT_UNIT_PATH


def test_a_wrong_mode_still_lists_every_mode():
    """The modes come from the registry only when a value is checked, and the refusal names them."""
    result = CliRunner().invoke(cli, ["demo", "--mode", "chess"], prog_name="clacks-hw")
    assert result.exit_code == 2
    for mode in ("competitive", "race", "solitaire", "junior", "klackers"):
        assert mode in result.output


def test_enrolls_help_names_the_walks_default_timeout():
    from clacks_hw.cards.enroll_walk import DEFAULT_OFFLINE_TIMEOUT_S

    out = CliRunner().invoke(cli, ["enroll", "--help"], prog_name="clacks-hw", terminal_width=200).output
    assert f"(default: {DEFAULT_OFFLINE_TIMEOUT_S:g})" in out


def test_the_alphabet_card_pulls_in_no_network_modules():
    code = "import sys, clacks_hw.printing.alphabet_card; print(sorted(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True).stdout
    for name in ("'xml.sax.saxutils'", "'urllib.request'", "'http.client'", "'email'", "'ssl'"):
        assert name not in out


def test_the_alphabet_card_escapes_what_svg_needs_escaped():
    from clacks_hw.printing.draw import escape

    text = 'Ankh & "Morpork" <Post>'
    doc = xml.dom.minidom.parseString(f'<t a="{escape(text)}">{escape(text)}</t>')
    assert doc.documentElement.getAttribute("a") == text
    assert doc.documentElement.firstChild.data == text


def test_every_command_module_is_in_the_lazy_table():
    registered = {c.name: c for c in load_all()}
    assert set(registered) == set(LAZY), "add each command to clacks_hw/commands/__init__.py's LAZY"
    runner = CliRunner()
    for name in LAZY:
        result = runner.invoke(cli, [name, "--help"], prog_name="clacks-hw")
        assert result.exit_code == 0, (name, result.output)
        assert result.output.startswith(f"Usage: clacks-hw {name}")


def test_a_mistyped_command_is_refused_with_the_close_match():
    result = CliRunner().invoke(cli, ["enrol"], prog_name="clacks-hw")
    assert result.exit_code == 2 and "No such command 'enrol'. Did you mean 'enroll'?" in result.output
    result = CliRunner().invoke(cli, ["xyzzy"], prog_name="clacks-hw")
    assert result.exit_code == 2 and "No such command 'xyzzy'." in result.output and "Did you mean" not in result.output
