"""What every screen answers, and what a screen may ask of the board.

A screen is an object with one job; the controller shows one at a time and hands it each input:

    name                    the screen's name (status page, logs, the admin page, tests)
    since                   when it was entered (the renderer's blinking starts there)
    press(button, now)      a button was pressed (PLAY, BACK, NEXT, PREV, TURN, R1 ... G6)
    tap(card, reader, now)  an enrolled card was tapped (``reader``: its index; None: unknown)
    reset(now)              PREV+NEXT held for 3 s
    tick(now)               what time alone makes happen (called after every input, too)
    deadline(now)           when ``tick`` next has something to do (None: nothing)
    shows(now)              the View fields this screen fills in (state, preview, setup, ...)
    resume(since, now)      shown again after a fault (from ``since``) cleared
    takes_cards             whether a lost reader stops it (the fault screen comes over it)
    halted                  why the game it shows stands still (a fault); None: it goes on
    busy()                  why a new game cannot start from here now (None: it can)
    state                   the game position this screen is about (None: none)
    under, rides            the screen this one is over, if any; whether it stays over
                            whatever replaces that one (pairing rides; a fault waits)

Every method does nothing by default. ``self.board`` is the controller: its shared parts
(edition, settings, session, storage, readers, report, status) and its steps (go, to_attract,
start_game, enter_game, error, rejected). Screens never read a clock: every method takes ``now``.
"""

from __future__ import annotations


class Screen:
    name = ""
    under: Screen | None = None  # the screen this one is shown over (the abandon question, a fault, pairing)
    rides = False  # stays over the screen underneath when that one moves on (pairing)

    def __init__(self, board, now: float) -> None:
        self.board = board
        self.since = now

    # -- inputs ----------------------------------------------------------------------------
    def press(self, button: str, now: float) -> None:
        pass

    def tap(self, card: str, reader: int | None, now: float) -> None:
        pass  # most screens: a tapped card changes nothing

    def reset(self, now: float) -> None:
        pass

    def tick(self, now: float) -> None:
        pass

    def resume(self, since: float, now: float) -> None:
        """Shown again after a fault that came over it at ``since`` cleared (screens/fault.py)."""

    def busy(self) -> str | None:
        """Why a new game cannot start from here now (the admin's phone asks); None: it can."""
        return None

    @property
    def takes_cards(self) -> bool:
        """Are cards tapped here, so that a lost reader stops it (the fault screen)?"""
        return False

    @property
    def halted(self) -> str | None:
        """Why the game this screen shows stands still, as the players are told (a fault); None:
        it goes on. A seat's phone is answered with it (seat_flow.py)."""
        return None

    # -- what it shows ---------------------------------------------------------------------
    def deadline(self, now: float) -> float | None:
        return None

    def shows(self, now: float) -> dict:
        return {"state": self.state}

    @property
    def state(self):
        return None

    # -- helpers every screen uses ---------------------------------------------------------
    @property
    def edition(self):
        return self.board.edition

    @property
    def settings(self):
        return self.board.settings

    def report(self, text: str) -> None:
        self.board.report(text)

    def idle_until(self) -> float:
        """When a screen left alone goes back to attract."""
        return self.board.last_input + self.settings.attract_after_s
