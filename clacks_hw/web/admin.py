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
import json

from aiohttp import web

from ..daemon.events import AdminCommand
from ..game.state import MODES, VARIANTS, seatings

COMMANDS = {"/api/admin/new-game": "new_game", "/api/admin/abandon": "abandon",
            "/api/admin/brightness": "brightness"}
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
        "modes": {m: {"variants": list(VARIANTS[m]), "seats": ["".join(s) for s in seatings(m)]} for m in MODES},
        "words": list(edition.words) if edition is not None else [],
        "admin": server.admin_token is not None,
    }


async def handle(server, request: web.BaseRequest) -> web.Response:
    path = request.path
    if path == "/api/options":
        if request.method not in ("GET", "HEAD"):
            return _json(405, {"error": "use GET"})
        return _json(200, options(server, request))
    kind = COMMANDS.get(path)
    if kind is None:
        return _json(404, {"error": f"no such API: {path}"})
    if request.method != "POST":
        return _json(405, {"error": "use POST"})
    if not authorised(server, request):
        why = ("admin is off on this board: set status.admin_token (or run clacks-hw install-service)"
               if not server.admin_token else "the admin token is missing or wrong")
        return _json(403, {"error": why})
    if request.content_type != "application/json":
        return _json(415, {"error": "send the request as JSON (Content-Type: application/json)"})
    try:
        params = json.loads(await request.read() or b"{}")
    except web.HTTPRequestEntityTooLarge:
        return _json(413, {"error": "the request is too large"})
    except ValueError as exc:
        return _json(400, {"error": f"the body is not JSON: {exc}"})
    if not isinstance(params, dict):
        return _json(400, {"error": "the body must be a JSON object"})
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
