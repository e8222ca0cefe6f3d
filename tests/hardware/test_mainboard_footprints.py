"""Every pad of every footprint the circuit board uses is either given a net by its kind's
`pins` map or declared unconnected (`nc`): a pin map cannot silently miss a pad (a USB-C
receptacle has four VBUS and four GND pads), nor name one the footprint does not have."""

import pytest

from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.mainboard.data import load_mainboard
from clacks_hw.hardware.pcb.kicad_lib import LIBRARY, footprint

from ..support.tools import unavailable

KINDS = load_mainboard()["kind"]
LIBRARY_KINDS = sorted(k for k, v in KINDS.items() if not v["footprint"].startswith("clacks:"))


def named_pads(kind: str) -> set:
    try:
        f = footprint(KINDS[kind]["footprint"])
    except HardwareError as exc:
        if not LIBRARY.is_dir():
            unavailable(f"KiCad's footprint library is not at {LIBRARY}", "install Debian's kicad-footprints package")
        raise AssertionError(f"{kind}: {exc}") from None
    return {p.name for p in f.pads if p.name}


@pytest.mark.parametrize("kind", LIBRARY_KINDS)
def test_the_pin_map_covers_every_pad_of_the_footprint(kind):
    k = KINDS[kind]
    pads = named_pads(kind)
    mapped = set(k["pins"].values()) if "pins" in k else pads  # sockets and headers: pads by number
    assert mapped | set(k.get("nc", [])) == pads, (
        f"{kind} ({k['footprint']}): pads without a job {sorted(pads - mapped - set(k.get('nc', [])))}, "
        f"jobs on no pad {sorted(mapped - pads)}")


def test_the_projects_own_footprints_are_few_and_named():
    own = sorted(k for k, v in KINDS.items() if v["footprint"].startswith("clacks:"))
    assert own == ["ptc", "socket"]  # made with the routing: KiCad 6's library has neither
