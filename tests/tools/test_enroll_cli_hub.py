"""`clacks-hw enroll` end to end: the real command in a subprocess, the real firmware on an
emulated hub behind a real pty, cards placed and removed; the written file is checked."""

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from clacks_hw.cards.enrolment import load_enrolment
from clacks_hw.testing.emulated_hub import EmulatedHub

REPO = Path(__file__).resolve().parents[2]
WAIT = 10  # seconds: bounded waits for the subprocess and the hub


def uid(i):
    return f"04A2B3C4D5E6{i:02X}"


class Enroll:
    """The enroll command running in a subprocess, its output read line by line."""

    def __init__(self, tmp_path, port, *args, config_more: str = ""):
        config = tmp_path / "config.toml"
        config.write_text(f'[reader]\ntype = "hub"\n[journal]\ndir = "{tmp_path}"\n' + config_more)
        self.cards = tmp_path / "cards.toml"
        cmd = [sys.executable, "-c", "from clacks_hw.cli import main; main()", "enroll",
               "--config", str(config), "--port", port, "--cards", str(self.cards), *args]
        self.proc = subprocess.Popen(cmd, cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def expect(self, text, timeout=WAIT):
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no line with {text!r} within {timeout} s; got:\n" + "\n".join(self.seen))
            if line is None:
                raise AssertionError(f"enroll ended before {text!r}; got:\n" + "\n".join(self.seen)
                                     + "\nstderr:\n" + self.proc.stderr.read())
            self.seen.append(line)
            if text in line:
                return line

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def finish(self, timeout=WAIT):
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise
        err = self.proc.stderr.read()
        assert "Traceback" not in err, err
        return rc

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def resume_words(line):
    """The command a "Without a tag: ... Run COMMAND to tap them." line gives."""
    import shlex

    return shlex.split(line.split(". Run ", 1)[1].removesuffix(" to tap them."))


@pytest.fixture
def hub():
    with EmulatedHub(readers=1, hb_ms=200) as h:
        yield h
        assert h.error is None


def tap(hub, i):
    """Place card i, let the hub report it, and take it off (waiting for the hub's GONE)."""
    gone = sum(1 for line in hub.lines if b" GONE " in line)
    hub.place_card(0, bytes.fromhex(uid(i)))
    return gone


def lift(hub, gone_before):
    hub.remove_card(0)
    deadline = time.monotonic() + WAIT
    while sum(1 for line in hub.lines if b" GONE " in line) <= gone_before:
        assert time.monotonic() < deadline, "the emulated hub never reported the card gone"
        time.sleep(0.01)


def test_enrol_the_fault_cards_with_a_skip_and_a_refused_tag(tmp_path, hub):
    run = Enroll(tmp_path, hub.path, "--only", "faults")
    try:
        run.expect("Card reader ready: reader hub")
        run.expect("[1/12] Tap F01 fault report OVERLOAD")
        for i in range(12):
            card = f"F{i + 1:02d}"
            if card == "F05":
                run.send("")  # Enter: skip
                run.expect("Skipped F05.")
                run.expect("[6/12] Tap F06")
                continue
            if card == "F03":  # F01's card again: refused, naming F01
                g = tap(hub, 0)
                run.expect("Refused: tag 04A2B3C4D5E600 is already F01 fault report OVERLOAD")
                lift(hub, g)
            g = tap(hub, i)
            run.expect(f"{card} = {uid(i)}, saved.")
            saved = load_enrolment(run.cards)  # saved after every card
            assert saved.card_for(uid(i)) == card
            lift(hub, g)
        run.expect("Done. 11 of 12 cards enrolled.")
        words = resume_words(run.expect("Without a tag: F05."))
        # The way on is this enrolment's: its config, reader, file and group, not the defaults.
        assert words[1:] == ["enroll", "--resume", "--config", str(tmp_path / "config.toml"), "--cards",
                             str(run.cards), "--port", hub.path, "--only", "faults"], words
        assert run.finish() == 0
    finally:
        run.kill()
    final = load_enrolment(run.cards)
    assert final.tags == {uid(i): f"F{i + 1:02d}" for i in range(12) if i != 4}
    assert sum(1 for line in hub.lines if b" TAG " in line) == 12


def test_ctrl_c_saves_what_is_done_and_resume_continues(tmp_path, hub):
    run = Enroll(tmp_path, hub.path, "--only", "faults")
    try:
        run.expect("[1/12] Tap F01")
        g = tap(hub, 0)
        run.expect(f"F01 = {uid(0)}, saved.")
        lift(hub, g)
        run.expect("[2/12] Tap F02")
        run.proc.send_signal(signal.SIGINT)
        run.expect("Interrupted. 1 of 12 cards enrolled.")
        run.expect("Without a tag: F02, F03")
        assert run.finish() == 130
    finally:
        run.kill()
    assert load_enrolment(run.cards).tags == {uid(0): "F01"}

    again = Enroll(tmp_path, hub.path, *resume_words(run.seen[-1])[2:])  # as the hint says
    try:
        again.expect("(1 already have a tag)")
        again.expect("[2/12] Tap F02")
        g = tap(hub, 1)
        again.expect(f"F02 = {uid(1)}, saved.")
        lift(hub, g)
        again.send("q")
        again.expect("Stopped. 2 of 12 cards enrolled.")
        assert again.finish() == 0
    finally:
        again.kill()
    assert load_enrolment(run.cards).tags == {uid(0): "F01", uid(1): "F02"}


def test_hub_unplugged_mid_walk_is_waited_for(tmp_path, hub):
    run = Enroll(tmp_path, hub.path, "--only", "faults", "--offline-timeout", "30")
    try:
        run.expect("[1/12] Tap F01")
        hub.unplug()
        run.expect("Card reader offline")
        hub.replug()
        run.expect("Card reader ready")
        run.expect("[1/12] Tap F01")
        g = tap(hub, 7)
        run.expect(f"F01 = {uid(7)}, saved.")
        lift(hub, g)
        run.send("q")
        assert run.finish() == 0
    finally:
        run.kill()


def enroll(*args):
    return subprocess.run([sys.executable, "-c", "from clacks_hw.cli import main; main()", "enroll", *args],
                          cwd=REPO, capture_output=True, text=True, timeout=WAIT, stdin=subprocess.DEVNULL,
                          check=False)


def test_a_bad_enrolment_file_is_exit_2_and_a_missing_port_gives_up_after_the_timeout(tmp_path):
    cards = tmp_path / "cards.toml"
    cards.write_text('[tags]\n"DEADBEEF" = "J99"\n')
    res = enroll("--port", "/dev/does-not-exist", "--cards", str(cards))
    assert res.returncode == 2 and "line 2: tags.\"DEADBEEF\": 'J99' is not a card" in res.stderr
    assert "Traceback" not in res.stderr
    cards.unlink()
    res = enroll("--port", "/dev/does-not-exist", "--cards", str(cards), "--offline-timeout", "1")
    assert res.returncode == 1, res.stdout + res.stderr
    assert "Card reader offline: cannot open /dev/does-not-exist" in res.stdout
    assert "the card reader did not answer within 1 s" in res.stdout and "Traceback" not in res.stderr
    assert not cards.exists()  # nothing enrolled, nothing written


ENROLL_PICTURE = REPO / "docs" / "img" / "enroll-80x24.svg"


def test_the_setup_guides_picture_is_what_enroll_shows_today(tmp_path, hub):
    """docs/setup.md's picture of `clacks-hw enroll` on an 80x24 terminal, waiting for the fifth
    card: the real command, jacquards tapped on the emulated hub, a tag refused, a card skipped;
    this machine's paths shown as the guide's (the service's state directory, the hub's stable
    name), long lines wrapped as the terminal wraps them. After the command's words change,
    draw it again:

        CLACKS_WRITE_PICTURES=1 .venv/bin/python -m pytest tests/tools/test_enroll_cli_hub.py
    """
    from tests.support.terminal_screens import COLUMNS, ROWS, svg

    run = Enroll(tmp_path, hub.path, "--only", "jacquards")
    try:
        run.expect("[1/48] Tap J01")
        for i in range(2):
            g = tap(hub, i)
            run.expect(f"J{i + 1:02d} = {uid(i)}, saved.")
            lift(hub, g)
        g = tap(hub, 0)  # J01's sticker again: refused, naming J01
        run.expect("Refused: tag 04A2B3C4D5E600 is already J01")
        lift(hub, g)
        run.send("")  # Enter: J03 skipped
        run.expect("Skipped J03.")
        g = tap(hub, 3)
        run.expect(f"J04 = {uid(3)}, saved.")
        lift(hub, g)
        run.expect("[5/48] Tap J05")
        seen = list(run.seen)
        run.send("q")
        run.expect("Stopped. 3 of 48 cards enrolled.")
        assert run.finish() == 0
    finally:
        run.kill()
    stable = {str(tmp_path / "config.toml"): "/etc/clacks-hw/config.toml", str(run.cards): "/var/lib/clacks-hw/cards.toml",
              hub.path: "/dev/serial/by-id/usb-clacks-hw_reader_hub-if00"}
    typed = f"$ clacks-hw enroll --config {tmp_path / 'config.toml'} --port {hub.path} --cards {run.cards} --only jacquards"
    shown = []
    for line in [typed, *seen]:
        for here, there in stable.items():
            line = line.replace(here, there)
        shown += [line[at:at + COLUMNS] for at in range(0, len(line), COLUMNS)] or [""]  # as the terminal wraps it
    assert len(shown) <= ROWS, "\n".join(shown)  # the whole walk so far on one screen
    assert str(tmp_path) not in "\n".join(shown) and hub.path not in "\n".join(shown)
    picture = svg(shown, "clacks-hw enroll on an 80x24 terminal")
    if os.environ.get("CLACKS_WRITE_PICTURES"):
        ENROLL_PICTURE.write_text(picture)
    assert ENROLL_PICTURE.read_text() == picture, (
        f"{ENROLL_PICTURE.name} is stale: CLACKS_WRITE_PICTURES=1 .venv/bin/python -m pytest {__file__}")
    assert ENROLL_PICTURE.name in (REPO / "docs" / "setup.md").read_text()
