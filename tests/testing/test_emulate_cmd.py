"""`clacks-hw emulate` in a subprocess on a real pty: the printed device path is read by the
host's real driver, and commands typed at the prompt (or sent to the control socket) change
what it reads: cards placed and removed, a chip that stops answering, the hub unplugged."""

import os
import queue
import socket
import subprocess
import sys

from clacks_hw.drivers.card_reader import CardReader
from clacks_hw.drivers.reader_events import GONE, ONLINE, TAG
from clacks_hw.testing.cards import uid_of
from clacks_hw.testing.rdm6300 import em4100_uid_of
from tests.testing.pty_process import PtyProcess

CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")


def next_event(q, kinds):
    while True:
        event = q.get(timeout=5)
        if event.kind in kinds:
            return event


def test_hub_prompt_places_cards_and_reports_faults(tmp_path):
    emu = PtyProcess("emulate", "hub", "--readers", "2", "--heartbeat-ms", "100", "--chip-version", "92",
                     "--chip-version", "89", "--link-dir", str(tmp_path))
    try:
        path = emu.expect(r'port = "([^"]+)"').group(1)
        assert path == str(tmp_path / "reader-hub")
        events = queue.Queue()
        reader = CardReader(path, events).start()
        try:
            assert next_event(events, (ONLINE,)).kind == ONLINE
            emu.send("place 1 J05")
            emu.expect(r"reader 1: card 04\w+ placed")
            tap = next_event(events, (TAG,))
            assert (tap.reader, tap.uid) == (1, uid_of("J05"))
            emu.send("remove 1")
            assert next_event(events, (GONE,)).reader == 1
            emu.send("place 0 W:GILD")
            emu.expect(r"unknown card 'W:GILD': did you mean W:GUILD\?")
            cfg = tmp_path / "config.toml"
            cfg.write_text(f'[reader]\ntype = "hub"\nport = "{path}"\n')
            reader.stop()  # the daemon would hold the port too: doctor needs it to itself
            doctor = subprocess.run([CLI, "doctor", "--config", str(cfg)], capture_output=True, text=True,
                                    timeout=30)
            assert f"{path} answers HELLO" in doctor.stdout, doctor.stdout
            assert "(0: MFRC522 v2.0, 1: FM17522E)" in doctor.stdout  # the clone is named
            emu.send("kill 0")
            emu.expect("reader 0: chip stopped answering")
            emu.send("status")
            emu.expect(r"reader 0: empty \(chip not answering\)")
            emu.send("unplug")
            emu.expect("unplugged")
            assert not os.path.lexists(path)
        finally:
            reader.stop()
        emu.send("quit")
        assert emu.wait() == 0
    finally:
        emu.kill()


def test_control_socket_takes_the_same_commands(tmp_path):
    sock_path = str(tmp_path / "ctl")
    emu = subprocess.Popen([CLI, "emulate", "rdm6300", "--repeat-ms", "20", "--control", sock_path,
                            "--link-dir", str(tmp_path)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    try:
        for line in emu.stdout:
            if line.startswith("  control:"):
                break
        events = queue.Queue()
        reader = CardReader(str(tmp_path / "rdm6300"), events, protocol="rdm6300", timeout=0.2).start()
        try:
            with socket.socket(socket.AF_UNIX) as s:
                s.settimeout(5)
                s.connect(sock_path)
                f = s.makefile("rw")
                f.write("place W:GUILD\n")
                f.flush()
                assert f.readline().strip() == f"ok: card {em4100_uid_of('W:GUILD')} in the field"
                assert next_event(events, (TAG,)).uid == em4100_uid_of("W:GUILD")
                f.write("frobnicate\n")
                f.flush()
                assert f.readline().startswith("error: unknown command 'frobnicate'")
                f.write("quit\n")
                f.flush()
                assert f.readline().strip() == "ok: stopping"
        finally:
            reader.stop()
        assert emu.wait(10) == 0
        assert not os.path.exists(sock_path)
    finally:
        if emu.poll() is None:
            emu.kill()
            emu.wait(5)


def test_help_names_the_commands():
    out = subprocess.run([CLI, "emulate", "hub", "--help"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0
    for word in ("place R CARD", "pull R", "kill R", "unplug", "replug", "--readers"):
        assert word in out.stdout


def test_hub_with_clone_readers_wired_together_fails_doctor_with_the_buffer_fix(tmp_path):
    emu = PtyProcess("emulate", "hub", "--readers", "4", "--holding-miso", "--no-miso-buffer",
                     "--link-dir", str(tmp_path))
    try:
        path = emu.expect(r'port = "([^"]+)"').group(1)
        cfg = tmp_path / "config.toml"
        cfg.write_text(f'[reader]\ntype = "hub"\nport = "{path}"\n')
        doctor = subprocess.run([CLI, "doctor", "--config", str(cfg)], capture_output=True, text=True, timeout=30)
        assert f"FAIL  reader   {path}: a deselected card reader drives MISO" in doctor.stdout, doctor.stdout
        assert "fix: fit the MISO buffers between the readers and the hub" in doctor.stdout
        emu.send("quit")
        assert emu.wait() == 0
    finally:
        emu.kill()
