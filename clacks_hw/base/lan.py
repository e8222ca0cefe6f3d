"""The address a phone on the board's network opens the board's pages at, or why there is none.

A phone cannot use 127.0.0.1 (that is the phone itself), so the board's own address is no link
for it: the page must listen on the network (``status.bind = "0.0.0.0"``), and the board must
have an address there (Wi-Fi or Ethernet up). Doctor, the pairing QR codes and the hall's link
to a board all ask here.
"""

from __future__ import annotations

import socket

LOOPBACK = ("127.0.0.1", "localhost", "::1")
EVERY = ("0.0.0.0", "::", "")


def lan_address() -> str | None:
    """This machine's address on its network (no packet is sent: a UDP socket is only aimed);
    None without a network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def phone_url(bind: str, port: int, hosts=(), lan=lan_address) -> tuple[str | None, str]:
    """(the page's address for a phone on the same network, "") or (None, why there is none
    and what to change)."""
    if hosts:
        return f"http://{hosts[0]}:{port}/", ""
    if bind in LOOPBACK or bind.startswith("127."):
        return None, (f'no phone can open the page: it listens on this machine only (status.bind = "{bind}"); '
                      'set status.bind = "0.0.0.0" so phones on the same network can')
    if bind in EVERY:
        address = lan()
        if address is None:
            return None, ("no phone can open the page: this board has no network address (no Wi-Fi or "
                          "Ethernet connection); connect it to the network the phones use")
        bind = address
    host = f"[{bind}]" if ":" in bind else bind
    return f"http://{host}:{port}/", ""
