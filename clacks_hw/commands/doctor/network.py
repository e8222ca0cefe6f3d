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
        check_key(d, c.mqtt, c.journal.dir)
    else:
        d.add(OK, "network", "no MQTT broker (mqtt.host is empty): the board reports to no hall")
    check_outbox(d, c.journal.dir, bool(c.mqtt.host))


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


def check_key(d, mqtt, journals: str) -> None:
    """The key the board signs its games with, as its fingerprint: the hall's arbiter page lists a
    knocking board's in the same form, to be compared before the board is counted. Read only: a
    board without one makes its own when it first starts."""
    from ...base.regular_file import read_regular
    from ...mqtt.signing import KEY_FILE, BadKey, SigningKey, fingerprint
    from ...mqtt.topics import default_board_id

    board = mqtt.board_id or default_board_id()
    where = "mqtt.key" if mqtt.key else f"{journals.rstrip('/')}/{KEY_FILE}"
    try:
        text = mqtt.key or read_regular(d.sys.path(journals) / KEY_FILE, 256).decode("ascii", "replace").strip()
        key = SigningKey.from_text(text, where)
    except FileNotFoundError:
        d.add(OK, "hall key", f"no key yet: the board makes its own in {where} when it first starts, and says "
                              "its fingerprint in its log")
        return
    except (OSError, BadKey) as exc:
        d.add(WARN, "hall key", f"cannot read the board's key in {where}: {getattr(exc, 'strerror', None) or exc}",
              "run clacks-hw doctor as the board's user (or with sudo); a damaged key file: delete it, and the "
              "board makes a new one that the hall must be given (docs/shows.md)")
        return
    d.add(OK, "hall key", f"board {board} signs its games with the key of fingerprint {fingerprint(key.public)} "
                          f"({where}): the hall's arbiter page shows the same one when it lists this board")


def check_outbox(d, journals: str, hall: bool) -> None:
    """The finished games waiting for the hall, and those set aside because the board cannot read
    them (mqtt/outbox_file.py); read only, never changed."""
    from ...mqtt.outbox_file import DIR, SET_ASIDE, summary

    where = f"{journals.rstrip('/')}/{DIR}"
    try:
        held = summary(d.sys.path(journals))
    except (OSError, ValueError) as exc:  # the board's own folder, 0700: another user cannot look in
        d.add(WARN, "outbox", f"cannot read the hall outbox {where}: {getattr(exc, 'strerror', None) or exc}",
              "run clacks-hw doctor as the board's user (or with sudo) to see the games waiting for the hall")
        return
    if held is None:
        if hall:
            d.add(OK, "outbox", f"no hall outbox yet: the board makes {where} when it first runs with mqtt.host")
        return
    d.add(OK, "outbox", f"{held.waiting} finished game(s) wait in {where} for the hall's receipt")
    if held.back:
        d.add(OK, "outbox", f"{held.back} set-aside game(s) in {where}/{SET_ASIDE} read again: the board "
                            "takes them back and sends them when it next starts")
    if held.unreadable:
        d.add(WARN, "outbox", f"{len(held.unreadable)} entr{'y' if len(held.unreadable) == 1 else 'ies'} of the "
                              f"hall outbox cannot be read; the board keeps them aside in {where}/{SET_ASIDE} (the first: "
                              f"{held.unreadable[0].why}); every other game is sent",
              "a game whose plugin was uninstalled: install it again and restart the board, which takes back "
              "every entry that reads and sends it; a damaged line stays there: look at it, and delete the "
              "file once nothing in it should reach the hall")
