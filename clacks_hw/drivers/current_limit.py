"""Current limiting for the LED chain, as WLED's automatic brightness limiter does it.

Each frame's current is estimated from the bytes about to go on the wire: every LED draws its
idle current, plus for each colour channel its full-duty current times the byte / 255 (a
WS2812's PWM duty). When the estimate is over the budget, the whole frame is scaled down by
one factor (hue kept, rounded down), so no frame ever asks the supply for more than the budget.
The budget and the per-channel currents come from the power budget (hardware/power.py), which
sizes the supply, the fuse, the wires and the connectors from the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CurrentModel:
    """Per chain position (wiring order): full-duty mA of each byte as sent (in the LEDs'
    colour order), and the idle mA of the whole chain; ``budget_ma`` is what the chain may draw."""

    byte_ma: tuple[float, ...]
    idle_ma: float
    budget_ma: float
    _weights: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.budget_ma <= self.idle_ma:
            raise ValueError(f"LED current budget {self.budget_ma:.0f} mA is not above the chain's idle "
                             f"{self.idle_ma:.0f} mA")
        object.__setattr__(self, "_weights", tuple(ma / 255 for ma in self.byte_ma))

    @classmethod
    def for_chain(cls, models, colour_order: str, budget_ma: float) -> CurrentModel:
        """``models``: (channel_ma (R, G, B), idle_ma) per chain position, in wiring order."""
        pick = ["RGB".index(c) for c in colour_order]
        per_byte = tuple(channel[k] for channel, _ in models for k in pick)
        return cls(per_byte, sum(idle for _, idle in models), budget_ma)

    def current_ma(self, data: bytes) -> float:
        """The estimated draw of ``data`` (three bytes per LED, wiring order)."""
        return self.idle_ma + sum(map(float.__mul__, self._weights, map(float, data)))

    def limit(self, data: bytes) -> bytes:
        """``data``, scaled down just enough to stay within the budget."""
        light = self.current_ma(data) - self.idle_ma
        room = self.budget_ma - self.idle_ma
        if light <= room:
            return data
        k = room / light
        return bytes(int(v * k) for v in data)
