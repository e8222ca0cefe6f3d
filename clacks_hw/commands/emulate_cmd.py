"""`clacks-hw emulate hub|rdm6300`: an emulated card reader on a real pseudo-terminal.

The reader hub is the real firmware loop on emulated MFRC522 chips; the RDM6300 repeats its
frames while a card is in the field. Either prints its device path, so `clacks-hw run`,
`doctor` and `enroll` can be pointed at it (``reader.port``) from another terminal, then takes
commands at its prompt (and, with ``--control``, on a Unix socket: one command per line, one
line of reply) to place and remove cards, tear a card away mid-read, unplug and replug the
reader and make a chip stop answering.

Exit status: 0 stopped with quit (or end of input), 2 a bad option or missing firmware,
130 Ctrl-C.
"""

from __future__ import annotations

import contextlib
import os
import re
import selectors
import signal
import sys
import threading

import click

from . import COMMANDS
from .common import BAD_CONFIG

INTERRUPTED = 130
HEX_BYTE = re.compile(r"[0-9A-Fa-f]{1,2}")


class _Wakeup:
    """Set from any thread or a signal handler; wakes the console's select at once."""

    def __init__(self) -> None:
        self.r, self.w = os.pipe()
        os.set_blocking(self.w, False)

    def set(self) -> None:
        with contextlib.suppress(OSError):  # full: it is set already
            os.write(self.w, b"x")

    def close(self) -> None:
        os.close(self.r)
        os.close(self.w)


def _console_loop(device, console, *, kind: str, control: str | None) -> int:
    """Commands from stdin and, with ``control``, from its socket, until quit from either,
    the end of stdin (without a socket), SIGTERM or Ctrl-C. stdin is read without blocking
    the process, so a quit on the socket ends it even while stdin stays open."""
    from ..testing.bench_console import ConsoleError, Quit
    from ..testing.control_socket import MAX_LINE, ControlError, ControlServer

    lock = threading.Lock()
    wake = _Wakeup()

    def run_line(line: str) -> tuple[str, bool]:
        with lock:
            try:
                return "ok: " + (console.run(line) or "-"), False
            except Quit:
                return "ok: stopping", True
            except (ConsoleError, ValueError) as exc:
                return f"error: {exc}", False

    def answer(line: str) -> bool:
        reply, done = run_line(line)
        text = reply.removeprefix("ok: ")
        if text != "-":
            click.echo(text, err=reply.startswith("error: "))
        return done

    server = None
    selector = selectors.PollSelector()  # poll, unlike epoll, also takes a regular file as stdin
    before = signal.signal(signal.SIGTERM, lambda *_: wake.set())
    try:
        if control:
            try:
                server = ControlServer(control, run_line, wake.set)
            except ControlError as exc:
                click.echo(str(exc), err=True)
                return BAD_CONFIG
            click.echo(f"  control: {control} (one command per line, e.g. echo 'place 0 J05' | nc -U {control})")
        click.echo("Type help for the commands, quit to stop.")
        selector.register(wake.r, selectors.EVENT_READ)
        with contextlib.suppress(ValueError, OSError):  # no stdin at all: as at its end
            selector.register(sys.stdin.fileno(), selectors.EVENT_READ)
        interactive = sys.stdin.isatty()
        pending, overlong = b"", False
        while len(selector.get_map()) > 1 or server is not None:
            if interactive and not pending:
                click.echo(f"{kind}> ", nl=False)
            ready = {key.fd for key, _ in selector.select()}
            if wake.r in ready:
                break
            data = os.read(sys.stdin.fileno(), 4096)
            if not data:  # end of input: the last line, then only the socket (if any)
                selector.unregister(sys.stdin.fileno())
                data, interactive = b"\n", False
            pending += data
            *lines, pending = pending.split(b"\n")
            if overlong and lines:  # the end of a line already refused
                lines, overlong = lines[1:], False
            if len(pending) > MAX_LINE:
                click.echo(f"error: a line longer than {MAX_LINE} bytes: ignored", err=True)
                pending, overlong = b"", True
            if any(answer(line.decode("utf-8", "replace")) for line in lines):
                break
    except KeyboardInterrupt:
        click.echo("")
        return INTERRUPTED
    finally:
        signal.signal(signal.SIGTERM, before)  # the wake-up pipe is about to close
        if server is not None:
            server.close()
        selector.close()
        wake.close()
        device.stop()
    return 0


def _say_how_to_use(port: str, kind: str, cards: str | None) -> None:
    """The config lines to copy (TOML, exactly as a file takes them) and the command to run."""
    import json  # a JSON string is a TOML basic string: the path quoted and escaped as TOML reads it

    click.echo("  config:  these lines, in a file of their own (e.g. reader.toml):")
    click.echo("           [reader]")
    click.echo(f'           type = "{kind}"')
    click.echo(f"           port = {json.dumps(port)}")
    where = f"--journal-dir {os.path.dirname(cards) or '.'}" if cards else "--journal-dir DIR"
    click.echo(f"  then:    clacks-hw run --virtual --config reader.toml {where}")
    if not cards:
        click.echo("           (--write-cards DIR/cards.toml here makes the enrolment it reads tags with)")


def _write_cards(path: str | None, uid_for) -> None:
    if path is None:
        return
    from ..testing.cards import write_enrolment

    write_enrolment(path, uid_for=uid_for)
    click.echo(f"  cards:   {path} maps every card of the edition to the uid `place CARD` uses")


link_option = click.option(
    "--link-dir", type=click.Path(exists=True, file_okay=False, writable=True), default=None,
    help="Directory for the device's stable symlink (default: a new temporary directory).")
control_option = click.option(
    "--control", type=click.Path(dir_okay=False), default=None,
    help="Also take commands on this Unix socket (for scripts; the prompt still works).")
cards_option = click.option(
    "--write-cards", type=click.Path(dir_okay=False), default=None,
    help="Write an enrolment file (cards.toml) for the uids the emulation gives each card id.")


@click.group("emulate")
def emulate_cmd():
    """An emulated card reader on a real pseudo-terminal, to try `run`, `doctor` and
    `enroll` without the hardware.

    \b
    clacks-hw emulate hub --readers 2     the reader hub (real firmware, emulated MFRC522s)
    clacks-hw emulate rdm6300             an RDM6300 125 kHz reader

    Each prints its device path, the config lines naming it and the command to run the
    virtual board with them (`clacks-hw run --virtual --config FILE`) from another terminal. Then type commands at the prompt
    (help lists them): place 0 J05, remove 0, pull 0, kill 0, unplug, replug, quit.
    """


@emulate_cmd.command("hub")
@click.option("--readers", type=click.IntRange(1, 4), default=1, show_default=True,
              help="Number of MFRC522 readers on the hub (0..N-1).")
@click.option("--heartbeat-ms", type=click.IntRange(50, 60000), default=1000, show_default=True,
              help="How often the hub says it is alive.")
@click.option("--chip-version", "chip_versions", multiple=True, default=(), metavar="HEX",
              help="VersionReg of the emulated chips, one per reader in order (default 92, a genuine "
                   "MFRC522 v2.0; 88, 89 and B2 are Fudan clones, 00 a chip that never answers).")
@click.option("--holding-miso", is_flag=True,
              help="The modules keep MISO low while deselected, as many clone boards do (docs/readers.md).")
@click.option("--no-miso-buffer", is_flag=True,
              help="The readers' MISO wired together, without the board's MISO buffers.")
@link_option
@control_option
@cards_option
def emulate_hub(readers, heartbeat_ms, chip_versions, holding_miso, no_miso_buffer, link_dir, control, write_cards):
    """The reader hub: the project's firmware main loop on emulated MFRC522 chips.

    Commands at the prompt: place R CARD, remove R, tap R CARD, pull R [N] (torn away
    mid-read), bounce R, kill R, revive R, brownout R, unplug, replug, silent, answer,
    status, help, quit. CARD is a card id (J05, F03, W:GUILD) or a hex uid.
    """
    from ..testing.bench_console import HubConsole
    from ..testing.cards import uid_of
    from ..testing.firmware_files import FirmwareNotFound

    bad = [v for v in chip_versions if not HEX_BYTE.fullmatch(v)]
    if bad:  # int(v, 16) alone takes 0x92, -5, 1_2 and 1234, which is no byte
        click.echo(f"--chip-version {bad[0]}: give a hex byte such as 92 or 89 (00..FF)", err=True)
        raise SystemExit(BAD_CONFIG)
    if len(chip_versions) > readers:
        click.echo(f"--chip-version given {len(chip_versions)} times for {readers} reader(s): "
                   "give one per reader at most (or more --readers)", err=True)
        raise SystemExit(BAD_CONFIG)
    versions = tuple(int(v, 16) for v in chip_versions)
    try:
        from ..testing.emulated_hub import EmulatedHub

        hub = EmulatedHub(readers=readers, hb_ms=heartbeat_ms, link_dir=link_dir, versions=versions,
                          holds_miso=holding_miso, miso_buffer=not no_miso_buffer).start()
    except FirmwareNotFound as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(BAD_CONFIG) from None
    click.echo(f"Reader hub emulated: {readers} reader(s), the real firmware on emulated MFRC522 chips.")
    click.echo(f"  device:  {hub.path} -> {hub.port.slave_name}")
    _say_how_to_use(hub.path, "hub", write_cards)
    _write_cards(write_cards, uid_of)
    raise SystemExit(_console_loop(hub, HubConsole(hub), kind="hub", control=control))


@emulate_cmd.command("rdm6300")
@click.option("--repeat-ms", type=click.IntRange(10, 2000), default=100, show_default=True,
              help="How often the reader repeats the frame while a card is in its field.")
@link_option
@control_option
@cards_option
def emulate_rdm6300(repeat_ms, link_dir, control, write_cards):
    """An RDM6300 125 kHz reader: repeats a card's frame while it is in the field.

    Commands at the prompt: place CARD, remove, unplug, replug, silent, answer, status,
    help, quit. CARD is a card id (J05, F03, W:GUILD) or 10 hex digits.
    """
    from ..testing.bench_console import RdmConsole
    from ..testing.rdm6300 import EmulatedRdm6300, em4100_uid_of

    rdm = EmulatedRdm6300(repeat_s=repeat_ms / 1000, link_dir=link_dir).start()
    click.echo("RDM6300 emulated (125 kHz, 9600 baud).")
    click.echo(f"  device:  {rdm.path} -> {rdm.port.slave_name}")
    _say_how_to_use(rdm.path, "rdm6300", write_cards)
    _write_cards(write_cards, em4100_uid_of)
    raise SystemExit(_console_loop(rdm, RdmConsole(rdm), kind="rdm6300", control=control))


COMMANDS.append(emulate_cmd)
