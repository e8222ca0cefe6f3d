"""Whole games played on the play page in Chromium, one per game (every Clacks mode and
KLACKERS), by clicks or by the page's keys only; the page is checked against the board as it
goes, and pictures of it are kept in docs/img/ (tests/web/screens.py fails when they are stale)."""

from __future__ import annotations

import pytest

from clacks_hw.journal import read_journal, replay
from tests.fakes.daemon_rig import coop_script, script
from tests.web.play_table import EDITION, VIEWPORT, PagePlayer, PlayBoard
from tests.web.screens import kept, layout_problems



# The preview's lamps all showing its colour (the "on" half of its blink), or no preview: the
# moment a still picture is taken, so every run draws the same one.
STILL_JS = """() => {
  if (!window.playFrames) return false;
  const pv = [...document.querySelectorAll('#lamps .lamp.pv')];
  const on = pv.every(l => l.classList.contains('lit') && l.style.background === pv[0].style.background);
  if (!on) return false;
  window.playPaused = true; return true;
}"""
OVER_JS = """() => {
  if (![...document.querySelectorAll('.seat')].some(s => s.classList.contains('lit'))) return false;
  window.playPaused = true; return true;
}"""


@pytest.fixture
def play(tmp_path, browser):
    boards = []

    def start(**params) -> PlayBoard:
        b = PlayBoard(tmp_path, seed=params.pop("seed", 3), overrides=params.pop("overrides", None)).start(**params)
        boards.append(b)
        return b

    yield start
    for b in boards:
        b.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    p = context.new_page()
    p.problems = []
    p.on("console", lambda m: m.type in ("error", "warning") and p.problems.append(m.text))
    p.on("pageerror", lambda e: p.problems.append(str(e)))
    yield p
    context.close()


def open_page(page, board) -> None:
    page.goto(board.url)
    page.wait_for_function("() => window.playFrames > 0 && document.querySelector('#screen').textContent === 'Game'")
    assert page.url.endswith("/") and "key=" not in page.url  # the key leaves the address bar at once


def still(page, board, name: str, js: str = STILL_JS) -> None:
    board.quiet()
    page.mouse.move(0, 0)  # no button under the pointer, none focused
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.wait_for_timeout(100)
    page.wait_for_function(js, timeout=5000)
    try:
        assert layout_problems(page, "#board, #side > *") == []
        kept(page, name)
    finally:
        page.evaluate("() => { window.playPaused = false; window.playRedraw(); }")


def page_lamps(page) -> int:
    return page.evaluate("() => [...document.querySelectorAll('#lamps .lamp')]"
                         ".reduce((m, l, i) => m | (l.classList.contains('lit') ? 1 << i : 0), 0)")


def finished(board, page) -> None:
    assert board.ctrl.screen == "over", board.table.said
    page.wait_for_function("() => document.querySelector('#screen').textContent === 'Game over'")
    shown = page.inner_text("#turn")
    assert shown.startswith(("Winner", "Nobody")) and ": " in shown, shown  # who won, and why
    final = board.ctrl.session.state
    assert final.over
    journal = read_journal(board.ctrl.session.path)
    assert replay(journal, EDITION).state == final  # the same journal as the built board's


def test_competitive_by_clicks(play, page):
    board = play(mode="competitive", seats=["S", "N"])
    open_page(page, board)
    player = PagePlayer(board, page)
    s = board.state
    hand = page.locator(f'#hands .hand.current button.card[data-seat="{s.turn.seat}"]')
    assert sorted(hand.evaluate_all("bs => bs.map(b => b.dataset.card)")) == sorted(
        s.player(s.turn.seat).hand + s.player(s.turn.seat).faults)
    for _ in range(6):  # a few turns in, a card shown: the picture for the docs
        player.do(script(board.state))
    card = next(c for c in board.state.player(board.state.turn.seat).hand
                if EDITION.jacquards[c].cost <= board.state.turn.left)
    player.card(board.state.turn.seat, card)
    page.wait_for_selector("#preview:not(.hidden)")
    assert EDITION.card_label(card) in page.inner_text("#preview")
    mask = board.ctrl.preview.mask
    page.wait_for_function("m => [...document.querySelectorAll('#lamps .lamp')].every((l, i) => "
                           "l.classList.contains('pv') === !!(m >> i & 1))", arg=mask)
    player.button("NEXT")  # another place, then back: the page follows the board
    assert board.ctrl.preview.index == 1
    player.button("PREV")
    still(page, board, "play-competitive")
    player.button("BACK")
    player.competitive()
    finished(board, page)
    page.wait_for_function("() => document.querySelector('#screen').textContent === 'Game over'")
    assert f"Winner: {board.state.winner} (" in page.inner_text("#turn")
    assert page_lamps(page) & 0xFFFF == board.state.board or board.ctrl.flash is not None
    still(page, board, "play-competitive-over", OVER_JS)
    assert page.problems == []


def test_a_redraw_that_leaves_a_hand_as_it_was_keeps_its_buttons(play, page):
    # A card clicked while the page redraws for something else (a tower moved to, the turn
    # passing, a flash ending) must not land on a button the redraw threw away.
    board = play(mode="competitive", seats=["S", "N"])
    open_page(page, board)
    player = PagePlayer(board, page)
    s = board.state
    other = next(x for x in ("S", "N") if x != s.turn.seat)
    held = [page.query_selector(f'#hands button.card[data-seat="{x}"]') for x in (s.turn.seat, other)]
    moves = script(s)
    assert moves[0][0] == "button", moves  # the first move of this game goes to a tower
    player.button(moves[0][1])
    player.caught_up()
    assert board.state.turn.seat == s.turn.seat and board.state.player(s.turn.seat).hand == s.player(s.turn.seat).hand
    assert [b.evaluate("b => b.isConnected") for b in held] == [True, True]
    player.do(script(board.state))  # a card played: that hand is drawn again, and it is clickable
    player.caught_up()
    assert held[1].evaluate("b => b.isConnected")
    assert page.problems == []


def test_race_by_keys_with_a_swap(play, page):
    board = play(mode="race", seats=["S", "N"], seed=9)
    open_page(page, board)
    player = PagePlayer(board, page, keys=True)
    face_up = [r.card for r in board.state.reports if r.face_up and r.jacquard]
    assert page.locator("#reports button.card").count() == len(board.state.reports)
    assert all(r.card not in page.content() for r in board.state.reports)  # their faces stay hidden
    still(page, board, "play-race")
    done = player.coop(swap_from=face_up[:1])
    finished(board, page)
    assert done == face_up[:1]
    assert page.problems == []


def test_solitaire_by_clicks(play, page):
    board = play(mode="solitaire", seats=["S"], seed=4)
    open_page(page, board)
    PagePlayer(board, page).coop()
    finished(board, page)
    still(page, board, "play-solitaire-over", OVER_JS)
    assert page.problems == []


def test_junior_by_keys(play, page):
    board = play(mode="junior_race", seats=["S", "W"], seed=5)
    open_page(page, board)
    still(page, board, "play-junior")
    PagePlayer(board, page, keys=True).coop()
    finished(board, page)
    assert page.problems == []


def test_klackers_by_clicks(play, page):
    board = play(mode="klackers", seats=["S", "N"], seed=6)
    open_page(page, board)
    assert page.inner_text('.tower[data-button="G3"] .what') == "9"  # the numbers on the buttons
    player = PagePlayer(board, page)
    player.button("PLAY")
    player.dice(seed=1)
    finished(board, page)
    page.wait_for_function("() => document.querySelector('#screen').textContent === 'Game over'")
    assert "Winner: " in page.inner_text("#turn") and "Round" in page.inner_text("#dice")
    final, dice = board.state, page.inner_text("#dice")
    chips = ", ".join(f"{seat} {c:+d}" if c else f"{seat} 0" for seat, c in zip(final.config.seats, final.chips))
    assert f"{final.won} of {final.config.rounds} rounds won \u00b7 chips: {chips}" in dice, dice
    still(page, board, "play-klackers-over", OVER_JS)
    assert page.problems == []


FRAME_JS = """() => {
  const px = [...document.querySelectorAll('#lamps .lamp')].map(l => l.style.background)
    .concat([...document.querySelectorAll('.tower .led')].map(l => l.style.background))
    .concat(['S', 'W', 'N', 'E'].map(s => document.querySelector('#seat-' + s + ' .ind').style.background));
  return px.map(c => { const m = c.match(/\\d+/g); return m ? m.map(Number) : [0, 0, 0]; });
}"""


def test_the_page_draws_the_frame_the_leds_are_given_and_starts_anew(play, page):
    board = play(mode="competitive", seats=["S", "W", "N"], seed=8)
    open_page(page, board)
    player = PagePlayer(board, page)
    for _ in range(4):
        player.do(script(board.state))
    board.quiet()
    frame = board.table.leds.frame
    order = list(range(16)) + [16 + k for k in range(12)] + [28, 29, 30, 31]  # lamps, R1..G6, S W N E
    want = [list(frame.pixels[i]) for i in order]
    page.wait_for_function(f"want => JSON.stringify(({FRAME_JS})()) === JSON.stringify(want)", arg=want,
                           timeout=5000)
    assert any(p != [0, 0, 0] for p in want[16:28])  # the pawns' towers are lit, and drawn so

    page.keyboard.press("!")  # hold PREV+NEXT: the board asks before abandoning
    page.wait_for_function("() => document.querySelector('#screen').textContent === 'Reset question'")
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('#screen').textContent === 'How to play'")
    assert board.table.journal.name.endswith(".abandoned") or board.ctrl.session is None
    page.select_option("#ng-mode", "junior_race")
    page.select_option("#ng-seats", "NE")
    page.keyboard.press("N")
    page.wait_for_function("() => document.querySelector('#screen').textContent === 'Game'")
    assert board.state.config.mode == "junior_race" and board.state.config.seats == ("N", "E")
    assert page.locator("#hands .hand").count() == 2
    assert page.problems == []


def test_a_person_against_the_strong_computer(play, page):
    board = play(mode="competitive", seats=["S", "N"], computer=["N:strong"], seed=12,
                 overrides={"game.computer_pace_s": 0.3, "game.reaction_window_s": 0.3})
    open_page(page, board)
    assert board.state.config.computer == {"N": "strong"}
    assert page.locator('#hands .hand button.card[data-seat="N"]').count() == 0  # its hand stays hidden
    said = PagePlayer(board, page).competitive()
    finished(board, page)
    assert said and all("Computer at N: " in line for line in said)  # what it played, and why
    assert page.problems == []


def test_long_distance_passes_and_plays_one_hand_at_a_time(play, page):
    board = play(mode="race", seats=["S", "N"], variants=["long_distance"], seed=9)
    open_page(page, board)
    s = board.state
    shown = page.locator("#hands .hand button.card").evaluate_all("bs => bs.map(b => b.dataset.seat)")
    assert set(shown) == {s.turn.seat}  # the other player's hand is not on the screen
    player = PagePlayer(board, page)
    while board.state.turn.seat == s.turn.seat and board.ctrl.screen == "game":
        player.do(coop_script(board.state, board.ctrl.preview))
    page.wait_for_function("seat => [...document.querySelectorAll('#hands .hand button.card')]"
                           ".every(b => b.dataset.seat === seat)", arg=board.state.turn.seat)
    assert page.problems == []


def test_a_person_answers_the_computer_s_move_with_a_fault_report_card(play, page):
    board = play(mode="competitive", seats=["S", "N"], computer=["N:normal"], seed=3,
                 overrides={"game.computer_pace_s": 0.2, "game.reaction_window_s": 30.0})
    open_page(page, board)
    s = board.state
    assert s.turn.seat == "N"  # N's word comes first: the computer starts
    [card] = s.player("S").faults
    assert not EDITION.cards[card].effects[0].kind.startswith(("flip", "cancel"))  # no choice to make
    page.wait_for_selector("#said .answer", timeout=10_000)  # the computer holds its move for S
    assert "S may answer with a Fault Report card first" in page.inner_text("#said .answer")
    assert board.ctrl.session.actions == 0
    PagePlayer(board, page).card("S", card)
    entries = read_journal(board.ctrl.session.path).entries
    assert [(e.action.seat, e.action.act, e.action.card) for e in entries] == [("S", "fault", card)]
    assert card in board.state.turn.faults_played and card not in board.state.player("S").faults
    page.wait_for_function("() => !document.querySelector('#said .answer')", timeout=10_000)  # no card left
    assert page.problems == []



def covered(board, page, lamp: int) -> int:
    """The shown card once the board has laid it over ``lamp`` and the page draws it there."""
    for _ in range(100):
        pv = board.ctrl.preview
        if pv is not None and pv.mask >> lamp & 1:
            break
        page.wait_for_timeout(50)
    mask = board.ctrl.preview.mask
    assert mask >> lamp & 1, board.table.said
    page.wait_for_function("m => [...document.querySelectorAll('#lamps .lamp')].every((l, i) => "
                           "l.classList.contains('pv') === !!(m >> i & 1))", arg=mask)
    return mask


def test_a_lamp_clicked_or_tapped_lays_the_card_over_it_and_a_tower_hovered_shows_its_lamps(play, page, browser):
    from clacks_hw.game.clacks.board import TOWERS, lamps_of

    board = play(mode="competitive", seats=["S", "N"])
    open_page(page, board)
    player = PagePlayer(board, page)
    s = board.state
    card = next(c for c in s.player(s.turn.seat).hand if EDITION.jacquards[c].cost <= s.turn.left)
    player.card(s.turn.seat, card)
    page.wait_for_selector("#preview:not(.hidden)")
    lamp = next(i for i in (5, 6, 9, 10) if not board.ctrl.preview.mask >> i & 1)  # inner: more places cover it
    page.locator("#lamps .lamp").nth(lamp).click()
    first = covered(board, page, lamp)
    page.locator("#lamps .lamp").nth(lamp).click()  # again: the next place over the same lamp
    for _ in range(100):
        if board.ctrl.preview.mask != first:
            break
        page.wait_for_timeout(50)
    assert board.ctrl.preview.mask != first and covered(board, page, lamp) != first
    tower = TOWERS[7]
    page.hover(f'[data-button="{tower.name}"]')
    page.wait_for_function("ls => [...document.querySelectorAll('#lamps .lamp')].every((l, i) => "
                           "l.classList.contains('tw') === ls.includes(i))", arg=lamps_of(tower.mask))
    page.mouse.move(0, 0)
    page.wait_for_function("() => !document.querySelector('#lamps .lamp.tw')")

    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        tapped = phone.new_page()
        open_page(tapped, board)
        other = next(i for i in range(16) if not board.ctrl.preview.mask >> i & 1)
        tapped.locator("#lamps .lamp").nth(other).tap()
        covered(board, tapped, other)
    finally:
        phone.close()
    assert page.problems == []
