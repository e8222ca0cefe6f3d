"""A phone's request done by the board's loop, and the phone told how it went.

The admin commands (admin.py) and a seat's answers (seat_api.py) both change the game, so both
are done in the loop's thread (daemon/screens/admin.py, daemon/seat_flow.py): the request goes
on the loop's queue as an event carrying a ``reply``, and the page waits for that reply.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from aiohttp import web

ANSWER_S = 5.0  # the loop answers within one iteration; this only bounds a stopped board


async def ask_board(server, event: Callable[[Callable[[str | None], None]], object]) -> web.Response:
    """Put ``event(reply)`` on the loop's queue; 200 when the loop replies None (done), 409 with
    its sentence when it refused, 503 when no loop runs or none answers in time."""
    if server.submit is None:
        return web.json_response({"error": "the board's loop is not running"}, status=503)
    loop = asyncio.get_running_loop()
    answer: asyncio.Future = loop.create_future()

    def reply(text: str | None) -> None:  # from the game loop's thread
        loop.call_soon_threadsafe(lambda: answer.done() or answer.set_result(text))

    server.submit(event(reply))
    try:
        refused = await asyncio.wait_for(answer, ANSWER_S)
    except TimeoutError:
        return web.json_response({"error": "the board did not answer in time"}, status=503)
    if refused is not None:
        return web.json_response({"error": refused}, status=409)
    return web.json_response({"ok": True})
