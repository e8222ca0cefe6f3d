"""A newcomer's first look at the play page in Chromium: before any card is tapped, the panel of
the seat to act says what to do now (a tower of its colour, then a card), with hints which card
to tap first and what it does; once a card is shown its own words take over; and a next letter
no tower can send this turn says so instead of an empty "send it from"."""

from __future__ import annotations

from clacks_hw.game.core.values import replace
from tests.game.conftest import at_turn, player
from tests.web.test_play_browser import open_page, page, play  # noqa: F401  (fixtures)


def guide(page) -> list[str]:
    return [t.strip() for t in page.locator("#hands .hand.current .guide").all_inner_texts()]


def test_the_seat_to_act_is_told_what_to_do_before_touching_anything(play, page):  # noqa: F811
    board = play(mode="competitive", seats=["S", "N"], seed=5)
    open_page(page, board)
    seat = board.state.turn.seat
    page.wait_for_selector("#hands .hand.current .guide")
    lines = guide(page)
    assert lines[0].startswith(f"Your turn, {seat}: press a red tower to put your pawn on it"), lines
    assert len(lines) == 2 and lines[1].startswith("Hint: tap J") and "SENDS" in lines[1], lines
    card = board.state.player(seat).hand[0]
    page.click(f'#hands button.card[data-card="{card}"]')
    page.wait_for_function("() => !document.querySelector('#hands .hand.current .guide')")
    assert page.problems == []


def test_without_hints_the_guide_names_no_card(play, page):  # noqa: F811
    board = play(mode="competitive", seats=["S", "N"], seed=5, overrides={"game.hints": "off"})
    open_page(page, board)
    page.wait_for_selector("#hands .hand.current .guide")
    text = " ".join(guide(page))
    assert "Your turn" in text and "Hint" not in text
    assert not any(c in text for c in board.state.player(board.state.turn.seat).hand)


def test_a_letter_no_tower_can_send_this_turn_is_said(play, page):  # noqa: F811
    board = play(mode="competitive", seats=["S", "N"], seed=5)
    open_page(page, board)
    s = board.state
    seat = s.turn.seat
    # The pawn on R2, whose tower sent the seat's last letter, a card already played: no tower is open.
    s = at_turn(player(s, seat, tower=1, last_tx=1), seat)
    board.ctrl.session.state = replace(s, turn=replace(s.turn, played=("J01",), card_cost=1))
    board.ctrl.status()
    page.wait_for_function("() => document.querySelector('#next').textContent.includes('no tower can send it this turn')")
    assert "send it from" not in page.locator("#next .nextrow.current").inner_text()


def test_the_computers_move_and_who_may_answer_it_are_read_in_full(play, page):  # noqa: F811
    """The window's line ("N is about to play: ... S may answer with a Fault Report card first
    (3 s)") was cut off at the page's edge, its end (who may answer, how long) unseen."""
    board = play(mode="competitive", seats=["S", "N"], seed=1, computer={"N": "easy"},
                 overrides={"game.computer_pace_s": 0.05, "game.reaction_window_s": 30})
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the line is longer than the page is wide
    page.goto(board.url)
    page.wait_for_selector("#said .computer.answer", timeout=15000)
    line = page.locator("#said .computer.answer")
    assert "may answer with a Fault Report card first (30 s)" in line.inner_text()
    assert line.evaluate("n => n.scrollWidth <= n.clientWidth")
