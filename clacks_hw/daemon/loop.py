"""The daemon's one event loop: one thread, one consumer.

Drivers put events on a ``queue.Queue`` from their own threads. The loop waits on it with a
timeout bounded by the next deadline (button timing, an LED retry, the controller's timers,
the renderer's next animation step, the watchdog), hands every event to the controller (which
journals accepted actions, fsync'd), then renders and shows the frame: so an action is on disk
before any frame shows it.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from ..drivers.debounce import ButtonEvent
from ..drivers.leds import LedOutput
from . import remote_input, renderer, seat_flow
from .events import AdminCommand, LineStatus, Quit, RemoteInput, SeatAction
from .gestures import ChordGuard
from .screens import admin

log = logging.getLogger(__name__)


class EventLoop:
    def __init__(self, events: queue.Queue, controller, leds: LedOutput, clock, *, buttons=None,
                 notifier=None, stop: threading.Event | None = None, max_wait_s: float = 0.25,
                 observer: Callable[[object], None] | None = None, status=None) -> None:
        self.events = events
        self.controller = controller
        self.leds = leds
        self.clock = clock
        self.buttons = buttons
        self.notifier = notifier
        self.stop = stop or threading.Event()
        self.max_wait_s = max_wait_s
        self.observer = observer  # told of every event handled and every frame shown
        self.iterations = 0
        self._status = None
        self._tick_error = ""  # the last error a tick raised, logged once
        self.status = status  # a web.snapshot.StatusPublisher: one snapshot per iteration
        self.gestures = ChordGuard()

    def deadline(self, now: float) -> float | None:
        view = self.controller.view(now)
        times = [
            self.buttons.next_deadline() if self.buttons else None,
            self.leds.next_deadline(),
            self.controller.next_deadline(now),
            renderer.animation_deadline(view, now),
            self.notifier.next_deadline() if self.notifier else None,
        ]
        times = [t for t in times if t is not None]
        return min(times) if times else None

    def run(self, until: float | None = None) -> None:
        now = self.clock.now()
        if self.notifier:
            self.notifier.ready(now)
        self.draw(now)
        self._publish(now)
        while not self.stop.is_set():
            now = self.clock.now()
            if until is not None and now >= until:
                break
            deadline = self.deadline(now)
            if until is not None:
                deadline = until if deadline is None else min(deadline, until)
            wait = self.max_wait_s if deadline is None else min(self.max_wait_s, max(0.0, deadline - now))
            self.step(wait)

    def step(self, wait: float = 0.0) -> None:
        """One iteration: wait up to ``wait`` s for an event, handle everything due, draw."""
        try:
            first = self.events.get(timeout=wait) if wait > 0 else self.events.get_nowait()
        except queue.Empty:
            first = None
        if self.buttons:
            self.buttons.poll()  # due button events go onto the queue
        pending = [] if first is None else [first]
        while True:
            for event in pending:
                self._handle(event)
            try:
                pending = [self.events.get_nowait()]
            except queue.Empty:
                break
        now = self.clock.now()
        try:
            self.controller.tick(now)
        except Exception as exc:  # a timer must not end the board either (nor flood the log)
            if repr(exc) != self._tick_error:
                log.exception("error in the board's timers; the game goes on")
            self._tick_error = repr(exc)
        self.draw(now)
        self._publish(now)
        self.iterations += 1
        if self.notifier:
            self.notifier.tick(now)
            self.notifier.status(self._describe())

    def _handle(self, event) -> None:
        if isinstance(event, Quit):
            log.info("stopping: %s", event.reason or "asked to")
            self.stop.set()
            return
        if isinstance(event, AdminCommand):  # the loop owns the LEDs the brightness scales
            admin.handle(event, self.controller, self.leds, self.clock.now())
            return
        if isinstance(event, SeatAction):  # a seat's answer from its own phone
            seat_flow.handle(event, self.controller, self.clock.now())
            return
        if isinstance(event, LineStatus):  # the other end of a line went silent, or is back
            self.controller.notice(remote_input.line_words(event))
            return
        if isinstance(event, RemoteInput):  # a seat's press or tap at the other end of a line
            remote_input.handle(event, self.controller, self._table_event)
            if self.observer:
                self.observer(event)
            return
        away = remote_input.held_for_the_line(self.controller, event)
        if away is not None:  # that seat plays on its own board, at the other place
            if not (isinstance(event, ButtonEvent) and event.kind == "release"):
                self.controller.error(self.clock.now(), f"{away} plays at the other place: wait for its move")
            return
        self._table_event(event)

    def _table_event(self, event) -> None:
        """A button or card event as this table's, from its own board or (checked) the other place's."""
        for decided in self.gestures.feed(event):  # a chord's button acts when let go
            try:
                self.controller.handle(decided, self.clock.now())
            except Exception:  # one bad event must not end the board; the state stays consistent
                log.exception("error handling %r; the game goes on", decided)
        if self.status is not None:
            self.status.observe(event)
        if self.observer:
            self.observer(event)

    def draw(self, now: float) -> None:
        retried = self.leds.poll()  # a frame held back by a failure, once its backoff passed
        self.controller.leds_failing = not self.leds.health.ok
        view = self.controller.view(now)
        frame = renderer.render(view, now)
        shown = self.leds.show(frame)
        if (shown or retried) and self.observer:
            self.observer(self.leds.last_frame)

    def _publish(self, now: float) -> None:
        if self.status is not None:
            try:
                self.status.publish(self.controller, self.leds, now)  # references only; JSON is lazy
            except Exception:  # the status page must never stop the board (nor flood the log)
                log.exception("cannot publish the status snapshot; the status page stops updating")
                self.status = None

    def _describe(self) -> str:
        c = self.controller
        state = c.state
        if c.screen == "game" and state is not None:  # the game's own glance: "round 2, worth 1 ..., S to roll"
            glance = state.config.game.summary(state)
            text = f"game: {glance.progress}" + (f", {glance.seat} {glance.doing}" if glance.seat else "")
        else:
            text = c.screen
        if c.reader_offline:
            text += "; card reader offline"
        if c.leds_failing:
            text += "; LEDs failing"
        if not c.storage.ok:
            text += f"; storage {c.storage.state}"
        return text
