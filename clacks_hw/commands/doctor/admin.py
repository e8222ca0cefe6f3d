"""The admin page and pairing: whether phones can pair (an admin token: never shown), how many are."""

from __future__ import annotations

import json
from pathlib import Path

from ...base.hints import program
from ...base.lan import phone_url
from ...config.load import DEFAULT_PATH
from .check import OK, WARN


def check_admin(d) -> None:
    c = d.config
    if c is None:
        return
    if c.status.port == 0:
        d.add(OK, "admin", "status page off (status.port = 0): no kiosk or admin page")
        return
    from ...web.token import token_path

    where = "status.admin_token" if c.status.admin_token else str(token_path(c))
    token = c.status.admin_token or d.sys.read_text(where).strip()
    if len(token) < 16:
        d.add(WARN, "admin", "no admin token: no phone can pair with the board, so none can start, "
                             "abandon or dim a game", f"{program(sudo=True)} install-service makes one "
                             f"(or {program(sudo=True)} admin --rotate)")
        return
    try:
        paired = len(json.loads(d.sys.read_text(str(Path(c.journal.dir) / "phones.json")))["phones"])
    except (ValueError, KeyError, TypeError):
        paired = 0
    url, why = phone_url(c.status.bind, c.status.port, c.status.hosts, lan=d.sys.lan_address)
    how = (f"then scan the QR code on its own screen, or open {url}admin and type the code its lamps spell"
           if url else f"then type the code its lamps spell on the phone's admin page (but {why})")
    d.add(OK, "admin", f"admin token in {where} (never shown; `{program(sudo=True)} admin --rotate` replaces it); "
                       f"{paired} phone(s) paired. To pair one: hold TURN and BACK together on the board "
                       f"for 3 s, {how}")
    path = Path(d.config_path or DEFAULT_PATH)
    try:
        readable = c.status.admin_token and path.stat().st_mode & 0o004
    except OSError:
        readable = False
    if readable:
        d.add(WARN, "admin", f"status.admin_token is in {path}, which every user of this machine can read",
              f"sudo chmod 640 {path}, or remove status.admin_token and let {program(sudo=True)} "
              "install-service keep the token in journal.dir, readable by the service only")

