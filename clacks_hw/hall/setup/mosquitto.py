"""Mosquitto's files for a hall: its listener, its password file and its access list.

The password file is in the format Mosquitto 2 reads (``mosquitto_passwd``'s): ``user:$7$``
iterations ``$`` salt ``$`` PBKDF2-SHA512 hash, both base64. The passwords are random
(192 bits), so the hash's work factor guards nothing a guess could find; Mosquitto's own 101
iterations keep the broker's check of a connecting board cheap.

The access list: a board writes only under its own name and reads only the hall's status and
its own receipts; the hall reads every board and writes only under ``clacks-hall/``. Mosquitto
also uses each user's name as its client id (``use_username_as_clientid``), so no other user can
take a board's or the hall's session over, whatever id it asks for.
"""

from __future__ import annotations

import base64
import hashlib
import secrets

from ...mqtt.topics import HALL_PREFIX, HALL_USER, PREFIX

ITERATIONS = 101  # mosquitto_passwd's own


def password_line(user: str, password: str, salt: bytes | None = None, iterations: int = ITERATIONS) -> str:
    salt = secrets.token_bytes(12) if salt is None else salt
    digest = hashlib.pbkdf2_hmac("sha512", password.encode("utf-8"), salt, iterations)
    return f"{user}:$7${iterations}${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


def new_password() -> str:
    return secrets.token_urlsafe(24)


def acl(boards) -> str:
    """The access list for ``boards`` (their user names). The hall's status is one topic every
    board reads: a rule of each board's own, since a pattern without %u or %c has Mosquitto warn
    at every start."""
    lines = [f"""\
# Who may read and write what on the hall's broker: written by `clacks-hw hall setup`.
# The hall reads every board; it writes only its own status, receipts and ping.
user {HALL_USER}
topic read {PREFIX}/#
topic readwrite {HALL_PREFIX}/#

# Every board (its user is its name): writes only its own topics; reads the hall's status and
# its own receipts, nothing else.
pattern write {PREFIX}/%u/#
pattern read {HALL_PREFIX}/receipts/%u
"""]
    lines += [f"\nuser {board}\ntopic read {HALL_PREFIX}/status\n" for board in sorted(boards)]
    return "".join(lines)


def broker_conf(*, port: int, passwd: str, acl: str, tls: tuple[str, str] | None, local_port: int | None) -> str:
    """The listener part of Mosquitto's configuration (a file for /etc/mosquitto/conf.d/: the
    Debian package's own mosquitto.conf keeps persistence and logging)."""
    lines = ["# The Clacks hall's broker: written by `clacks-hw hall setup` (docs/shows.md).",
             "# Only the users in the password file may connect; the access list says what each may do."]
    # A client's id is its user name: nobody can push a board or the hall off by taking its id.
    # Mosquitto keeps this setting per listener: it follows each listener line.
    same_id = "use_username_as_clientid true"
    if tls is not None:
        cert, key = tls
        if local_port is not None:
            lines += ["", "# The hall itself, on this machine, without TLS.", f"listener {local_port} 127.0.0.1", same_id]
        lines += ["", "# The boards, over TLS.", f"listener {port}", same_id, f"certfile {cert}", f"keyfile {key}",
                  "tls_version tlsv1.2"]
    else:
        lines += ["", f"listener {port}", same_id]
    lines += ["", "allow_anonymous false", f"password_file {passwd}", f"acl_file {acl}",
              "# Results kept for the hall while it is away (each board also keeps them until the hall's receipt).",
              "max_queued_messages 10000",
              "# Each message sent the moment it is ready: Nagle's algorithm held a small one about 40 ms",
              "# behind the one before (the peer's delayed ACK; bench/bench_line.py measured it).",
              "set_tcp_nodelay true", ""]
    return "\n".join(lines)
