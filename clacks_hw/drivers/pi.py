"""Which Raspberry Pi (if any) this is, read from the device tree and /proc/cpuinfo.

Used to refuse the ws281x backend on boards where rpi-ws281x would crash the process, and by
``clacks-hw doctor``. The file system root is a parameter so tests can fake any board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# SoC -> Pi generation. 2835: Pi 1, Zero; 2836: Pi 2; 2837: Pi 3, Zero 2; 2711: Pi 4, 400,
# CM4; 2712: Pi 5, 500, CM5.
_SOC_GENERATION = {"bcm2835": 1, "bcm2836": 2, "bcm2837": 3, "bcm2711": 4, "bcm2712": 5}
# New-style revision codes carry the processor in bits 12-15 (Raspberry Pi documentation,
# "Raspberry Pi revision codes").
_REVISION_PROCESSOR = {0: "bcm2835", 1: "bcm2836", 2: "bcm2837", 3: "bcm2711", 4: "bcm2712"}
# Generation named in a model string: "Raspberry Pi 4 Model B", "Raspberry Pi Zero 2 W", ...
_MODEL_PATTERNS = (
    (re.compile(r"Zero 2"), 3),
    (re.compile(r"Zero"), 1),
    (re.compile(r"Raspberry Pi (?:Compute Module )?([1-5])\b"), None),
    (re.compile(r"Raspberry Pi ([45])00\b"), None),  # Pi 400 / 500 keyboards
    (re.compile(r"Raspberry Pi (?:Compute Module|Model [AB])\b"), 1),
)

WS281X_GENERATIONS = (1, 2, 3, 4)


@dataclass(frozen=True)
class BoardInfo:
    model: str  # as the firmware names it, or "" when unknown
    soc: str  # e.g. "bcm2711", or "" when unknown
    generation: int | None  # 1..5 for a Raspberry Pi, None otherwise

    @property
    def is_pi(self) -> bool:
        return self.generation is not None

    @property
    def ws281x_supported(self) -> bool:
        """rpi-ws281x drives Pi 1-4 only; on a Pi 5 or a PC it fails or segfaults."""
        return self.generation in WS281X_GENERATIONS

    def describe(self) -> str:
        if not self.is_pi:
            return f"not a Raspberry Pi ({self.model or 'unknown machine'})"
        soc = f", {self.soc.upper()}" if self.soc else ""
        return f"{self.model or 'Raspberry Pi'} (generation {self.generation}{soc})"


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace").replace("\0", "\n")
    except OSError:
        return ""


def _generation_from_model(model: str) -> int | None:
    if "Raspberry Pi" not in model:
        return None
    for pattern, generation in _MODEL_PATTERNS:
        m = pattern.search(model)
        if m:
            return generation if generation is not None else int(m.group(1))
    return None


def _soc_from_cpuinfo(cpuinfo: str) -> str:
    m = re.search(r"^Revision\s*:\s*([0-9a-fA-F]+)\s*$", cpuinfo, re.MULTILINE)
    if not m:
        return ""
    code = int(m.group(1), 16)
    if code & (1 << 23):  # new-style code
        return _REVISION_PROCESSOR.get((code >> 12) & 0xF, "")
    return "bcm2835"  # old-style codes were only ever used for the Pi 1


def detect_board(root: str | Path = "/") -> BoardInfo:
    """Read ``<root>/proc/device-tree/{model,compatible}`` and ``<root>/proc/cpuinfo``."""
    root = Path(root)
    model = _read(root / "proc/device-tree/model").strip()
    compatible = _read(root / "proc/device-tree/compatible").split()
    cpuinfo = _read(root / "proc/cpuinfo")
    if not model:
        m = re.search(r"^Model\s*:\s*(.+)$", cpuinfo, re.MULTILINE)
        model = m.group(1).strip() if m else ""
    soc = next((c.split(",", 1)[1] for c in compatible if c.split(",", 1)[-1] in _SOC_GENERATION), "")
    if not soc and "Raspberry Pi" in model:
        soc = _soc_from_cpuinfo(cpuinfo)
    generation = _SOC_GENERATION.get(soc) if "Raspberry Pi" in model or soc else None
    if generation is None:
        generation = _generation_from_model(model)
    return BoardInfo(model=model, soc=soc, generation=generation)


# BCM GPIO -> physical pin on the 40-pin header (the same on every 40-pin Pi).
HEADER_PIN = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19,
    9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35,
    16: 36, 26: 37, 20: 38, 21: 40,
}
GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)
POWER_PINS = {"3V3": (1, 17), "5V": (2, 4)}
