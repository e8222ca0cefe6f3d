"""A player's own phone, as raw HTTP at the real socket of running boards: one board per game
(Guards! Guards!, which asks a seat's phone to plant a saboteur and build a spell run; Clacks;
KLACKERS), each with a live game for S and N and a phone paired for each seat, every input a
seat's request (its page, an answer, a step of a plan).

The promises are the ``http`` target's (no 5xx but 503, the security headers, no traceback, no
admin token, the page served afterwards and the board running), and a logged exception (a bad
answer caught in the loop) fails too. An input is the game's name, a newline, then the request;
in the request ``@HOST@``, ``@ORIGIN@``, ``@PHONE@`` and ``@PHONE_N@`` (S's and N's sessions,
sent in the ``X-Clacks-Session`` header) and ``@OFFER@`` (the first answer S's page offers now, as JSON text inside a JSON
string) stand for what they are on the board at that moment. A game that ended is dealt again
and its seats paired again."""

from __future__ import annotations

import json
import random
import tempfile
from contextlib import ExitStack, contextmanager
from functools import cache
from pathlib import Path

from hypothesis import strategies as st

from tests.guards.randomgames import random_game
from tests.web.live import LiveBoard

from ..harness import Target, Violation
from ..mutation import HOSTILE_TEXT, deep_json, dumps, edited, json_values, mutated, utf8
from ..seeds import games
from .http import HEADERS, _answers_ok, _exchange, request, still_serves, usually

SEED = 5  # the Guards board's generator: S is dealt a volunteer to plant as a saboteur
GAMES = {"guards": {"mode": "guards", "seats": ["S", "N"]}, "competitive": {"mode": "competitive", "seats": ["S", "N"]},
         "klackers": {"mode": "klackers", "seats": ["S", "N"]}}
PATHS = ["/api/seat", "/api/seat/act", "/api/seat/plan"]
LIVE = ("game", "confirm")


class Table:
    """A board with a game in play and a phone for each of its seats."""

    def __init__(self, folder: Path, name: str) -> None:
        self.name = name
        self.board = LiveBoard(folder, rng=random.Random(SEED)).start()
        self.board.pair()
        self.phones: dict[str, str] = {}
        self.deal()

    def deal(self) -> None:
        b = self.board
        if b.daemon.controller.screen in LIVE:
            b.admin("abandon", {})
        status, answer = b.admin("new-game", GAMES[self.name])
        if status != 200:
            raise Violation("a game cannot be dealt for the fuzz", f"{status} {answer}")
        self.phones = {seat: b.pair_seat(seat) for seat in ("S", "N")}

    def ready(self) -> None:
        """A game in play, the admin's phone and both seats' phones paired (an input may have
        ended any of them)."""
        b = self.board
        pairing = b.daemon.pairing
        if pairing.phone(b.phone) is None:
            b.pair()
        if b.daemon.controller.screen not in LIVE or any(pairing.phone(p) is None for p in self.phones.values()):
            self.deal()

    def offer(self) -> bytes:
        _, page = self.board.seat_page(self.phones["S"])
        choices = [c["action"] for q in page.get("prompts", ()) for c in q["choices"] if "action" in c]
        text = json.dumps(choices[0] if choices else {"seat": "S", "act": "roll"})
        return json.dumps(text)[1:-1].encode()  # inside the body's JSON string

    def fill(self, data: bytes) -> bytes:
        b = self.board
        if b"@OFFER@" in data:
            data = data.replace(b"@OFFER@", self.offer())
        return (data.replace(b"@HOST@", f"127.0.0.1:{b.port}".encode()).replace(b"@ORIGIN@", b.origin.encode())
                .replace(b"@PHONE_N@", self.phones["N"].encode()).replace(b"@PHONE@", self.phones["S"].encode()))


@contextmanager
def session():
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        tables = {}
        for name in GAMES:
            tables[name] = Table(folder / name, name)
            stack.callback(tables[name].board.stop)

        def check(data: bytes) -> None:
            head, _, rest = data.partition(b"\n")
            table = tables.get(head.decode("latin-1"), tables["guards"])
            table.ready()
            _answers_ok(_exchange(table.board.port, table.fill(rest)))
            still_serves(table.board)

        yield check


def _post(path: str, body: bytes, phone: str = "@PHONE@") -> bytes:
    return request("POST", path, [("Host", "@HOST@"), ("Origin", "@ORIGIN@"), ("X-Clacks-Session", phone),
                                  ("Content-Type", "application/json"), ("Content-Length", str(len(body)))], body)


@cache
def actions() -> tuple[dict, ...]:
    """Real actions of every game, to be changed: Clacks' and KLACKERS' from short games of the
    automatic players, Guards!'s from a random game."""
    clacks = [a.to_json() for config, _, acts in games() if config.mode in ("competitive", "klackers")
              for a in acts[:12]]
    guards = [a.to_json() for a, _ in random_game(3, 2, steps=80) if a is not None]
    return tuple({**a, "seat": "S"} for a in clacks + guards)


@cache
def seeds() -> list[bytes]:
    """What a seat's phone page sends (web/assets/seat.js), on each board."""
    out = []
    for game in GAMES:
        out += [game.encode() + b"\n" + r for r in (
            request("GET", "/api/seat", [("Host", "@HOST@"), ("X-Clacks-Session", "@PHONE@")]),
            _post("/api/seat/act", b'{"action":"@OFFER@"}'),
            _post("/api/seat/act", dumps({"action": json.dumps(actions()[0])})),
            _post("/api/seat/plan", b'{"plan":"spell_run","answers":"[]"}'),
            _post("/api/seat/plan", dumps({"plan": "spell_run", "answers": json.dumps(["jet", ["LL01", "LL02"]])})),
            _post("/api/seat/act", b'{"action":"@OFFER@"}', "@PHONE_N@"))]
    return out


ANSWERS = st.lists(st.sampled_from(["jet", "amber", "LL01", "SS02", "fools", "none", "\u2028"] + HOSTILE_TEXT[:8])
                   | st.lists(st.sampled_from(["LL01", "LL08", "MB06", ""]), max_size=4) | json_values, max_size=6)


KINDS = [None, True, 0, -1.5, "", "x", [], ["S"], [[]], {}, {"act": "roll"}]  # a value of every JSON type


@st.composite
def retyped(draw, action: dict) -> dict:
    """``action`` with one field given a value of another type (the rest stay good, so the
    value reaches the game's own parsing)."""
    key = draw(st.sampled_from(sorted(action)))
    return {**action, key: draw(st.sampled_from([v for v in KINDS if type(v) is not type(action[key])]))}


@st.composite
def body(draw, path: str) -> bytes:
    """A body for ``path``: the page's own, with a part made hostile (an action's field, a
    plan's answer, a text that is no JSON, a field of another type)."""
    if path == "/api/seat/plan":
        value = {"plan": draw(usually("spell_run", "", "x" * 40, 3, None)), "answers": json.dumps(draw(ANSWERS))}
    else:
        action = draw(st.sampled_from(actions()))
        inner = draw(usually(json.dumps(draw(retyped(action))), json.dumps(draw(edited(action, keys=("card", "die")))),
                             json.dumps(draw(json_values)), draw(deep_json), "@OFFER@", "\ud800", "{"))
        value = {"action": draw(usually(inner, action, draw(json_values)))}
    if draw(usually(False, True)):
        value = draw(edited(value, keys=("action", "plan", "answers")))
    return dumps(value)


@st.composite
def structured(draw) -> bytes:
    game = draw(st.sampled_from(list(GAMES)))
    method = draw(usually("POST", "GET", "HEAD", "PUT"))
    path = draw(st.sampled_from(PATHS[1:] if method == "POST" else PATHS))
    # the old cookie too, which the board must never take for a session
    credential = draw(usually(("X-Clacks-Session", "@PHONE@"), ("X-Clacks-Session", "@PHONE_N@"),
                              ("X-Clacks-Session", ""), ("X-Clacks-Session", "x"), ("Cookie", "clacks_phone=@PHONE@")))
    headers = [("Host", "@HOST@"), ("Origin", draw(HEADERS["Origin"])), credential,
               ("Content-Type", draw(HEADERS["Content-Type"]))]
    data = draw(body(path)) if method in ("POST", "PUT") else b""
    data = draw(usually(data, utf8(draw(st.text(max_size=40))), data[: len(data) // 2]))
    headers.append(("Content-Length", str(len(data))))
    return game.encode() + b"\n" + request(method, path, headers, data)


TARGET = Target(
    "seat", "a seat's own phone: raw requests at running boards, a live game of each kind, phones paired for S and N",
    st.deferred(lambda: structured() | mutated(seeds(), (b"@OFFER@", b"@PHONE@", b"@PHONE_N@", b'\\"', b"\\u",
                                                         b'"act"', b'"seat"', b"guards\n", b"klackers\n"))),
    seeds, session=session)
