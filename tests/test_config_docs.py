"""docs/config.md and wiring/pins.md agree with the config schema and the default file."""

import json
import re
import tomllib
from pathlib import Path

from clacks_hw.config.load import load_config
from clacks_hw.config.schema import OPTIONAL_KEYS, schema_keys
from clacks_hw.drivers.pi import HEADER_PIN
from clacks_hw.hardware.pins_md import pins_md

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs/config.md").read_text()
DEFAULTS = tomllib.loads((ROOT / "clacks_hw/default_config.toml").read_text())


def default_of(key: str):
    node = DEFAULTS
    for part in key.split("."):
        node = node[part]
    return node


def toml_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(v) for v in value) + "]"
    return str(value)


def test_the_default_file_holds_every_key_but_the_derived_ones():
    for key in schema_keys():
        if key not in OPTIONAL_KEYS:
            default_of(key)  # KeyError if missing


def test_every_key_is_documented_with_its_default():
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `([a-z_0-9.A-Z]+)` \| (.+?) \|", DOC, re.M)}
    for key in schema_keys():
        assert key in rows, f"{key} is not documented in docs/config.md"
        if key not in OPTIONAL_KEYS:
            assert rows[key] == f"`{toml_text(default_of(key))}`", f"{key}: docs say {rows[key]}"
    assert set(rows) == set(schema_keys()), "docs/config.md documents keys the config does not have"


def test_wiring_doc_is_generated_from_the_config():
    assert (ROOT / "wiring/pins.md").read_text() == pins_md(load_config(check_devices=False)), "run: make build-files"


def test_wiring_doc_rows_match_the_button_pins():
    rows = re.findall(r"^\| (R\d|G\d|PREV|NEXT|TURN|PLAY|BACK) \| (\d+) \| (\d+) \|", (ROOT / "wiring/pins.md").read_text(), re.M)
    pins = dict(load_config(check_devices=False).buttons.pins)
    assert {name: int(gpio) for name, gpio, _ in rows} == pins
    assert all(HEADER_PIN[int(gpio)] == int(header) for _, gpio, header in rows)


def test_default_pins_follow_the_design():
    # wiring/pins.md: keep 0-1, 7-11, 14-15 and 18 free; 17 of the remaining 18 header GPIOs are buttons.
    pins = set(dict(load_config(check_devices=False).buttons.pins).values())
    remaining = set(range(2, 28)) - {7, 8, 9, 10, 11, 14, 15, 18}
    assert len(remaining) == 18 and len(pins) == 17 and pins < remaining


def test_klackers_one_die_option_is_in_the_config_docs():
    """It is no variant, so a reader of game.variants would look for it in vain without a word."""
    row = next(line for line in DOC.splitlines() if line.startswith("| `game.variants`"))
    comment = (ROOT / "clacks_hw/default_config.toml").read_text().split("variants = []")[0].rsplit("hands", 1)[1]
    for text in (row, comment):
        assert "one-die option is no variant" in text and "roll" in text and "6 or less" in text
