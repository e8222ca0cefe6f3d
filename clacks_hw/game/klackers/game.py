"""KLACKERS, the dice game on the same board (docs/klackers.md), as the registry finds it (the
``klackers`` entry point in pyproject.toml): one game object, one mode.

Its state is a ``KlackersState`` (the numbers up, the dice, the round's scores, chips), not a
Clacks board: it answers the core's protocol from this package and has no words, cards, pawns
or routes.
"""

from __future__ import annotations

from ..core.protocol import Game, GameBox
from ..core.view import Moment, Summary
from . import bots, computer, layout, legal, rules, view
from .actions import parse_action
from .board_play import KlackersPlay
from .config import VARIANTS, KlackersConfig, check_config, seatings
from .state import new_game


class Klackers(Game):
    name = "klackers"
    order = 40  # after the Clacks games in the set-up menu
    letter = "K"
    title = "KLACKERS"
    label = "KLACKERS"
    variants = VARIANTS
    variant_labels = {"hughie": "Hughie rule", "klack_to_win": "Klack to win", "klack_worth_two": "Klack is worth two"}
    variant_texts = {"hughie": "Hughie rule: a score of 10 or more is no point and cannot win the round",
                     "klack_to_win": "Klack to win: only a KLACK wins a round; without one the round is pushed",
                     "klack_worth_two": "Klack is worth two: a player who KLACKs takes one more chip from "
                                        "every other player"}
    setup_note = ("one die, in every game: when your numbers still up add up to 6 or less, TURN rolls one "
                  "die as your last roll")
    config_type = KlackersConfig
    dice = True
    shutters = False  # numbers and dice on the lamps

    def seatings(self):
        return seatings()

    def check(self, edition, config) -> None:
        check_config(config)

    def new_game(self, edition, config):
        return new_game(config)

    def parse_action(self, data):
        return parse_action(data)

    def validate(self, s, action):
        return rules.validate(s, action)

    def apply(self, s, action):
        return rules.apply(s, action)

    def candidates(self, s):
        return legal.candidate_actions(s)

    def winners(self, s):
        return s.winners  # the most chips; a tie shares the win

    def returns(self, s):
        """Each seat's chips: what it won and lost, adding up to 0."""
        return {seat: float(c) for seat, c in zip(s.config.seats, s.chips)}

    def bot_action(self, s, rng):
        return bots.bot_action(s, rng)

    bot_kinds = tuple(bots.BOTS)  # best first: the solver's policy

    def demo_action(self, s, n, rng, kind=None):
        return bots.bot_action(s, rng, kind or "best")

    def narrate(self, before, action, after):
        return view.narrate(before, action, after)

    def computer_move(self, view, seat, strength, rng):
        return computer.computer_move(view, seat, strength, rng)

    def hidden_hands(self, s, viewer):
        return frozenset()  # the dice and the numbers lie open on the table

    def board_play(self, hints: bool = False) -> KlackersPlay:
        """The buttons select numbers and roll; the lamps show numbers and dice (board_play.py).
        Nothing to hint: every legal pull is lit already."""
        return KlackersPlay()

    def lamps(self, s):
        lit = 0
        for lamp in layout.marks(s)["lamps"]:
            lit |= 1 << lamp
        return lit

    def outcome(self, s):
        """The most chips once the rounds are played (ties share the win)."""
        if not s.over:
            return None
        chips = dict(zip(s.config.seats, s.chips))
        return Moment("most_chips", s.winners[0] if len(s.winners) == 1 else None, (
            ("winners", list(s.winners)), ("chips", chips[s.winners[0]] if s.winners else 0),
            ("rounds", s.config.rounds)))

    def summary(self, s):
        progress = f"round {s.round}, worth {s.worth} \u00b7 {s.won} of {s.config.rounds} won"  # rounds won
        if s.over:
            chips = dict(zip(s.config.seats, s.chips))
            best = chips[s.winners[0]] if s.winners else 0
            return Summary(None, "", progress, tuple(s.winners), f"with {best:+d} chips")
        doing = "to roll for first" if s.phase == "opening" else "to pull numbers" if s.dice else "to roll"
        return Summary(s.seat, doing, progress)

    def position(self, s, viewer=None, actions=None):
        return {"mode": s.config.mode, **view.position_json(s, actions)}  # all of it lies open on the table

    def text(self, s, *, ascii=False, actions=None, viewer=None):
        return view.render(s, ascii=ascii, actions=actions)


KLACKERS = Klackers()
BOX = GameBox("klackers", "KLACKERS", (KLACKERS,))
