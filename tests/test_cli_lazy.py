"""`clacks-hw --help` starts fast: no subcommand, rules, bots or network modules are imported
for it; every command module is in the lazy table, and each command still runs."""

import json
import subprocess
import sys
import xml.dom.minidom

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
