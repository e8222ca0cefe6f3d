"""The admin API: a paired phone starts, abandons and dims the board.

Every command needs a paired phone (pairing_api.py: its session in the ``X-Clacks-Session``
header, and an ``Origin`` header naming this board); without one: 403 and nothing changes. A
request becomes an
``AdminCommand`` on the game loop's queue, done there by the controller's own steps
(daemon/screens/admin.py); the answer comes back through a future, so the phone learns whether it
worked. Each body is one JSON object of the command's own fields (json_body.py).

``GET /api/options`` (public: the edition's words and the engine's modes) fills the phone's form.
"""

from __future__ import annotations

from aiohttp import web

from ..daemon.events import AdminCommand
from ..game.core.computer import STRENGTHS
from ..game.core.registry import board_modes, game_for
from . import pairing_api, seat_api
from .board_answer import ask_board
from .json_body import BadBody, Number, Text, TextList, read_json

# path -> (the board's command, the body's shape)
COMMANDS = {
    "/api/admin/new-game": ("new_game", {"mode": Text(32), "variants": TextList(8), "seats": TextList(4, 2),
                                         "route": Text(8), "words": TextList(16),
                                         "names": TextList(4, 16), "computer": TextList(4, 16)}),
    "/api/admin/abandon": ("abandon", {}),
    "/api/admin/brightness": ("brightness", {"value": Number()}),
}


def _json(status: int, data: dict) -> web.Response:
    return web.json_response(data, status=status)


def options(server, request: web.BaseRequest) -> dict:
    edition = server.edition
    return {
        "url": server.public_url(request),
        "modes": {m: {"label": game_for(m).label, "variants": list(game_for(m).variants),
                      "seats": ["".join(s) for s in game_for(m).seatings()]} for m in board_modes()},
        "words": list(edition.words) if edition is not None else [],
        # The seats the computer may play, and those it plays unless the phone says otherwise.
        "computer": {"strengths": list(STRENGTHS), "default": dict(getattr(server, "computer", {}))},
    }


async def handle(server, request: web.BaseRequest) -> web.Response:
    path = request.path
    if path == "/api/options":
        if request.method not in ("GET", "HEAD"):
            return _json(405, {"error": "use GET"})
        return _json(200, options(server, request))
    if path in pairing_api.PATHS:
        return await pairing_api.handle(server, request)
    if path in seat_api.PATHS:
        return await seat_api.handle(server, request)
    if path not in COMMANDS:
        return _json(404, {"error": f"no such API: {path}"})
    kind, shape = COMMANDS[path]
    if request.method != "POST":
        return _json(405, {"error": "use POST"})
    phone = pairing_api.require(server, request, "admin")
    if isinstance(phone, web.Response):
        return phone
    try:
        params = await read_json(request, shape)
    except BadBody as exc:
        return _json(exc.status, {"error": str(exc)})
    return await ask_board(server, lambda reply: AdminCommand(kind, params, reply,
                                                              by=f"the admin page, phone {phone.name}"))
