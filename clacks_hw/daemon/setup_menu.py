"""Setting up a game on the board itself, without a screen: a small pure state machine.

Pages: mode (C R S J spelled on a tower), variants (each a letter toggled with TURN), seats
(the seat indicators; NEXT cycles the seat sets the mode allows; TURN names the players, the
"names" page of name_picker.py; a tower button on a seat's side of the board makes that seat a
computer player, easy, normal, strong, and a person again), words (tap word cards, or PLAY lets the engine deal the rest).
PREV/NEXT cycle, PLAY confirms a page, BACK goes back a page (from the first page: leave setup).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..game.core.computer import STRENGTHS
from ..game.core.config import GameConfig, config_from_record
from ..game.core.editions import SHIPPED, Editions
from ..game.core.registry import board_modes, game_for
from ..game.core.table import TOWER_BUTTONS
from ..game.core.values import replace
from .name_picker import NamePicker

# Variant letters; "hard_route" is the route toggle (off = easy route).
LETTER = {"express": "E", "long_message": "L", "quick": "Q", "night_shift": "N",
          "long_distance": "D", "hard_route": "H",
          "hughie": "H", "klack_to_win": "W", "klack_worth_two": "T"}  # KLACKERS' options
PAGES = ("mode", "variants", "seats", "words")
# Who plays a seat, in the order a tower button on its side steps through them.
PLAYERS = (None, *STRENGTHS)


def seat_of_button(name: str) -> str:
    """The seat on whose side of the board tower button ``name`` lies: the red towers of the
    northern rows are N's, of the southern rows S's; the green ones of the west columns W's, of
    the east columns E's."""
    colour, (col, row) = TOWER_BUTTONS[name]
    if colour == "red":
        return "N" if row == 0 else "S"
    return "W" if col == 0 else "E"


def variants_of(mode: str) -> tuple[str, ...]:
    return game_for(mode).setup_toggles()


def word_slots(mode: str, seats, variants) -> tuple[tuple[str, int], ...]:
    """(words key, how many) in the order word cards are tapped."""
    return game_for(mode).word_slots(seats, variants)


def switch_label(game, switch: str) -> str:
    """What people call a switch of the variants page ("hard_route": the route's)."""
    return game.variant_labels.get(switch) or game.variant_texts.get(switch, switch).split(":")[0]


def seatings(mode: str) -> tuple[tuple[str, ...], ...]:
    return game_for(mode).seatings()


@dataclass(frozen=True)
class SetupMenu:
    page: str = "mode"
    mode: str = "competitive"
    variants: frozenset = frozenset()
    cursor: int = 0  # variants page: which letter is shown
    seats: tuple[str, ...] = ("S", "N")
    words: tuple[str, ...] = ()  # tapped so far, in slot order
    since: float = 0.0  # when the page was entered (blinking phase)
    names: tuple[tuple[str, str], ...] = ()  # (seat, the player's initials) given on the names page
    picker: NamePicker | None = None  # the names page
    computer: tuple[tuple[str, str], ...] = ()  # (seat, strength) of each seat the computer plays

    @classmethod
    def from_defaults(cls, mode="competitive", variants=(), seats=("S", "N"), now: float = 0.0,
                      route: str = "easy", computer=()) -> SetupMenu:
        mode = mode if mode in board_modes() else board_modes()[0]
        toggles = set(variants) | ({"hard_route"} if route == "hard" else set())
        names = toggles & set(variants_of(mode))
        seats = tuple(seats) if tuple(seats) in seatings(mode) else seatings(mode)[0]
        computer = tuple((s, k) for s, k in dict(computer).items() if s in seats)
        return cls(mode=mode, variants=frozenset(names), seats=seats, since=now, computer=computer)

    # -- what the board shows --
    @property
    def letter(self) -> str | None:
        """The signal spelled on the setup tower."""
        if self.page == "mode":
            return game_for(self.mode).letter
        if self.page == "variants":
            options = variants_of(self.mode)
            return LETTER[options[self.cursor]] if options else None
        if self.page == "words" and self.words:
            return self.words[-1][0]
        if self.page == "names":
            return self.picker.letter
        return None

    @property
    def letter_on(self) -> bool:
        """Variants page: is the shown variant on?"""
        options = variants_of(self.mode)
        return self.page == "variants" and bool(options) and options[self.cursor] in self.variants

    @property
    def slots(self) -> tuple[tuple[str, int], ...]:
        return word_slots(self.mode, self.seats, self.variants)

    @property
    def starts_on_play(self) -> bool:
        """Would PLAY now start the game? (No words to tap: the seats, or the last seat's name.)"""
        if self.slots:
            return False
        return self.page == "seats" or (self.page == "names" and self.picker.last)

    def waiting_seat(self) -> str | None:
        """Words page: the seat whose word card is expected next (co-op: the first seat); names
        page: the seat being named."""
        if self.page == "names":
            return self.picker.seat
        k = len(self.words)
        for key, n in self.slots:
            if k < n:
                return self.seats[0] if key == "team" else key
            k -= n
        return None

    def describe(self) -> str:
        """The set-up in words, one line (the virtual board's status, the pages): the game, the
        switches on, and on the mode and variants pages what the shown letter means."""
        game = game_for(self.mode)
        v = ", ".join(switch_label(game, x) for x in variants_of(self.mode) if x in self.variants) or "no variants"
        text = f"setup: {game.letter} {game.label} ({v})"
        if self.page == "variants" and variants_of(self.mode):
            options = variants_of(self.mode)
            shown = options[self.cursor]
            words = game.variant_texts.get(shown, switch_label(game, shown))
            text += (f"; shown: {LETTER[shown]} {words} [{'ON' if shown in self.variants else 'off'}] "
                     f"({self.cursor + 1} of {len(options)}: TURN switches it, NEXT the next, PLAY goes on)")
        if self.page in ("mode", "variants") and game.setup_note:
            text += f"; {game.setup_note}"
        text += f"; seats {' '.join(self.seats)}"
        if self.page == "names":
            text += f"; {self.picker.describe()}"
        elif self.names:
            text += "; names " + " ".join(f"{s}={n}" for s, n in self.names)
        if self.computer:
            text += "; computer " + " ".join(f"{s}={k}" for s, k in self.computer)
        if self.page == "words":
            text += f"; words {' '.join(self.words) or '(none yet)'}: tap word cards, PLAY deals the rest"
        return f"[{self.page}] {text}"

    # -- input --
    def _go(self, page: str, now: float) -> SetupMenu:
        return replace(self, page=page, since=now, cursor=0)

    def step(self, delta: int, now: float) -> SetupMenu:
        if self.page == "names":
            return replace(self, picker=self.picker.step(delta), since=now)
        if self.page == "mode":
            mode = board_modes()[(board_modes().index(self.mode) + delta) % len(board_modes())]
            seats = self.seats if self.seats in seatings(mode) else seatings(mode)[0]
            variants = frozenset(v for v in self.variants if v in variants_of(mode))
            return replace(self, mode=mode, seats=seats, variants=variants, since=now)
        if self.page == "variants":
            n = len(variants_of(self.mode))
            return replace(self, cursor=(self.cursor + delta) % n, since=now) if n else self
        if self.page == "seats":
            sets = seatings(self.mode)
            seats = sets[((sets.index(self.seats) if self.seats in sets else 0) + delta) % len(sets)]
            return replace(self, seats=seats, names=tuple((s, n) for s, n in self.names if s in seats),
                           computer=tuple((s, k) for s, k in self.computer if s in seats), since=now)
        return self

    def strength_of(self, seat: str) -> str | None:
        """The strength of the computer playing ``seat``; None: a person plays it."""
        return dict(self.computer).get(seat)

    def cycle_computer(self, button: str, now: float) -> SetupMenu:
        """Seats page: a tower button steps the player of the seat on its side: a person, the
        computer at easy, normal, strong, a person again (a seat not playing: nothing)."""
        seat = seat_of_button(button)
        if self.page != "seats" or seat not in self.seats:
            return self
        chosen = dict(self.computer)
        after = PLAYERS[(PLAYERS.index(chosen.get(seat)) + 1) % len(PLAYERS)]
        chosen.pop(seat, None)
        if after is not None:
            chosen[seat] = after
        ordered = tuple((s, chosen[s]) for s in self.seats if s in chosen)
        return replace(self, computer=ordered, since=now)

    def toggle(self, now: float) -> SetupMenu:
        if self.page == "seats":
            return replace(self._go("names", now), picker=NamePicker.start(self.seats, dict(self.names)))
        if self.page == "names":
            return replace(self, picker=self.picker.add(), since=now)
        options = variants_of(self.mode)
        if self.page != "variants" or not options:
            return self
        v = options[self.cursor]
        return replace(self, variants=self.variants ^ {v}, since=now)

    def confirm(self, now: float) -> SetupMenu:
        """PLAY on a page other than words: the next page (names: the next seat)."""
        if self.page == "names":
            picker = self.picker.next_seat()
            if picker is not None:
                return replace(self, picker=picker, since=now)
            self = replace(self, page="seats", names=self.picker.given(), picker=None)
        k = PAGES.index(self.page)
        nxt = PAGES[k + 1]
        if nxt == "variants" and not variants_of(self.mode):
            nxt = "seats"
        return self._go(nxt, now)

    def back(self, now: float) -> SetupMenu | None:
        """BACK: drop the last tapped word, else the previous page; None leaves setup."""
        if self.page == "words" and self.words:
            return replace(self, words=self.words[:-1], since=now)
        if self.page == "names":
            picker = self.picker.delete()
            if picker is not None:
                return replace(self, picker=picker, since=now)
            return replace(self._go("seats", now), names=self.picker.given(), picker=None)
        k = PAGES.index(self.page)
        if k == 0:
            return None
        prev = PAGES[k - 1]
        if prev == "variants" and not variants_of(self.mode):
            prev = "mode"
        return self._go(prev, now)

    def tap_word(self, word: str, now: float) -> SetupMenu:
        total = sum(n for _, n in self.slots)
        if self.page != "words" or len(self.words) >= total or word in self.words:
            return self
        return replace(self, words=self.words + (word,), since=now)

    def game_config(self, edition_words, seed: int, hands: str = "tracked",
                    express_seconds: float | None = None, first: str | None = None,
                    editions: Editions = SHIPPED) -> GameConfig:
        """The game to start: tapped words first, the rest dealt from the seed (``express_seconds``:
        a timed turn's length; None: the game's own), played with the edition of its box the
        owner chose (``editions``: the config's [editions]; by default the game's own)."""
        rng = random.Random(f"clacks/{seed}/setup-words")
        pool = [w for w in edition_words if w not in self.words]
        rng.shuffle(pool)
        given = list(self.words)
        words: dict[str, tuple[str, ...]] = {}
        for key, n in self.slots:
            mine = []
            for _ in range(n):
                mine.append(given.pop(0) if given else pool.pop())
            words[key] = tuple(mine)
        variants = [v for v in self.variants if v != "hard_route"]
        record = {"mode": self.mode, "seats": self.seats, "words": words, "hands": hands, "seed": seed,
                  "variants": variants, "express_seconds": express_seconds}
        game = game_for(self.mode)
        if game.routes:
            record["route"] = "hard" if "hard_route" in self.variants else "easy"
        if game.chooses_first and first in self.seats:  # else the first seat starts
            record["first"] = first
        names = self.picker.given() if self.picker is not None else self.names
        record["names"] = dict(names)
        record["computer"] = {s: k for s, k in self.computer if s in self.seats}
        record.update(editions.record(self.mode))
        return config_from_record(record)  # each game takes the options it has

