"""The admin API: a phone with the admin token starts, abandons and dims the board.

The token travels only in the ``Authorization: Bearer`` header (never a cookie a browser sends
by itself, never a URL that lands in logs and histories), compared in constant time. Without
it, or when no token is set: 403 and nothing changes. A request becomes an ``AdminCommand`` on
the game loop's queue, done there by the controller's own steps (daemon/admin_flow.py); the
answer comes back through a future, so the phone learns whether it worked.

``GET /api/options`` (public: the edition's words and the engine's modes) fills the phone's form.
"""

from __future__ import annotations

import asyncio
import hmac

from aiohttp import web

from ..daemon.events import AdminCommand
from ..game.modes import MODES, VARIANTS, game_for
from .json_body import BadBody, Number, Text, TextList, read_json

# path -> (the board's command, the body's shape)
COMMANDS = {
    "/api/admin/new-game": ("new_game", {"mode": Text(32), "variants": TextList(8), "seats": TextList(4, 2),
                                         "route": Text(8), "words": TextList(16)}),
    "/api/admin/abandon": ("abandon", {}),
    "/api/admin/brightness": ("brightness", {"value": Number()}),
}
ANSWER_S = 5.0  # the loop answers within one iteration; this only bounds a stopped board


def _json(status: int, data: dict) -> web.Response:
    return web.json_response(data, status=status)


def authorised(server, request: web.BaseRequest) -> bool:
    token = server.admin_token
    given = request.headers.get("Authorization", "")
    if not token or not given.startswith("Bearer "):
        return False
    return hmac.compare_digest(given[7:].strip().encode(), token.encode())


def options(server, request: web.BaseRequest) -> dict:
    edition = server.edition
    return {
        "url": server.public_url(request),
        "modes": {m: {"variants": list(VARIANTS[m]), "seats": ["".join(s) for s in game_for(m).seatings()]} for m in MODES},
        "words": list(edition.words) if edition is not None else [],
        "admin": server.admin_token is not None,
    }


async def handle(server, request: web.BaseRequest) -> web.Response:
    path = request.path
    if path == "/api/options":
        if request.method not in ("GET", "HEAD"):
            return _json(405, {"error": "use GET"})
        return _json(200, options(server, request))
    if path not in COMMANDS:
        return _json(404, {"error": f"no such API: {path}"})
    kind, shape = COMMANDS[path]
    if request.method != "POST":
        return _json(405, {"error": "use POST"})
    if not authorised(server, request):
        why = ("admin is off on this board: set status.admin_token (or run clacks-hw install-service)"
               if not server.admin_token else "the admin token is missing or wrong")
        return _json(403, {"error": why})
    try:
        params = await read_json(request, shape)
    except BadBody as exc:
        return _json(exc.status, {"error": str(exc)})
    if server.submit is None:
        return _json(503, {"error": "the board's loop is not running"})
    loop = asyncio.get_running_loop()
    answer: asyncio.Future = loop.create_future()

    def reply(text: str | None) -> None:  # from the game loop's thread
        loop.call_soon_threadsafe(lambda: answer.done() or answer.set_result(text))

    server.submit(AdminCommand(kind, params, reply))
    try:
        text = await asyncio.wait_for(answer, ANSWER_S)
    except TimeoutError:
        return _json(503, {"error": "the board did not answer in time"})
    if text is not None:
        return _json(409, {"error": text})
    return _json(200, {"ok": True})
