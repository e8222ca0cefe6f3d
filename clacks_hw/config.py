"""The daemon's configuration: one TOML file, validated whole before anything starts.

``load_config(path)`` merges the file over the built-in defaults (``default_config.toml``), checks
everything, and returns a frozen :class:`Config`; or raises :class:`ConfigError` whose
``problems`` list every problem found, each naming its full key (``buttons.pins.PLAY``) and the
fix. The CLI prints ``str(error)`` and exits with status 2.

Default path: ``/etc/clacks-hw/config.toml``; when that file does not exist, the built-in
defaults are used as they are.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .config_errors import ConfigError, ConfigProblem, format_problems
from .drivers.buttons import PIN_FACTORIES
from .drivers.debounce import BUTTONS, RESET_CHORD
from .drivers.frame import SEATS, TOWERS
from .game.state import HANDS, MODES, ROUTES, SEAT_SETS, VARIANTS
from .drivers.leds_ws281x import PIN_CHANNEL
from .drivers.pixel_map import COLOUR_ORDERS, GROUPS, LAMP_ORDERS

DEFAULT_PATH = Path("/etc/clacks-hw/config.toml")
BUILTIN = "<built-in defaults>"

LED_BACKENDS = ("spi", "ws281x", "virtual")
READER_TYPES = ("hub", "rdm6300", "none")
DEFAULT_BAUD = {"hub": 115200, "rdm6300": 9600, "none": 115200}
RDM6300_AUTO_PORT = "/dev/serial0"
# Modes, variants and seatings are the engine's own (GAME.md sections 5-7), never restated here.
TEAM_SEATS = tuple(SEAT_SETS.values())
HEADER_GPIOS = range(0, 28)  # BCM GPIOs on the 40-pin header
# Never suggested for a button, whatever the backend (BOARD.md): ID EEPROM, SPI0, UART, PWM.
KEEP_FREE = frozenset({0, 1, 7, 8, 9, 10, 11, 14, 15, 18})


# -- the typed result ----------------------------------------------------------------------


@dataclass(frozen=True)
class LedConfig:
    backend: str
    lamp_order: str
    chain: tuple[str, ...]
    button_order: tuple[str, ...]
    seat_order: tuple[str, ...]
    lead_pixels: int
    colour_order: str
    brightness: float
    gamma: float
    spi_device: str
    ws281x_pin: int


@dataclass(frozen=True)
class ButtonConfig:
    pins: tuple[tuple[str, int], ...]  # (name, BCM GPIO) for all 17 buttons; dict(...) it
    debounce_ms: int
    long_press_s: float
    pin_factory: str

    def pin(self, name: str) -> int:
        return dict(self.pins)[name]


@dataclass(frozen=True)
class ReaderConfig:
    type: str
    port: str  # a device path, or "auto" (hub: found by USB id)
    baud: int
    gone_after_ms: int


@dataclass(frozen=True)
class GameDefaults:
    """The game the board offers first in setup (players change it on the board)."""

    mode: str
    hands: str
    variants: tuple[str, ...]
    route: str
    seats: tuple[str, ...]  # in turn order S, W, N, E
    express_s: int
    attract_after_s: int


@dataclass(frozen=True)
class JournalConfig:
    dir: str


@dataclass(frozen=True)
class StatusConfig:
    bind: str
    port: int  # 0 = no status page


@dataclass(frozen=True)
class Config:
    leds: LedConfig
    buttons: ButtonConfig
    reader: ReaderConfig
    game: GameDefaults
    journal: JournalConfig
    status: StatusConfig
    source: str  # the file read, or "<built-in defaults>"

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        del d["source"]
        d["buttons"]["pins"] = dict(self.buttons.pins)
        return d

    @property
    def digest(self) -> str:
        """sha256 of the effective settings (not of the file's text): for the journal header."""
        text = json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


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
        return v

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
    },
    "game": {
        "mode": _choice(MODES),
        "hands": _choice(HANDS),
        "variants": _string_list(sorted({v for vs in VARIANTS.values() for v in vs})),
        "route": _choice(tuple(ROUTES)),
        "seats": _string_list(SEATS),
        "express_s": _integer(10, 600),
        "attract_after_s": _integer(10, 86_400),
    },
    "journal": {"dir": _string(absolute=True)},
    "status": {"bind": _string(), "port": _integer(0, 65_535)},
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


# -- loading ---------------------------------------------------------------------------------


def _defaults() -> dict[str, Any]:
    text = resources.files("clacks_hw").joinpath("default_config.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _read_file(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(
            str(path),
            [
                ConfigProblem(
                    str(path),
                    "file not found",
                    f"create it (see docs/config.md), or omit --config to use {DEFAULT_PATH}",
                )
            ],
        ) from None
    except OSError as e:
        raise ConfigError(
            str(path),
            [ConfigProblem(str(path), f"cannot read the file: {e.strerror}", "check its permissions")],
        ) from None
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ConfigError(
            str(path),
            [ConfigProblem(str(path), f"not UTF-8 text (byte {e.start})", "save the file as UTF-8")],
        ) from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(
            str(path),
            [
                ConfigProblem(
                    str(path),
                    f"not valid TOML: {e}",
                    "fix the syntax there (strings need double quotes; see docs/config.md)",
                )
            ],
        ) from None


def _unknown(key: str, known, problems: list[ConfigProblem]) -> None:
    prefix, _, name = key.rpartition(".")
    close = difflib.get_close_matches(name, list(known), n=1)
    where = f"{prefix}." if prefix else ""
    fix = f"did you mean {where}{close[0]}?" if close else f"remove it; known here: {', '.join(known)}"
    problems.append(ConfigProblem(key, "unknown key" if prefix else f"unknown section [{key}]", fix))


def _merge(
    base: dict, user: Mapping, schema: Mapping, prefix: str, problems: list[ConfigProblem], seen: set[str]
) -> None:
    """Overlay ``user`` on ``base`` in place, reporting keys the schema does not know."""
    for key, value in user.items():
        full = f"{prefix}{key}"
        if key not in schema:
            _unknown(full, schema, problems)
            continue
        sub = schema[key]
        if isinstance(sub, dict):
            if not isinstance(value, dict):
                what = "a section" if not prefix else "a table"
                problems.append(
                    ConfigProblem(
                        full,
                        f"expected {what}, got {_type_name(value)} {_toml(value)}",
                        f"write it as [{full}] with its keys below",
                    )
                )
                continue
            _merge(base.setdefault(key, {}), value, sub, f"{full}.", problems, seen)
        else:
            base[key] = value
            seen.add(full)


def _parse(raw: Mapping, problems: list[ConfigProblem]) -> dict[str, Any]:
    """Check each value against its checker; a bad value is reported and left out."""
    out: dict[str, Any] = {}
    for section, fields in _SCHEMA.items():
        values = out[section] = {}
        for key, spec in fields.items():
            full = f"{section}.{key}"
            given = raw.get(section, {})
            if isinstance(spec, dict):
                values[key] = {}
                for sub, check in spec.items():
                    if sub in given.get(key, {}):
                        try:
                            values[key][sub] = check(given[key][sub])
                        except _Bad as b:
                            problems.append(ConfigProblem(f"{full}.{sub}", b.message, b.fix))
            elif key in given:
                try:
                    values[key] = spec(given[key])
                except _Bad as b:
                    problems.append(ConfigProblem(full, b.message, b.fix))
    return out


def _apply_overrides(
    raw: dict, overrides: Mapping[str, Any], problems: list[ConfigProblem], seen: set[str]
) -> None:
    for dotted, value in overrides.items():
        parts = dotted.split(".")
        nested: Any = value
        for part in reversed(parts):
            nested = {part: nested}
        _merge(raw, nested, _SCHEMA, "", problems, seen)


def load_config(
    path: str | Path | None = None,
    *,
    overrides: Mapping[str, Any] | None = None,
    check_devices: bool = True,
) -> Config:
    """Load, merge over the defaults, validate. Raises ConfigError listing every problem.

    ``path`` None: ``/etc/clacks-hw/config.toml`` if it exists, else the built-in defaults.
    ``overrides``: dotted keys set after the file, e.g. ``{"leds.backend": "virtual"}`` for
    ``--virtual``. ``check_devices``: also require the SPI and serial devices to exist.
    """
    problems: list[ConfigProblem] = []
    raw = _defaults()
    if path is None and DEFAULT_PATH.exists():
        path = DEFAULT_PATH
    source = str(path) if path is not None else BUILTIN
    user_keys: set[str] = set()
    if path is not None:
        _merge(raw, _read_file(Path(path)), _SCHEMA, "", problems, user_keys)
    if overrides:
        _apply_overrides(raw, overrides, problems, user_keys)
    values = _parse(raw, problems)
    # Cross-key checks run on whatever values are sound, so one run reports everything.
    _check_pins(values, user_keys, problems)
    _check_game(values["game"], problems)
    _check_reader(values["reader"], problems)
    if check_devices:
        _check_devices(values, problems)
    if problems:
        raise ConfigError(source, problems)
    return _build(values, source)


# -- cross-key checks ------------------------------------------------------------------------


def reserved_pins(
    leds_backend: str | None, ws281x_pin: int | None, reader_type: str | None
) -> dict[int, str]:
    """GPIO -> what holds it, for the given LED backend and reader."""
    reserved = {0: "the HAT ID EEPROM (ID_SD)", 1: "the HAT ID EEPROM (ID_SC)"}
    spi = {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"}
    if leds_backend == "spi":
        reserved.update({p: f"{what}, used by the spi LED backend" for p, what in spi.items()})
    elif leds_backend == "ws281x":
        if ws281x_pin == 10:
            reserved.update(
                {p: f"{what}, used by the ws281x LED backend on GPIO10" for p, what in spi.items()}
            )
        reserved[ws281x_pin] = "the ws281x LED data line (leds.ws281x_pin)"
    if reader_type == "rdm6300":
        reserved.update({14: "the UART TX (RDM6300 reader)", 15: "the UART RX (RDM6300 reader)"})
    return reserved


def _check_pins(values: dict, user_keys: set[str], problems: list[ConfigProblem]) -> None:
    leds, pins = values["leds"], values["buttons"]["pins"]
    # A bad backend, pin or reader type was reported already; check the rest without it.
    backend, reader_type = leds.get("backend"), values["reader"].get("type")
    ws_pin = leds.get("ws281x_pin")
    if backend == "ws281x" and ws_pin is not None and ws_pin not in PIN_CHANNEL:
        problems.append(
            ConfigProblem(
                "leds.ws281x_pin",
                f"rpi-ws281x cannot drive GPIO{ws_pin}",
                f"use one of {', '.join(map(str, sorted(PIN_CHANNEL)))} (18 is the default)",
            )
        )
        ws_pin = None
    if backend == "ws281x" and ws_pin is None:
        backend = None
    reserved = reserved_pins(backend, ws_pin, reader_type)
    used = set(pins.values())
    free = [p for p in HEADER_GPIOS if p not in reserved and p not in used and p not in KEEP_FREE]
    spare = (
        f"free pins: {', '.join(f'GPIO{p}' for p in free)}"
        if free
        else "no pin is free: change the LED backend or reader"
    )
    # When two buttons share a pin, the one the user set is blamed, not the default it hit.
    order = sorted((n for n in BUTTONS if n in pins), key=lambda n: f"buttons.pins.{n}" in user_keys)
    first_user: dict[int, str] = {}
    for name in order:
        pin = pins[name]
        key = f"buttons.pins.{name}"
        if pin in reserved:
            problems.append(
                ConfigProblem(
                    key, f"GPIO{pin} is reserved for {reserved[pin]}", f"move {name} to a free pin ({spare})"
                )
            )
        elif pin in first_user:
            problems.append(
                ConfigProblem(
                    key,
                    f"GPIO{pin} is also used by buttons.pins.{first_user[pin]}",
                    f"give {name} its own pin ({spare})",
                )
            )
        else:
            first_user[pin] = name


def _check_reader(reader: dict, problems: list[ConfigProblem]) -> None:
    if reader.get("type") == "rdm6300" and reader.get("baud", 9600) != 9600:
        problems.append(
            ConfigProblem(
                "reader.baud",
                f"the RDM6300 speaks 9600 baud only, not {reader['baud']}",
                "remove reader.baud or set it to 9600",
            )
        )


def _check_game(game: dict, problems: list[ConfigProblem]) -> None:
    mode = game.get("mode")
    if mode is None:
        return
    allowed = VARIANTS[mode]
    for v in game.get("variants", ()):
        if v not in allowed:
            fix = (
                f"remove it; {mode} allows {', '.join(map(_toml, allowed))}"
                if allowed
                else f"remove it; {mode} has no variants"
            )
            problems.append(ConfigProblem("game.variants", f"{_toml(v)} is not a variant of {mode}", fix))
    if "seats" not in game:
        return
    given = list(game["seats"])
    seats = tuple(s for s in SEATS if s in given)  # turn order
    game["seats"] = seats
    if mode in ("competitive", "race") and seats not in TEAM_SEATS:
        problems.append(
            ConfigProblem(
                "game.seats",
                f"{mode} is played from {' or '.join('+'.join(t) for t in TEAM_SEATS)}, not {_toml(given)}",
                'use ["S", "N"], ["S", "W", "N"] or ["S", "W", "N", "E"]',
            )
        )
    elif mode == "solitaire" and len(seats) != 1:
        problems.append(
            ConfigProblem(
                "game.seats", f"solitaire has exactly one seat, not {_toml(given)}", 'e.g. seats = ["S"]'
            )
        )
    elif mode == "junior" and not (len(seats) == 2 and {"S", "N"} & set(seats) and {"W", "E"} & set(seats)):
        problems.append(
            ConfigProblem(
                "game.seats",
                f"junior is two players at right angles (one red seat S or N, one green W or E), not {_toml(given)}",
                'e.g. seats = ["S", "W"]',
            )
        )


def _check_devices(values: dict, problems: list[ConfigProblem]) -> None:
    leds, reader = values["leds"], values["reader"]
    if leds.get("backend") == "spi" and "spi_device" in leds and not Path(leds["spi_device"]).exists():
        problems.append(
            ConfigProblem(
                "leds.spi_device",
                f"{leds['spi_device']} does not exist",
                "enable SPI (dtparam=spi=on in /boot/firmware/config.txt, or: sudo raspi-config nonint do_spi 0) and reboot; "
                'or set leds.backend = "virtual" to run without LEDs',
            )
        )
    rtype, port = reader.get("type"), reader.get("port")
    if rtype is None or port is None:
        return
    if rtype == "rdm6300" and port == "auto":
        port = RDM6300_AUTO_PORT
    if rtype != "none" and port != "auto" and not Path(port).exists():
        problems.append(
            ConfigProblem("reader.port", f"serial device {port} does not exist", _port_fix(rtype))
        )


def _port_fix(reader_type: str) -> str:
    try:
        from serial.tools import list_ports

        found = sorted(p.device for p in list_ports.comports())
    except Exception:  # pyserial missing or the platform cannot list ports
        found = []
    listing = f"ports found now: {', '.join(found)}" if found else "no serial ports found now"
    if reader_type == "rdm6300":
        return (
            "enable the UART (enable_uart=1, serial console off: sudo raspi-config nonint do_serial_cons 1)"
            f" or set reader.port; {listing}"
        )
    return f'plug the reader hub in, or set reader.port (prefer /dev/serial/by-id/...) or "auto"; {listing}'


def _build(v: dict, source: str) -> Config:
    r = v["reader"]
    port = r["port"]
    if r["type"] == "rdm6300" and port == "auto":
        port = RDM6300_AUTO_PORT
    pins = v["buttons"]["pins"]
    return Config(
        leds=LedConfig(**v["leds"]),
        buttons=ButtonConfig(
            pins=tuple((name, pins[name]) for name in BUTTONS),
            debounce_ms=v["buttons"]["debounce_ms"],
            long_press_s=v["buttons"]["long_press_s"],
            pin_factory=v["buttons"]["pin_factory"],
        ),
        reader=ReaderConfig(
            type=r["type"],
            port=port,
            baud=r.get("baud", DEFAULT_BAUD[r["type"]]),
            gone_after_ms=r["gone_after_ms"],
        ),
        game=GameDefaults(**v["game"]),
        journal=JournalConfig(**v["journal"]),
        status=StatusConfig(**v["status"]),
        source=source,
    )


__all__ = [
    "BUILTIN",
    "DEFAULT_PATH",
    "ButtonConfig",
    "Config",
    "ConfigError",
    "ConfigProblem",
    "GameDefaults",
    "JournalConfig",
    "LedConfig",
    "ReaderConfig",
    "RESET_CHORD",
    "StatusConfig",
    "format_problems",
    "load_config",
    "reserved_pins",
    "schema_keys",
]
