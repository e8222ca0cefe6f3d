"""Checks across keys: pins used twice or reserved by the LED backend, the reader's port,
the game defaults against the engine's modes, devices that must exist."""

from __future__ import annotations

from pathlib import Path

from .errors import ConfigProblem
from .schema import (
    HEADER_GPIOS,
    KEEP_FREE,
    RDM6300_AUTO_PORT,
    _toml,
)
from ..drivers.debounce import BUTTONS
from ..drivers.frame import SEATS
from ..drivers.leds_ws281x import PIN_CHANNEL
from ..game.core.registry import game_for

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
    seats = reader.get("seats", ())
    if reader.get("type") == "rdm6300" and len(seats) > 1:
        problems.append(ConfigProblem(
            "reader.seats", f"the RDM6300 is one reader; it can sit at one seat, not {len(seats)}",
            'use at most one seat, e.g. seats = ["S"], or [] for a shared reader'))
    if reader.get("type") == "none" and seats:
        problems.append(ConfigProblem("reader.seats", "reader.type is none: there is no reader to seat",
                                      "remove reader.seats"))
    if reader.get("type") == "rdm6300" and reader.get("baud", 9600) != 9600:
        problems.append(
            ConfigProblem(
                "reader.baud",
                f"the RDM6300 speaks 9600 baud only, not {reader['baud']}",
                "remove reader.baud or set it to 9600",
            )
        )


def _check_supply(leds: dict, problems: list[ConfigProblem]) -> None:
    """leds.supply_a and leds.pi must leave the LEDs a share after the Pi and the reader hub (power budget)."""
    if not isinstance(leds.get("supply_a"), (int, float)):
        return  # reported by the schema
    from types import SimpleNamespace

    from ..hardware.data import HardwareError
    from ..hardware.mainboard.data import load_mainboard
    from ..hardware.power import PI_MODELS, budget_for
    pi = leds.get("pi", "zero-2-w")
    if pi not in PI_MODELS:
        return  # reported by the schema
    try:
        budget_for(load_mainboard(), SimpleNamespace(supply_a=leds["supply_a"], pi=pi, brightness=1.0,
                                                     lead_pixels=leds.get("lead_pixels", 0)))
    except HardwareError as err:
        key = "leds.supply_a" if str(err).startswith("leds.supply_a = ") else "leds.pi"
        message, _, fix = str(err).removeprefix("leds.supply_a = ").partition("; ")
        problems.append(ConfigProblem(key, message, fix))


def _check_game(game: dict, problems: list[ConfigProblem]) -> None:
    mode = game.get("mode")
    if mode is None:
        return
    game_obj = game_for(mode)
    allowed = game_obj.variants
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
    _check_computer(game, game_obj, problems)
    given = list(game["seats"])
    seats = tuple(s for s in SEATS if s in given)  # turn order
    game["seats"] = seats
    if seats in game_obj.seatings():
        return
    message, fix = game_obj.config_seat_problem(_toml(given))
    problems.append(ConfigProblem("game.seats", message, fix))


def _check_computer(game: dict, game_obj, problems: list[ConfigProblem]) -> None:
    """Every computer seat plays, and holds cards the engine deals."""
    computer = game.get("computer") or {}
    missing = [s for s in computer if s not in game["seats"]]
    if missing:
        problems.append(ConfigProblem(
            "game.computer", f"seat {', '.join(missing)} is not in game.seats ({_toml(list(game['seats']))})",
            f"add it to game.seats or remove it from game.computer"))
    if computer and game.get("hands") == "physical" and not game_obj.dice:
        problems.append(ConfigProblem(
            "game.computer", "a computer player holds no cards at the table (game.hands is \"physical\")",
            'set game.hands = "tracked", so the engine deals every hand'))


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
