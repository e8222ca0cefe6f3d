"""The status page's /status.json, fetched from a real server on an ephemeral loopback port:
what a competitive game and a race show, and what is never shown (hands in Long Distance, the
report cards' faces, the face-down jacquards)."""

from __future__ import annotations

import json
import random
import urllib.request
from contextlib import contextmanager

from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.values import replace
from clacks_hw.views.position_json import board_bits
from clacks_hw.web.server import WebServer as StatusPage
from clacks_hw.web.snapshot import SnapshotBox, StatusSnapshot

ED = default_edition()
TIMEOUT = 5


@contextmanager
def serving(snapshot: StatusSnapshot | None):
    page = StatusPage(SnapshotBox(snapshot), "127.0.0.1", 0).start()
    try:
        yield page
    finally:
        page.close()


def fetch(page: StatusPage, path: str = "status.json") -> tuple[bytes, dict]:
    with urllib.request.urlopen(page.url + path, timeout=TIMEOUT) as r:
        return r.read(), dict(r.headers)


def status(snapshot: StatusSnapshot | None) -> tuple[dict, str]:
    with serving(snapshot) as page:
        body, headers = fetch(page)
    assert headers["Content-Type"] == "application/json"
    return json.loads(body), body.decode()


def play(state, until, limit=300, seed=1):
    """Bot actions until ``until(state)`` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        state = apply(state, bot_action(state, rng))
    raise AssertionError("the bots never got there")


def competitive():
    s = new_game(ED, ClacksConfig(seats=("S", "N"), words={"S": ("GUILD",), "N": ("AHMED",)}, seed=1))
    return play(s, lambda s: any(p.sent for p in s.players) and s.turn.spent > 0)


def race(**kw):
    s = new_game(ED, ClacksConfig(seats=("S", "N"), words={"team": ("AHMED", "COHEN")}, seed=1, mode="race", **kw))
    return play(s, lambda s: s.signals_sent >= 2 and s.post_office > 0)


def test_a_competitive_game_board_turn_budget_words_and_sent_letters():
    s = competitive()
    snap = StatusSnapshot(seq=7, screen="game", state=s, actions=5, express_left=41.5, express_seconds=60.0)
    d, _ = status(snap)
    assert d["seq"] == 7 and d["screen"] == "game" and d["screen_label"] == "Game"
    assert d["express"] == {"seconds_left": 41.5, "seconds": 60.0}
    assert d["health"] == {"reader": "ok", "leds": "ok"}
    p = d["position"]
    assert p["board"] == board_bits(s.board) and len(p["board"]) == 16
    assert p["turn"] == s.turn.seat and d["seats"][s.turn.seat]["towers"] in ("red", "green")
    assert p["budget_left"] == s.turn.left < p["budget"] == 5
    assert p["actions"] == 5
    for player in s.players:
        pj = p["players"][player.seat]
        assert pj["word"] == "".join(player.signals)
        assert pj["letters"] == [[sig, k < player.sent] for k, sig in enumerate(player.signals)]
        assert pj["hand"] == list(player.hand)  # tracked hands are shown
        for card in player.hand:
            assert p["labels"][card] == ED.card_label(card)
        if player.tower is not None:
            assert player.seat in p["towers"][pj["tower"]]["pawns"]
    assert any(pj["sent"] for pj in p["players"].values())
    assert p["hands_shown"] is True
    pawns = sorted(seat for t in p["towers"].values() for seat in t["pawns"])
    assert pawns == sorted(q.seat for q in s.players if q.tower is not None)


def test_a_race_post_office_track_and_route():
    s = race()
    d, _ = status(StatusSnapshot(seq=1, screen="game", state=s))
    p = d["position"]
    assert p["mode"] == "race" and p["turn"] == s.turn.seat and p["budget_left"] is None
    assert (p["post_office"], p["post_office_goal"]) == (s.post_office, 38) and s.post_office > 0
    assert p["signals_sent"] == s.signals_sent >= 2
    assert p["letters"] == [[sig, k < s.signals_sent] for k, sig in enumerate(s.message)]
    lit = [name for name, t in p["towers"].items() if t["route"]]
    assert lit == ["R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2", "G3", "G4", "G5", "G6"][:s.signals_sent]
    assert not any(t["pawns"] for t in p["towers"].values())
    for player in s.players:  # the team's words, not a seat's; tracked hands shown
        assert "letters" not in p["players"][player.seat]
        assert p["players"][player.seat]["hand"] == list(player.hand)


def test_long_distance_shows_no_hand_and_no_card_id_of_any_seat():
    s = race(variants=frozenset({"long_distance"}))
    held = [c for p in s.players for c in (*p.hand, *p.faults)]
    assert held and not set(held) & set(s.turn.played)
    with serving(StatusSnapshot(seq=1, screen="game", state=s)) as page:
        body, _ = fetch(page)
        html, _ = fetch(page, "")
    d, text = json.loads(body), body.decode()
    for card in held:
        assert f'"{card}"' not in text and card not in html.decode()
    for player in s.players:
        pj = d["position"]["players"][player.seat]
        assert "hand" not in pj and "faults" not in pj and pj["hand_count"] == player.hand_count
    assert d["position"]["hands_shown"] is False


def test_report_cards_and_face_down_jacquards_are_never_revealed():
    for s in (race(), race(variants=frozenset({"long_distance"})), race(variants=frozenset({"night_shift"}))):
        assert {r.face_up for r in s.reports} == {True, False}
        d, text = status(StatusSnapshot(seq=1, screen="game", state=s))
        for r, rj in zip(s.reports, d["position"]["reports"]):
            assert f'"{r.card}"' not in text  # the report cards lie face down
            assert rj["deck"] == ED.cards[r.card].deck and rj["face_up"] == r.face_up
            if r.face_up:
                assert rj["jacquard"] == r.jacquard
            else:
                assert rj["jacquard"] is None and f'"{r.jacquard}"' not in text


def test_physical_hands_are_counted_not_listed():
    s = new_game(ED, ClacksConfig(seats=("S", "N"), words={"S": ("GUILD",), "N": ("AHMED",)}, hands="physical"))
    d, _ = status(StatusSnapshot(seq=1, screen="game", state=s))
    for pj in d["position"]["players"].values():
        assert "hand" not in pj and pj["hand_count"] == 3


def test_three_players_show_the_deep_dwarf():
    s = new_game(ED, ClacksConfig(seats=("S", "W", "N"), words={"S": ("GUILD",), "W": ("BINKY",), "N": ("AHMED",)}))
    s = replace(s, dwarf=4)
    d, _ = status(StatusSnapshot(seq=1, screen="game", state=s))
    assert d["position"]["towers"]["R5"]["dwarf"] is True


def test_setup_screen_and_a_board_not_yet_running():
    d, _ = status(StatusSnapshot(seq=3, screen="setup", setup="[mode] setup: race", reader="offline", leds="failing"))
    assert d["position"] is None and d["setup"] == "[mode] setup: race"
    assert d["screen_label"] == "Setup" and d["health"] == {"reader": "offline", "leds": "failing"}
    d, _ = status(None)
    assert d["screen"] == "starting" and d["position"] is None and d["seq"] is None


def test_the_race_route_is_lit_as_the_board_lights_it_when_the_message_is_not_12_signals():
    from tests.support.route_leds import route_leds
    s = new_game(ED, ClacksConfig(seats=("S", "N"), words={"team": ("AB", "CD")}, seed=1, mode="race"))
    s = play(s, lambda s: s.signals_sent >= 2)
    assert len(s.message) != 12  # the board scales the route to 12 towers
    p = status(StatusSnapshot(seq=1, screen="game", state=s))[0]["position"]
    lit = [name for name, t in p["towers"].items() if t["route"]]
    assert lit == list(route_leds(s.signals_sent, len(s.message))) and len(lit) > s.signals_sent  # the old page lit only 2


def test_the_junior_race_shows_each_seats_progress_on_its_own_colour_as_the_board_does():
    from clacks_hw.daemon import palette
    from tests.support.route_leds import junior_leds
    s = new_game(ED, ClacksConfig(seats=("S", "W"), words={"S": ("GROAT", "QUIRM"), "W": ("TRUNK", "GUILD")},
                                seed=3, mode="junior_race"))
    s = play(s, lambda s: s.player("S").sent % 2 == 1 and s.player("W").sent >= 2)
    towers = status(StatusSnapshot(seq=1, screen="game", state=s))[0]["position"]["towers"]
    for player in s.players:
        leds = junior_leds(player.seat, player.sent, len(player.signals))
        mine = {name: t for name, t in towers.items() if t["seat"] == player.seat}
        assert set(mine) == set(leds) and all(t["route"] for t in mine.values())
        assert {n for n, t in mine.items() if t["half"]} == {n for n, c in leds.items() if c != palette.SEAT[player.seat]}
        assert [n for n, t in towers.items() if player.seat in t["pawns"]] == [max(leds, key=list(towers).index)]
    assert all(name[0] == "R" for name, t in towers.items() if t["seat"] == "S")  # S is a red seat
    assert all(name[0] == "G" for name, t in towers.items() if t["seat"] == "W")
    assert any(t["half"] for t in towers.values())
