"""Every screen the board daemon shows, in every game the board runs, with 2, 3 and 4 players,
drawn by the terminal renderer (`clacks-hw run --virtual`) at 80x24: attract, each set-up page,
play (a card shown, a card refused), the help, a reader fault, the abandon question, pairing a
phone, game over, the computer's turn, and after a restart an older game offered or nothing to
resume. Nothing overflows 80 columns or 24 rows, the board drawing is never written over, the
lamp grid of the position is never broken up (nothing lands inside it), a card's name is
never split across lines, and the board and the panel beside it never move while a game is
played. One picture per game is kept in docs/img/terminal-MODE.svg (docs/play.md shows them)."""

from __future__ import annotations

import re

import pytest

from clacks_hw.daemon.screen_layout import visible
from clacks_hw.drivers.frame import TOWERS
from clacks_hw.game.core.registry import board_modes, game_for
from clacks_hw.testing.cards import EDITION
from tests.support.terminal_screens import COLUMNS, ROWS, kept_in_play_md, seatings, svg, walk

ANSI = re.compile(r"\x1b\[[0-9;]*m")
GRID_HEAD = re.compile(r"0 1 2 3$|0 1 2 3 ")
PICTURE_OF = "game: a card shown"  # the screen each game's picture shows (KLACKERS: a number picked)
LABELS = [EDITION.card_label(c) for c in [*EDITION.jacquards, *EDITION.cards] if " (" in EDITION.card_label(c)]
CASES = [(mode, seats) for mode in board_modes() for seats in seatings(mode)]


def plain(line: str) -> str:
    return ANSI.sub("", line)


def grid_at(lines: list[str]) -> tuple[int, int] | None:
    """(row, column) of the position's lamp grid (its "0 1 2 3" heading), if drawn."""
    for row, line in enumerate(lines):
        m = GRID_HEAD.search(plain(line))
        if m:
            return row, m.start()
    return None


def problems(name: str, lines: list[str]) -> list[str]:
    out = []
    if len(lines) > ROWS:
        out.append(f"{len(lines)} lines on a {ROWS}-row terminal")
    out += [f"line {i} is {visible(line)} columns wide" for i, line in enumerate(lines) if visible(line) >= COLUMNS]
    for i, line in enumerate(lines):
        text = plain(line)
        for label in LABELS:  # a card's name begun on a line ends on it: "J02 (domino, 3)"
            if label.split(" (")[0] + " (" in text and label not in text:
                out.append(f"line {i} splits {label!r}: {text!r}")
    at = grid_at(lines)
    if at is not None:  # the four lamp rows right under the heading, in its columns: nothing between
        row, col = at
        for r in range(4):
            below = plain(lines[row + 1 + r]) if row + 1 + r < len(lines) else ""
            if not re.match(rf"\s*{r}\s+[●·#.] [●·#.] [●·#.] [●·#.]", below[max(0, col - 5):]):
                out.append(f"lamp row {r} is not under the grid's heading (line {row + 1 + r}: {below!r})")
        above = plain(lines[row - 1])[col + 3:col + 4] if row else ""
        under = plain(lines[row + 5])[col + 3:col + 4] if row + 5 < len(lines) else ""
        if above.isalpha() and not under.isalpha():  # the seats' letters about the grid, both in its column
            out.append(f"seat {above} is over the grid but no seat is under it (line {row + 5}: {under!r})")
    return [f"{name}: {p}" for p in out]


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    cache = {}

    def get(mode, seats):
        if (mode, seats) not in cache:
            cache[(mode, seats)] = walk(tmp_path_factory.mktemp(f"{mode}{len(seats)}"), mode, seats)
        return cache[(mode, seats)]

    return get


@pytest.mark.parametrize("mode,seats", CASES, ids=[f"{m}-{len(s)}" for m, s in CASES])
def test_every_screen_fits_80x24_and_nothing_overlaps(shots, mode, seats):
    taken = shots(mode, seats)
    names = [name for name, _ in taken]
    for expected in ("attract", "set-up: the game", "set-up: seats", "game", "game: a card refused", "help",
                     "fault: the reader offline", "confirm: abandon?", "pairing a phone", "game over",
                     "the computer's turn", "resume: an older game offered", "refused: nothing to resume"):
        assert expected in names, (expected, names)
    found = [p for name, lines in taken for p in problems(name, lines)]
    assert found == []


@pytest.mark.parametrize("mode,seats", CASES, ids=[f"{m}-{len(s)}" for m, s in CASES])
def test_the_board_and_its_panel_stay_put_while_a_game_is_played(shots, mode, seats):
    in_play = [(name, lines) for name, lines in shots(mode, seats)
               if name.startswith(("game", "fault", "confirm")) and name != "game over"]
    assert len(in_play) >= 4
    places = {name: grid_at(lines) for name, lines in in_play}
    assert len(set(places.values())) == 1, places  # the position's drawing never moves
    for name, lines in in_play:
        top = [plain(line) for line in lines[:11]]
        assert top[0].startswith("        N") and top[10].startswith("        S"), (name, top)
        assert plain(lines[5]).startswith("W     G3  G4    E"), (name, lines[5])  # the board is never written over


@pytest.mark.parametrize("mode,seats", CASES, ids=[f"{m}-{len(s)}" for m, s in CASES])
def test_the_seat_to_act_always_sees_its_hand(shots, mode, seats):
    if game_for(mode).dice:
        pytest.skip("a dice game has no hands")
    for name, lines in shots(mode, seats):
        if name.startswith("game") and name != "game over":
            text = "\n".join(plain(line) for line in lines)
            to_act = [line for line in text.splitlines() if line.startswith("> ")]
            assert len(to_act) == 1, (name, text)
            after = text.split(to_act[0], 1)[1].splitlines()
            assert "hand" in to_act[0] or len(after) > 1 and "hand" in after[1], (name, text)


@pytest.mark.parametrize("mode,seats", CASES, ids=[f"{m}-{len(s)}" for m, s in CASES])
def test_the_game_in_play_is_called_by_its_name_not_its_mode_key(shots, mode, seats):
    """The position's title line names the game as people call it (the game object's label):
    "Clacks: Junior Race", never "junior_race"."""
    game = game_for(mode)
    for name, lines in shots(mode, seats):
        if name.startswith("game"):
            text = "\n".join(plain(line) for line in lines)
            assert game.label in text, (name, text)
            assert "_" not in mode or mode not in text, (name, text)


@pytest.mark.parametrize("grows", [1, 2, 4])
@pytest.mark.parametrize("mode", board_modes())
def test_a_long_header_never_breaks_the_position_up(tmp_path, mode, grows):
    """The status's header (the title, the turn line) wrapped to four lines or more beside the
    board, as many variants or a long Express line make it: the position's drawing stays whole
    and in its columns, and the board is not written over."""
    from tests.support.terminal_screens import Walk

    w = Walk(tmp_path, hints="on")
    w.set_up(mode, seatings(mode)[-1], snap=False)
    w.snap("game")
    _, normal = w.shots[-1]
    status = list(w.screen._status)
    status[0] += " \u00b7 " + " ".join(["Ankh-Morpork"] * (5 * grows))  # about `grows` more rows wrapped
    w.screen.status("\n".join(status))
    w.snap("game: a long header")
    _, lines = w.shots[-1]
    assert problems(f"{mode}, header {grows} rows longer", lines) == []
    at, was = grid_at(lines), grid_at(normal)
    assert (at is None) == (was is None) and (at is None or at[1] == was[1]), (at, was)  # the same columns
    assert [plain(line)[:16].rstrip() for line in lines[:11]] == [plain(line)[:16].rstrip() for line in normal[:11]]


def test_every_game_the_board_runs_is_drawn():
    assert set(board_modes()) == {m for m, _ in CASES}
    assert all(game_for(m).on_board for m in board_modes())


@pytest.mark.parametrize("mode", board_modes())
def test_each_games_picture_is_todays_terminal(shots, mode):
    seats = seatings(mode)[-1]
    taken = dict(shots(mode, seats))
    name = PICTURE_OF if PICTURE_OF in taken else "game: a number picked"
    picture = svg(taken[name], f"clacks-hw run --virtual on an 80x24 terminal: {game_for(mode).label or mode}")
    kept_in_play_md(f"terminal-{mode}", picture, __file__)


@pytest.mark.parametrize("mode", ["competitive", "race"])
def test_each_tower_buttons_lamp_is_drawn_as_the_board_lights_it(tmp_path, mode):
    from tests.support.terminal_screens import Walk

    w = Walk(tmp_path, hints="on")
    w.set_up(mode, ("S", "N"), snap=False)
    if mode == "competitive":
        w.press("R2" if w.state.turn.seat in "SN" else "G3")  # a pawn on a tower: its button lit in the seat's colour
    else:
        _send_one_letter(w)  # the route's first button lit
    w.snap("lit")
    name, lines = w.shots[-1]
    frame = w.frames[name]
    lit = [t for t in TOWERS if frame.tower(t) != (0, 0, 0)]
    assert lit
    drawn = "\n".join(lines)
    for tower in TOWERS:
        r, g, b = frame.tower(tower)
        if (r, g, b) != (0, 0, 0):
            assert f"48;2;{r};{g};{b}m{tower}" in drawn, tower  # its label on its lamp's colour
        else:
            assert f"\x1b[2m{tower}" in drawn, tower  # unlit: dim
    assert len(lines) <= ROWS and all(visible(line) < COLUMNS for line in lines)


def _send_one_letter(w):
    from clacks_hw.game.clacks.planner import plan

    for _ in range(12):
        p = plan(w.state)
        if p is not None:
            for card in p.cards:
                w.tap(card)
                w.press("PLAY")
            if w.state.signals_sent:
                return
        w.press("PLAY")  # end the turn
    raise AssertionError("no letter sent")
