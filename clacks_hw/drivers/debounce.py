"""Raw button edges in, clean button events out: debounce, long press and chords.

Pure apart from a lock: edges arrive with a time (from the injected clock) on any thread (gpiozero
calls back on its own threads), the daemon calls :meth:`Debouncer.poll` from its loop so that
timed events (a press becoming stable, a 3 s hold) fire even when no further edge comes. This
lives here and not in gpiozero because gpiozero's mock pins ignore ``bounce_time``: tests need
the real timing logic on a fake clock.

Rules:
- a button's level counts once the pin has held it for ``debounce_s`` (bounces shorter than
  that, and glitches, produce nothing);
- ``long_press`` fires once per hold after ``long_press_s``, for any button not part of a held
  chord;
- a chord (default PREV+NEXT, the reset gesture; the board also has the pairing gestures
  TURN+BACK and PREV+BACK) fires once when all its buttons have been held
  together for ``long_press_s``; its buttons then give no ``long_press`` for that hold. It
  re-arms when one of them is released.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .frame import TOWERS

CONTROLS = ("PREV", "NEXT", "TURN", "PLAY", "BACK")
BUTTONS = TOWERS + CONTROLS
RESET_CHORD = ("PREV", "NEXT")  # abandon the game (the board asks first)
PAIR_CHORD = ("TURN", "BACK")  # pair a phone (daemon/screens/pairing.py)
FORGET_CHORD = ("PREV", "BACK")  # forget every paired phone

_EPS = 1e-9  # float sums of clock steps (0.01 * 3) must still reach a 0.03 s threshold


@dataclass(frozen=True)
class ButtonEvent:
    kind: str  # "press" | "release" | "long_press" | "chord"
    button: str  # a button name; for "chord" its buttons joined by "+", e.g. "PREV+NEXT"
    t: float  # clock time the event was decided (debounce window or hold threshold passed)
    held_s: float = 0.0  # release: how long it was held; long_press/chord: the threshold


class _Button:
    __slots__ = ("raw", "raw_since", "stable", "pressed_at", "long_done")

    def __init__(self) -> None:
        self.raw = False
        self.raw_since = 0.0
        self.stable = False
        self.pressed_at = 0.0  # edge time of the current stable press
        self.long_done = False


class Debouncer:
    def __init__(
        self,
        names: Iterable[str],
        sink: Callable[[ButtonEvent], None],
        debounce_s: float = 0.03,
        long_press_s: float = 3.0,
        chords: Iterable[Iterable[str]] = (RESET_CHORD,),
    ) -> None:
        """``sink`` is called with each event, in order, under a lock: keep it quick (queue.put)."""
        self._buttons = {name: _Button() for name in names}
        self._sink = sink
        self.debounce_s = debounce_s
        self.long_press_s = long_press_s
        self._chords = [tuple(c) for c in chords]
        for chord in self._chords:
            unknown = [n for n in chord if n not in self._buttons]
            if unknown or len(chord) < 2:
                raise ValueError(f"chord {'+'.join(chord)} needs two or more known buttons")
        self._chord_fired = [False] * len(self._chords)
        self._lock = threading.RLock()
        self._now = float("-inf")  # latest time seen

    # -- inputs ---------------------------------------------------------------------------

    def seed(self, name: str, pressed: bool, t: float) -> None:
        """Set a button's starting level without an event (a button already held at start).

        A held button does not count as a long press or chord: it may be stuck.
        """
        with self._lock:
            b = self._buttons[name]
            b.raw = b.stable = pressed
            b.raw_since = b.pressed_at = t
            b.long_done = pressed
            for k, chord in enumerate(self._chords):
                if name in chord and pressed and all(self._buttons[n].stable for n in chord):
                    self._chord_fired[k] = True

    def edge(self, name: str, pressed: bool, t: float) -> None:
        """The pin of ``name`` went to ``pressed`` at time ``t``. Safe from any thread."""
        with self._lock:
            # Two callback threads may read the clock in one order and take the lock in the
            # other: never let time run backwards inside the machine.
            t = self._now = max(t, self._now)
            self._advance(t)
            b = self._buttons[name]
            if b.raw != pressed:
                b.raw = pressed
                b.raw_since = t

    def poll(self, now: float) -> None:
        """Fire whatever became due by ``now``."""
        with self._lock:
            self._now = max(now, self._now)
            self._advance(self._now)

    # -- queries --------------------------------------------------------------------------

    def next_deadline(self) -> float | None:
        """The earliest clock time at which :meth:`poll` would fire something."""
        with self._lock:
            due = self._next_due()
            return due[0] if due else None

    def pressed(self) -> frozenset[str]:
        with self._lock:
            return frozenset(n for n, b in self._buttons.items() if b.stable)

    # -- the timing machine ---------------------------------------------------------------

    def _chord_held(self, name: str) -> bool:
        return any(
            name in chord and all(self._buttons[n].stable for n in chord) for chord in self._chords
        )

    def _next_due(self) -> tuple[float, int, object] | None:
        best: tuple[float, int, object] | None = None
        for name, b in self._buttons.items():
            if b.raw != b.stable:
                cand = (b.raw_since + self.debounce_s, 0, name)
            elif b.stable and not b.long_done and not self._chord_held(name):
                cand = (b.pressed_at + self.long_press_s, 1, name)
            else:
                continue
            if best is None or cand[:2] < best[:2]:
                best = cand
        for k, chord in enumerate(self._chords):
            members = [self._buttons[n] for n in chord]
            if not self._chord_fired[k] and all(m.stable for m in members):
                cand = (max(m.pressed_at for m in members) + self.long_press_s, 2, k)
                if best is None or cand[:2] < best[:2]:
                    best = cand
        return best

    def _advance(self, now: float) -> None:
        # Events are applied in time order, so a coarse poll gives the same events as a fine one.
        while True:
            due = self._next_due()
            if due is None or due[0] > now + _EPS:
                return
            t, kind, key = due
            if kind == 0:
                self._settle(key, t)  # type: ignore[arg-type]
            elif kind == 1:
                b = self._buttons[key]  # type: ignore[index]
                b.long_done = True
                self._sink(ButtonEvent("long_press", key, t, self.long_press_s))  # type: ignore[arg-type]
            else:
                self._chord_fired[key] = True  # type: ignore[index]
                chord = self._chords[key]  # type: ignore[index]
                for n in chord:
                    self._buttons[n].long_done = True
                self._sink(ButtonEvent("chord", "+".join(chord), t, self.long_press_s))

    def _settle(self, name: str, t: float) -> None:
        b = self._buttons[name]
        b.stable = b.raw
        if b.stable:
            b.pressed_at = b.raw_since
            b.long_done = False
            self._sink(ButtonEvent("press", name, t))
        else:
            held = max(0.0, b.raw_since - b.pressed_at)
            for k, chord in enumerate(self._chords):
                if name in chord:
                    self._chord_fired[k] = False
            self._sink(ButtonEvent("release", name, t, held))
