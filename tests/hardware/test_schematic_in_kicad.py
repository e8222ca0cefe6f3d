"""KiCad itself opens the committed schematic: its own schematic editor (KiCad 6's eeschema has
no command-line mode, so it runs under a virtual X server) loads pcb/carrier.kicad_sch and shows
it, where a file it cannot read leaves an "Error" dialog and no schematic."""

import shutil
import subprocess
from pathlib import Path

from ..support.tools import require_tool

ROOT = Path(__file__).resolve().parents[2]

# Start eeschema on the file, then watch the windows until the editor shows the file's name in
# its title (loaded) or an "Error" window appears (refused); print which, then stop it.
PROBE = r"""
eeschema "$1" >"$2" 2>&1 &
pid=$!
i=0
while [ $i -lt 240 ]; do
  tree=$(xwininfo -root -tree 2>/dev/null)
  if echo "$tree" | grep -q '"Error"'; then echo REFUSED; break; fi
  if echo "$tree" | grep -q "\"$3 \[.*Schematic Editor\""; then sleep 2
    if xwininfo -root -tree | grep -q '"Error"'; then echo REFUSED; else echo LOADED; fi; break; fi
  sleep 0.5; i=$((i + 1))
done
[ $i -lt 240 ] || { xwininfo -root -tree | grep "\"" >&2; echo TIMEOUT; }
kill $pid 2>/dev/null; wait $pid 2>/dev/null
exit 0
"""


def open_in_kicad(sch: Path, home: Path) -> str:
    """LOADED, REFUSED or TIMEOUT: what KiCad's schematic editor made of ``sch``."""
    for cmd, pkg in (("eeschema", "kicad"), ("xvfb-run", "xvfb"), ("xwininfo", "x11-utils")):
        require_tool(cmd, pkg)
    config = home / ".config/kicad/6.0"  # settings already there: no first-run dialogs
    config.mkdir(parents=True)
    (config / "kicad_common.json").write_text("{}\n")
    (config / "sym-lib-table").write_text("(sym_lib_table\n)\n")
    (config / "fp-lib-table").write_text("(fp_lib_table\n)\n")
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    r = subprocess.run(["xvfb-run", "-a", "sh", "-c", PROBE, "probe", str(sch), str(home / "eeschema.log"), sch.stem],
                       capture_output=True, text=True, env=env, timeout=300)
    return r.stdout.strip().splitlines()[-1] if r.stdout.strip() else f"no answer: {r.stderr[-300:]}"


def test_kicad_s_schematic_editor_opens_the_committed_schematic(tmp_path):
    sch = tmp_path / "carrier.kicad_sch"
    shutil.copy(ROOT / "pcb/carrier.kicad_sch", sch)
    assert open_in_kicad(sch, tmp_path / "home") == "LOADED"


def test_a_schematic_kicad_cannot_read_is_refused(tmp_path):
    sch = tmp_path / "carrier.kicad_sch"
    sch.write_text((ROOT / "pcb/carrier.kicad_sch").read_text().replace("(pin passive line", "(pin no_such_type line"))
    assert open_in_kicad(sch, tmp_path / "home") == "REFUSED"
