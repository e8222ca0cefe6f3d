"""The admin API's JSON bodies, as far as the board takes them without the network: the body
checked against its endpoint's shape (``json_body.parse``), then what the board decides with it
(``daemon/screens/admin.py``: the setup menu asked for, the game it deals, the LEDs' brightness), and a
pairing code traded at ``Pairing.redeem`` while a code shows.

An input is the endpoint's path, a newline, then the body."""

from __future__ import annotations

import random
import tempfile
from contextlib import contextmanager
from functools import cache

from hypothesis import strategies as st

from clacks_hw.daemon.screens import admin
from clacks_hw.daemon.events import AdminCommand
from clacks_hw.drivers.leds import LedOutput
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.errors import SetupError
from clacks_hw.game.core.registry import modes, variants
from clacks_hw.pairing import Pairing, Refused
from clacks_hw.testing.clock import FakeClock
from clacks_hw.testing.recording_leds import RecordingLeds
from clacks_hw.web import pairing_api
from clacks_hw.web.admin import COMMANDS
from clacks_hw.web.json_body import BadBody, parse

from ..harness import Target, Violation, refused
from ..mutation import HOSTILE_TEXT, deep_json, dumps, json_values, mutated, utf8

PAIR = "/api/pair"
SHAPES = {**{path: shape for path, (_, shape) in COMMANDS.items()}, PAIR: pairing_api.SHAPE}
PATHS = tuple(SHAPES)


def _body(params: dict, kind: str, leds: LedOutput) -> None:
    if kind == "new_game":
        menu = admin.requested_menu(params, default_edition())
        if isinstance(menu, str):
            refused(Violation(menu))
            return
        try:  # what Controller.start_game does before the journal is written
            new_game(default_edition(), menu.game_config(default_edition().words, random.randrange(1 << 31)))
        except SetupError as exc:
            refused(exc)
    elif kind == "brightness":  # abandon takes no fields: the shape {} refused any
        answer = admin.run(AdminCommand(kind, params, None), None, leds, 0.0)
        if answer is not None:
            refused(Violation(answer))


@contextmanager
def session():
    clock = FakeClock()
    leds = LedOutput(RecordingLeds(clock), clock)
    with tempfile.TemporaryDirectory() as folder:
        pairing = Pairing(lambda: "fuzz-admin-token", folder, clock)

        def check(data: bytes) -> None:
            head, _, body = data.partition(b"\n")
            path = head.decode("latin-1")
            shape = SHAPES.get(path, SHAPES[PATHS[0]])
            try:
                params = parse(body, shape)
            except BadBody as exc:
                refused(exc)
                if exc.status not in (400, 413):
                    raise Violation("a bad body answered other than 400 or 413", str(exc.status)) from None
                return
            if path == PAIR:
                pairing.open()
                try:
                    pairing.redeem(params.get("code", ""))
                except Refused as exc:
                    refused(exc)
                return
            _body(params, COMMANDS.get(path, COMMANDS[PATHS[0]])[0], leds)

        yield check


@cache
def seeds() -> list[bytes]:
    """The bodies the admin page sends (web/assets/admin.js), one or more for each endpoint."""
    bodies = {PATHS[0]: [{"mode": "competitive", "variants": [], "seats": ["S", "N"], "route": "easy", "words": []},
                         {"mode": "race", "variants": ["night_shift"], "seats": ["S", "W", "N"], "route": "hard",
                          "words": ["AHMED", "COHEN"], "names": ["Ann", "", "Bob"]},
                         {"mode": "klackers", "variants": ["hughie"], "seats": ["S", "N"]}, {}],
              "/api/admin/abandon": [{}], "/api/admin/brightness": [{"value": 0.5}, {"value": 1}],
              PAIR: [{"code": "ABCD EFGH"}]}
    return [path.encode() + b"\n" + dumps(body) for path, some in bodies.items() for body in some]


SEATS = ["S", "W", "N", "E", "X", "", "s"]
FIELDS = {  # what each field of a body usually holds on the admin page, or anything
    "mode": st.sampled_from(modes() + ("chess", "")) | json_values,
    "variants": st.lists(st.sampled_from(sorted({v for vs in variants().values() for v in vs}) + ["hard_route", "x"]),
                         max_size=4) | json_values,
    "seats": st.lists(st.sampled_from(SEATS), max_size=5) | json_values,
    "route": st.sampled_from(["easy", "hard", "x"]) | json_values,
    "words": st.lists(st.sampled_from(list(default_edition().words[:6]) + HOSTILE_TEXT[:8]), max_size=5) | json_values,
    "value": st.sampled_from([0, 1, 0.5, -0.1, 1.5, 1e308, True]) | json_values,
    "code": st.text(max_size=12) | json_values,
    "names": st.lists(st.sampled_from(["Ann", "", " ", "A" * 17] + HOSTILE_TEXT[:12]), max_size=5) | json_values,
}


def body_for(path: str) -> st.SearchStrategy:
    """A body for the endpoint ``path``: its own fields, now and then one it does not take."""
    own = {name: FIELDS.get(name, json_values) for name in SHAPES.get(path, FIELDS)}
    return st.fixed_dictionaries({}, optional=own) | st.fixed_dictionaries({}, optional=FIELDS)


TARGET = Target(
    "admin_json", "web.json_body.parse with each admin endpoint's shape, then daemon.screens.admin and Pairing.redeem",
    st.deferred(lambda: st.sampled_from(PATHS).flatmap(
        lambda path: (body_for(path).map(dumps) | json_values.map(dumps) | deep_json.map(utf8))
        .map(lambda body: path.encode() + b"\n" + body)) | mutated(seeds(), (b"{", b"}", b"[", b'"', b"\\u", b"NaN"))),
    seeds, session=session)
