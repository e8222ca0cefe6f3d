"""A paho client set up the same way for a board and the hall: login, TLS, reconnecting."""

from __future__ import annotations

import socket
import ssl

import paho.mqtt.client as mqtt

from ..base.errors import ClacksError


RETRY_MAX_S = 2  # the longest wait between two tries to reach the broker (paho doubles from 0.2 s)


class LinkSetupError(ClacksError, ValueError):
    """The link cannot be set up as configured (a CA file that does not load); says what to fix."""


def make_client(client_id: str, *, clean: bool, username: str = "", password: str = "", tls: bool = False,
                ca_file: str = "", what: str = "mqtt") -> mqtt.Client:
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=clean)
    if username:
        c.username_pw_set(username, password or None)
    if tls:
        try:
            c.tls_set(ca_certs=ca_file or None, cert_reqs=ssl.CERT_REQUIRED, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        except (OSError, ssl.SSLError) as exc:
            raise LinkSetupError(f"{what}.ca_file {ca_file!r}: cannot load it as certificates ({exc})\n"
                                 "  fix: give the PEM file of the authority that signed the broker's "
                                 "certificate, or \"\" for the system's") from None
    c.reconnect_delay_set(min_delay=0.2, max_delay=RETRY_MAX_S)  # a show's broker is back in seconds
    return c


def goodbye(client: mqtt.Client, topic: str | None = None, payload: bytes | None = None) -> None:
    """Say ``payload`` (retained, the clean goodbye: the last will is for crashes) if connected,
    then leave; never raises, since a goodbye to a broker already gone changes nothing."""
    try:
        if payload is not None and client.is_connected():
            client.publish(topic, payload, qos=1, retain=True).wait_for_publish(1.0)
        client.disconnect()
    except (RuntimeError, ValueError, OSError):
        pass
    client.loop_stop()


def no_delay(client: mqtt.Client) -> None:
    """Send each small message at once (TCP_NODELAY): paho leaves Nagle's algorithm on, and with
    the peer's delayed ACK a message waits about 40 ms behind the one before it (a line's input
    and its answer are one small message each way). Call it once connected."""
    try:
        sock = client.socket()
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except (OSError, AttributeError):  # a WebSocket transport, or a socket already gone
        pass
