"""Every field of every admin and seat body, given a value of another type, on a running board
with a live Guards! Guards! game and its seat's phone: 400 naming the field, never 500, and
nothing reaches the game. The cases come from the endpoints' own shapes (json_body.py), so a
field added to one is covered without a word here; the fields of a game's own action (past the
envelope every action has) are those of the answers the game offers the phone."""

from __future__ import annotations

import json
import random

import pytest

from clacks_hw.web import pairing_api, seat_api
from clacks_hw.web.admin import COMMANDS
from clacks_hw.web.json_body import BadBody, Either, Fields, Items, JsonText
from tests.web.live import LiveBoard

SEED = 5  # the board's generator: S is dealt a Brethren volunteer, so S is asked to plant a saboteur
BODIES = {**{path: shape for path, (_, shape) in COMMANDS.items()}, "/api/pair": pairing_api.SHAPE,
          **seat_api.SHAPES}
ANY = [None, True, 3, -2.5, "x", "", "A" * 300, [], ["x"], [1], [[1]], ["A" * 200], ["x"] * 40, {}, {"a": 1}]


def _refused(kind, value) -> bool:
    try:
        kind.check("f", value)
    except BadBody:
        return True
    return False


def _wrong(kind, where: tuple):
    """(the field's path, a value ``kind`` refuses) for each such value, inside JSON text too."""
    for value in ANY:
        if _refused(kind, value):
            yield where, value
    if isinstance(kind, JsonText):
        yield from _wrong(kind.shape, (*where, "<json>"))
    elif isinstance(kind, Fields):
        for name, inner in kind.shape.items():
            yield from _wrong(inner, (*where, name))
    elif isinstance(kind, Items):
        yield from _wrong(kind.item, (*where, 0))
    elif isinstance(kind, Either):
        pass  # a value every one of its shapes refuses is among ANY's


CASES = [(path, where, value) for path, shape in BODIES.items() for name, kind in shape.items()
         for where, value in _wrong(kind, (name,))]


def _named(where: tuple) -> str:
    """The field as the answer names it: ``action.act``, ``answers[0]``."""
    out = ""
    for part in where:
        if part == "<json>":
            continue
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _put(container, where: tuple, value):
    """``container`` (a body, or a value inside it) with the field at ``where`` set to ``value``."""
    if not where:
        return value
    head, rest = where[0], where[1:]
    if head == "<json>":
        return json.dumps(_put(json.loads(container), rest, value))
    if isinstance(head, int):
        return [_put(None, rest, value)]
    return {**container, head: _put(container.get(head), rest, value)}


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    board = LiveBoard(tmp_path_factory.mktemp("board"), rng=random.Random(SEED)).start()
    assert board.admin("new-game", {"mode": "guards", "seats": ["S", "N"]}) == (200, {"ok": True})
    phone = board.pair_seat("S")
    _, page = board.seat_page(phone)
    [ask] = [q for q in page["prompts"] if q["question"].startswith("Plant a saboteur")]
    good = {"/api/admin/new-game": {"mode": "guards", "seats": ["S", "N"]}, "/api/admin/abandon": {},
            "/api/admin/brightness": {"value": 0.5}, "/api/pair": {"code": "ABCD EFGH"},
            "/api/seat/act": {"action": json.dumps(ask["choices"][0]["action"])},
            "/api/seat/plan": {"plan": "spell_run", "answers": "[]"}}
    assert set(good) == set(BODIES), "a new endpoint: give it a good body here"
    yield board, phone, good
    board.stop()


def _post(board, phone, path, body):
    return board.post(path.lstrip("/"), json.dumps(body).encode(), phone=phone if path.startswith("/api/seat") else "paired")


@pytest.mark.parametrize("path, where, value", CASES, ids=[f"{p} {_named(w)}={str(v)[:12]}" for p, w, v in CASES])
def test_a_field_of_another_type_is_400_naming_it(table, path, where, value):
    board, phone, good = table
    status, answer = _post(board, phone, path, _put(good[path], where, value))
    assert status == 400 and f"'{_named(where)}" in answer["error"], (status, answer)  # or a part of it
    assert board.daemon.controller.session.actions == 0 and board.daemon.controller.screen == "game"


def test_every_field_of_an_offered_answer_of_another_type_is_400_naming_it(table):
    board, phone, good = table
    action = json.loads(good["/api/seat/act"]["action"])
    tried = 0
    for name, fit in action.items():
        for value in ANY:
            if type(value) is type(fit) or name in ("seat", "act"):  # the envelope's: the cases above
                continue
            body = {"action": json.dumps({**action, name: value})}
            status, answer = _post(board, phone, "/api/seat/act", body)
            assert status == 400 and name in answer["error"], (name, value, status, answer)
            tried += 1
    assert tried >= 2 * sum(type(v) is not str for v in ANY)  # a card and a quadrant at least, of every other type
    assert board.daemon.controller.session.actions == 0
