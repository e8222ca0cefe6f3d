"""The play page's server: the page, its live state, and the presses and taps it sends.

A page for the person at this computer, so every request but the page's own files must carry
the run's secret: the address `clacks-hw play` prints (or opens) holds it once, in the fragment
(``/#key=...``), which a browser never sends to a server nor puts in a Referer. The page keeps it
in its tab's ``sessionStorage`` (this origin only: scheme, host and port), takes it out of the
address bar and sends it in the ``X-Clacks-Key`` header. Never a cookie: a browser sends a
cookie to every port of the host, so another user's server on another port would be handed it;
an old ``clacks_play_PORT`` cookie or ``?key=`` is never read. Every action is a POST that
must also carry an ``Origin`` naming this server (web/pairing_api.py's check), and the host-name
check (web/guard.py) refuses any name but this machine's. So another user of this machine
without the secret, or a site visited in the same browser, can neither see the hands nor
press a button.

Endpoints: ``/`` the page (``play.html``, ``play.js``, ``play.css``, ``kiosk-parts.js``);
``/events`` the live state (Server-Sent Events, read with fetch so it carries the header) and
``/state.json`` the same once; POST
``/api/press`` ``{"button": "PLAY"}``, ``/api/hold`` ``{"buttons": ["PREV", "NEXT"],
"seconds": 3}``, ``/api/tap`` ``{"seat": "S", "card": "J05"}``, ``/api/lamp`` ``{"lamp": 5}`` (the
shown card laid over lamp 5), ``/api/new-game`` (the admin
page's fields) and ``/api/abandon``.
"""

from __future__ import annotations

import asyncio
import hmac

from aiohttp import web

from ..drivers.debounce import BUTTONS
from ..web.admin import COMMANDS as ADMIN_COMMANDS
from ..web.base import PageServer
from ..web.feed import Feed
from ..web.json_body import BadBody, Number, Text, TextList, read_json
from ..web.pairing_api import foreign_origin
from .address import key_url, new_secret
from .page_json import not_on_one_page, options_json, play_json
from ..game.core.registry import modes
from ..game.core.table import SEATS

MAX_HOLD_S = 5.0
KEY_HEADER = "X-Clacks-Key"
NEW_GAME_SHAPE = ADMIN_COMMANDS["/api/admin/new-game"][1]
SHAPES = {
    "/api/press": {"button": Text(8)},
    "/api/hold": {"buttons": TextList(3, 8), "seconds": Number()},
    "/api/tap": {"seat": Text(2), "card": Text(40), "report": Number()},
    "/api/lamp": {"lamp": Number()},
    "/api/new-game": NEW_GAME_SHAPE,
    "/api/abandon": {},
}
NO_KEY = ("this page needs the address `clacks-hw play` printed (it holds the key of this run); "
          "open that address, or start `clacks-hw play` again")


def _json(status: int, data: dict) -> web.Response:
    return web.json_response(data, status=status)


class PlayServer(PageServer):
    name = "play page"
    assets = {"/": "play.html", "/play.css": "play.css", "/play.js": "play.js", "/kiosk-parts.js": "kiosk-parts.js"}

    def __init__(self, table, bind: str = "127.0.0.1", port: int = 0, *, humans=None, secret: str | None = None,
                 sock=None) -> None:
        """``sock`` and ``secret``: bound and made by the caller already (address.py)."""
        self.table = table
        self.humans = tuple(humans if humans is not None else SEATS)
        self.secret = secret or new_secret()
        super().__init__(Feed(self._state), bind, port, max_connections=64, max_per_address=32, sock=sock)
        table.ring = self.feed.ring
        self._cards: frozenset[str] | None = None
        self.options = options_json()

    @property
    def edition(self):
        """The edition the board plays with (known once the daemon is built)."""
        return self.table.edition or (self.table.daemon.edition if self.table.daemon is not None else None)

    @property
    def cards(self) -> frozenset[str]:
        if self._cards is None and self.edition is not None:
            self._cards = self._all_cards(self.edition)
        return self._cards or frozenset()

    @staticmethod
    def _all_cards(edition) -> frozenset[str]:
        return frozenset(edition.jacquards) | frozenset(edition.cards) | {f"W:{w}" for w in edition.words}

    @property
    def key_url(self) -> str:
        """The address that lets a browser in: the only place the secret is ever shown."""
        return key_url(self.url, self.secret)

    def _state(self) -> dict:
        t = self.table
        move = getattr(t.controller, "computer_move", None)  # one attribute read of an immutable value
        window = getattr(t.controller, "computer_window", None)  # the same
        return play_json(t.box.get(), t.leds.frame, humans=self.humans, said=tuple(t.said),
                         edition=self.edition, options=self.options, move=move, window=window)

    # -- who may ------------------------------------------------------------------------------
    def _has_key(self, request: web.BaseRequest) -> bool:
        given = request.headers.get(KEY_HEADER, "")
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.secret.encode())

    async def _events(self, request: web.BaseRequest) -> web.StreamResponse:
        if not self._has_key(request):
            return _json(403, {"error": NO_KEY})
        return await super()._events(request)

    # -- requests -------------------------------------------------------------------------------
    async def route(self, request: web.BaseRequest) -> web.StreamResponse:
        path = request.path
        if path == "/state.json":
            if request.method not in ("GET", "HEAD"):
                return _json(405, {"error": "use GET"})
            if not self._has_key(request):
                return _json(403, {"error": NO_KEY})
            return web.Response(body=self.feed.json, content_type="application/json")
        if path not in SHAPES:
            return _json(404, {"error": f"no such page or API: {path[:80]}"})
        if request.method != "POST":
            return _json(405, {"error": "use POST"})
        why = foreign_origin(request)
        if why is not None:
            return _json(403, {"error": why})
        if not self._has_key(request):
            return _json(403, {"error": NO_KEY})
        try:
            body = await read_json(request, SHAPES[path])
        except BadBody as exc:
            return _json(exc.status, {"error": str(exc)})
        if self.table.stop.is_set():
            return _json(503, {"error": "the board has stopped"})
        if not self.table.running:
            return _json(503, {"error": "the board is still starting: try again in a moment"})
        return await self._act(path, body)

    def _report_card(self, k) -> str:
        snapshot = self.table.box.get()
        reports = getattr(snapshot.state, "reports", ()) if snapshot is not None else ()
        if isinstance(k, int) and 0 <= k < len(reports):
            return reports[k].card
        return ""

    async def _act(self, path: str, body: dict) -> web.Response:
        t = self.table
        if path == "/api/press":
            button = body.get("button", "")
            if button not in BUTTONS:
                return _json(400, {"error": f"'button' {button[:16]!r} is none of {' '.join(BUTTONS)}"})
            await asyncio.to_thread(t.press, (button,))
        elif path == "/api/hold":
            buttons = tuple(body.get("buttons", ()))
            seconds = body.get("seconds", 3.0)
            if not buttons or any(b not in BUTTONS for b in buttons) or len(set(buttons)) != len(buttons):
                return _json(400, {"error": f"'buttons' must be different buttons of {' '.join(BUTTONS)}"})
            if not 0 < seconds <= MAX_HOLD_S:
                return _json(400, {"error": f"'seconds' must be more than 0 and at most {MAX_HOLD_S:g}"})
            await asyncio.to_thread(t.press, buttons, float(seconds))
        elif path == "/api/lamp":
            lamp = body.get("lamp")
            if isinstance(lamp, bool) or not isinstance(lamp, int) or lamp not in range(16):
                return _json(400, {"error": "'lamp' must be a lamp's number, a whole number from 0 to 15"})
            t.lamp(lamp)
        elif path == "/api/tap":
            seat, card = body.get("seat", ""), body.get("card", "")
            if "report" in body:  # a report card on the table, by its place: its face stays hidden
                card = self._report_card(body["report"])
            if seat not in self.humans:
                return _json(400, {"error": f"'seat' {seat[:4]!r}: cards are tapped at a human seat's reader "
                                            f"({' '.join(self.humans)})"})
            if card not in self.cards:
                what = "no report card lies there" if "report" in body else f"{card[:40]!r} is not a card of this edition"
                return _json(400, {"error": f"'card': {what}"})
            if not await asyncio.to_thread(t.tap, seat, card):
                return _json(503, {"error": "the card reader did not see the card: try again"})
        else:
            kind = "new_game" if path == "/api/new-game" else "abandon"
            mode = body.get("mode")
            why = not_on_one_page(mode) if kind == "new_game" and mode in modes() else None
            answer = why or await t.command_async(kind, body)
            if answer is not None:
                return _json(409, {"error": answer})
        return _json(200, {"ok": True})
