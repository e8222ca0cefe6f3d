"""The LED backend (virtual, spi, ws281x) and what it needs of the Pi, and the power the LEDs may draw."""

from __future__ import annotations

from ...base.hints import doc, pip_install, program
from .check import FAIL, OK, USERMOD, WARN

BOOT_CONFIGS = ("/boot/firmware/config.txt", "/boot/config.txt")  # Bookworm and later; before
# The core clock the spi LED backend needs fixed, per Pi generation (the SPI clock follows it).
CORE_FREQ = {3: {"core_freq": "250"}, 4: {"core_freq": "500", "core_freq_min": "500"}}


def check_leds(d) -> None:
    if d.config is None:
        d.add(WARN, "leds", "not checked: the configuration is invalid", "fix the config problems above")
        return
    leds = d.config.leds
    if leds.backend == "virtual":
        d.add(OK, "leds", "backend virtual: the board is drawn in the terminal, no LEDs are driven")
    elif leds.backend == "spi":
        dev = leds.spi_device
        if not d.sys.exists(dev):
            d.add(FAIL, "leds", f"backend spi: {dev} does not exist",
                  "enable SPI: sudo raspi-config nonint do_spi 0 (or dtparam=spi=on in "
                  "/boot/firmware/config.txt), then reboot")
        elif d.sys.euid() != 0 and not d.sys.can_rw(dev):
            d.add(FAIL, "leds", f"backend spi: no read/write access to {dev}", USERMOD.format(group="spi"))
        else:
            d.add(OK, "leds", f"backend spi: {dev} present and writable (MOSI = GPIO10)")
        check_core_freq(d)
    elif leds.backend == "ws281x":
        check_ws281x(d, leds)


def boot_config(d) -> tuple[str, dict[str, str]]:
    """The Pi's boot config (path, settings that apply to every boot): lines outside
    comments, in no section or in [all]/[piN] sections for this generation."""
    for path in BOOT_CONFIGS:
        if d.sys.exists(path):
            break
    else:
        return BOOT_CONFIGS[0], {}
    gen = d.board.generation if d.board else None
    applies, settings = True, {}
    for raw in d.sys.read_text(path).splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            applies = section in ("all", "none") or section == f"pi{gen}"
            applies = applies and section != "none"
        elif "=" in line and applies:
            key, value = (part.strip() for part in line.split("=", 1))
            settings[key] = value
    return path, settings


def check_core_freq(d) -> None:
    # On a Pi 3 or 4 the SPI clock is divided from the core clock, which the firmware
    # scales with load: the LED bit timing drifts (flicker, wrong colours) unless the
    # core clock is fixed. The Pi 5 (RP1) and earlier models do not need it.
    gen = d.board.generation if d.board else None
    need = CORE_FREQ.get(gen)
    if need is None:
        return
    path, settings = boot_config(d)
    missing = [f"{k}={v}" for k, v in need.items() if settings.get(k) != v]
    if missing:
        d.add(FAIL, "leds", f"backend spi on a Pi {gen}: the core clock is not fixed in {path}, so the "
                            "SPI clock (the LED timing) changes with load",
              f"add {' and '.join(missing)} to {path} (one per line, in [all]), then reboot")
    else:
        d.add(OK, "leds", f"backend spi on a Pi {gen}: core clock fixed ({', '.join(f'{k}={v}' for k, v in need.items())})")


def check_ws281x(d, leds) -> None:
    b = d.board
    problems = False
    if b is None or not b.ws281x_supported:
        problems = True
        d.add(FAIL, "leds", f"backend ws281x needs a Raspberry Pi 1-4; this is "
                            f"{b.describe() if b else 'an unknown board'}",
              'set leds.backend = "spi" (every Pi, including the Pi 5, no root)')
    if d.sys.euid() != 0:
        problems = True
        d.add(FAIL, "leds", "backend ws281x needs root (it maps /dev/mem for PWM and DMA); "
                            f"running as {d.sys.user()}",
              f"run the daemon as root ({program(sudo=True)} install-service does for ws281x), or use the spi backend")
    if b is not None and b.ws281x_supported and not d.sys.has_module("rpi_ws281x"):
        problems = True
        d.add(FAIL, "leds", "backend ws281x: the rpi-ws281x library is not installed",
              pip_install(*reversed(d.sys.python_install()), "rpi-ws281x"))
    if leds.ws281x_pin in (18, 12, 13, 19):
        cfg = d.sys.read_text("/boot/firmware/config.txt") or d.sys.read_text("/boot/config.txt")
        if any(line.strip().replace(" ", "") == "dtparam=audio=on" for line in cfg.splitlines()):
            d.add(WARN, "leds", f"analog audio is on: it shares the PWM that drives GPIO{leds.ws281x_pin}",
                  "set dtparam=audio=off in /boot/firmware/config.txt and reboot")
    if not problems:
        d.add(OK, "leds", f"backend ws281x on GPIO{leds.ws281x_pin}: supported board, root, library present")


def check_power(d) -> None:
    if d.config is None:
        return
    from ...hardware.mainboard.data import load_mainboard
    from ...hardware.power import budget
    b = budget(load_mainboard(), d.config)
    cap = min(1.0, b.led_light_a / b.full_white_a)
    white = ("a frame of every LED white at full brightness fits within it" if cap >= 1.0
             else f"a frame of every LED white is dimmed to {cap:.2f}")
    text = (f"the board may draw {b.board_a:.2f} A (weakest link: {b.weakest.name}, {b.weakest.why}); "
            f"the Pi ({b.pi}) is reserved {b.pi_a:.2f} A, the readers' hub {b.hub_a:.2f} A; "
            f"the LEDs get {b.led_light_a:.2f} A: {white}")
    if cap >= 0.5:
        d.add(OK, "power", text)
    elif b.weakest.name == "supply":
        d.add(WARN, "power", text, f"use a bigger 5 V supply and set leds.supply_a to its rating ({doc('docs/config.md')}, leds.supply_a)")
    else:  # the board itself: the Pi's pins would sag under more
        d.add(WARN, "power", text, f"a Pi Zero 2 W leaves the LEDs more ({doc('docs/hardware.md')}); a shorter USB-C cord helps a little")
    fitted = _fitted_pi(d.board)
    if fitted is not None and fitted != b.pi:
        d.add(WARN, "power", f"this is a {d.board.model}, but leds.pi = \"{b.pi}\": the LEDs are budgeted for another "
              "Pi's draw", f"set leds.pi = \"{fitted}\" in [leds] ({doc('docs/config.md')}, leds.pi)")
    elif fitted is None and d.board is not None and d.board.is_pi:
        d.add(WARN, "power", f"the board's power budget knows the Pi Zero 2 W and the Pi 4, not a {d.board.model}: "
              "the LEDs' cap may be wrong for it", f"fit a Pi Zero 2 W or a Pi 4 ({doc('docs/hardware.md')})")


def _fitted_pi(board) -> str | None:
    """leds.pi for the Pi this runs on (None: not a Pi, or one the power budget does not know)."""
    if board is None or not board.is_pi:
        return None
    if "Zero 2" in board.model:
        return "zero-2-w"
    return "pi-4" if board.generation == 4 and "Raspberry Pi 4" in board.model else None
