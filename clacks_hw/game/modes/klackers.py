"""KLACKERS, the dice game on the same board (docs/klackers.md), as one of the board's games.

Its state is a ``KlackersState`` (the numbers up, the dice, the round's scores, chips), not a
Clacks board, so it answers the questions every game answers (seatings, set-up, rules, legal
actions, what is shown) from ``game/klackers/`` and has no words, cards, pawns or routes.
"""

from __future__ import annotations

from ..klackers import bots, layout, legal, rules, state, view
from ..klackers.actions import parse_action
from ..registry import register
from .base import Game, Summary


class Klackers(Game):
    name = "klackers"
    order = 40  # after the Clacks games in the set-up menu
    letter = "K"
    title = "KLACKERS"
    label = "KLACKERS"
    variant_labels = {"hughie": "Hughie rule", "klack_to_win": "Klack to win", "klack_worth_two": "Klack is worth two"}
    variants = state.VARIANTS
    hand_size = 0
    dice = True
    shields = False

    def seatings(self):
        return state.seatings()

    def seating_problem(self, seats) -> str:
        sets = "; ".join(" ".join(s) for s in self.seatings())
        return f"seats {' '.join(seats)} are not a KLACKERS seating: use {sets}"

    def word_slots(self, seats, variants):
        return ()  # nothing to send: the words page of the set-up is skipped

    def check(self, edition, config) -> None:
        state.check_config(config)

    def new_game(self, edition, config):
        return state.new_game(config)

    def parse_action(self, data):
        return parse_action(data)

    def validate(self, s, action):
        return rules.validate(s, action)

    def apply(self, s, action):
        return rules.apply(s, action)

    def candidates(self, s):
        return legal.candidate_actions(s)

    def reveals_faults(self, config) -> bool:
        return False

    def next_signal(self, s, seat):
        return None

    def signal_sent(self, before, after):
        return None  # dice and numbers: no signal is ever sent from a tower

    def bot_action(self, s, rng):
        return bots.bot_action(s, rng)

    def tracks(self, s):
        return ()

    def sent_from(self, s):
        return {}

    def hidden_hands(self, s, viewer):
        return frozenset()  # the dice and the numbers lie open on the table

    def lamps(self, s):
        lit = 0
        for lamp in layout.marks(s)["lamps"]:
            lit |= 1 << lamp
        return lit

    def summary(self, s):
        progress = f"round {s.round}, worth {s.worth} \u00b7 {s.won} of {s.config.rounds} won"  # rounds won
        if s.over:
            chips = dict(zip(s.config.seats, s.chips))
            best = chips[s.winners[0]] if s.winners else 0
            return Summary(None, "", progress, tuple(s.winners), f"with {best:+d} chips")
        doing = "to roll for first" if s.phase == "opening" else "to pull numbers" if s.dice else "to roll"
        return Summary(s.seat, doing, progress)

    def own_position(self, s, actions=None):
        return view.position_json(s, actions)

    def own_text(self, s, *, ascii=False, actions=None):
        return view.render(s, ascii=ascii, actions=actions)


register(Klackers())
