"""The harness is drawn from the carrier's circuit (the config's pins, the firmware's), and the
bill of materials counts everything a maker buys from the data."""

import csv
import hashlib
import io
import json
from pathlib import Path

from clacks_hw.drivers.pi import HEADER_PIN
from clacks_hw.cards.enrolment import card_ids
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.hardware.bom import bom_csv, rows, total
from clacks_hw.hardware.harness import harness
from clacks_hw.hardware.hub_pins import firmware_pins
from clacks_hw.hardware.pcb.circuit import carrier

from .conftest import make_context

ROOT = Path(__file__).resolve().parents[2]
FOUR = {"reader.seats": ["S", "W", "N", "E"]}


def _wired(h, connector):
    """{pin: [(other end, its pin)]} for every wire that starts or ends at ``connector``."""
    out = {}
    for a, _, b in h["connections"]:
        (an, ap), (bn, bp) = next(iter(a.items())), next(iter(b.items()))
        for x, y in zip(ap, bp):
            if an == connector:
                out.setdefault(x, []).append((bn, y))
            if bn == connector:
                out.setdefault(y, []).append((an, x))
    return out


def test_every_button_reaches_its_configured_gpio_through_the_carrier(tmp_path):
    ctx = make_context(tmp_path, overrides={"buttons.pins.PLAY": 2, "buttons.pins.BACK": 3})
    c, h = carrier(ctx.hw, ctx.cfg), harness(ctx.hw, ctx.cfg, ctx.lay)
    ribbon = _wired(h, "J2")
    for name, gpio in ctx.cfg.buttons.pins:
        (ref, pin), = _wired(h, name)[1]  # the button's NO lug: one wire, to a carrier connector
        assert c.part(ref).pads[str(pin)] == f"BTN_{name}"
        assert c.part("J2").pads[str(HEADER_PIN[gpio])] == f"BTN_{name}"  # the net is on the Pi pin
        assert ribbon[HEADER_PIN[gpio]] == [("PI", HEADER_PIN[gpio])]
        (_, gnd), = _wired(h, name)[2]
        assert c.part(ref).pads[str(gnd)] == "GND"


def test_led_data_goes_through_the_shifter_and_the_resistor_to_the_first_pixel(tmp_path):
    ctx = make_context(tmp_path)
    c, h = carrier(ctx.hw, ctx.cfg), harness(ctx.hw, ctx.cfg, ctx.lay)
    assert c.part("J2").pads[str(HEADER_PIN[10])] == "DATA_SPI" == c.part("U1").pads["2"]
    assert c.part("J2").pads[str(HEADER_PIN[ctx.cfg.leds.ws281x_pin])] == "DATA_PWM" == c.part("U1").pads["5"]
    assert c.part("R1").pads == {"1": "DATA_BUF", "2": "LED_DIN"} and c.part("J4").pads["1"] == "LED_DIN"
    assert _wired(h, "J4")[1] == [("LED_lamp_0", 1)]


def test_each_reader_gets_its_chip_select_and_the_shared_lines_from_the_firmware(tmp_path):
    ctx = make_context(tmp_path, overrides=FOUR)
    c, h, fw = carrier(ctx.hw, ctx.cfg), harness(ctx.hw, ctx.cfg, ctx.lay), firmware_pins()
    pico = {**{k: c.part("J10").pads[str(k)] for k in range(1, 21)}, **{41 - k: c.part("J11").pads[str(k)] for k in range(1, 21)}}
    gp = {0: 1, 1: 2, 2: 4, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 15: 20}  # GP -> Pico pin
    assert pico[gp[fw["SCK"]]] == "SCK" and pico[gp[fw["MOSI"]]] == "MOSI" and pico[gp[fw["MISO"]]] == "MISO"
    assert pico[gp[fw["RST_PIN"]]] == "RST"
    for k, seat in enumerate("SWNE"):
        assert pico[gp[fw["CS_PINS"][k]]] == f"CS{k}"
        (ref, pin), = _wired(h, f"RC522_{seat}")[1]  # the reader's SDA (its chip select)
        assert c.part(ref).pads[str(pin)] == f"CS{k}"


def test_bom_counts_come_from_the_chain_the_readers_the_edition_and_the_assembly(tmp_path):
    ctx = make_context(tmp_path, overrides={"reader.seats": ["S", "N"], "leds.lead_pixels": 1})
    table = rows(ctx.hw, ctx.cfg, default_edition(), ctx.lay, ctx.parts)
    qty = {r[1]: r[2] for r in table}
    parts = ctx.hw.parts
    assert qty[parts["reader"]["name"]] == 2
    assert qty[parts["lamp_led"]["name"]] == 17 and qty[parts["small_led"]["name"]] == 16
    assert qty[parts["tower_button"]["name"]] == 12 and qty[parts["control_button"]["name"]] == 5
    screws = {p.name.removeprefix("bought/"): len(p.placements) for p in ctx.parts if "screw_" in p.name}
    assert screws and all(qty[parts[k]["name"]] == n for k, n in screws.items())


def test_stickers_come_in_whole_packs():
    ctx = make_context(Path("/nonexistent"))
    cards = len(card_ids(default_edition()))
    line = next(r for r in rows(ctx.hw, ctx.cfg, default_edition(), ctx.lay, ctx.parts) if r[0] == "cards")
    assert cards == 112 and line[2] == 2 and line[3] == "pack"  # 112 stickers: two packs of 100


def test_every_line_has_a_spec_a_price_and_a_source_and_the_total_adds_up(tmp_path):
    ctx = make_context(tmp_path)
    text = bom_csv(ctx.hw, ctx.cfg, default_edition(), ctx.lay, ctx.parts)
    lines = list(csv.reader(io.StringIO(text)))
    body = lines[1:-1]
    assert all(r[5].strip() and float(r[6]) >= 0 for r in body)
    assert lines[-1][0] == "total" and lines[-1][-1] == ctx.hw.parts["prices"]["date"]
    assert float(lines[-1][7]) == round(sum(float(r[7]) for r in body), 2) == total(rows(ctx.hw, ctx.cfg, default_edition(),
                                                                                            ctx.lay, ctx.parts))
    sections = {r[0] for r in body}
    assert {"electronics", "carrier", "connectors", "wire", "fasteners", "printed", "cards"} <= sections
    wire = [r for r in body if r[0] == "wire" and "AWG" in r[1]]
    assert {"16 AWG", "22 AWG", "26 AWG"} <= {r[1].split(", ")[1].split(" (")[0] for r in wire}


def test_filament_is_bought_by_colour_in_the_slicer_s_grams(tmp_path):
    ctx = make_context(tmp_path)
    manifest = json.loads((ROOT / "enclosure/stl/manifest.json").read_text())
    grams = {}
    for e in manifest.values():
        if e.get("printed") and "grams" in e:
            grams[e["filament"]] = grams.get(e["filament"], 0) + e["grams"] * e["qty"]
    lines = {r[1]: r[2] for r in rows(ctx.hw, ctx.cfg, default_edition(), ctx.lay, ctx.parts) if r[0] == "printed"}
    for key, g in grams.items():
        assert lines[f"PLA filament, {ctx.hw.board['filaments'][key]['colour']}"] == round(g)


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
