"""`clacks-hw emulate` under abuse: replugging a plugged device over and over leaks no
descriptor and no thread; quit on the control socket (or SIGTERM) ends it while stdin stays
open; the control socket is 0600 whatever the umask, never replaces what is not a stale
socket, and takes bounded lines."""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import threading
import time

import pytest

from clacks_hw.testing.cards import uid_of
from clacks_hw.testing.control_socket import MAX_LINE, ControlError, bind_private
from clacks_hw.testing.emulated_hub import EmulatedHub
from clacks_hw.testing.rdm6300 import EmulatedRdm6300

CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")
REPLUGS = 40


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.parametrize("make", [lambda d: EmulatedHub(link_dir=d, hb_ms=100), lambda d: EmulatedRdm6300(link_dir=d)],
                         ids=["hub", "rdm6300"])
def test_replugging_a_plugged_device_leaks_nothing(tmp_path, make):
    device = make(tmp_path).start()
    try:
        fds, threads = open_fds(), len(threading.enumerate())
        for n in range(REPLUGS):
            if n % 4 == 3:
                device.unplug()  # an unplugged one, too, comes back with one pty and one thread
            device.replug()
        assert open_fds() == fds
        assert len(threading.enumerate()) == threads
        assert device.plugged and os.readlink(device.path) == device.port.slave_name
        if isinstance(device, EmulatedHub):  # and it still works: the hub reports a card
            assert device.boots == REPLUGS + 1
            assert device.tap_card(0, bytes.fromhex(uid_of("J05")))
    finally:
        device.stop()


def start_emulator(tmp_path, *args, umask=None):
    ctl = str(tmp_path / "ctl")
    proc = subprocess.Popen([CLI, "emulate", *args, "--control", ctl, "--link-dir", str(tmp_path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            umask=-1 if umask is None else umask)
    for line in proc.stdout:
        if line.startswith("  control:"):
            return proc, ctl
    raise AssertionError(f"no control socket; exit {proc.wait(5)}")


def send(ctl: str, *lines: str) -> list[str]:
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(5)
        s.connect(ctl)
        f = s.makefile("rw")
        replies = []
        for line in lines:
            f.write(line + "\n")
            f.flush()
            replies.append(f.readline().strip())
        return replies


def test_quit_on_the_socket_ends_it_while_stdin_stays_open(tmp_path):
    proc, ctl = start_emulator(tmp_path, "hub", umask=0)
    try:
        mode = stat.S_IMODE(os.stat(ctl).st_mode)
        assert mode == 0o600, oct(mode)  # was 0777 under umask 000: anyone could place cards
        assert send(ctl, "status", "quit") == ["ok: reader 0: empty version 0x92", "ok: stopping"]
        assert proc.wait(10) == 0  # stdin is still open: nobody closed it
        assert not os.path.exists(ctl) and not os.path.lexists(tmp_path / "reader-hub")
    finally:
        proc.kill()
        proc.wait(5)


def test_sigterm_ends_it_while_stdin_stays_open(tmp_path):
    proc, ctl = start_emulator(tmp_path, "rdm6300")
    try:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0
        assert not os.path.exists(ctl)
    finally:
        proc.kill()
        proc.wait(5)


def test_commands_from_a_file_the_last_line_without_a_newline(tmp_path):
    (tmp_path / "cmds").write_text("place J05\nstatus\nquit")
    with open(tmp_path / "cmds") as stdin:  # a regular file: epoll would refuse it
        out = subprocess.run([CLI, "emulate", "rdm6300", "--link-dir", str(tmp_path)], stdin=stdin,
                             capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert "field: " in out.stdout and out.stdout.rstrip().endswith("stopping")


def test_bind_private_is_0600_under_umask_0(tmp_path):
    old = os.umask(0)
    try:
        sock = bind_private(tmp_path / "ctl")
    finally:
        os.umask(old)
    try:
        assert stat.S_IMODE(os.stat(tmp_path / "ctl").st_mode) == 0o600
        assert os.listdir(tmp_path) == ["ctl"]  # the private folder it was made in is gone
    finally:
        sock.close()


def test_only_a_stale_socket_is_replaced(tmp_path):
    (tmp_path / "file").write_text("precious")
    with pytest.raises(ControlError, match="something else is there"):
        bind_private(tmp_path / "file")
    assert (tmp_path / "file").read_text() == "precious"
    live = bind_private(tmp_path / "ctl")
    with pytest.raises(ControlError, match="another emulator answers there"):
        bind_private(tmp_path / "ctl")
    live.close()  # killed: the socket file stays, nobody listens
    bind_private(tmp_path / "ctl").close()
    with pytest.raises(ControlError, match="cannot create a file in"):
        bind_private(tmp_path / "missing" / "ctl")
    with pytest.raises(ControlError, match="longer than the 107 bytes"):
        bind_private(tmp_path / ("x" * 120))


def test_refused_control_path_exits_2(tmp_path):
    (tmp_path / "file").write_text("precious")
    out = subprocess.run([CLI, "emulate", "rdm6300", "--control", str(tmp_path / "file"), "--link-dir",
                          str(tmp_path)], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
    assert out.returncode == 2 and "something else is there (not a socket)" in out.stderr
    assert "Traceback" not in out.stderr and (tmp_path / "file").read_text() == "precious"


def test_an_endless_line_ends_that_connection_only(tmp_path):
    proc, ctl = start_emulator(tmp_path, "rdm6300")
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(5)
            s.connect(ctl)
            s.sendall(b"x" * (MAX_LINE + 10))
            assert s.makefile().readline() == f"error: a line longer than {MAX_LINE} bytes\n"
            deadline = time.monotonic() + 5
            while s.recv(100) and time.monotonic() < deadline:  # then the connection ends
                pass
        assert send(ctl, "status") == ["ok: field: empty"]  # others are still served
        send(ctl, "quit")
        assert proc.wait(10) == 0
    finally:
        proc.kill()
        proc.wait(5)


@pytest.mark.parametrize("args, message", [
    (["hub", "--chip-version", "1234"], "--chip-version 1234: give a hex byte"),  # crashed the chip model
    (["hub", "--chip-version", "-5"], "--chip-version -5: give a hex byte"),
    (["hub", "--chip-version", "²"], "--chip-version ²: give a hex byte"),
    (["hub", "--chip-version", "92", "--chip-version", "89"], "given 2 times for 1 reader(s)"),
    (["rdm6300", "--link-dir", "/nonexistent/folder"], "'/nonexistent/folder' does not exist"),
])
def test_bad_options_exit_2_before_anything_starts(args, message):
    out = subprocess.run([CLI, "emulate", *args], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 2 and message in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and "emulated" not in out.stdout
