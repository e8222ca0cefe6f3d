"""The play page on a real daemon in this process, as `clacks-hw play` builds it (the tests
need the engine's state to choose their moves), and a player who acts on the page only:
clicks (or keys) in Chromium, never a call into the daemon."""

from __future__ import annotations

import random
import time

from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.klackers.bots import bot_action as dice_bot
from clacks_hw.game.klackers.layout import FACE_TOWER, NUMBER_TOWER
from clacks_hw.game.klackers.numbers import numbers_of
from clacks_hw.play.server import PlayServer
from clacks_hw.play.table import PlayTable
from clacks_hw.testing.cards import EDITION
from tests.fakes.daemon_rig import coop_script, script

VIEWPORT = {"width": 1280, "height": 800}
SETTLE_S = 10.0
KEY_OF = {"PREV": "[", "NEXT": "]", "TURN": "o", "PLAY": " ", "BACK": "b",
          **{f"R{k + 1}": str(k + 1) for k in range(6)}, **{f"G{k + 1}": c for k, c in enumerate("qwerty")}}


class PlayBoard:
    def __init__(self, tmp, seed: int = 3, overrides=None) -> None:
        # The players take the board's first suggestion (daemon_rig.py's scripts): it hints for them.
        overrides = {"game.hints": "on", **(overrides or {})}
        self.table = PlayTable(None, str(tmp / "journals"), seed=seed, edition=EDITION, overrides=overrides)
        self.server = PlayServer(self.table, "127.0.0.1", 0)

    def start(self, **params) -> PlayBoard:
        self.table.start()
        self.server.start()
        assert self.table.wait_ready()
        answer = self.table.command("new_game", params)
        assert answer is None, answer
        return self

    def stop(self) -> None:
        self.server.close()
        self.table.close()

    @property
    def url(self) -> str:
        return self.server.key_url

    @property
    def ctrl(self):
        return self.table.controller

    @property
    def state(self):
        return self.ctrl.session.state

    def signature(self):
        """What any input changes: the actions taken, what is previewed or chosen, the screen,
        a refusal's red flash."""
        c = self.ctrl
        session = c.session
        return (session.actions if session else None, c.play_progress, c.screen,
                c.error_since, c.message)

    def quiet(self) -> None:
        """Until the board shows nothing that changes with time alone (a transmission's flash)."""
        deadline = time.monotonic() + SETTLE_S
        while (self.ctrl.flash is not None or self.ctrl.error_since is not None) and time.monotonic() < deadline:
            time.sleep(0.05)


class PagePlayer:
    """Plays on ``page`` with clicks, or with the page's keys when ``keys``."""

    def __init__(self, board: PlayBoard, page, keys: bool = False) -> None:
        self.board, self.page, self.keys = board, page, keys
        self.inputs = 0

    def _after(self, before, what) -> None:
        deadline = time.monotonic() + SETTLE_S
        while self.board.signature() == before:
            assert time.monotonic() < deadline, f"the board did not react to {what}"
            time.sleep(0.01)
        self.inputs += 1

    def button(self, name: str) -> None:
        before = self.board.signature()
        if self.keys:
            self.page.keyboard.press(KEY_OF[name] if KEY_OF[name] != " " else "Space")
        else:
            self.page.click(f'[data-button="{name}"]')
        self._after(before, name)

    def caught_up(self) -> None:
        """Until the page shows the board's latest action, as a player looks before a click: a
        card clicked on the screen before is one the page has already replaced."""
        actions = self.board.ctrl.session.actions if self.board.ctrl.session else None
        self.page.wait_for_function(
            "a => a === null || (window.playDrawn && window.playDrawn.position"
            " && window.playDrawn.position.actions === a)", arg=actions, timeout=SETTLE_S * 1000)

    def card(self, seat: str, card: str) -> None:
        before = self.board.signature()
        sel = f'#hands button.card[data-seat="{seat}"][data-card="{card}"]'
        self.caught_up()
        self.page.wait_for_selector(sel, timeout=SETTLE_S * 1000)
        if self.keys:
            self.page.keyboard.press(self.page.inner_text(f"{sel} kbd"))
        else:
            self.page.click(sel)
        self._after(before, f"{card} at {seat}")

    def report(self, k: int) -> None:
        before = self.board.signature()
        self.caught_up()
        self.page.click(f"#reports button.card >> nth={k}")
        self._after(before, f"report card {k}")

    def do(self, inputs) -> None:
        seat = self.board.state.turn.seat
        for kind, what in inputs:
            if kind == "button":
                self.button(what)
            elif any(r.card == what for r in getattr(self.board.state, "reports", ())):
                self.report([r.card for r in self.board.state.reports].index(what))
            else:
                self.card(seat, what)

    # -- whole games -------------------------------------------------------------------------
    def competitive(self, limit: int = 600) -> set[str]:
        """Play the people's seats to the end; the computer's turns are waited for (what it said
        on the page while it played is returned)."""
        said = set()
        while self.board.ctrl.screen == "game" and limit:
            s = self.board.state
            if s.turn.seat in (s.config.computer or {}):
                deadline = time.monotonic() + SETTLE_S
                while self.board.ctrl.screen == "game" and self.board.state.turn.seat == s.turn.seat:
                    assert time.monotonic() < deadline, "the computer did not move"
                    line = self.page.inner_text("#said")
                    if "Computer at" in line:
                        said.add(line.split("\n")[0])
                    time.sleep(0.02)
                continue
            self.do(script(s))
            limit -= 1
        return said

    def coop(self, swap_from=(), limit: int = 800) -> list[str]:
        wanted, done = list(swap_from), []
        while self.board.ctrl.screen == "game" and limit:
            s = self.board.state
            shown = self.board.ctrl.preview
            source = wanted[0] if wanted and shown is None and any(r.card == wanted[0] for r in s.reports) else None
            self.do(coop_script(s, shown, source))
            if wanted and not any(r.card == wanted[0] for r in self.board.state.reports):
                done.append(wanted.pop(0))
            limit -= 1
        return done

    def dice(self, seed: int = 0, limit: int = 3000) -> None:
        rng = random.Random(seed)
        while self.board.ctrl.screen == "game" and limit:
            action = dice_bot(self.board.state, rng)
            if action.act == "pull":
                names = [NUMBER_TOWER[n] for n in numbers_of(action.numbers)] + ["PLAY"]
            else:
                names = [FACE_TOWER[f] for f in action.dice or ()] + ["PLAY" if action.act == "roll" else "TURN"]
            for name in names:
                self.button(name)
            limit -= 1


__all__ = ["EDITION", "TOWERS", "VIEWPORT", "PagePlayer", "PlayBoard"]
