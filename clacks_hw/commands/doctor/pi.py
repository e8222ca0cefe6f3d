"""The Pi itself, the user's groups and the gpiozero pin factory the buttons need."""

from __future__ import annotations

from ...base.hints import program
from .check import FAIL, OK, USERMOD, WARN


def check_board(d) -> None:
    d.board = b = d.sys.board()
    if b.is_pi:
        ws = "ws281x LED backend supported" if b.ws281x_supported else "no ws281x LED backend here (use spi)"
        d.add(OK, "board", f"{b.describe()}; {ws}")
    else:
        d.add(WARN, "board", b.describe(),
              f"the LEDs, buttons and UART need a Raspberry Pi; elsewhere use {program()} run --virtual")


def needed_groups(config) -> list[tuple[str, str]]:
    """(group, what for) of every device group the configured board uses."""
    c = config
    need = []
    if c is None or c.buttons.pin_factory != "mock":
        need.append(("gpio", "the buttons (/dev/gpiochip*)"))
    if c is None or c.leds.backend == "spi":
        need.append(("spi", f"the spi LED backend ({c.leds.spi_device if c else '/dev/spidev0.0'})"))
    if c is None or c.reader.type != "none":
        need.append(("dialout", "the card reader's serial port"))
    return need


def check_user(d) -> None:
    user = d.sys.user()
    if d.sys.euid() == 0:
        d.add(OK, "user", "running as root: device permissions do not apply "
                          f"(the service runs as an unprivileged user; see {program()} install-service --help)")
        return
    have = d.sys.groups()
    ok = []
    for group, why in needed_groups(d.config):
        if group in have:
            ok.append(group)
            continue
        members = d.sys.group_members(group)
        if members is None:
            d.add(WARN, "user", f"no group {group!r} on this system (needed for {why})",
                  "normal off a Raspberry Pi; Raspberry Pi OS has it")
        elif user in members:
            d.add(WARN, "user", f"{user} was added to {group!r} but this login does not have it yet",
                  "log out and back in (or reboot)")
        else:
            d.add(WARN, "user", f"{user} is not in group {group!r} (needed for {why})", USERMOD.format(group=group))
    if ok:
        d.add(OK, "user", f"{user} is in group(s) {', '.join(ok)}")


def check_pin_factory(d) -> None:
    env = d.sys.env.get("GPIOZERO_PIN_FACTORY", "").strip()
    configured = d.config.buttons.pin_factory if d.config else "auto"
    effective = configured if configured != "auto" else (env or "auto")
    source = (f"buttons.pin_factory = {configured!r}" if configured != "auto"
              else f"GPIOZERO_PIN_FACTORY={env}" if env else "gpiozero's choice")
    if configured != "auto" and env and env != configured:
        d.add(WARN, "buttons", f"GPIOZERO_PIN_FACTORY={env} is ignored: the config sets {configured!r}",
              "unset GPIOZERO_PIN_FACTORY, or set buttons.pin_factory = \"auto\" to honour it")
    is_pi = d.board is not None and d.board.is_pi
    gen = d.board.generation if d.board else None
    if effective == "mock":
        d.add(WARN, "buttons", f"pin factory mock ({source}): the real buttons are ignored",
              'for real buttons set buttons.pin_factory = "auto" and unset GPIOZERO_PIN_FACTORY')
        return
    lgpio = d.sys.has_module("lgpio")
    if effective in ("auto", "lgpio"):
        if lgpio:
            d.add(OK, "buttons", f"pin factory lgpio available ({source})")
        elif is_pi:
            fallback = d.sys.has_module("RPi") and gen != 5
            d.add(WARN if fallback else FAIL, "buttons",
                  f"the lgpio library is not installed ({source})"
                  + ("; gpiozero falls back to RPi.GPIO" if fallback else ": the buttons cannot work"),
                  d.install_fix("python3-lgpio", "lgpio"))
        else:
            d.add(WARN, "buttons", f"lgpio is not installed ({source}); fine off a Pi",
                  f"on the Pi: {d.install_fix('python3-lgpio', 'lgpio')}; here use {program()} run --virtual")
    elif effective == "rpigpio" and gen == 5:
        d.add(FAIL, "buttons", "pin factory rpigpio: RPi.GPIO does not work on the Pi 5",
              f'set buttons.pin_factory = "lgpio" ({d.install_fix("python3-lgpio", "lgpio")})')
    elif effective in ("rpigpio", "native"):
        d.add(OK, "buttons", f"pin factory {effective} ({source})")
    else:
        d.add(WARN, "buttons", f"unknown pin factory {effective!r} ({source})",
              "use lgpio (GPIOZERO_PIN_FACTORY=lgpio) or unset GPIOZERO_PIN_FACTORY")
    if is_pi and effective != "mock" and d.sys.euid() != 0:
        chips = sorted(p for p in ("/dev/gpiochip0", "/dev/gpiochip4") if d.sys.exists(p))
        denied = [p for p in chips if not d.sys.can_rw(p)]
        if denied:
            d.add(FAIL, "buttons", f"no access to {', '.join(denied)}", USERMOD.format(group="gpio"))
