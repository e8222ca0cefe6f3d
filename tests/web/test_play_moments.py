"""The play page in Chromium says every decisive moment of a Clacks game in the board's words
(views/moments.py): a banner for the Last Letter Sabotage window saying what to do, the
sabotage announced when it succeeds, a Fault Report card played and what it did, and a
game-over panel saying who won and why. Pictures of the window and of the end are kept in
docs/img/ for docs/play.md."""

from __future__ import annotations

from tests.game.conftest import L
from tests.game.conftest import player as with_player
from tests.game.test_rules_sabotage import GAP, final_letter_sent
from tests.web.play_table import SETTLE_S, PagePlayer
from tests.web.test_play_browser import OVER_JS, open_page, page, play, still  # noqa: F401  (fixtures)

# The window's pulse on the board at its magenta half (the lit board's sabotage colour), so
# every run takes the same picture.
PULSE_JS = """() => {
  const led = document.querySelector('.tower[data-button="R2"] .led');
  if (!led || led.style.background !== 'rgb(255, 0, 255)') return false;
  window.playPaused = true; return true;
}"""


def at_the_window(play, page, state=None):
    """A game on the page with S's last letter just sent from R2: N's one turn to sabotage."""
    board = play(mode="competitive", seats=["S", "N"])
    open_page(page, board)
    board.ctrl.session.state = state or final_letter_sent()
    board.table.press(("BACK",))  # nothing to put back: the board only publishes its position again
    page.wait_for_selector("#moments .moment.sabotage_open", timeout=SETTLE_S * 1000)
    return board, PagePlayer(board, page)


def placed(board, player, mask: int) -> None:
    for _ in range(40):  # the hint shows its place first; else step to it
        if board.ctrl.preview.mask == mask:
            return
        player.button("NEXT")
    raise AssertionError("the card has no such place")


def test_the_window_the_sabotage_and_their_words(play, page):
    board, player = at_the_window(play, page)
    banner = page.inner_text("#moments .moment.sabotage_open")
    assert "N, this turn is your one chance to take it back: turn all 6 of R2's lamps off (2 still lit)" in banner
    assert page.inner_text("#turn").startswith("N (North) to act")
    still(page, board, "play-sabotage-window", PULSE_JS)
    player.card("N", "J11")
    placed(board, player, GAP)
    player.button("PLAY")
    page.wait_for_selector("#moments .moment.sabotaged")
    assert page.inner_text("#moments .moment.sabotaged").startswith("Sabotage! N turned R2's lamps off")
    assert page.locator("#moments .moment.sabotage_open").count() == 0
    assert page.problems == []


def test_a_fault_report_played_and_what_it_did(play, page):
    board, player = at_the_window(play, page, with_player(final_letter_sent(), "N", faults=("F05",)))
    player.card("N", "F05")
    if board.ctrl.preview is not None:
        player.button("PLAY")
    page.wait_for_selector("#moments .moment.fault_played", timeout=SETTLE_S * 1000)
    assert (page.inner_text("#moments .moment.fault_played")
            == "Fault Report: N played F05 OILED GEARS: N has 2 stress points more this turn.")
    assert page.locator("#moments .moment.sabotage_open").count() == 1, "the window still stands"
    assert page.problems == []


def test_the_game_over_panel_says_who_won_and_why(play, page):
    board, player = at_the_window(play, page)
    player.card("N", "J33")  # a card away from R2, then no card shown: PLAY ends N's turn
    placed(board, player, L(12, 13, 14, 15))
    player.button("PLAY")
    player.button("PLAY")
    assert board.ctrl.screen == "over"
    page.wait_for_selector("#outcome:not(.hidden)")
    why = "Winner: S (GUILD): N did not turn R2's lamps off, so S's last letter stands"
    assert page.inner_text("#outcome .why") == why
    assert page.inner_text("#turn") == "Winner: S (GUILD): N did not take the last letter back"
    assert page.locator("#moments .moment").count() == 0
    still(page, board, "play-sabotage-over", OVER_JS)
    assert page.problems == []
