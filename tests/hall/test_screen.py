"""The hall page on a hall's screen, in Chromium: 3, 13 and 16 boards at 1920x1080 and
1280x720 on one screen that never scrolls (cards inside the screen, nothing cut off, no two
overlapping), readable from 3 m at 1920x1080, more boards paged through; every game mode shown
by what its game says (KLACKERS "to roll", never "turn undefined"; a game over, who won and
why); a link to each board's own
page. The pictures are kept in docs/img/ for docs/shows.md."""

from __future__ import annotations

import pytest

from tests.fakes.hall_boards import board_state, hall_states
from tests.hall.shown import ShownHall
from tests.web.screens import kept, layout_problems, open_page

SIZES = {"1920x1080": {"width": 1920, "height": 1080}, "1280x720": {"width": 1280, "height": 720}}
WAIT_MS = 10_000
CLIPPED = """() => [...document.querySelectorAll('.card .text > div, .card .bid, .card .state')]
                    .filter(e => e.matches('.text > div') ? e.scrollHeight > e.clientHeight + parseFloat(getComputedStyle(e).lineHeight) / 2
                                                          : e.scrollWidth > e.clientWidth + 1)
                    .map(e => e.closest('.card').dataset.board + ': ' + e.textContent)"""


@pytest.fixture
def hall(tmp_path, module_broker):
    """``hall(states)``: a hall counting exactly these boards, each put in with its state."""
    made = []

    def make(states: dict, put: bool = True) -> ShownHall:
        folder = tmp_path / str(len(made))
        folder.mkdir()
        h = ShownHall(folder, module_broker.port, boards=states)
        made.append(h)
        if put:
            h.put(states)
        return h

    yield make
    for h in made:
        h.close()


def cards(page, n: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('.card').length === n", arg=n, timeout=WAIT_MS)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [3, 13, 16])
def test_every_board_on_one_screen_nothing_cut_off(hall, browser, n, size):
    h = hall(hall_states(n))
    page = open_page(browser, h.url + "?view=boards", SIZES[size])
    cards(page, n)
    page.wait_for_function("() => document.getElementById('broker').textContent.includes('connected')", timeout=WAIT_MS)
    assert layout_problems(page, ".card", inner=True) == []
    assert layout_problems(page, "header > *:not(.hidden)") == []
    assert page.evaluate(CLIPPED) == []  # every board's texts whole, not cut to fit
    assert not page.problems
    kept(page, f"hall-{n}-boards-{size}")
    page.context.close()


def test_sixteen_boards_readable_from_three_metres(hall, browser):
    """At 1920x1080 (a 50-inch screen's pixel is about 0.58 mm) text 24 px high is about 14 mm:
    letters that size read at 3 m and more; a lamp is drawn at least as large."""
    h = hall(hall_states(16))
    page = open_page(browser, h.url + "?view=boards", SIZES["1920x1080"])
    cards(page, 16)
    sizes = page.evaluate("""() => {
        const px = (e, what) => parseFloat(getComputedStyle(e)[what]);
        const out = {};
        for (const sel of ['.card .title', '.card .turn', '.card .progress', '.card .time', '.card .bid']) {
          out[sel] = Math.min(...[...document.querySelectorAll(sel)].map(e => px(e, 'fontSize')));
        }
        out.lamp = Math.min(...[...document.querySelectorAll('.card .lamps i')].map(e => e.getBoundingClientRect().width).filter(w => w > 0));
        return out;
    }""")
    assert min(sizes.values()) >= 24, sizes
    page.context.close()


def test_more_boards_than_fit_are_paged_through(hall, browser):
    h = hall(hall_states(20))
    page = open_page(browser, h.url + "?view=boards&every=3", SIZES["1920x1080"])
    cards(page, 16)
    assert "Boards 1\u201316 of 20" in page.inner_text("#where")
    first = page.eval_on_selector_all(".card", "cs => cs.map(c => c.dataset.board)")
    cards(page, 4)  # the next page comes by itself
    second = page.eval_on_selector_all(".card", "cs => cs.map(c => c.dataset.board)")
    assert "Boards 17\u201320 of 20" in page.inner_text("#where")
    assert sorted(first + second) == sorted(hall_states(20)) and not set(first) & set(second)
    assert layout_problems(page, ".card", inner=True) == []
    page.context.close()
    pinned = open_page(browser, h.url + "?view=boards&page=2", SIZES["1920x1080"])
    cards(pinned, 4)
    pinned.context.close()


def test_every_mode_shown_by_its_own_words(hall, browser):
    """Each card says what its game says: whose turn and what they do, how far it is, who won;
    never a word the page made up for a mode it does not know (KLACKERS was "turn undefined")."""
    states = hall_states(16)
    h = hall(states)
    page = open_page(browser, h.url + "?view=boards", SIZES["1920x1080"])
    cards(page, 16)
    text = page.inner_text("#boards")
    for bad in ("undefined", "null", "NaN", "[object"):
        assert bad not in text
    card = {b: page.inner_text(f'.card[data-board="{b}"]') for b in states}
    assert "KAI (W) to roll" in card["charlie"] and "round 1, worth 1" in card["charlie"]
    assert "to pull numbers" in card["oscar"] and "KLACKERS \u00b7 Klack to win" in card["oscar"]
    assert "AL (N) won with +2 chips\nthe most chips (+2)" in card["juliet"]  # who won, and why
    assert "IDA (N) won with COHEN\nthe sabotaged letter sent again from R4" in card["india"]
    assert "the team reached Genua first" in card["kilo"]
    assert "sent 8 of 12" in card["bravo"] and "North to act" in card["bravo"]
    assert "ANN (S) to act" in card["alpha"] and "12:34" in card["alpha"]  # 12 min 34 s into the game
    assert "Express 24 s" in card["delta"]
    assert "demo game: not counted" in card["golf"]
    page.context.close()


def test_each_board_links_to_its_own_page(hall, browser):
    states = hall_states(3)
    h = hall(states, put=False)
    charlie = states.pop("charlie")
    h.put(states)
    h.status("charlie", page="javascript:alert(1)")  # refused by the schema: never a link
    h.state("charlie", charlie)
    page = open_page(browser, h.url + "?view=boards", SIZES["1920x1080"])
    cards(page, 3)
    links = page.eval_on_selector_all(".card a.bid", "as => as.map(a => [a.textContent, a.href, a.rel])")
    assert links == [["alpha", "http://alpha.local:8080/", "noopener noreferrer"],
                     ["bravo", "http://bravo.local:8080/", "noopener noreferrer"]]
    assert page.locator('.card[data-board="charlie"] a').count() == 0
    page.context.close()


def test_a_new_hall_shows_its_boards_not_heard_yet_then_each_as_it_comes(hall, browser):
    """What the exhibitor sees at the end of setting a hall up (docs/shows.md): every board the
    hall counts, "not heard yet" until it speaks, and each online, live, as soon as it is (here in
    attract)."""
    h = hall({"board1": {}, "board2": {}, "board3": {}}, put=False)
    page = open_page(browser, h.url + "?view=boards", SIZES["1280x720"])
    page.wait_for_function("() => document.getElementById('broker').textContent.includes('connected')", timeout=WAIT_MS)
    cards(page, 3)
    assert page.inner_text("#count") == "0 of 3 boards online"
    assert [page.inner_text(f'.card[data-board="{b}"] .state') for b in ("board1", "board2", "board3")] == ["not heard yet"] * 3
    kept(page, "hall-new-1280x720")
    h.put({"board1": board_state(("board1", "competitive", 2, 12, {}, "attract", ()))})
    page.wait_for_function("() => document.getElementById('count').textContent === '1 of 3 boards online'", timeout=WAIT_MS)
    card = page.inner_text('.card[data-board="board1"]')
    assert "online" in card and "demo game: not counted" in card
    assert layout_problems(page, ".card", inner=True) == [] and not page.problems
    kept(page, "hall-first-board-1280x720")
    page.context.close()
