"""sd_notify: READY, WATCHDOG at half WATCHDOG_USEC, STATUS; nothing without NOTIFY_SOCKET."""

import os
import socket

from clacks_hw.daemon.watchdog import SystemdNotifier


def test_ready_watchdog_and_status_over_the_socket(tmp_path):
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(2)
    try:
        n = SystemdNotifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000", "WATCHDOG_PID": str(os.getpid())})
        assert n.interval == 1.0
        n.ready(10.0)
        n.tick(10.0)
        n.tick(10.5)  # not due yet
        n.status("game: turn 3")
        n.tick(11.0)
        got = [sock.recv(100).decode() for _ in range(4)]
        assert got == ["READY=1", "WATCHDOG=1", "STATUS=game: turn 3", "WATCHDOG=1"]
        assert n.next_deadline() == 12.0
    finally:
        sock.close()


def test_without_systemd_nothing_is_sent():
    n = SystemdNotifier({})
    n.ready(0.0)
    n.tick(100.0)
    assert n.sent == [] and n.next_deadline() is None
