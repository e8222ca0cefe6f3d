"""The play page is sent what the people at this computer may see, never the computer's hand:
no card the computer holds is anywhere in /state.json or the live event stream, while the
people's own cards are (the same search finds them: it can fail)."""

from __future__ import annotations

import http.client
import json
import time

from clacks_hw.play.server import KEY_HEADER
from tests.web.play_table import PlayBoard


def fetch(board, path: str) -> bytes:
    """``path`` as the page asks for it (its key in the header); the event stream until its first state."""
    conn = http.client.HTTPConnection("127.0.0.1", board.server.address[1], timeout=10)
    conn.request("GET", path, headers={KEY_HEADER: board.server.secret, "Accept": "text/event-stream"})
    r = conn.getresponse()
    assert r.status == 200, r.read()
    if path != "/events":
        data = r.read()
    else:
        data = b""
        while b"data: " not in data or not data.endswith(b"\n\n"):
            data += r.read1(65536)
    conn.close()
    return data


def held(state, seat: str) -> set[str]:
    p = state.player(seat)
    return set(p.hand) | set(p.faults)


def test_no_card_of_the_computer_s_hand_is_sent_to_the_page(tmp_path):
    # The computer shows its move for a long while: nothing changes while the page is read.
    board = PlayBoard(tmp_path, seed=3, overrides={"game.computer_pace_s": 30.0, "game.reaction_window_s": 0})
    try:
        board.start(mode="competitive", seats=["S", "W", "N"], computer=["N:normal"])
        deadline = time.monotonic() + 10
        while b'"screen":"game"' not in board.server.feed.json and time.monotonic() < deadline:
            time.sleep(0.05)  # the page's feed has the game
        s = board.state
        shown = board.ctrl.preview  # a card being placed lies face up on the table: public
        public = set(s.turn.played) | ({shown.card} if shown is not None else set())
        secret = held(s, "N") - public
        assert secret and held(s, "S") and held(s, "W")
        for path in ("/state.json", "/events"):
            text = fetch(board, path).decode()
            for card in held(s, "S") | held(s, "W"):  # the people's own: the search finds a card
                assert json.dumps(card) in text, (path, card)
            leaked = sorted(c for c in secret if json.dumps(c) in text)
            assert leaked == [], f"{path} carries the computer's cards {leaked}"
    finally:
        board.stop()
