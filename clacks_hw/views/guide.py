"""The seat to act's next step in words (the game's ``guide``: codes and values), for the play
page and the board's terminal: what a newcomer reads before touching anything, and with hints
on, the card the hints would tap first and what it does."""

from __future__ import annotations

from ..game.clacks.hint_text import hint_text

def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def step_text(state, step) -> str:
    v, seat = step.values, step.seat
    code = step.code
    if code == "guide_start":
        return (f"Your turn, {seat}: press a {v['colour']} tower to put your pawn on it (free this time), "
                f"then tap a card to flip lamps until {v['signal']} stands on that tower.")
    if code == "guide_card":
        if "tower" in v:
            return (f"Your turn, {seat}: tap a card to flip lamps until {v['signal']} stands on {v['tower']}, "
                    f"your pawn's tower (or press another {v['colour']} tower first: 1 point a step).")
        return f"Your turn, {seat}: tap a card to flip lamps until {v['signal']} stands on a tower."
    if code == "guide_more":
        return f"Tap another card ({_points(v['left'])} left), or PLAY to end your turn."
    if code == "guide_done":
        return f"No card you hold fits the {_points(v['left'])} left: PLAY ends your turn."
    if code == "guide_hint":
        label = state.edition.card_label(v["card"])
        return f"Hint: tap {label}: {hint_text(state, seat, v['hint'])}."
    return ""


def guide_lines(state, seat: str, hints: bool) -> list[str]:
    """The guide for ``seat`` in words (empty when it is not that seat's turn)."""
    return [t for t in (step_text(state, s) for s in state.config.game.guide(state, seat, hints)) if t]
