"""The hall's schema refuses every payload that broke the first hall (a number where the page
expects the lamps, an infinite time, a state nested 990 deep, HTML in a mode's name, a negative
time, NaN) and everything else it does not describe; and every state a real board publishes,
in every game, fits it."""

from __future__ import annotations

import json
import random
import sys
import unicodedata

import pytest

from clacks_hw.daemon.demo import Demo
from clacks_hw.game.core.registry import board_modes as modes
from clacks_hw.mqtt import schema
from clacks_hw.mqtt.projection import hall_state
from clacks_hw.web.public import status_json
from clacks_hw.web.snapshot import StatusSnapshot
from tests.mqtt.rig import EDITION

RESULT = {"game": "n3-0badcafe", "mode": "competitive", "seats": ["S", "N"], "winner": "S", "actions": 40,
          "words": {"S": "STAMP", "N": "DORFL"}, "turns": 12, "started": 1.7e9, "seconds": 312.5}
STATE = {"screen": "game", "position": {"mode": "competitive", "board": "0110" * 4, "turn": "S", "turn_number": 3}}


def enc(value) -> bytes:
    return json.dumps(value, allow_nan=True).encode()


def test_a_good_result_and_state_decode_as_sent():
    assert schema.to_data(schema.decode("result", enc(RESULT))) == RESULT
    assert schema.decode("state", enc(STATE)).position.board == "0110" * 4


@pytest.mark.parametrize("kind, payload, where", [
    ("state", enc({**STATE, "position": {**STATE["position"], "board": 5}}), "$.position.board"),
    ("state", enc({**STATE, "position": {**STATE["position"], "board": "<img src=x onerror=alert(1)>"}}),
     "$.position.board"),
    ("result", b'{"game":"n3-0badcafe","mode":"competitive","seats":["S"],"winner":"S","actions":1,"seconds":1e999}',
     "$.seconds"),
    ("result", enc({**RESULT, "seconds": float("nan")}), "not strict JSON"),
    ("result", enc({**RESULT, "seconds": float("inf")}), "not strict JSON"),
    ("result", enc({**RESULT, "seconds": -4.0}), "$.seconds"),
    ("result", enc({**RESULT, "mode": "<b>competitive</b>"}), "$.mode"),
    ("result", enc({**RESULT, "winner": "<script>"}), "$.winner"),
    ("result", enc({**RESULT, "words": {"S": "A<b>"}}), "$.words[...]"),
    ("result", enc({**RESULT, "words": {"S": "STAMP\n"}}), "$.words[...]"),
    ("result", enc({**RESULT, "actions": 203_000_000}), "$.actions"),
    ("result", enc({**RESULT, "wins": 203}), "unknown field `wins`"),
    ("result", enc({k: v for k, v in RESULT.items() if k != "game"}), "missing required field `game`"),
    ("state", enc({**STATE, "notice": "pay \u202eevil"}), "$.notice"),
    ("state", enc({**STATE, "notice": "line\nbreak"}), "$.notice"),
    ("state", enc({**STATE, "notice": "x" * 301}), "$.notice"),
    ("state", enc({**STATE, "notice": "ends a line\n"}), "$.notice"),
    ("state", b'{"screen":"game","notice":"\\ud800"}', "not strict JSON"),
    ("state", b'{"screen":"game","position":' + b'{"x":' * 990 + b"1" + b"}" * 991, "unknown field `x`"),
    ("state", b'{"screen":"game","position":{"mode":"competitive","players":{"S":{"letters":'
     + b"[" * 990 + b"]" * 990 + b"}}}}", "$.position.players[...].letters"),
    ("state", b"[" * 100_000 + b"]" * 100_000, "Expected `object`"),
    ("status", b'{"status":"online","boot":"0123456789abcdef","key":"' + b"A" * 43 + b'","page":"javascript:alert(1)//"}',
     "$.page"),
])
def test_the_schema_refuses(kind, payload, where):
    with pytest.raises(schema.BadMessage) as caught:
        schema.decode(kind, payload)
    assert where in str(caught.value)


def test_deep_nesting_is_refused_before_the_recursion_limit():
    depth = sys.getrecursionlimit() * 4
    payload = b'{"screen":"game","position":{"mode":"competitive","towers":{"R1":{"pawns":' + b"[" * depth
    with pytest.raises(schema.BadMessage):
        schema.decode("state", payload + b"]" * depth + b"}}}}")


def every_public_state():
    """The public state at every step of a game of every mode, as the kiosk page gets it, and on
    the attract and game-over screens."""
    demo = Demo(EDITION, random.Random(11))
    for _ in modes():
        demo.start(0)
        n = 0
        while True:
            state = demo.state
            for screen in ("attract", "game", "over") if n % 5 == 0 or state.over else ("game",):
                yield status_json(StatusSnapshot(seq=n, screen=screen, state=state, actions=n,
                                                 express_left=12.5 if n % 7 == 0 else None,
                                                 express_seconds=60.0 if n % 7 == 0 else None), EDITION)
            if state.over or n > 400:
                break
            demo.step(1e9)
            n += 1
    yield status_json(None, EDITION)
    yield status_json(StatusSnapshot(seq=1, screen="setup", setup="mode: C"), EDITION)


def test_every_state_a_board_publishes_fits_the_schema_and_keeps_what_a_card_shows():
    seen = set()
    for public in every_public_state():
        state = hall_state(public)
        data = schema.encode(state)
        assert len(data) < schema.MAX_BYTES["state"] // 4
        back = schema.decode("state", data)
        assert back == state and back.demo == (public["screen"] == "attract")
        pos = public["position"]
        if pos is not None:
            seen.add(pos["mode"])
            assert back.position.mode == pos["mode"] and back.position.turn == pos.get("turn")
            assert back.position.board == pos.get("board")
            assert back.position.winner == pos.get("winner")
    assert seen == set(modes())


def test_the_shown_text_pattern_refuses_exactly_the_characters_that_break_or_hide():
    import re

    plain = re.compile(schema.PLAIN)
    wrong = [hex(c) for c in range(sys.maxunicode + 1)
             if (plain.match(chr(c)) is None) != (unicodedata.category(chr(c)) in ("Cc", "Cf", "Zl", "Zp", "Co", "Cs"))
             and unicodedata.category(chr(c)) != "Cn"]
    assert wrong == []


@pytest.mark.parametrize("name", ["ANN", "Zoë", "Иван", "Ελένη", "Mary-Jo", "O'Neil", "J. R", "1st"])
def test_players_names_of_any_alphabet_are_kept(name):
    assert schema.decode("result", enc({**RESULT, "names": {"S": name}})).names == {"S": name}


@pytest.mark.parametrize("name", [" A", "A ", "A  B", "=SUM(A1)", "_x", "A\u202eB", "A" * 17, "-a", "", "a_b",
                                  "<b>", "A\nB"])
def test_a_name_that_is_no_name_is_refused(name):
    with pytest.raises(schema.BadMessage, match=r"\$\.names"):
        schema.decode("result", enc({**RESULT, "names": {"S": name}}))
