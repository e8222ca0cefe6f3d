"""Waiting for something the person does, on the walk's clock, bounded and skippable."""

from __future__ import annotations

import queue
from collections.abc import Callable

POLL_S = 0.01


def wait_for(events: queue.Queue, pred, clock, person, timeout_s: float,
             poll: Callable[[], None] | None = None, seen: list | None = None):
    """The first event from ``events`` for which ``pred`` holds, or None after ``timeout_s`` or
    once the person gives up. Every other event is kept in ``seen``."""
    deadline = clock.now() + timeout_s
    while True:
        if poll is not None:
            poll()
        while True:
            try:
                event = events.get_nowait()
            except queue.Empty:
                break
            if pred(event):
                return event
            if seen is not None:
                seen.append(event)
        if clock.now() >= deadline or person.gave_up():
            return None
        clock.sleep(POLL_S)
