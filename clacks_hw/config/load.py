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
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .checks import (
    _check_devices,
    _check_game,
    _check_pins,
    _check_reader,
    _check_supply,
    reserved_pins,
)
from .editions import edition_problems
from .errors import ConfigError, ConfigProblem, format_problems
from .schema import (
    _SCHEMA,
    DEFAULT_BAUD,
    RDM6300_AUTO_PORT,
    _Bad,
    _toml,
    _type_name,
)
from ..drivers.debounce import BUTTONS, RESET_CHORD
from ..base.regular_file import NotRegular, TooLarge, read_regular
from ..base.unsafe_chars import first_unsafe, toml_key

DEFAULT_PATH = Path("/etc/clacks-hw/config.toml")
BUILTIN = "<built-in defaults>"

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
    supply_a: float = 3.0  # the 5 V supply's rating (hardware/power.py: the LEDs get what the board leaves)
    pi: str = "zero-2-w"  # the Pi on the board: its draw is reserved before the LEDs'


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
    seats: tuple[str, ...] = ()  # seat of each reader, in reader order; () = one shared reader


@dataclass(frozen=True)
class GameDefaults:
    """The game the board offers first in setup (players change it on the board)."""

    mode: str
    hands: str
    variants: tuple[str, ...]
    route: str
    first: str  # race: the seat nearest Ankh-Morpork, who starts ("" = the first seat)
    seats: tuple[str, ...]  # in turn order S, W, N, E
    express_s: int
    attract_after_s: int
    computer: dict = field(default_factory=dict)  # seat -> strength of the computer playing it
    computer_pace_s: float = 1.5  # seconds a computer player takes over each action
    reaction_window_s: float = 3.0  # then how long it waits for a person's Fault Report card (0: not)
    hints: str = "auto"  # placement hints: "auto" (the game's own answer: off in scored games), "on", "off"


@dataclass(frozen=True)
class JournalConfig:
    dir: str


@dataclass(frozen=True)
class StatusConfig:
    bind: str
    port: int  # 0 = no status page
    hosts: tuple[str, ...] = ()  # host names the page answers to besides IPs and this machine's
    admin_token: str = ""  # "": the one install-service wrote to the journal dir, if any
    max_per_address: int = 64  # open connections from one address (IPv6: one /64)


@dataclass(frozen=True)
class MqttConfig:
    host: str = ""  # "": no MQTT
    port: int = 1883
    board_id: str = ""  # "": this machine's name
    username: str = ""
    password: str = ""
    keepalive_s: int = 3  # the broker declares the board offline after 1.5x this without a word
    queue: int = 64  # messages paho holds for the broker; results beyond wait in the outbox
    key: str = ""  # the board's private signing key ("": one it makes in journal.dir/mqtt-key)
    hall_key: str = ""  # the hall's public key, which signs its receipts
    tls: bool = False
    ca_file: str = ""  # TLS: the authority that signed the broker's certificate ("": the system's)


@dataclass(frozen=True)
class Config:
    leds: LedConfig
    buttons: ButtonConfig
    reader: ReaderConfig
    game: GameDefaults
    journal: JournalConfig
    status: StatusConfig
    mqtt: MqttConfig
    source: str  # the file read, or "<built-in defaults>"
    # (game box name, path of the owner's own edition of it; "": the one it ships), [editions]
    editions: tuple[tuple[str, str], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        del d["source"]
        d["buttons"]["pins"] = dict(self.buttons.pins)
        d["editions"] = dict(self.editions)
        return d

    @property
    def digest(self) -> str:
        """sha256 of the effective settings (not of the file's text): for the journal header."""
        text = json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


# -- loading ---------------------------------------------------------------------------------


def _defaults() -> dict[str, Any]:
    text = resources.files("clacks_hw").joinpath("default_config.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


MAX_BYTES = 1 << 20  # a config is a few kilobytes; more is not a config (say, /dev/zero)
TOO_LARGE = (f"larger than {MAX_BYTES // 1024} KiB: not a configuration file",
             "give the path of the TOML config (a few kilobytes; see docs/config.md)")


def _fail(path: str | Path, problem: str, fix: str) -> ConfigError:
    return ConfigError(str(path), [ConfigProblem(str(path), problem, fix)])


def _read_bytes(path: Path) -> bytes:
    """The file's bytes: only a regular file, at most MAX_BYTES (regular_file.py)."""
    try:
        return read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise _fail(path, "file not found",
                    f"create it (see docs/config.md), or omit --config to use {DEFAULT_PATH}") from None
    except NotRegular:
        raise _fail(path, "not a regular file (a directory, device or pipe)",
                    "give the path of the TOML file itself") from None
    except TooLarge:
        raise _fail(path, *TOO_LARGE) from None
    except OSError as e:
        raise _fail(path, f"cannot read the file: {e.strerror}", "check its permissions") from None


def _decode(data: bytes, path: str | Path) -> dict[str, Any]:
    """The TOML table in ``data``; every way it cannot be read is a ConfigError naming ``path``."""
    if len(data) > MAX_BYTES:
        raise _fail(path, *TOO_LARGE)
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise _fail(path, f"not UTF-8 text (byte {e.start})", "save the file as UTF-8") from None
    except tomllib.TOMLDecodeError as e:
        raise _fail(path, f"not valid TOML: {e}",
                    "fix the syntax there (strings need double quotes; see docs/config.md)") from None
    except RecursionError:
        raise _fail(path, "arrays or tables nested too deeply",
                    "a config nests at most two levels (see docs/config.md)") from None
    except ValueError as e:  # e.g. an integer with thousands of digits
        raise _fail(path, f"a value cannot be read: {e}", "use the values docs/config.md gives") from None


def _controls(value, depth: int = 0) -> str | None:
    """The first character a string of ``value`` may not hold (lists searched), described."""
    if isinstance(value, str):
        return first_unsafe(value)
    if isinstance(value, list) and depth < 4:
        return next((f for f in (_controls(v, depth + 1) for v in value) if f), None)
    return None


def _unknown(prefix: str, name: str, known, problems: list[ConfigProblem]) -> None:
    """``prefix``: the dotted path of the table holding the key ("" or ending in a dot)."""
    close = difflib.get_close_matches(name, list(known), n=1)
    fix = f"did you mean {prefix}{close[0]}?" if close else f"remove it; known here: {', '.join(known)}"
    key = f"{prefix}{toml_key(name)}"
    problems.append(ConfigProblem(key, "unknown key" if prefix else f"unknown section [{key}]", fix))


def _merge(
    base: dict, user: Mapping, schema: Mapping, prefix: str, problems: list[ConfigProblem], seen: set[str]
) -> None:
    """Overlay ``user`` on ``base`` in place, reporting keys the schema does not know."""
    for key, value in user.items():
        full = f"{prefix}{toml_key(key)}"
        if key not in schema:
            _unknown(prefix, key, schema, problems)
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
        elif (ctrl := _controls(value)) is not None:
            # No path, address or name holds one: a NUL would crash the OS calls it reaches, a line
            # break (U+2028 too) would start a new line wherever the value is written out.
            problems.append(ConfigProblem(full, f"contains {ctrl}",
                                          "write it as plain text on one line"))
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
    if path is None and DEFAULT_PATH.exists():
        path = DEFAULT_PATH
    if path is None:
        return _load(None, BUILTIN, overrides, check_devices, True)
    return _load(_decode(_read_bytes(Path(path)), path), str(path), overrides, check_devices, True)


def parse_config(
    data: bytes,
    source: str = "<config>",
    *,
    overrides: Mapping[str, Any] | None = None,
    check_devices: bool = False,
) -> Config:
    """``load_config`` of a file's bytes (``source`` names it in messages): pure unless
    ``check_devices`` (then the owners' editions it names are read too). A :class:`Config`, or a ConfigError listing every problem; never
    another exception, whatever the bytes (the entry point the fuzzing harness drives)."""
    return _load(_decode(data, source), source, overrides, check_devices, check_devices)


def _load(user: dict[str, Any] | None, source: str, overrides, check_devices: bool, check_files: bool) -> Config:
    problems: list[ConfigProblem] = []
    raw = _defaults()
    user_keys: set[str] = set()
    if user is not None:
        _merge(raw, user, _SCHEMA, "", problems, user_keys)
    if overrides:
        _apply_overrides(raw, overrides, problems, user_keys)
    game = raw.get("game")
    if isinstance(game, dict) and isinstance(game.get("mode"), str):
        from ..game.core.registry import canonical

        game["mode"] = canonical(game["mode"])  # a mode's old name ("junior") still reads
    values = _parse(raw, problems)
    # Cross-key checks run on whatever values are sound, so one run reports everything.
    _check_pins(values, user_keys, problems)
    _check_game(values["game"], problems)
    _check_reader(values["reader"], problems)
    _check_supply(values["leds"], problems)
    if check_devices:
        _check_devices(values, problems)
    if check_files:  # an owner's edition it names is read whole now: a bad one is a config error
        problems.extend(edition_problems(values["editions"]))
    if problems:
        raise ConfigError(source, problems)
    return _build(values, source)


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
            seats=tuple(r["seats"]),
        ),
        game=GameDefaults(**v["game"]),
        journal=JournalConfig(**v["journal"]),
        status=StatusConfig(**v["status"]),
        mqtt=MqttConfig(**v["mqtt"]),
        source=source,
        editions=tuple(v["editions"].items()),
    )


__all__ = [
    "BUILTIN", "DEFAULT_PATH", "ButtonConfig", "Config", "ConfigError", "ConfigProblem", "GameDefaults",
    "JournalConfig", "LedConfig", "MqttConfig", "ReaderConfig", "RESET_CHORD", "StatusConfig",
    "format_problems", "load_config", "parse_config", "reserved_pins",
]
