"""Build the daemon from a Config and run it: the one entry point `clacks-hw run` calls.

Every outside dependency is a seam tests can replace (clock, LED backend, pin factory, stop
event, keyboard input, output stream, serial factory, rng, environment), so the tests run this
very function against an emulated reader hub, mock pins and a recording LED sink.
"""

from __future__ import annotations

import logging
import queue
import random
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base.clock import SystemClock
from ..config.editions import open_editions
from ..config.load import Config, ConfigError
from ..drivers.buttons import ButtonError, ButtonPanel, make_pin_factory
from ..drivers.card_reader import CardReader
from ..drivers.leds import LedOutput, open_backend
from ..base.errors import ClacksError
from ..game.core.registry import board_edition
from ..game.core.table import SEATS
from ..game.core.view import PUBLIC
from ..journal.folder import exposure
from ..base.secure_files import SafeDir, UnsafePath
from ..web.snapshot import SnapshotBox, StatusPublisher
from .cards import CardMap, load_board_cards
from .controller import ATTRACT_TEXT, Controller, Settings
from .events import Wake
from .keyboard import HELP, Keyboard
from .loop import EventLoop
from .outputs import FrameLog, LazyBackend
from .ports import open_auto
from .resume import find as find_resumable
from .screens.pairing import PhoneDesk
from .session import JournalStore
from .terminal_screen import TerminalScreen
from .watchdog import SystemdNotifier

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_SETUP = 2  # the board cannot start as configured (message printed, no traceback)


class StartupError(ClacksError):
    """The daemon cannot start; the message says why and what to do."""


@dataclass
class Seams:
    clock: Any = None
    led_backend: Any = None  # an LED backend object instead of the configured one
    pin_factory: Any = None  # a gpiozero pin factory (MockFactory in tests)
    stop: threading.Event | None = None
    input: Any = None  # keyboard input stream (virtual mode); None: no keyboard
    output: Any = None  # where the virtual board and the status text go (default stdout)
    serial_factory: Callable | None = None
    rng: random.Random | None = None
    env: dict | None = None  # environment for sd_notify (default os.environ)
    observer: Callable[[object], None] | None = None  # sees every event handled and frame shown
    frame_log: str | None = None
    edition: Any = None  # the printed cards (an edition) instead of the board's own (registry.board_edition)
    on_ready: Callable[[Daemon], None] | None = None
    settings: dict = field(default_factory=dict)  # Settings overrides (e.g. demo_step_s)
    # The status page (status.bind/status.port; port 0 = off). None: as configured, except that
    # a test rig (an injected clock or LED backend) gets none unless it sets this to True.
    status_page: bool | None = None
    mqtt: bool | None = None  # the MQTT link ([mqtt] host); None: like the status page
    cards: CardMap | None = None  # the tag-to-card map instead of the enrolment (emulated readers)
    snapshots: SnapshotBox | None = None  # a page of the caller's own (`play`) gets every snapshot here
    report: Callable[[str], None] | None = None  # where what the board says goes (default: its terminal or log)
    status: Callable[[str], None] | None = None  # where the position text goes; it replaces what was said before (default: the terminal, else like report)


class Daemon:
    """Everything built and wired; :meth:`run` runs the loop, :meth:`close` releases it all."""

    def __init__(self, config: Config, *, virtual: bool = False, journal_dir=None, seams: Seams | None = None):
        self.config = config
        self.virtual = virtual
        s = self.seams = seams or Seams()
        self.clock = s.clock or SystemClock()
        self.out = s.output if s.output is not None else sys.stdout
        self.edition = s.edition or board_edition()
        self.events: queue.Queue = queue.Queue()
        self.stop = s.stop or threading.Event()
        self.buttons = self.reader = self.keyboard = None
        self.leds = None
        self.controller = None
        self.status_page = None
        self.pairing = None  # phones paired with the board (pairing/), when the status page is on
        self.mqtt = None  # the MQTT link (web/mqtt_link.py), when [mqtt] host is set
        self._drawing = None  # the virtual board's drawing, when it is ours
        self.screen: TerminalScreen | None = None  # the virtual board on a terminal
        self._closers: list[Callable[[], None]] = []
        try:
            self._build(journal_dir)
        except BaseException:
            self.close()
            raise

    def _build(self, journal_dir) -> None:
        cfg, s = self.config, self.seams
        directory = Path(journal_dir or cfg.journal.dir)
        try:
            # Checked, as every folder written as root (a ws281x board's daemon is root): no link
            # or folder another user controls on the way; made 0700 when missing.
            SafeDir.open(directory, create=0o700).close()
            for problem, fix in exposure(directory):  # made by hand, or by an older version
                log.warning("journal.dir: %s; fix: %s", problem, fix)
        except UnsafePath as exc:
            raise StartupError(f"journal.dir: {exc}") from None
        except OSError as exc:
            raise StartupError(f"journal.dir: cannot use {directory}: {exc.strerror or exc}\n"
                               "    fix: create it writable for this user, or pass --journal-dir") from None
        try:  # read again: the file may have changed since the config was checked
            self.editions = open_editions(cfg)
        except ConfigError as exc:
            raise StartupError(str(exc)) from None
        store = self.store = JournalStore(directory, self.edition, cfg.digest, clock=self.clock)
        resumed = find_resumable(store)
        # The virtual board taps cards by id; a reader it is given (an emulated one, a real
        # one on a named port: never one probed for) reads them by tag, through the enrolment.
        with_reader = cfg.reader.type != "none" and not (self.virtual and cfg.reader.port == "auto")
        if s.cards is not None:
            cards = s.cards
        else:
            cards = load_board_cards(directory, self.edition, self.editions) if with_reader else CardMap()

        backend = s.led_backend
        if backend is None:
            if self.virtual and _is_tty(self.out):
                backend = self.screen = TerminalScreen(self.out, clock=self.clock)
            elif self.virtual:
                from ..drivers.leds_virtual import VirtualLeds

                backend = self._drawing = VirtualLeds(stream=self.out, clock=self.clock)
            else:
                backend = LazyBackend(lambda: open_backend(cfg.leds, clock=self.clock, stream=self.out))
        if s.frame_log:
            try:
                backend = FrameLog(backend, s.frame_log, self.clock)
            except OSError as exc:
                raise StartupError(f"--frame-log {s.frame_log}: cannot append to it: {exc.strerror or exc}\n"
                                   "    fix: give a new file or a regular file of yours (not a link)") from None
        self.leds = LedOutput(backend, self.clock)
        self._closers.append(self.leds.close)

        factory = s.pin_factory
        if factory is None and self.virtual:
            factory = make_pin_factory("mock")
        try:
            # Every raw edge wakes the loop, so a press is decided within the debounce time.
            self.buttons = ButtonPanel.from_config(cfg.buttons, self.events.put, self.clock, pin_factory=factory,
                                                   on_edge=lambda: self.events.put(Wake()))
        except ButtonError as exc:
            raise StartupError(f"buttons: {exc}\n    fix: check buttons.pins and buttons.pin_factory "
                               "(or run with --virtual)") from None
        self._closers.append(self.buttons.close)

        g = cfg.game
        settings = Settings(attract_after_s=g.attract_after_s, express_s=g.express_s, hands=g.hands,
                            mode=g.mode, variants=tuple(g.variants), route=g.route, first=g.first or None,
                            seats=tuple(g.seats), status_view=None if self.virtual else PUBLIC,
                            computer=tuple(g.computer.items()), computer_pace_s=g.computer_pace_s,
                            reaction_window_s=g.reaction_window_s, hints=g.hints,
                            **s.settings)
        report = self._report if self.virtual else (lambda text: log.info("%s", text.rstrip()))
        if self.screen is not None:
            report = self.screen.message
        if s.report is not None:
            report = s.report
        # Game seeds from the operating system's generator: nothing seen can predict the next deal.
        self.controller = Controller(self.edition, store, cards, settings, rng=s.rng or random.SystemRandom(),
                                     session=resumed.session, resumed=resumed, now=self.clock.now(), report=report,
                                     reader_seats=cfg.reader.seats, editions=self.editions,
                                     status=s.status or (self.screen.status if self.screen is not None else None))
        self._closers.append(self.controller.close)

        r = cfg.reader
        if with_reader and s.serial_factory is None:
            _refuse_a_held_reader(r.port)
        if with_reader:
            options = {"timeout": r.gone_after_ms / 1000} if r.type == "rdm6300" else {}
            self.reader = CardReader(r.port, self.events, protocol=r.type, clock=self.clock,
                                     baudrate=r.baud, serial_factory=s.serial_factory or open_auto, **options)
        if self.virtual and s.input is not None:
            self.keyboard = Keyboard(s.input, self.events.put, self.clock,
                                     out=self.screen if self.screen is not None else self.out)
        self.notifier = SystemdNotifier(s.env)
        publisher = self._publisher(cfg, s, directory)
        if self.pairing is not None:  # the pairing gestures and screen (screens/pairing.py)
            self.controller.phones = PhoneDesk(
                self.pairing, self.edition.spelled, say=report, terminal=self.screen or self._drawing,
                url=self.status_page.phone_url if self.status_page is not None else None, seats=self._seats_in_play)
        self.loop = EventLoop(self.events, self.controller, self.leds, self.clock, buttons=self.buttons,
                              notifier=self.notifier, stop=self.stop, observer=s.observer, status=publisher)

    def _seats_in_play(self) -> tuple[str, ...]:
        """The seats a player's own phone may be paired for: the game's, else every seat."""
        c = self.controller
        state = c.state if c.in_game or c.screen == "over" else None
        return tuple(state.config.seats) if state is not None else SEATS

    def _publisher(self, cfg, s, directory: Path):
        """The status page and the MQTT link, as configured; their snapshot publisher (or None)."""
        wanted = s.status_page if s.status_page is not None else s.clock is None and s.led_backend is None
        sinks = []
        if wanted:
            from ..pairing import Pairing
            from ..pairing.board import MAKE_TOKEN, VIRTUAL_MAKE_TOKEN
            from ..pairing.root import RootSecret
            from ..web.server import (
                open_status_page,  # aiohttp only when the page is on
            )

            # The token is found from journal.dir, where `clacks-hw admin` (--virtual) writes it too.
            self.pairing = Pairing(RootSecret(cfg), directory, self.clock,
                                   make_token=VIRTUAL_MAKE_TOKEN if self.virtual else MAKE_TOKEN)
            # None: off or cannot bind (logged)
            self.status_page = open_status_page(cfg.status, SnapshotBox(), submit=self.events.put,
                                                edition=self.edition, pairing=self.pairing, computer=cfg.game.computer)
            if self.status_page is not None:
                self._closers.append(self.status_page.close)
            else:
                self.pairing = None  # no page, so no phone could use a code
        if cfg.mqtt.host and (s.mqtt if s.mqtt is not None else wanted):
            self.mqtt = self._mqtt_link(cfg, directory)
            self._closers.append(self.mqtt.close)
            if self.status_page is not None:
                self.status_page.hall = self.mqtt.identity
            sinks.append(self.mqtt)
        if self.status_page is None and not sinks and s.snapshots is None:
            return None
        box = self.status_page.box if self.status_page is not None else s.snapshots or SnapshotBox()
        return StatusPublisher(box, reader=self.reader is not None, listeners=sinks)

    def _mqtt_link(self, cfg, directory: Path):
        from ..mqtt.client import LinkSetupError  # paho and the keys only when MQTT is on
        from ..mqtt.signing import BadKey, SigningKey, stored_key
        from ..web.mqtt_link import MqttLink

        try:
            if cfg.mqtt.key:
                key = SigningKey.from_text(cfg.mqtt.key, "mqtt.key")
            else:
                key, made = stored_key(directory)
                if made:
                    log.warning("MQTT: no mqtt.key in the config, so the board made its own (%s/mqtt-key): "
                                "a hall counts this board only once it is given the public key %s",
                                directory, key.public)
            # The hall links to the board's page only at an address others can reach (base/lan.py).
            page = self.status_page.phone_url()[0] if self.status_page is not None else None
            return MqttLink(cfg.mqtt, key=key, journal_dir=directory, edition=self.edition, page=page)
        except (BadKey, LinkSetupError, UnsafePath) as exc:
            raise StartupError(str(exc)) from None

    def _report(self, text: str) -> None:
        try:
            self.out.write(text if text.endswith("\n") else text + "\n")
            self.out.flush()
            if self._drawing is not None and self._drawing.colour:
                self._drawing.close()  # draw the next board below this text, not over it
        except (OSError, ValueError):
            pass  # a closed pipe must not stop the board

    def run(self, duration: float | None = None) -> int:
        until = None if duration is None else self.clock.now() + duration
        if self.reader is not None:
            self.reader.start()
            self._closers.append(self.reader.stop)
        if self.keyboard is not None:
            self.keyboard.start()
            self._closers.append(self.keyboard.stop)
            if self.keyboard._tty and self.screen is None:
                self._report(HELP)
        url = self.status_page.url if self.status_page is not None else None
        if self.screen is not None:
            self.screen.open()
            if url:
                self.screen.footer = f"status page {url}"
            self.screen.start_logging()
            self._closers.append(self.screen.stop_logging)
            if self.controller.screen == "attract":
                self.screen.status(ATTRACT_TEXT)
        if self.status_page is not None:
            self.status_page.start()
            if self.virtual and self.screen is None:
                self._report(f"The status page is at {url}")
        if self.mqtt is not None:
            self.mqtt.start()
        log.info("board daemon running (%s)", "virtual board" if self.virtual else f"LEDs: {self.config.leds.backend}")
        if self.seams.on_ready:
            self.seams.on_ready(self)
        self.loop.run(until=until)
        return EXIT_OK

    def farewell(self) -> str:
        """What a person at the terminal needs after the board stops: where the game went."""
        last, c = self.store.last, self.controller
        if last is None:
            return f"No game was played; games are kept in {self.store.dir}.\nThe board has stopped.\n"
        abandoned = last.with_name(last.name + ".abandoned")
        if not last.exists() and abandoned.exists():
            where, last = f"The last game was abandoned; its journal is {abandoned}", abandoned
        elif c is not None and c.session is not None and not c.session.state.over:
            where = f"The game in play is saved in {last}; it resumes when the board starts again."
        else:
            where = f"The last game is saved in {last}"
        where += f"\n  replay it: clacks-hw replay {last}   (a move at a time: --step)"
        return f"{where}\nThe board has stopped.\n"

    def close(self) -> None:
        if getattr(self, "notifier", None) is not None:
            self.notifier.stopping()
        for closer in reversed(self._closers):
            try:
                closer()
            except Exception:
                log.exception("error while shutting down")
        self._closers = []


def _refuse_a_held_reader(port: str) -> None:
    """StartupError (exit 2) when another process holds the reader's port (another board daemon,
    `clacks-hw enroll`): retrying for ever behind a lock warning would look like a dead reader."""
    from ..drivers.port_holder import held_by, refusal

    if port == "auto":  # the hub candidates "auto" would probe
        from ..drivers.hub_ports import hub_candidates, list_serial_ports

        ports = [p.device for p in hub_candidates(list_serial_ports())]
    else:
        ports = [port]
    for device in ports:
        holder = held_by(device)
        if holder is not None:
            raise StartupError(refusal(device, holder))


def _is_tty(stream) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def run(config: Config, *, virtual: bool = False, duration: float | None = None, journal_dir=None,
        seams: Seams | None = None) -> int:
    """Build the daemon and run it until ``duration`` has passed or ``stop`` is set."""
    daemon = Daemon(config, virtual=virtual, journal_dir=journal_dir, seams=seams)
    try:
        return daemon.run(duration)
    finally:
        daemon.close()
        log.info("board daemon stopped")
        if virtual:
            daemon._report(daemon.farewell())
