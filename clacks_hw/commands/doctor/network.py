"""The network: can the status page listen where the config says, and does the hall's MQTT
broker answer? (The daemon runs on without either, but then no phone, kiosk or hall sees it.)"""

from __future__ import annotations

import errno
import socket

from ...base.lan import phone_url
from .check import FAIL, OK, WARN


def check_network(d) -> None:
    c = d.config
    if c is None:
        return
    if c.status.port:
        check_page(d, c.status.bind, c.status.port, phone_url(c.status.bind, c.status.port, c.status.hosts,
                                                              lan=d.sys.lan_address))
    if c.mqtt.host:
        check_broker(d, c.mqtt)
    else:
        d.add(OK, "network", "no MQTT broker (mqtt.host is empty): the board reports to no hall")


def check_page(d, bind: str, port: int, phone: tuple[str | None, str]) -> None:
    why = d.sys.can_bind(bind, port)
    where = f"status.bind = {bind!r}, status.port = {port}"
    url, unreachable = phone
    if why is None and url:
        d.add(OK, "network", f"the status page can listen on {bind} port {port}: phones open {url}")
    elif why is None:
        local = "127.0.0.1" if bind in ("0.0.0.0", "") else "[::1]" if bind == "::" else f"[{bind}]" if ":" in bind else bind
        d.add(OK, "network", f"the status page can listen on {bind} port {port}: the kiosk on this machine "
                             f"opens http://{local}:{port}/", unreachable)
    elif why.errno == errno.EADDRINUSE:
        d.add(WARN, "network", f"port {port} is taken ({where}): by the board's own daemon when it runs, "
                               "else the page cannot start",
              f"if the board is stopped, sudo ss -ltnp 'sport = :{port}' names the program; or choose another "
              "status.port")
    elif why.errno == errno.EACCES:
        d.add(FAIL, "network", f"port {port} needs root ({where}): the page cannot start",
              "use a port above 1023 (status.port = 8080)")
    else:
        d.add(FAIL, "network", f"the status page cannot listen on {bind} ({where}): {why.strerror or why}",
              'set status.bind to an address of this machine: "0.0.0.0" (every network) or "127.0.0.1" '
              "(this machine only)")


def check_broker(d, mqtt) -> None:
    why = d.sys.connect(mqtt.host, mqtt.port, d.timeout)
    where = f"mqtt.host = {mqtt.host!r}, mqtt.port = {mqtt.port}"
    if why is None:
        d.add(OK, "network", f"the MQTT broker answers at {mqtt.host} port {mqtt.port}"
                             + (" (TLS)" if mqtt.tls else ""))
    elif isinstance(why, socket.gaierror):
        d.add(WARN, "network", f"no address for the MQTT broker's host {mqtt.host!r} ({where})",
              "check mqtt.host (a name the board can resolve, or an IP address); finished games wait in the "
              "outbox meanwhile")
    else:
        d.add(WARN, "network", f"the MQTT broker does not answer ({where}): {why.strerror or why}",
              "start the broker (or check the hall's address and the network); finished games wait in the "
              "outbox and go out when it answers")
