"""Every screen the board daemon shows, drawn as `clacks-hw run --virtual` draws it on a
terminal (daemon/terminal_screen.py), for one game and seating: the controller wired to a
TerminalScreen exactly as daemon/app.py wires it (its sayings to the messages, the position to
the status, every frame to the drawing), driven by buttons and cards on a fake clock.

``walk(tmp, mode, seats)`` -> [(screen's name, lines)]; ``svg(lines)`` the lines as a picture
(colours and all), for docs/img/terminal-MODE.svg. Re-draw the pictures after the screen
changes (tests/daemon/test_screens_80x24.py fails until you do):

    CLACKS_WRITE_SCREENS=1 .venv/bin/python -m pytest tests/daemon/test_screens_80x24.py
"""

from __future__ import annotations

import io
import logging
import os
import random
import re
from pathlib import Path
from xml.sax.saxutils import escape

from clacks_hw.daemon import resume
from clacks_hw.daemon.controller import Controller, Settings
from clacks_hw.daemon.screens.pairing import PhoneDesk
from clacks_hw.daemon.renderer import render
from clacks_hw.daemon.session import JournalStore
from clacks_hw.daemon.terminal_screen import TerminalScreen
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.game.core.registry import game_for
from clacks_hw.pairing.codes import PairingCode
from clacks_hw.testing.cards import EDITION, card_map, uid_of
from clacks_hw.testing.clock import FakeClock

COLUMNS, ROWS = 80, 24
FOOTER = "status page http://127.0.0.1:8080/"  # what `run --virtual` shows after the keys
SGR = re.compile(r"\x1b\[([0-9;]*)m")


class Tty(io.StringIO):
    def isatty(self):
        return True


class FakePairing:
    """A pairing window that stays open (the board's side only: no phone ever redeems it)."""

    def __init__(self, code):
        self.code = code

    def open(self, *args):
        return self.code

    def shown(self):
        return self.code

    def close(self):
        pass

    def playing(self, table):
        self.table = table  # the game on the board, as the loop tells pairing; no phone to let go here

    def seat_refused(self, seat):
        return None


class Walk:
    """A board on a fake clock drawing to an 80x24 TerminalScreen; ``snap`` keeps what it shows."""

    def __init__(self, tmp, seed: int = 3, resumed=None, store=None, **settings) -> None:
        self.clock = FakeClock(0.0)
        self.screen = TerminalScreen(Tty(), clock=self.clock, size=lambda: (COLUMNS, ROWS))
        self.screen.footer = FOOTER
        self.store = store or JournalStore(tmp, EDITION, "test")
        s = {"demo_step_s": 0.5, "status_view": None, "computer_pace_s": 1.0, **settings}
        self.ctrl = Controller(EDITION, self.store, card_map(), Settings(**s), rng=random.Random(seed),
                               now=0.0, report=self.screen.message, status=self.screen.status, resumed=resumed)
        self.shots: list[tuple[str, list[str]]] = []
        self.frames: dict[str, object] = {}

    def snap(self, name: str) -> None:
        now = self.clock.now()
        frame = render(self.ctrl.view(now), now)
        self.screen.show(frame)
        self.shots.append((name, self.screen.lines()))
        self.frames[name] = frame

    def press(self, name: str) -> None:
        self.clock.advance(0.1)
        now = self.clock.now()
        self.ctrl.handle(ButtonEvent("press", name, now), now)
        self.ctrl.handle(ButtonEvent("release", name, now, 0.05), now)

    def tap(self, card: str) -> None:
        self.clock.advance(0.1)
        now = self.clock.now()
        self.ctrl.handle(ReaderEvent("tag", 0, uid_of(card)), now)
        self.ctrl.handle(ReaderEvent("gone", 0, uid_of(card)), now)

    def tick(self, dt: float) -> None:
        self.clock.advance(dt)
        self.ctrl.tick(self.clock.now())

    @property
    def state(self):
        return self.ctrl.session.state if self.ctrl.session is not None else None

    def set_up(self, mode: str, seats: tuple[str, ...], snap: bool = True) -> None:
        """From attract through every set-up page to the game, as a person presses through it."""
        self.press("PLAY")
        for _ in range(8):
            if self.ctrl.setup.mode == mode:
                break
            self.press("NEXT")
        if snap:
            self.snap("set-up: the game")
        self.press("PLAY")
        if self.ctrl.setup.page == "variants":
            if snap:
                self.snap("set-up: variants")
            self.press("PLAY")
        for _ in range(8):
            if self.ctrl.setup.seats == tuple(seats):
                break
            self.press("NEXT")
        if snap:
            self.snap("set-up: seats")
        self.press("PLAY")
        for page in range(4):  # names and words, where the game has them
            if self.ctrl.screen != "setup":
                break
            if snap:
                self.snap(f"set-up: {self.ctrl.setup.page}")
            self.press("PLAY")
        assert self.ctrl.screen == "game", self.screen.messages()


def _first_input(w: Walk) -> None:
    """What a player does first: a card tapped (its preview and the hint), or a number picked."""
    state = w.state
    if state.config.game.dice:
        w.press("R1")
        return
    seat = state.turn.seat
    hand = [c for c in state.player(seat).hand if c in EDITION.jacquards]
    if hand:  # a Clacks jacquard (Guards! Guards! is played by its buttons: nothing to tap first)
        w.tap(hand[0])


def walk(tmp, mode: str, seats: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """Every screen of ``mode`` with ``seats``, in the order a game meets them."""
    w = Walk(tmp / "game", hints="on")
    with logging_to(w.screen):
        w.snap("attract")
        w.set_up(mode, seats)
        w.snap("game")
        _first_input(w)
        w.snap("game: a card shown" if not w.state.config.game.dice else "game: a number picked")
        w.press("BACK")
        w.tap(next(c for c in sorted(EDITION.jacquards) if not any(c in p.hand for p in getattr(w.state, "players", ()))))
        w.snap("game: a card refused")
        w.screen.toggle_help()
        w.snap("help")
        w.screen.toggle_help()
        w.ctrl.handle(ReaderEvent("offline", None, detail="the hub's cable is out"), w.clock.now())
        w.snap("fault: the reader offline")
        w.ctrl.handle(ReaderEvent("online", None, detail="back"), w.clock.now())
        w.clock.advance(3.0)
        now = w.clock.now()
        w.ctrl.handle(ButtonEvent("chord", "PREV+NEXT", now, 3.0), now)
        w.snap("confirm: abandon?")
        w.press("BACK")
        w.ctrl.phones = PhoneDesk(FakePairing(PairingCode("KXQMRTAB", 0.0, 120.0)), EDITION.spelled,
                                  say=w.screen.message, terminal=w.screen, url=lambda: ("http://clacks.local:8080/", ""))
        w.ctrl.handle(ButtonEvent("chord", "TURN+BACK", w.clock.now(), 3.0), w.clock.now())
        w.snap("pairing a phone")
        w.ctrl.handle(ButtonEvent("press", "BACK", w.clock.now()), w.clock.now())
        _play_out(w)
        w.snap("game over")
    shots = list(w.shots)
    c = Walk(tmp / "computer", computer=tuple((s, "normal") for s in seats), hints="on")  # whoever starts
    with logging_to(c.screen):
        c.set_up(mode, seats, snap=False)
        for _ in range(40):
            if c.ctrl.computer_move is not None:
                break
            c.tick(0.1)
        c.snap("the computer's turn")
    return shots + c.shots + _resume_screens(tmp, mode, seats)


def _play_out(w: Walk, limit: int = 3000) -> None:
    """The game played to its end by automatic players, each action through the board's one
    way to the engine (as a paired phone's)."""
    rng = random.Random(5)
    for _ in range(limit):
        state = w.state
        if state is None or state.over or w.ctrl.screen != "game":
            break
        w.clock.advance(0.5)
        w.ctrl.submit(state.config.game.bot_action(state, rng), w.clock.now())
    assert w.ctrl.screen == "over", w.screen.messages()


def _resume_screens(tmp, mode: str, seats) -> list[tuple[str, list[str]]]:
    """After a restart: an older game offered (its newest journal refused), then nothing to offer."""
    folder = tmp / "restart"
    first = Walk(folder, seed=11, hints="on")
    first.set_up(mode, seats, snap=False)
    for _ in range(3):
        _one_action(first)
    older = first.ctrl.session.path
    first.ctrl.close()
    second = Walk(folder, seed=12, hints="on")
    second.set_up(mode, seats, snap=False)
    for _ in range(4):
        _one_action(second)
    newer = second.ctrl.session.path
    second.ctrl.close()
    lines = newer.read_bytes().splitlines(keepends=True)
    lines[2] = lines[2].replace(b'"seat":"', b'"seat":"X', 1)  # altered by hand: refused
    newer.write_bytes(b"".join(lines))
    store = JournalStore(folder, EDITION, "test")
    offered = Walk(folder, store=store, resumed=resume.find(store), hints="on")
    offered.snap("resume: an older game offered")
    offered.ctrl.close()
    older.unlink()
    store = JournalStore(folder, EDITION, "test")
    refused = Walk(folder, store=store, resumed=resume.find(store), hints="on")
    refused.snap("refused: nothing to resume")
    refused.ctrl.close()
    return offered.shots + refused.shots


def _one_action(w: Walk) -> None:
    state = w.state
    w.clock.advance(0.5)
    assert w.ctrl.submit(state.config.game.bot_action(state, random.Random(w.ctrl.session.actions)), w.clock.now())


class logging_to:
    """Warnings land in the screen's messages while the walk runs, as on `run --virtual`."""

    def __init__(self, screen: TerminalScreen) -> None:
        self.screen = screen
        self.level = logging.getLogger().level

    def __enter__(self):
        logging.getLogger().setLevel(logging.WARNING)
        self.screen.start_logging()

    def __exit__(self, *exc):
        self.screen.stop_logging()
        logging.getLogger().setLevel(self.level)


def seatings(mode: str) -> list[tuple[str, ...]]:
    """The seatings of ``mode`` with 2, 3 and 4 players (one of each size the game allows)."""
    out: dict[int, tuple[str, ...]] = {}
    for seats in game_for(mode).seatings():
        out.setdefault(len(seats), tuple(seats))
    return [out[n] for n in sorted(out)]


# -- the picture --------------------------------------------------------------------------------
CELL_W, CELL_H, PAD = 8.4, 17, 12
FG, BG = "#d0d0d0", "#1c1c1c"
BASIC = {30: "#000000", 97: "#ffffff", 39: None}


def cells(line: str):
    """(column, character, foreground, background, dim) for each visible character of a line
    drawn with the terminal's colour codes."""
    fg = bg = None
    dim = False
    col = i = 0
    while i < len(line):
        m = SGR.match(line, i)
        if m:
            codes = [int(c) for c in m.group(1).split(";") if c] or [0]
            k = 0
            while k < len(codes):
                c = codes[k]
                if c == 0:
                    fg = bg = None
                    dim = False
                elif c == 2:
                    dim = True
                elif c in BASIC:
                    fg = BASIC[c]
                elif c == 49:
                    bg = None
                elif c in (38, 48) and k + 4 < len(codes) and codes[k + 1] == 2:
                    colour = "#%02x%02x%02x" % tuple(codes[k + 2:k + 5])
                    fg, bg = (colour, bg) if c == 38 else (fg, colour)
                    k += 4
                elif c == 107:
                    bg = "#ffffff"
                k += 1
            i = m.end()
            continue
        yield col, line[i], fg, bg, dim
        col += 1
        i += 1


def svg(lines: list[str], label: str) -> str:
    width, height = COLUMNS * CELL_W + 2 * PAD, ROWS * CELL_H + 2 * PAD
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{escape(label)}">',
           f'<rect width="100%" height="100%" rx="6" fill="{BG}"/>',
           f'<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" fill="{FG}">']
    for row, line in enumerate(lines[:ROWS]):
        top = PAD + row * CELL_H
        spans = []
        for col, ch, fg, bg, dim in cells(line):
            x = PAD + col * CELL_W
            if bg is not None:
                out.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="{CELL_W:.1f}" height="{CELL_H}" fill="{bg}"/>')
            if ch != " ":
                colour = fg or ("#808080" if dim else None)
                fill = f' fill="{colour}"' if colour else ""
                spans.append(f'<tspan x="{x:.1f}"{fill}>{escape(ch)}</tspan>')
        if spans:
            out.append(f'<text y="{top + 0.8 * CELL_H:.1f}">{"".join(spans)}</text>')
    out += ["</g>", "</svg>", ""]
    return "\n".join(out)


def kept_in_play_md(name: str, picture: str, test_file: str) -> None:
    """docs/img/NAME.svg is ``picture`` (written when CLACKS_WRITE_SCREENS is set) and docs/play.md
    shows it; else the test fails saying how to draw it again."""
    root = Path(__file__).resolve().parents[2]
    path = root / "docs" / "img" / f"{name}.svg"
    if os.environ.get("CLACKS_WRITE_SCREENS"):
        path.write_text(picture)
    assert path.exists() and path.read_text() == picture, (
        f"{path.name} is stale: CLACKS_WRITE_SCREENS=1 .venv/bin/python -m pytest {test_file}")
    assert f"img/{name}.svg" in (root / "docs" / "play.md").read_text()
