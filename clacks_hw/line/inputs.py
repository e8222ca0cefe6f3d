"""What a guest's board sends for its seats: its buttons' and readers' events, as on the host's
table. The host's board decides what each means (the game's board_play), exactly as for its own
buttons, so every game and mode plays over a line without a word of it here.

On the wire: ``{"press": "R3"}``, ``{"release": "R3", "held": 0.1}``, ``{"long": "BACK"}``,
``{"chord": "TURN+BACK"}`` (the guest's debouncer decides them, as the host's does for its own
pins) and ``{"tap": "J26"}`` (a card its own reader read, by name: each box has its own tags).
"""

from __future__ import annotations

from ..daemon.events import CardTap
from ..drivers.debounce import BUTTONS, ButtonEvent
from .messages import LineError

KINDS = {"press": "press", "release": "release", "long": "long_press", "chord": "chord"}
MAX_CARD = 24  # longer than any card's name


def encode(event) -> dict:
    """A button or card event of this board as the line carries it."""
    if isinstance(event, CardTap):
        return {"tap": event.card}
    if isinstance(event, ButtonEvent):
        kind = next(k for k, v in KINDS.items() if v == event.kind)
        out = {kind: event.button}
        if event.kind == "release":
            out["held"] = round(event.held_s, 3)
        return out
    raise LineError(f"{type(event).__name__} is not an input a line carries (buttons and cards only)")


def decode(data: object, now: float, reader: int | None = None):
    """The event the host's loop handles for a guest's input, timed by the host's clock; LineError
    naming what is wrong otherwise."""
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise LineError(f"a line input is one of press, release, long, chord or tap, not {str(data)[:60]}")
    if "tap" in data:
        card = data["tap"]
        if not (isinstance(card, str) and 0 < len(card) <= MAX_CARD and card.isprintable()):
            raise LineError(f"a tapped card is named by up to {MAX_CARD} printable characters, not {str(card)[:40]!r}")
        return CardTap(card, reader)
    kind = next((k for k in KINDS if k in data), None)
    if kind is None:
        raise LineError(f"a line input is one of press, release, long, chord or tap, not {sorted(data)}")
    name = data[kind]
    names = name.split("+") if kind == "chord" and isinstance(name, str) else [name]
    bad = [n for n in names if n not in BUTTONS]
    if bad:
        raise LineError(f"{kind}: {str(bad[0])[:20]!r} is not one of the board's buttons ({', '.join(BUTTONS)})")
    held = data.get("held", 0.0) if kind == "release" else 0.0
    if not (type(held) in (int, float) and 0 <= held <= 3600):
        raise LineError(f"release: held must be seconds between 0 and 3600, not {str(held)[:20]}")
    return ButtonEvent(KINDS[kind], name, now, float(held))
