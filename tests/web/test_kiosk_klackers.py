"""The kiosk page while the board plays KLACKERS (Debian's Chromium through Playwright against a
real daemon, the game driven on the board's buttons as players would): the nine numbers up and
down, the dice of the roll, whose turn, each seat's score and chips, and the winners at the end,
always as the engine has them. Screenshots of a turn and of the end are kept."""

from __future__ import annotations

import random
import time

import pytest

from clacks_hw.game.klackers.bots import bot_action
from clacks_hw.game.klackers.numbers import ALL_UP, numbers_of
from tests.daemon.test_klackers_board import inputs
from tests.web.conftest import screenshot
from tests.web.live import LiveBoard

WAIT_S = 10
SEED = 4
READ = """() => {
  const rows = [...document.querySelectorAll('#klscores .klseat')];
  return {
    up: [...document.querySelectorAll('#klnumbers .num.up')].map(e => +e.dataset.n),
    down: [...document.querySelectorAll('#klnumbers .num.down')].map(e => +e.dataset.n),
    dice: [...document.querySelectorAll('#kldice .die.now')].map(e => +e.dataset.face),
    turn: rows.filter(r => r.classList.contains('current')).map(r => r.dataset.seat),
    winners: rows.filter(r => r.classList.contains('winner')).map(r => r.dataset.seat),
    scores: Object.fromEntries(rows.map(r => {
      const s = r.querySelector('.score').dataset.score;
      return [r.dataset.seat, s === undefined ? null : +s];
    })),
    chips: Object.fromEntries(rows.map(r => [r.dataset.seat, r.querySelector('.chips').textContent])),
  };
}"""


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path, rng=random.Random(SEED)).start()  # the same game every run
    yield b
    b.stop()


def expected(state) -> dict:
    """What the page must show of the engine's state."""
    up = numbers_of(state.up)
    scores = dict(state.scores)
    return {
        "up": list(up), "down": [n for n in range(1, 10) if n not in up],
        "dice": list(state.dice), "turn": [] if state.over else [state.seat], "winners": list(state.winners),
        "scores": {s: scores.get(s) for s in state.config.seats},
        "chips": {s: f"Chips: {c:+d}" if c else "Chips: 0" for s, c in zip(state.config.seats, state.chips)},
    }


def shows(page, state) -> dict:
    want, seen, end = expected(state), None, time.monotonic() + WAIT_S
    while time.monotonic() < end:
        seen = page.evaluate(READ)
        if seen == want:
            return seen
        time.sleep(0.05)
    raise AssertionError(f"the page shows {seen}, the engine has {want}")


def act(board, rng) -> object:
    """One action of the best player, pressed on the board's buttons; the state it leads to."""
    before = board.state()
    for name in inputs(before, rng):
        board.press(name)
    return board.wait_for(lambda: (s := board.state()) is not before and s, "the board to take the action")


def play_until(board, rng, done, limit=2000):
    state = board.state()
    for _ in range(limit):
        if done(state):
            return state
        assert not state.over, "the game ended before the position looked for"
        state = act(board, rng)
    raise AssertionError("the game never reached the position looked for")


def test_the_kiosk_shows_numbers_dice_scores_and_the_winner_of_a_klackers_game(board, kiosk, artefacts):
    rng = random.Random(3)
    assert board.admin("new-game", {"mode": "klackers", "seats": ["S", "N"]})[0] == 200
    kiosk.wait_for_selector("#dicepanel:not(.hidden)", timeout=WAIT_S * 1000)
    assert kiosk.locator("#board").is_hidden() and kiosk.locator("#playerspanel").is_hidden()

    state = play_until(board, rng, lambda s: s.phase == "turn" and s.dice)  # the first roll of the round
    seen = shows(kiosk, state)
    assert len(seen["up"]) == 9 and len(seen["dice"]) == 2

    state = play_until(board, rng, lambda s: s.phase == "turn" and s.dice and s.up != ALL_UP)
    seen = shows(kiosk, state)
    assert seen["down"] and seen["dice"]
    assert "worth" in kiosk.inner_text("#klround") and "pull numbers" in kiosk.inner_text("#turn")
    screenshot(kiosk, artefacts, "kiosk-klackers-turn-1920x1080")

    state = play_until(board, rng, lambda s: s.scores and s.phase == "turn")  # a seat has scored
    assert shows(kiosk, state)["scores"][state.scores[0][0]] == state.scores[0][1]

    play_until(board, rng, lambda s: bot_action(s, random.Random(0)).act == "roll_one")  # six or less up
    state = act(board, rng)  # the one die: it matches the numbers left and waits for the pull, or ends the turn
    shows(kiosk, state)
    assert kiosk.locator("#kldice .die").count() == 1 and "one die" in kiosk.inner_text("#kldicenote")

    state = play_until(board, rng, lambda s: s.over)
    seen = shows(kiosk, state)
    assert seen["winners"] == list(state.winners) and seen["turn"] == []
    over = kiosk.inner_text("#overtext")
    assert over.startswith(("Winner", "Nobody")), over
    assert all(w in over for w in state.winners) and "the most chips" in over, over  # who won, and why
    assert kiosk.inner_text("#klresult").startswith("Last round: round")
    screenshot(kiosk, artefacts, "kiosk-klackers-over-1920x1080")
    assert kiosk.problems == []  # no CSP violation, no script error
