"""The status page (as a visitor's phone shows it, 390x844) and the board's kiosk screen
(1920x1080) during a game of every kind the board plays, in Chromium: competitive, race,
solitaire, the Junior Race, KLACKERS and Guards! Guards!. Each shows whose turn it is and how
far the game is, a row for every player with what the table may see of them, and the lamps as
the board lights them, with no page error and no "undefined" anywhere. The pages draw what each
game's public view gives (``Game.page``, ``Game.summary``, ``Game.lamps``): none of them asks
which game it is (a Guards game used to read "Turn undefined", with no players and no lamps).

The page is the real one, served by the board's page server from a fixed position of a real
game played by the automatic players (tests/fakes/hall_boards.py)."""

from __future__ import annotations

import pytest

from clacks_hw.game.core.registry import game_for
from clacks_hw.web.public import public_position
from clacks_hw.web.server import WebServer
from clacks_hw.web.snapshot import SnapshotBox, StatusSnapshot
from tests.fakes.hall_boards import EDITION, STARTED, played
from tests.web.screens import open_page

SIZES = {"status page": {"width": 390, "height": 844}, "kiosk": {"width": 1920, "height": 1080}}
# (mode, players, moves): a position in the middle of each game; Guards' with a dragon out, runs
# announced and a test waiting (4 players), and with a run on its way and a question asked (2);
# then each game played to its end
GAMES = [("competitive", 3, 16), ("race", 3, 9), ("solitaire", 1, 10), ("junior_race", 2, 12),
         ("klackers", 3, 7), ("guards", 4, 60), ("guards", 2, 70),
         *((mode, n, 100_000) for mode, n in (("competitive", 2), ("race", 2), ("solitaire", 1), ("junior_race", 2),
                                             ("klackers", 2), ("guards", 2)))]
OVER = 100_000
READ = """() => ({
  text: document.body.innerText,
  banner: document.getElementById('turn').textContent,
  sub: document.getElementById('budget').textContent,
  rows: [...document.querySelectorAll('#players .player, #klscores .klseat')].filter(e => e.offsetParent)
        .map(e => e.innerText),
  board: !!document.getElementById('board').offsetParent,
  lamps: [...document.querySelectorAll('#lamps .lamp')].map(e => e.classList.contains('on') ? '1' : '0').join(''),
  numbers: document.querySelectorAll('#klnumbers .num').length,
  table: (document.getElementById('tablelines') || {}).innerText || '',
  over: document.getElementById('over').classList.contains('hidden') ? '' : document.getElementById('overtext').innerText,
  winners: [...document.querySelectorAll('#players .player.winner, #klscores .klseat.winner')].filter(e => e.offsetParent)
           .map(e => e.innerText.split(' ')[0]),
})"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene", GAMES, ids=lambda s: f"{s[0]}-{s[1]}" + ("-over" if s[2] == OVER else ""))
def test_the_page_shows_every_game(browser, scene, size):
    mode, players, moves = scene
    state, done = played(mode, players, moves, {})
    assert state.over == (moves == OVER)
    game = game_for(mode)
    box = SnapshotBox(StatusSnapshot(seq=len(done) + 1, screen="over" if state.over else "game", state=state,
                                     actions=len(done),
                                     recent=tuple(done[-6:]), started=STARTED))
    server = WebServer(box, "127.0.0.1", 0, edition=EDITION).start()
    page = open_page(browser, server.url, SIZES[size])
    try:
        page.wait_for_function("() => document.body.dataset.seq", timeout=10_000)
        seen = page.evaluate(READ)
        assert page.problems == []
        assert "undefined" not in seen["text"] and "NaN" not in seen["text"]
        glance = game.summary(state)
        if state.over:  # who won and why, in the board's words; each winner's row says so
            assert seen["banner"] == "Game over" and seen["over"]
            assert seen["winners"] == list(glance.winners)
        else:
            assert seen["banner"].startswith(f"{glance.seat} (") and glance.doing in seen["banner"]
            assert seen["sub"]  # the stress points left, or how far the game is
        assert len(seen["rows"]) == players and all(row.strip() for row in seen["rows"])
        shown = public_position(state, len(done))
        if game.dice:  # a dice game's lamps are its nine numbers, drawn in its own panel
            assert not seen["board"] and seen["numbers"] == 9
        else:
            assert seen["board"] and seen["lamps"] == shown["lamps"]
        for seat, lines in (shown.get("ledger") or {}).items():  # the game's words for each player
            row = next(r for r in seen["rows"] if r.startswith(f"{seat} ("))
            assert all(line in row for line in lines)
        assert all(line in seen["table"] for line in shown.get("table", ()))
    finally:
        page.context.close()
        server.close()


def test_a_guards_page_shows_the_lamps_the_board_lights():
    """Guards' lamps are its quadrants (board.py): what the pages draw is what the board lights."""
    from clacks_hw.game.guards.board import roles

    for actions in range(60, 400, 20):  # the first position of a random game with lamps lit
        state, _ = played("guards", 4, actions, {})
        lit = set(roles(state)[0])
        if lit:
            break
    assert lit and game_for("guards").lamps(state) == sum(1 << i for i in lit)
