"""`clacks-hw enroll`: tap every card of the edition once and write the tag-to-card map.

The walk itself is :class:`clacks_hw.cards.enroll_walk.EnrolmentWalk`; this module wires it to the
card reader (a :class:`~clacks_hw.drivers.card_reader.CardReader` thread) and the keyboard (a
thread reading lines from standard input), both feeding one queue the main thread consumes.

Exit status: 0 finished or stopped with ``q``; 1 the reader stayed away or the file could not
be saved; 2 a bad configuration, enrolment file or option; 130 Ctrl-C (progress is saved).
"""

from __future__ import annotations

import queue
import sys
import threading
from pathlib import Path

import click

from . import COMMANDS
from .common import BAD_CONFIG, LazyChoice, edition_option, load_edition_or_exit

POLL_S = 0.2  # how often the walk checks its reader timeout while nothing happens
GUARDS_GROUPS = ("lords", "man_beast", "shades", "dragons")  # a Guards! Guards! edition's tag_groups


def _guards_edition(path: str, cfg):
    """The edition --guards names: FILE, 'demo', or (given alone) the one the board plays."""
    from ..game.guards.edition_files import GuardsEditionError, demo_edition, load_guards_edition

    if path == "":
        return _played_edition("guards", cfg)
    try:
        edition = demo_edition() if path == "demo" else load_guards_edition(path)
    except GuardsEditionError as exc:
        _fail(str(exc))
    _unless_played("guards", edition, cfg, path)
    return edition


def _unless_played(name: str, edition, cfg, given: str) -> None:
    """Say so when the edition enrolled is not the one the board plays: it would not read them."""
    from ..config.editions import open_editions
    from ..config.load import ConfigError
    from ..game.core.registry import boxes

    try:
        played = open_editions(cfg).of(boxes()[name])
    except ConfigError:
        return  # the board cannot start as configured; doctor and the daemon say why
    if played.fingerprint != edition.fingerprint:
        value = '""' if given == "demo" else f'"{Path(given).resolve()}"'
        click.echo(f"Note: the board plays another edition, {played.name}, and checks these stickers against "
                   f"it: to play {edition.name} on the board, set [editions] {name} = {value} in the config.")


def _played_edition(name: str, cfg):
    """The edition of game box ``name`` the board plays (config [editions]), said aloud."""
    from ..config.editions import open_editions
    from ..config.load import ConfigError
    from ..game.core.registry import boxes

    try:
        editions = open_editions(cfg)
    except ConfigError as err:
        _fail(str(err))
    box = boxes()[name]
    edition = editions.of(box)
    chosen = editions.chosen(box)
    where = f"editions.{name} = {chosen}" if chosen else (
        f"the one {box.title} ships, made up for trying the board: set editions.{name} to your box's file"
        if getattr(edition, "made_up", False) else f"the one {box.title} ships")
    click.echo(f"{box.title} edition the board plays: {edition.name} ({where})")
    return edition


def _fail(message: str, status: int = BAD_CONFIG) -> None:
    click.echo(message, err=True)
    raise SystemExit(status)


def _reader_port(cfg, port: str | None) -> tuple[str, str]:
    """(port, protocol) from --port and the config; exits with a clear message if there is none."""
    rtype = cfg.reader.type
    protocol = "rdm6300" if rtype == "rdm6300" else "hub"
    if port:
        return port, protocol
    if rtype == "none":
        from ..base.hints import doc

        _fail('reader.type is "none" in the configuration: there is no card reader to enrol with.\n'
              f'  fix: plug a reader in and give --port PATH, or set reader.type = "hub" ({doc("docs/config.md")})')
    from ..drivers.hub_ports import list_serial_ports, resolve_hub_port

    if cfg.reader.port != "auto":
        if not Path(cfg.reader.port).exists():
            _fail(f"the card reader {cfg.reader.port} (reader.port) does not exist.\n"
                  "  fix: plug it in, or give --port PATH (clacks-hw doctor lists the ports)", 1)
        return cfg.reader.port, protocol
    click.echo('Looking for the reader hub (reader.port = "auto")...')
    found, why = resolve_hub_port(list_serial_ports(), probe=_probe)
    if found is None:
        _fail(f"cannot find the card reader: {why}", 1)
    return found, protocol


def _probe(port: str, timeout: float):
    from ..drivers.hub_probe import probe_hub

    return probe_hub(port, timeout)


def resume_command(ctx: click.Context) -> str:
    """The command that goes on with this enrolment: the same file, edition, cards and reader
    (every option given, as given; paths made absolute, since it may run from elsewhere)."""
    import os
    import shlex

    from ..base.hints import program

    words = [program(), "enroll", "--resume"]
    for name, flag in (("config_path", "--config"), ("cards_path", "--cards"), ("guards_file", "--guards"),
                       ("edition_dir", "--edition"), ("port", "--port")):
        value = ctx.params.get(name)
        if value is None or ctx.get_parameter_source(name) is click.core.ParameterSource.DEFAULT:
            continue
        if name == "guards_file" and value == "":  # --guards alone: the board's edition
            words.append(flag)
            continue
        if name != "guards_file" or value != "demo":
            value = os.path.abspath(value) if name != "port" or os.path.exists(value) else value
        words += [flag, value]
    for group in ctx.params.get("only") or ():
        words += ["--only", group]
    return shlex.join(words)


def _read_keys(events: queue.Queue, stream) -> None:
    try:
        for line in stream:
            events.put(("key", line.rstrip("\r\n")))
    except (OSError, ValueError):  # stdin closed under us
        pass
    events.put(("eof", None))


def _clacks_groups():
    from ..cards.enrolment import GROUPS

    return GROUPS


def _groups():
    return _clacks_groups() + GUARDS_GROUPS


@click.command("enroll")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file (default /etc/clacks-hw/config.toml, else the built-in defaults).")
@click.option("--cards", "cards_path", type=click.Path(dir_okay=False), default=None,
              help="Enrolment file to write (default: <journal.dir>/cards.toml).")
@click.option("--port", default=None,
              help="Serial port of the card reader (default: reader.port from the config).")
@click.option("--only", "only", type=LazyChoice(_groups, "GROUP"), multiple=True,
              help="Enrol only this group (repeatable): jacquards, faults (Fault Reports), "
                   "reports (Incident Reports and Operator's Logs), words; with --guards: lords, "
                   "man_beast, shades (the volunteer decks), dragons.")
@click.option("--guards", "guards_file", is_flag=False, flag_value="", default=None, metavar="[FILE]",
              help="Enrol the volunteer and dragon cards of Guards! Guards! into "
                   "<journal.dir>/guards-cards.toml instead: alone, of the edition the board plays "
                   "(editions.guards in the config); FILE, of that edition file ('demo': the made-up one).")
@click.option("--resume", is_flag=True,
              help="Only the cards that have no tag yet (continue an interrupted enrolment).")
@click.option("--offline-timeout", type=click.FloatRange(1, 3600), default=None,
              help="Seconds to wait for an absent card reader before stopping (default: 120).")
@edition_option
def enroll_cmd(config_path, cards_path, port, only, resume, offline_timeout, edition_dir, guards_file):
    """Walk through every card of the edition, tapping each on the reader once, and save
    which tag is on which card (the daemon reads this file).

    Saved after every card, so an interrupted enrolment continues with --resume. While it
    waits for a card: Enter skips it, b goes back one card, x forgets the card's tag, q stops.
    Stop the daemon first if it is running (sudo systemctl stop clacks-hw): it holds the reader.
    """
    # Imported here, not at the top: `clacks-hw enroll --help` must start quickly on a Pi Zero.
    from ..base.clock import SystemClock
    from ..config.load import ConfigError, load_config
    from ..drivers.card_reader import CardReader
    from ..cards.enroll_walk import DEFAULT_OFFLINE_TIMEOUT_S, EnrolmentWalk
    from ..cards.enrolment import EnrolmentError, default_path, group_cards, load_enrolment, save_enrolment
    from ..base.secure_files import SafeDir
    from ..daemon.cards import GUARDS_FILE as GUARDS_FILE_NAME

    if offline_timeout is None:
        offline_timeout = DEFAULT_OFFLINE_TIMEOUT_S
    try:
        cfg = load_config(config_path, check_devices=False)
    except ConfigError as err:
        _fail(str(err))
    edition = load_edition_or_exit(edition_dir) if guards_file is None else _guards_edition(guards_file, cfg)
    path = Path(cards_path) if cards_path else default_path(cfg)
    if guards_file is not None and not cards_path:
        path = path.with_name(GUARDS_FILE_NAME)  # the Clacks cards keep their own file
    wrong = set(only) - set(GUARDS_GROUPS if guards_file is not None else _clacks_groups())
    if wrong:
        _fail(f"--only {', '.join(sorted(wrong))} is not a group of this edition's cards\n"
              f"  fix: use {', '.join(GUARDS_GROUPS if guards_file is not None else _clacks_groups())}")
    if path.parent.is_dir():  # a folder others control: refused now (exit 2), not after the first card
        SafeDir.open(path.parent).close()
    try:
        enrolment = load_enrolment(path, edition, missing_ok=True)
    except EnrolmentError as err:
        _fail(f"{err}\n  Fix the file, or move it away to start a new enrolment.")
    cards = group_cards(edition, only)
    reader_port, protocol = _reader_port(cfg, port)

    def save(e) -> None:
        save_enrolment(path, e, edition)

    events: queue.Queue = queue.Queue()
    clock = SystemClock()
    walk = EnrolmentWalk(edition, cards, enrolment, save, clock, click.echo, resume=resume,
                         offline_timeout_s=offline_timeout, where=str(path),
                         resume_command=resume_command(click.get_current_context()))
    options = {"timeout": cfg.reader.gone_after_ms / 1000} if protocol == "rdm6300" else {}
    reader = CardReader(reader_port, lambda ev: events.put(("reader", ev)), protocol=protocol,
                        clock=clock, baudrate=cfg.reader.baud, **options)
    click.echo(f"Card reader: {reader_port} ({protocol}); enrolment file: {path}")
    keys = threading.Thread(target=_read_keys, args=(events, sys.stdin), name="enroll-keys", daemon=True)
    try:
        walk.start()
        if not walk.finished:
            reader.start()
            keys.start()
        while not walk.finished:
            try:
                kind, value = events.get(timeout=POLL_S)
            except queue.Empty:
                walk.poll()
                continue
            if kind == "reader":
                walk.reader_event(value)
            elif kind == "key":
                walk.key(value)
            elif kind == "eof" and sys.stdin.isatty():
                walk.keyboard_closed()  # Ctrl-D at the terminal; a pipe that ends just means no keys
            walk.poll()
    except KeyboardInterrupt:
        click.echo("")
        walk.interrupt()
    finally:
        try:
            reader.stop()
        except KeyboardInterrupt:  # a second Ctrl-C while the reader thread stops
            pass
    raise SystemExit(walk.exit_status)


COMMANDS.append(enroll_cmd)
