"""Boards for the hall's tests, screenshots and bench: each board's public state (the JSON a
board publishes on ``clacks/ID/state``) in a fixed position of a real game, played by the
automatic players from a fixed seed, so every run and every screenshot shows the same hall.

``hall_states(n)`` gives ``n`` boards that between them show every game mode and every kind of
screen a hall meets: games under way (with and without players' names), the attract demo,
set-up, games over, Express with its clock. ``odd_states()`` gives boards whose every field is
odd but allowed: the longest texts, markup and right-to-left text in names, every lamp lit.
"""

from __future__ import annotations

import json
import random

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.config import config_from_record
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.registry import game_for
from clacks_hw.web.public import status_json
from clacks_hw.web.snapshot import StatusSnapshot

EDITION = default_edition()
STARTED = 1_750_000_000  # every game began at this Unix time; the tests' clocks stand a little after it
NOW = STARTED + 754  # the hall's (fixed) time in screenshots: 12 min 34 s into the games

# (board id, mode, players, moves played, names, screen, variants)
SCENES = (
    ("alpha", "competitive", 2, 14, {"S": "ANN", "N": "BOB"}, "game", ()),
    ("bravo", "race", 3, 9, {}, "game", ()),
    ("charlie", "klackers", 3, 7, {"S": "Zoë", "W": "KAI", "N": "LEE"}, "game", ()),
    ("delta", "competitive", 4, 22, {"S": "ANA", "W": "ROB", "N": "EVE", "E": "MAX"}, "game", ("express",)),
    ("echo", "solitaire", 1, 12, {"S": "SAM"}, "game", ("night_shift",)),
    ("foxtrot", "junior_race", 2, 10, {}, "game", ()),
    ("golf", "competitive", 2, 12, {}, "attract", ()),
    ("hotel", "competitive", 2, 0, {}, "setup", ()),
    ("india", "competitive", 3, 10_000, {"S": "ADA", "W": "TOM", "N": "IDA"}, "over", ()),
    ("juliet", "klackers", 2, 10_000, {"S": "JO", "N": "AL"}, "over", ("hughie",)),
    ("kilo", "race", 2, 10_000, {}, "over", ("night_shift", "long_distance")),
    ("lima", "competitive", 2, 30, {"S": "Иван", "N": "Ελένη"}, "game", ("long_message", "quick")),
    ("mike", "junior_race", 2, 25, {"S": "BEA", "W": "DAN"}, "game", ()),
    ("november", "competitive", 4, 8, {}, "game", ()),
    ("oscar", "klackers", 4, 20, {}, "game", ("klack_to_win",)),
    ("papa", "solitaire", 1, 16, {}, "game", ()),
)


def played(mode: str, players: int, moves: int, names: dict, variants=(), seed: int = 7):
    """(the state after ``moves`` moves of the automatic players, or the end if sooner; the
    moves played)."""
    game = game_for(mode)
    seats = game.seating_for(players)
    slots = game.word_slots(seats, variants)
    words = deal_words(EDITION, [k for k, _ in slots], slots[0][1], seed) if slots else {}
    config = config_from_record({"mode": mode, "seats": seats, "words": words, "hands": "tracked", "seed": seed,
                                 "variants": list(variants), "names": {s: n for s, n in names.items() if s in seats}})
    state, rng, done = new_game(EDITION, config), random.Random(seed), []
    while not state.over and len(done) < moves:
        action = game.bot_action(state, rng)
        state = game.apply(state, action)
        done.append(action)
    return state, done


def board_state(scene, page: str | None = None) -> dict:
    board, mode, players, moves, names, screen, variants = scene
    state, done = played(mode, players, moves, names, variants)
    n = len(done)
    if screen == "setup":
        snap = StatusSnapshot(seq=1, screen="setup", setup="[seats] setup: competitive (no variants); seats S N")
    else:
        express = screen == "game" and "express" in variants
        snap = StatusSnapshot(seq=n + 1, screen=screen, state=state, actions=n, recent=tuple(done[-6:]),
                              started=None if screen == "attract" else STARTED,
                              express_left=23.4 if express else None, express_seconds=60.0 if express else None)
    data = json.loads(payload(status_json(snap, EDITION)))  # as the hall reads it: lists, not tuples
    data["page"] = page if page is not None else f"http://{board}.local:8080/"
    return data


def hall_states(n: int) -> dict[str, dict]:
    """``n`` boards (up to 16 distinct scenes, then more of the first ones under new names)."""
    out = {}
    for k in range(n):
        scene = SCENES[k % len(SCENES)]
        board = scene[0] if k < len(SCENES) else f"{scene[0]}-{k // len(SCENES) + 1}"
        out[board] = board_state((board, *scene[1:]))
    return out


def payload(state: dict) -> bytes:
    return json.dumps(state, separators=(",", ":")).encode()


MARKUP = '<img src=x onerror="window.pwned=1">'
ODD_TEXTS = [MARKUP, "</script><script>window.pwned=1</script>", "W" * 80, "\U0001f600" * 20 + " long emoji line",
             "مرحبا بالعالم من لوحة الإشارات", "&lt;b&gt; &amp; &#60;i&#62;", "javascript:window.pwned=1", "{{7*7}} ${7*7}",
             "x" * 40 + " " + "y" * 39, "'; DROP TABLE results; --"]
ODD_NAMES = ["W" * 16, "Zoë", "مرحبا بالعالم", "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠ", "O'Neil-Smith Jr.", "1234567890123456", "ß", "Ǆǅǆ Ǉǈǉ"]


def odd_states(n: int = 16) -> dict[str, dict]:
    """``n`` boards whose every field is odd but allowed by the hall's schema (the longest texts,
    markup, right-to-left words, emoji, every lamp lit, times at the ends of their ranges), as
    the hall's schema data of a state message (tests/hall/shown.py: ShownHall.raw_state)."""
    out = {}
    for k in range(n):
        t = ODD_TEXTS[k % len(ODD_TEXTS)]
        seats = ["S", "W", "N", "E"]
        board = (f"b{k:02d}-" + "W" * 64)[:64] if k % 3 == 0 else f"odd-{k}"
        out[board] = {
            "screen": ("game", "over", "attract", "confirm")[k % 4], "demo": k % 4 == 2,
            "screen_label": t[:40], "notice": (t * 8)[:300], "started": (0.0, 1e10, float(STARTED))[k % 3],
            "express": {"seconds_left": 600.0, "seconds": 600.0} if k % 5 == 0 else None,
            "position": {
                "mode": ("competitive", "race", "solitaire", "junior_race", "klackers")[k % 5],
                "game": {"label": t[:40], "dice": k % 5 == 4},
                "variant_labels": [t[:40]] * 8, "names": {s: ODD_NAMES[(k + i) % len(ODD_NAMES)] for i, s in enumerate(seats)},
                "lamps": "1" * 16 if k % 2 else "0" * 16,
                "summary": {"seat": seats[k % 4] if k % 4 != 1 else None, "doing": t[:40], "progress": (t * 3)[:60],
                            "winners": seats if k % 4 == 1 else [], "result": (t * 3)[:120]},
            },
        }
    return out
