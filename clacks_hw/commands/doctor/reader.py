"""The serial ports and the card reader on one of them: a hub answers HELLO; an RDM6300 needs its UART."""

from __future__ import annotations

import os

from ...drivers.hub_ports import PICO_VID, PortInfo, hub_candidates
from ...drivers.hub_protocol import MISO_HELD_FIX, fault_words
from ...base.hints import doc, program
from .check import FAIL, OK, USERMOD, WARN


def no_hello_fix(d, port: str) -> str:
    """Why a port did not answer HELLO, as far as this machine can tell: another program holds
    it (named, with how to stop it), else the hub's firmware or cable."""
    holder = d.sys.holder(port)
    if holder is not None:
        return f"{holder.describe()} holds {port}: stop it ({holder.how_to_stop()}), then run doctor again"
    return f"if this is the hub: flash it ({doc('firmware/README.md')}) and use a data USB cable"


def check_reader(d) -> None:
    ports = d.sys.ports()
    for p in ports:
        desc = "" if p.description in ("", "n/a", p.device, os.path.basename(p.device)) else p.description
        extra = ", ".join(x for x in (desc, f"USB {p.usb_id}" if p.usb_id else "") if x)
        d.add(OK, "serial", f"port {p.device}" + (f" ({extra})" if extra else ""))
    if not ports:
        d.add(WARN, "serial", "no serial ports found (pyserial list_ports)",
              "plug the reader hub in with a data USB cable (not a charge-only one)")
    c = d.config
    rtype = c.reader.type if c else "hub"
    port = c.reader.port if c else "auto"
    if rtype == "none":
        d.add(OK, "reader", 'no card reader configured (reader.type = "none")')
    elif rtype == "rdm6300":
        check_rdm6300(d, port)
    elif port == "auto":
        probe_candidates(d, ports)
    else:
        probe_configured(d, port)


def port_access(d, port: str) -> bool:
    if not d.sys.exists(port):
        d.add(FAIL, "reader", f"{port} (reader.port) does not exist",
              'plug the reader in, or set reader.port to a port listed above (or "auto")')
        return False
    if d.sys.euid() != 0 and not d.sys.can_rw(port):
        d.add(FAIL, "reader", f"no read/write access to {port}", USERMOD.format(group="dialout"))
        return False
    return True


def probe_configured(d, port: str) -> None:
    if not port_access(d, port):
        return
    result = d.sys.probe(port, d.timeout)
    if result.ok:
        d.add(OK, "reader", f"{port} answers HELLO: {result.message}")
        check_miso(d, port, result.hello)
    else:
        d.add(FAIL, "reader", f"{port}: {result.message}", no_hello_fix(d, port))


def probe_candidates(d, ports: list[PortInfo]) -> None:
    candidates = hub_candidates(ports)
    if not candidates:
        d.add(FAIL, "reader", f'reader.port = "auto" but no port looks like a reader hub '
                              f"(USB id {PICO_VID:04X}:xxxx or ttyACM)",
              f"plug the hub in (a data cable), flash it ({doc('firmware/README.md')}), or set reader.port")
        return
    answering = []
    for p in candidates:
        if d.sys.euid() != 0 and not d.sys.can_rw(p.device):
            d.add(FAIL, "reader", f"no read/write access to {p.device}", USERMOD.format(group="dialout"))
            continue
        result = d.sys.probe(p.device, d.timeout)
        if result.ok:
            answering.append(p.device)
            d.add(OK, "reader", f"{p.device} answers HELLO: {result.message}")
            check_miso(d, p.device, result.hello)
        else:
            d.add(WARN, "reader", f"{p.device}: {result.message}", no_hello_fix(d, p.device))
    if len(answering) == 1:
        stable = d.sys.by_id(answering[0])
        d.add(OK, "reader", f'reader.port = "auto" finds the hub at {answering[0]}',
              f'for a stable name set reader.port = "{stable}"' if stable else "")
    elif not answering:
        d.add(FAIL, "reader", "no reader hub answered HELLO", f"check the hub's firmware and cable ({doc('firmware/README.md')})")
    else:
        d.add(FAIL, "reader", f"several reader hubs answer ({', '.join(answering)}); \"auto\" cannot choose",
              "set reader.port to one of them (prefer its /dev/serial/by-id/... name)")


def check_miso(d, port: str, hello: dict | None) -> None:
    """The hub's boot check of its readers' shared MISO line (HELLO's bus, protocol 1.2)."""
    bus = (hello or {}).get("bus")
    if bus == "held":
        if hello["readers"] > 1:
            d.add(FAIL, "reader", f"{port}: {fault_words('misoheld')}", MISO_HELD_FIX)
        else:
            d.add(WARN, "reader", f"{port}: the card reader drives MISO while deselected: fine alone, "
                                  "but a second reader on the line would not read", MISO_HELD_FIX)
    elif bus == "ok":
        d.add(OK, "reader", f"{port}: every deselected card reader releases MISO")


def check_rdm6300(d, port: str) -> None:
    if not port_access(d, port):
        return
    cmdline = d.sys.read_text("/proc/cmdline")
    if any(tok.startswith(("console=serial0", "console=ttyAMA0", "console=ttyS0")) for tok in cmdline.split()):
        d.add(FAIL, "reader", "the Linux serial console uses the UART the RDM6300 is on",
              "sudo raspi-config nonint do_serial_cons 1 (keeps the UART, drops the console), then reboot")
    else:
        d.add(OK, "reader", f"RDM6300 on {port}: it only sends, so it cannot be probed; "
                            f"tap a card in {program()} enroll to test it")
