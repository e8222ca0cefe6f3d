"""A recording LED sink: an LED backend that keeps every frame it is shown, with its time."""

from __future__ import annotations

from clacks_hw.drivers.frame import RGB, Frame


class RecordingLeds:
    def __init__(self, clock) -> None:
        self.clock = clock
        self.frames: list[tuple[float, Frame]] = []  # (clock time, frame), oldest first
        self.closed = False

    # -- the backend interface --
    def show(self, frame: Frame) -> None:
        if self.closed:
            raise RuntimeError("RecordingLeds: show() after close()")
        self.frames.append((self.clock.now(), frame))

    def close(self) -> None:
        self.closed = True

    # -- questions tests ask --
    @property
    def last_frame(self) -> Frame:
        if not self.frames:
            raise AssertionError("no frame has been shown yet")
        return self.frames[-1][1]

    def lamp(self, i: int) -> RGB:
        """Colour of lamp ``i`` (4*row + col) in the last frame."""
        return self.last_frame.lamp(i)

    def tower(self, name: str) -> RGB:
        """Colour of tower button ``name`` (R1..R6, G1..G6) in the last frame."""
        return self.last_frame.tower(name)

    def seat(self, name: str) -> RGB:
        """Colour of seat indicator ``name`` (S, W, N, E) in the last frame."""
        return self.last_frame.seat(name)

    def lit_lamps(self) -> list[int]:
        """Lamps that are not black in the last frame."""
        return [i for i in range(16) if self.lamp(i) != (0, 0, 0)]

    def frames_since(self, t: float) -> list[Frame]:
        return [f for when, f in self.frames if when >= t]

    def frame_at(self, t: float) -> Frame | None:
        """The frame showing at clock time ``t`` (the last one shown at or before ``t``)."""
        showing = None
        for when, f in self.frames:
            if when > t:
                break
            showing = f
        return showing
