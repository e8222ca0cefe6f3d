""".ci/install-kicad9 (what `make system-deps` runs as root for the circuit board): it adds
bookworm-backports to apt's sources without following a link there, installs kicad from that
suite, and fails naming the package and the fix unless it got KiCad 9. Run here with a fake
apt-get and kicad-cli in a folder of the test's own."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".ci/install-kicad9"


def run(tmp: Path, before: str, installs: str):
    """The script with kicad-cli answering ``before`` until apt-get "installs" ``installs``."""
    (tmp / "version").write_text(before)
    (tmp / "apt-get").write_text(f'#!/bin/sh\necho "$@" >>"{tmp}/apt.log"\n'
                                 f'case "$1" in install) printf %s "{installs}" >"{tmp}/version";; esac\n')
    (tmp / "kicad-cli").write_text(f'#!/bin/sh\n[ -s "{tmp}/version" ] && cat "{tmp}/version"\n')
    for f in ("apt-get", "kicad-cli"):
        (tmp / f).chmod(0o755)
    (tmp / "sources.list.d").mkdir(exist_ok=True)
    env = {"PATH": "/usr/bin:/bin", "SOURCES_DIR": str(tmp / "sources.list.d"), "APT_GET": str(tmp / "apt-get"),
           "KICAD_CLI": str(tmp / "kicad-cli")}
    return subprocess.run(["sh", str(SCRIPT)], capture_output=True, text=True, env=env, timeout=60)


def test_it_writes_the_suite_over_a_link_without_following_it_and_installs_kicad_from_it(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("not apt's\n")
    (tmp_path / "sources.list.d").mkdir()
    sources = tmp_path / "sources.list.d/bookworm-backports.sources"
    sources.symlink_to(victim)
    r = run(tmp_path, "6.0.11", "9.0.8")
    assert r.returncode == 0, r.stderr
    assert victim.read_text() == "not apt's\n"
    assert not sources.is_symlink() and "Suites: bookworm-backports\n" in sources.read_text()
    assert (sources.stat().st_mode & 0o777) == 0o644
    assert (tmp_path / "apt.log").read_text().splitlines() == [
        "update -qq", "install -y -qq --no-install-recommends -t bookworm-backports kicad"]
    assert "KiCad 9.0.8 from bookworm-backports" in r.stdout
    assert [p.name for p in (tmp_path / "sources.list.d").iterdir()] == ["bookworm-backports.sources"]


def test_a_kicad_other_than_9_fails_naming_the_package_and_the_fix(tmp_path):
    r = run(tmp_path, "", "6.0.11")
    assert r.returncode == 1
    assert "Debian's kicad package gave KiCad '6.0.11', the board needs KiCad 9" in r.stderr
    assert "apt-get install -t bookworm-backports --no-install-recommends kicad" in r.stderr


def test_kicad_9_already_there_is_left_alone(tmp_path):
    r = run(tmp_path, "9.0.8", "9.0.8")
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "apt.log").exists()
    assert list((tmp_path / "sources.list.d").iterdir()) == []
