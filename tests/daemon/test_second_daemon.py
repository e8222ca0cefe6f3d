"""A second board daemon on the reader another one holds refuses to start (exit 2), naming
the other process and the port, and how to stop it; it never runs on behind a lock warning."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from clacks_hw.drivers.port_holder import Holder, held_by

CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")


def _config(tmp_path, port: str):
    (tmp_path / "games").mkdir(mode=0o700)
    cfg = tmp_path / "reader.toml"
    cfg.write_text(f'[reader]\ntype = "hub"\nport = "{port}"\n[status]\nport = 0\n'
                   f'[journal]\ndir = "{tmp_path / "games"}"\n')
    return cfg


def test_second_daemon_on_the_same_reader_refuses_naming_the_first(tmp_path):
    master, slave = os.openpty()  # the reader's port: a pseudo-terminal, as `clacks-hw emulate` makes
    port = os.ttyname(slave)
    cfg = _config(tmp_path, port)
    first = subprocess.Popen([CLI, "run", "--virtual", "--config", str(cfg), "--for", "60"], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        end = time.monotonic() + 30
        while held_by(port) is None:
            assert first.poll() is None, first.stderr.read()
            assert time.monotonic() < end, "the first daemon never opened the reader"
            time.sleep(0.1)
        assert held_by(port).pid == first.pid
        second = subprocess.run([CLI, "run", "--virtual", "--config", str(cfg), "--for", "20"], input="",
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2, second.stderr
        err = second.stderr
        assert f"the card reader's port {port} is in use by process {first.pid} (clacks-hw run" in err, err
        assert f"kill {first.pid}" in err and "Traceback" not in err
        assert first.poll() is None  # the first board runs on
    finally:
        first.kill()
        first.communicate(timeout=10)
        os.close(master)
        os.close(slave)


def test_a_free_or_missing_port_has_no_holder(tmp_path):
    master, slave = os.openpty()
    try:
        assert held_by(os.ttyname(slave)) is None
    finally:
        os.close(master)
        os.close(slave)
    assert held_by(str(tmp_path / "no-such-port")) is None


def test_how_to_stop_names_the_service_when_it_runs_as_one():
    assert Holder(812, "clacks-hw run", "clacks-hw.service").how_to_stop() == "sudo systemctl stop clacks-hw"
    assert Holder(812, "clacks-hw run", None).how_to_stop().startswith("kill 812")


def test_the_holder_found_in_proc_locks(tmp_path):
    from clacks_hw.drivers.port_holder import _holder

    (tmp_path / "locks").write_text("1: POSIX  ADVISORY  WRITE 9 00:05:77 0 EOF\n"
                                    "2: FLOCK  ADVISORY  WRITE 812 00:05:77 0 EOF\n")
    (tmp_path / "812").mkdir()
    (tmp_path / "812" / "cmdline").write_bytes(b"/usr/bin/python3\0/usr/local/bin/clacks-hw\0run\0")
    (tmp_path / "812" / "cgroup").write_text("0::/system.slice/clacks-hw.service\n")
    found = _holder(tmp_path, os.makedev(0, 5), 77)
    assert found == Holder(812, "clacks-hw run", "clacks-hw.service")
    assert "sudo systemctl stop clacks-hw" in found.how_to_stop()
    assert _holder(tmp_path, os.makedev(0, 5), 78) == Holder(None, "", None)
