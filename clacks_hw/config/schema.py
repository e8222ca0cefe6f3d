"""The config file's schema: every key, what it may hold, and the value checkers.

Each checker returns the parsed value or raises ``_Bad``; ``config.load_config`` names the key.
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

from ..drivers.buttons import PIN_FACTORIES
from ..drivers.debounce import BUTTONS
from ..drivers.frame import SEATS, TOWERS
from ..drivers.pixel_map import COLOUR_ORDERS, GROUPS, LAMP_ORDERS
from ..game.clacks.state import ROUTES
from ..hardware.power import PI_MODELS
from ..game.core.registry import board_modes, printed_boxes, variants
from ..game.core.table import HANDS

LED_BACKENDS = ("spi", "ws281x", "virtual")
READER_TYPES = ("hub", "rdm6300", "none")
HINTS = ("auto", "on", "off")  # game.hints (daemon/board_parts.py hints_on)
DEFAULT_BAUD = {"hub": 115200, "rdm6300": 9600, "none": 115200}
RDM6300_AUTO_PORT = "/dev/serial0"
# Modes, variants and seatings are the engine's own (docs/rules.md, docs/coop.md), never restated here.
HEADER_GPIOS = range(0, 28)  # BCM GPIOs on the 40-pin header
# Never suggested for a button, whatever the backend (wiring/pins.md): ID EEPROM, SPI0, UART, PWM.
KEEP_FREE = frozenset({0, 1, 7, 8, 9, 10, 11, 14, 15, 18})


# -- problems (ConfigProblem and ConfigError live in config_errors) ----------------------------


class _Bad(Exception):
    """One checker's verdict on one value, before it knows its key."""

    def __init__(self, message: str, fix: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.fix = fix


def _toml(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def _type_name(value: Any) -> str:
    return {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)


# -- value checkers: each returns the parsed value or raises _Bad ----------------------------


def _choice(options):
    def check(v):
        if not isinstance(v, str):
            raise _Bad(
                f"expected a string, got {_type_name(v)} {_toml(v)}",
                f"use one of {', '.join(map(_toml, options))}",
            )
        if v not in options:
            close = difflib.get_close_matches(v, options, n=1)
            hint = f"did you mean {_toml(close[0])}? " if close else ""
            raise _Bad(
                f"{_toml(v)} is not one of {', '.join(map(_toml, options))}",
                f"{hint}use one of {', '.join(map(_toml, options))}",
            )
        return v

    return check


def _integer(lo, hi):
    def check(v):
        if type(v) is not int:
            raise _Bad(
                f"expected an integer, got {_type_name(v)} {_toml(v)}",
                f"write a whole number from {lo} to {hi}",
            )
        if not lo <= v <= hi:
            raise _Bad(f"{v} is out of range", f"use a value from {lo} to {hi}")
        return v

    return check


def _number(lo, hi):
    def check(v):
        if type(v) not in (int, float):
            raise _Bad(
                f"expected a number, got {_type_name(v)} {_toml(v)}", f"write a number from {lo} to {hi}"
            )
        if not lo <= v <= hi:
            raise _Bad(f"{v} is out of range", f"use a value from {lo} to {hi}")
        return float(v)

    return check


def _string(nonempty=True, absolute=False):
    def check(v):
        if not isinstance(v, str):
            raise _Bad(f"expected a string, got {_type_name(v)} {_toml(v)}", "put the value in double quotes")
        if nonempty and not v.strip():
            raise _Bad("must not be empty", "give a value")
        if absolute and not v.startswith("/"):
            raise _Bad(f"{_toml(v)} is not an absolute path", "write a path starting with /")
        if absolute and any(part in ("", ".", "..") for part in v.rstrip("/").split("/")[1:]):
            # systemd refuses such a path in ReadWritePaths=, and ".." can leave the folder meant.
            raise _Bad(f"{_toml(v)} has an empty, '.' or '..' part",
                       "write the plain path, e.g. /var/lib/clacks-hw (no //, /./ or /../)")
        return v

    return check


def _host_list():
    def check(v):
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise _Bad(f"expected a list of host names, got {_type_name(v)} {_toml(v)}",
                       'e.g. ["clacks.local", "board1.hall.example"]')
        bad = [x for x in v if not re.fullmatch(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,252})", x)]
        if bad:
            raise _Bad(f"{', '.join(map(_toml, bad))} is not a host name",
                       "give names only (letters, digits, dots, hyphens), no scheme, port or path")
        return tuple(x.lower() for x in v)

    return check


def _token():
    def check(v):
        if not isinstance(v, str):
            raise _Bad(f"expected a string, got {_type_name(v)} {_toml(v)}", "put the token in double quotes")
        if v and not re.fullmatch(r"[A-Za-z0-9_-]{16,128}", v):
            raise _Bad("must be 16 to 128 letters, digits, '-' or '_'",
                       "leave it empty (\"\") and let `clacks-hw install-service` make one, "
                       "or use e.g. `python3 -c 'import secrets; print(secrets.token_urlsafe(24))'`")
        return v

    return check


def _topic_word():
    def check(v):
        if not isinstance(v, str):
            raise _Bad(f"expected a string, got {_type_name(v)} {_toml(v)}", "put the value in double quotes")
        if v and not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", v):
            raise _Bad(f"{_toml(v)} cannot be part of an MQTT topic",
                       "use 1-64 letters, digits, '-' or '_' (no '/', '+', '#' or spaces)")
        return v

    return check


def _flag():
    def check(v):
        if not isinstance(v, bool):
            raise _Bad(f"expected true or false, got {_type_name(v)} {_toml(v)}", "write true or false (no quotes)")
        return v

    return check


def _key(what):
    def check(v):
        from ..mqtt.signing import BadKey, key_bytes  # the key's own check, where keys are made

        if not isinstance(v, str):
            raise _Bad(f"expected a string, got {_type_name(v)} {_toml(v)}", "put the key in double quotes")
        if v:
            try:
                key_bytes(v)
            except BadKey as exc:
                raise _Bad(str(exc).replace("key must", "must"),
                           f"copy {what} from the block `clacks-hw hall setup` wrote, or leave it \"\"") from None
        return v

    return check


def _optional_path():
    absolute = _string(absolute=True)

    def check(v):
        return absolute(v) if v != "" else v

    return check


def _edition_path(box):
    def check(v):
        if not isinstance(v, str):
            raise _Bad(f"expected a string, got {_type_name(v)} {_toml(v)}",
                       f'give the full path of your {box.title} edition in double quotes, or "" for the one it ships')
        if v and not v.startswith("/"):
            raise _Bad(f"{_toml(v)} is not an absolute path",
                       f"write the full path, starting with / (e.g. {_toml('/etc/clacks-hw/' + box.name + '-box.toml')})")
        return v

    return check


def _editions() -> dict:
    """One key per game whose box an owner may type in (its GameBox reads an edition file)."""
    return {box.name: _edition_path(box) for box in printed_boxes() if box.open_edition is not None}


def _computer():
    def check(v):
        from ..game.core.computer import ComputerError, parse_computer

        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list):
            raise _Bad(f"expected a list of seats, got {_type_name(v)} {_toml(v)}",
                       'e.g. ["E:strong"] or ["W", "E:easy"]; [] for people at every seat')
        try:
            return parse_computer(v)
        except ComputerError as exc:
            raise _Bad(str(exc), 'write each seat as "E" or "E:strong" (easy, normal or strong), '
                                 'e.g. ["E:strong"]') from None

    return check


def _string_list(options, permutation=False):
    def check(v):
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise _Bad(
                f"expected a list of strings, got {_type_name(v)} {_toml(v)}", f"e.g. {_toml(list(options))}"
            )
        unknown = [x for x in v if x not in options]
        if unknown:
            raise _Bad(
                f"{', '.join(map(_toml, unknown))} not allowed", f"use only {', '.join(map(_toml, options))}"
            )
        dupes = sorted({x for x in v if v.count(x) > 1})
        if dupes:
            raise _Bad(f"{', '.join(map(_toml, dupes))} listed twice", "list each once")
        if permutation and len(v) != len(options):
            missing = [x for x in options if x not in v]
            raise _Bad(
                f"{', '.join(map(_toml, missing))} missing",
                f"list all of {_toml(list(options))} in your wiring order",
            )
        return tuple(v)

    return check


_SCHEMA: dict[str, dict[str, Any]] = {
    "leds": {
        "backend": _choice(LED_BACKENDS),
        "lamp_order": _choice(LAMP_ORDERS),
        "chain": _string_list(GROUPS, permutation=True),
        "button_order": _string_list(TOWERS, permutation=True),
        "seat_order": _string_list(SEATS, permutation=True),
        "lead_pixels": _integer(0, 16),
        "colour_order": _choice(COLOUR_ORDERS),
        "brightness": _number(0.0, 1.0),
        "gamma": _number(1.0, 4.0),
        "spi_device": _string(absolute=True),
        "ws281x_pin": _integer(0, 27),
        "supply_a": _number(0.5, 50.0),
        "pi": _choice(tuple(PI_MODELS)),
    },
    "buttons": {
        "debounce_ms": _integer(1, 500),
        "long_press_s": _number(0.5, 30.0),
        "pin_factory": _choice(PIN_FACTORIES),
        "pins": {name: _integer(HEADER_GPIOS.start, HEADER_GPIOS.stop - 1) for name in BUTTONS},
    },
    "reader": {
        "type": _choice(READER_TYPES),
        "port": _string(),
        "baud": _integer(1200, 4_000_000),
        "gone_after_ms": _integer(50, 10_000),
        "seats": _string_list(SEATS),
    },
    "game": {
        "mode": _choice(board_modes()),  # the board's set-up menu starts on it: a game the board runs
        "hands": _choice(HANDS),
        "variants": _string_list(sorted({v for vs in variants().values() for v in vs})),
        "route": _choice(tuple(ROUTES)),
        "first": _choice(("",) + tuple(SEATS)),
        "seats": _string_list(SEATS),
        "express_s": _integer(10, 600),
        "attract_after_s": _integer(10, 86_400),
        "computer": _computer(),
        "computer_pace_s": _number(0.0, 30.0),
        "reaction_window_s": _number(0.0, 30.0),
        "hints": _choice(HINTS),
    },
    "editions": _editions(),  # the owner's own edition of a game's box (config/editions.py)
    "journal": {"dir": _string(absolute=True)},
    "status": {"bind": _string(), "port": _integer(0, 65_535), "hosts": _host_list(),
               "admin_token": _token(), "max_per_address": _integer(1, 100_000)},
    "mqtt": {"host": _string(nonempty=False), "port": _integer(1, 65_535), "board_id": _topic_word(),
             "username": _string(nonempty=False), "password": _string(nonempty=False),
             "keepalive_s": _integer(2, 600), "queue": _integer(1, 10_000),
             "key": _key("the board's key"), "hall_key": _key("the hall's key"), "tls": _flag(),
             "ca_file": _optional_path()},
}
OPTIONAL_KEYS = frozenset({"reader.baud"})  # defaults depend on another key


def schema_keys() -> list[str]:
    """Every dotted key the file may hold (for docs and tests)."""
    out = []
    for section, fields in _SCHEMA.items():
        for key, spec in fields.items():
            if isinstance(spec, dict):
                out.extend(f"{section}.{key}.{sub}" for sub in spec)
            else:
                out.append(f"{section}.{key}")
    return out
