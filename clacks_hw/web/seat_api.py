"""A player's own phone: their seat's private view, and their answers to private prompts.

A phone paired for a seat (the board's pairing gesture, then NEXT to the seat: daemon/screens/pairing.py)
holds a session of role ``seat``, for that seat of the game it was paired in. It may read that
seat's page and answer that seat's prompts in that game, nothing else: not another seat's page,
not the next game's (403: each game's seats pair again, pairing/board.py), not an admin command
(admin.py asks for role ``admin``). Every body is checked against its shape (``SHAPES``) before
a game sees any of it.

- ``GET /api/seat``: the seat's page (core/seat_page.py: the game's view for that seat, its
  sections and prompts), or ``"game": null`` when no game is in play. Built in the server's
  thread from the newest snapshot's state (immutable), asking the game only, so it holds
  exactly what that seat may see whatever the game. No other page can read it: the session is
  a header only this origin's script sends (pairing_api.py) and the answer has no CORS header.
- ``POST /api/seat/act`` ``{"action": "<the chosen answer's action, as JSON text>"}``: the
  answer goes on the game loop's queue as a ``SeatAction``; the loop checks it is still one the
  seat's prompts offer and applies it like any other action (journaled first). 200 when done,
  409 with the sentence the seat may read when not, 403 for a phone of another seat (or none).
  A move a prompt offers to build step by step (a ``plan``: a Guards! Guards! spell run) is
  sent the same way once built; the game's rules accept or refuse it, saying why.
- ``POST /api/seat/plan`` ``{"plan": "<name>", "answers": "<the answers so far, as JSON text>"}``:
  what the game makes of them (core/seat_page.py ``plan_page``): the next step and its options,
  the answer refused and why, or the whole move said back for the player to confirm. It changes
  nothing; 409 when no game is in play or the seat's prompts do not offer that plan now.
"""

from __future__ import annotations

from aiohttp import web

from ..daemon.events import SeatAction
from ..game.core.errors import MalformedAction
from ..game.core.seat_page import offered, plan_page, seat_page
from ..game.core.table import SEATS
from ..pairing.board import SEAT
from . import pairing_api
from .board_answer import ask_board
from .json_body import BadBody, Either, Fields, Items, JsonText, OneOf, Text, TextList, read_json

PATHS = ("/api/seat", "/api/seat/act", "/api/seat/plan")
# Every game's action is an object naming its seat and act (core/protocol.py); its other fields
# are the game's own, each checked by its ``parse_action``.
ACTION = Fields({"seat": OneOf(SEATS), "act": Text(32)}, required=("seat", "act"), open=True,
                what="an action object (the chosen answer's action)")
ANSWER = Either((Text(32), TextList(16)), "an option's value (a string) or the values ticked (a list of strings)")
SHAPES = {  # path -> the body's shape (json_body.py): every field checked before a game sees it
    "/api/seat/act": {"action": JsonText(ACTION)},
    "/api/seat/plan": {"plan": Text(32), "answers": JsonText(Items(ANSWER, 32))},
}
IN_PLAY = ("game", "confirm", "over", "fault")
NOT_A_SEAT = ("this phone is not paired for a seat: on the board hold TURN and BACK together for 3 s, press NEXT "
              "until your seat's light shows, then enter the code it shows on this page")


def _json(status: int, data: dict) -> web.Response:
    return web.json_response(data, status=status)


def _seat_phone(server, request: web.BaseRequest):
    phone = pairing_api.phone_of(server, request)
    if phone is None or phone.role != SEAT or phone.seat is None:
        return _json(403, {"error": NOT_A_SEAT})
    snapshot = server.box.get()
    if phone.game != (snapshot.game if snapshot is not None else None):  # the loop lets such a phone go
        return _json(403, {"error": f"this phone was paired for seat {phone.seat} of another game: each game "
                                    "asks its seats to pair again (on the board hold TURN and BACK together "
                                    "for 3 s, press NEXT until your seat's light shows, then enter the code)"})
    return phone


def _game(server):
    """(state, actions) of the game in play, or (None, None)."""
    snapshot = server.box.get()
    if snapshot is None or snapshot.screen not in IN_PLAY or snapshot.state is None:
        return None, None
    if snapshot.screen == "fault" and snapshot.actions is None:  # a fault over no game (set-up)
        return None, None
    return snapshot.state, snapshot.actions


def page(server, seat: str) -> dict:
    state, actions = _game(server)
    if state is None or seat not in state.config.seats:
        return {"seat": seat, "game": None,
                "notice": "No game is in play." if state is None else f"Seat {seat} does not play in this game."}
    return {**seat_page(state.config.game, state, seat, actions), "name": state.config.names.get(seat)}


async def handle(server, request: web.BaseRequest) -> web.Response:
    if request.path == "/api/seat":
        if request.method not in ("GET", "HEAD"):
            return _json(405, {"error": "use GET"})
        phone = _seat_phone(server, request)
        if isinstance(phone, web.Response):
            return phone
        return _json(200, page(server, phone.seat))
    if request.method != "POST":
        return _json(405, {"error": "use POST"})
    why = pairing_api.foreign_origin(request)
    if why is not None:
        return _json(403, {"error": why})
    phone = _seat_phone(server, request)
    if isinstance(phone, web.Response):
        return phone
    if request.path == "/api/seat/plan":
        return await _plan(server, request, phone)
    try:
        data = (await read_json(request, SHAPES["/api/seat/act"])).get("action")
    except BadBody as exc:
        return _json(exc.status, {"error": str(exc)})
    if data is None:
        return _json(400, {"error": "'action' is missing: send the chosen answer's action as JSON text"})
    state, _ = _game(server)
    if state is None:
        return _json(409, {"error": "no game is in play"})
    try:
        action = state.config.game.parse_action(data)
    except MalformedAction as exc:
        return _json(400, {"error": f"not an action of this game: {exc}"})
    if action.seat != phone.seat:
        return _json(403, {"error": f"this phone speaks for seat {phone.seat} only"})
    if not offered(state.config.game, state, phone.seat, action):
        return _json(409, {"error": "that is not a question the game puts to you now"})
    return await ask_board(server, lambda reply: SeatAction(phone.seat, action, reply, game=phone.game,
                                                            by=f"seat {phone.seat}'s phone {phone.name}"))


async def _plan(server, request: web.BaseRequest, phone) -> web.Response:
    """One step of a move built step by step; read from the newest snapshot, nothing changed."""
    try:
        body = await read_json(request, SHAPES["/api/seat/plan"])
    except BadBody as exc:
        return _json(exc.status, {"error": str(exc)})
    answers = body.get("answers", [])
    state, _ = _game(server)
    if state is None or phone.seat not in state.config.seats:
        return _json(409, {"error": "no game is in play"})
    page = plan_page(state.config.game, state, phone.seat, body.get("plan", ""), answers)
    if page is None:
        return _json(409, {"error": "that is not a move the game offers you now"})
    return _json(200, page)
