"""The harness and the bill of materials are drawn from the pin map, the chain, the readers
and the edition."""

import csv
import hashlib
import io
import json
from pathlib import Path

from clacks_hw.drivers.pi import HEADER_PIN
from clacks_hw.enrolment import card_ids
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.hardware.bom import bom_csv, rows, total
from clacks_hw.hardware.harness import firmware_pins, harness

from .conftest import make_context

ROOT = Path(__file__).resolve().parents[2]


def _wired(h, connector):
    """{pin: other end} for every connection that starts or ends at ``connector``."""
    out = {}
    for a, _, b in h["connections"]:
        (an, ap), (bn, bp) = next(iter(a.items())), next(iter(b.items()))
        for x, y in zip(ap, bp):
            if an == connector:
                out.setdefault(x, []).append((bn, y))
            if bn == connector:
                out.setdefault(y, []).append((an, x))
    return out


def test_every_button_is_wired_from_its_configured_header_pin_and_a_ground(tmp_path):
    ctx = make_context(tmp_path, overrides={"buttons.pins.PLAY": 2})
    h = harness(ctx.hw, ctx.cfg)
    for name, gpio in ctx.cfg.buttons.pins:
        ends = _wired(h, name)
        assert ends[1] == [("PI", HEADER_PIN[gpio])], name
        assert ends[2][0][0] == "PI" and h["connectors"]["PI"]["pinlabels"][
            h["connectors"]["PI"]["pins"].index(ends[2][0][1])] == "GND"
    assert ("PLAY", 1) in _wired(h, "PI")[HEADER_PIN[2]]


def test_led_data_goes_through_the_shifter_and_resistor_and_power_through_fuse_and_capacitor(tmp_path):
    ctx = make_context(tmp_path)
    h = harness(ctx.hw, ctx.cfg)
    assert _wired(h, "SHIFT")[2] == [("PI", HEADER_PIN[10])]
    assert _wired(h, "RES")[1] == [("SHIFT", 3)] and _wired(h, "LAMPS")[2] == [("RES", 2)]
    assert _wired(h, "FUSE")[1] == [("JACK", 1)] and ("CAP", 1) in _wired(h, "FUSE")[2]
    assert {("LAMPS", 1), ("INJECT", 1), ("PI", 2), ("PI", 4), ("SHIFT", 14)} <= set(_wired(h, "CAP")[1])
    assert _wired(h, "PI_USB")[1] == [("PICO_USB", 1)]


def test_each_reader_gets_its_own_chip_select_from_the_firmware(tmp_path):
    ctx = make_context(tmp_path, overrides={"reader.seats": ["S", "W", "N", "E"]})
    h = harness(ctx.hw, ctx.cfg)
    fw = firmware_pins()
    labels = h["connectors"]["PICO"]["pinlabels"]
    for k, seat in enumerate("SWNE"):
        sda = _wired(h, f"RC522_{seat}")[1]  # the board's SDA is its chip select
        assert labels[sda[0][1] - 1] == f"GP{fw['CS_PINS'][k]} CS{k}"
        assert labels[_wired(h, f"RC522_{seat}")[2][0][1] - 1] == f"GP{fw['SCK']} SCK"


def test_bom_quantities_come_from_the_chain_the_readers_and_the_edition(tmp_path):
    ctx = make_context(tmp_path, overrides={"reader.seats": ["S", "N"], "leds.lead_pixels": 1})
    table = {r[0]: r[1] for r in rows(ctx.hw, ctx.cfg, default_edition())}
    parts = ctx.hw.parts
    assert table[parts["reader"]["name"]] == 2
    assert table[parts["lamp_led"]["name"]] == 17
    assert table[parts["small_led"]["name"]] == 16
    assert table[parts["tower_button"]["name"]] == 12 and table[parts["control_button"]["name"]] == 5
    assert table[parts["tag"]["name"]] == len(card_ids(default_edition()))


def test_bom_total_is_the_sum_of_its_lines(tmp_path):
    ctx = make_context(tmp_path)
    lines = list(csv.reader(io.StringIO(bom_csv(ctx.hw, ctx.cfg, default_edition()))))
    assert lines[-1][0] == "total"
    assert float(lines[-1][5]) == round(sum(float(r[1]) * float(r[4]) for r in lines[1:-1]), 2)
    assert total(rows(ctx.hw, ctx.cfg, default_edition())) == float(lines[-1][5])


def test_the_committed_harness_drawing_comes_from_the_committed_source():
    source = (ROOT / "wiring/harness.yaml").read_text()
    assert json.loads((ROOT / "wiring/renders.json").read_text())["harness.yaml"] == \
        hashlib.sha256(source.encode()).hexdigest(), "run: make build-files"
    assert (ROOT / "wiring/harness.svg").read_text().count("<svg") == 1
    assert (ROOT / "wiring/harness.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_led_chain_drawing_follows_the_configured_order(tmp_path):
    from clacks_hw.hardware.led_chain import chain_points
    ctx = make_context(tmp_path, overrides={"leds.lamp_order": "serpentine", "leds.chain": ["buttons", "lamps", "seats"],
                                            "leds.lead_pixels": 1})
    pts = chain_points(ctx.lay, ctx.cfg)
    assert [p[0] for p in pts] == list(range(1, 33))  # position 0 is the dark lead pixel
    assert [p[1] for p in pts[:2]] == ["R1", "R2"]
    names = [p[1] for p in pts[12:20]]
    assert names == [f"lamp {i}" for i in (0, 1, 2, 3, 7, 6, 5, 4)]
