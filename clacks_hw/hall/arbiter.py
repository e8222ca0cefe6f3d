"""The hall's arbiter: a phone paired with the hall (as a board pairs its admin phone) that may
void a game, count it again, or correct a player's name; every correction goes in the audit log
the hall page shows (corrections.py).

Pairing reuses the board's mechanism (pairing/): a one-time code of eight letters for two
minutes and one phone, traded for a session the arbiter's page keeps for the hall's origin alone
and sends in a header (pairing_api.py), kept hashed in ``phones.json`` next to the hall's
database, every POST checked for its Origin. The hall has no lamps to spell
the code: `clacks-hw hall pair`, run on the hall's own machine by whoever can read hall.toml,
asks the hall for one with the hall's display key (pairing/display.py: HMAC of this boot's id
keyed with the hall's root secret, accepted only from the machine itself) and prints it with
a QR code of the arbiter page. The root secret is derived from the hall's signing key
(hall.toml's ``hall.key``): a hall without one pairs no arbiter, and a new key unpairs them all.

- ``POST /api/arbiter/open``: the hall's own machine, with the display key: a new code.
- ``POST /api/arbiter/correct`` ``{"board", "game", "kind": "void"|"count"|"name", "seat",
  "name", "reason"}``: a paired arbiter's correction; 200 and the audit entry, 404 for a game the
  hall does not hold, 409 saying what will not do.
- ``POST /api/arbiter/hall``: what the exhibitor is told and visitors are not (Hall.admin_json):
  the boards knocking, with their keys' fingerprints and the command that adds each, the
  database's repairs, the messages dropped.
- ``POST /api/arbiter/trust`` ``{"board", "key"}``: count a board knocking with the key it
  offered (written beside the database, config.Trust; hall.toml keeps the last word).
- ``/api/pair``, ``/api/unpair``, ``/api/phone``: as on a board (pairing_api.py).
"""

from __future__ import annotations

import hashlib
import hmac

from aiohttp import web

from ..pairing import Pairing
from ..pairing.display import HEADER, display_key
from ..base.secure_files import UnsafePath
from ..web import pairing_api
from .corrections import Refused
from .config import HallConfigError
from ..web.json_body import BadBody, Text, read_json

ROLE = "arbiter"
HOW = "run `clacks-hw hall pair` on the hall's machine"
NOT_PAIRED = f"this phone is not paired with the hall as its arbiter: {HOW}, then enter the code it prints"
PATHS = ("/api/arbiter/open", "/api/arbiter/correct", "/api/arbiter/hall", "/api/arbiter/trust")
SHAPE = {"board": Text(64), "game": Text(24), "kind": Text(8), "seat": Text(1), "name": Text(24), "reason": Text(200)}
TRUST_SHAPE = {"board": Text(64), "key": Text(64)}


def root_secret(signing_key_text: str | None) -> str | None:
    """The hall's root secret for pairing, from its signing key's text (None: no key, no arbiter)."""
    if not signing_key_text:
        return None
    return hmac.new(signing_key_text.encode(), b"clacks-hw hall arbiters", hashlib.sha256).hexdigest()


def hall_pairing(secret: str | None, folder, clock) -> Pairing:
    return Pairing(lambda: secret, folder, clock, how=HOW)


def key_for(secret: str | None, boot: str | None) -> str | None:
    """The display key `clacks-hw hall pair` presents (the same the hall's Pairing expects)."""
    return display_key(secret, boot) if secret and boot else None


def _json(status: int, data: dict) -> web.Response:
    return web.json_response(data, status=status)


async def handle(hall, request: web.BaseRequest) -> web.Response:
    path = request.path
    if path in pairing_api.PATHS and path != "/api/display/pairing":
        return await pairing_api.handle(hall, request)
    if request.method != "POST":
        return _json(405, {"error": "use POST"})
    if path == "/api/arbiter/open":
        return _open(hall, request)
    phone = pairing_api.require(hall, request, ROLE)
    if isinstance(phone, web.Response):
        return phone
    if path == "/api/arbiter/hall":
        return _json(200, hall.admin_json())
    if path == "/api/arbiter/trust":
        return await _trust(hall, request, phone)
    try:
        body = await read_json(request, SHAPE)
    except BadBody as exc:
        return _json(exc.status, {"error": str(exc)})
    game = hall.find_game(body.get("board", ""), body.get("game", ""))
    if game is None:
        return _json(404, {"error": f"the hall holds no game {body.get('game', '')!r} from board {body.get('board', '')!r}"})
    try:
        entry = hall.correct(phone.name, game, body.get("kind", ""), body.get("reason", ""),
                             seat=body.get("seat") or None, value=body.get("name"))
    except Refused as exc:
        return _json(409, {"error": str(exc)})
    return _json(200, {"ok": True, "entry": entry})


def _open(hall, request: web.BaseRequest) -> web.Response:
    pairing = hall.pairing
    if (pairing is None or not pairing_api.from_this_machine(request)
            or not pairing.is_display(request.headers.get(HEADER))):
        return web.Response(status=404, text="404 not found\n")  # as if the address did not exist
    code = pairing.open(ROLE)
    url = f"{hall.public_url(request)}arbiter#pair={code.code}"
    return _json(200, {"code": code.grouped, "url": url, "seconds_left": round(code.seconds_left(pairing.clock.now()), 1)})


async def _trust(hall, request: web.BaseRequest, phone) -> web.Response:
    try:
        body = await read_json(request, TRUST_SHAPE)
    except BadBody as exc:
        return _json(exc.status, {"error": str(exc)})
    try:
        said = hall.trust_board(phone.name, body.get("board", ""), body.get("key", ""))
    except (HallConfigError, UnsafePath) as exc:
        return _json(409, {"error": str(exc)})
    except OSError as exc:
        return _json(409, {"error": f"the hall cannot write beside its database ({exc.strerror or exc})\n"
                                    "  fix: run `clacks-hw hall trust` on the hall's machine"})
    return _json(200, {"ok": True, "text": said})
