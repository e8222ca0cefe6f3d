"""The computer's reaction window in words (the daemon's screen holds it as values:
daemon/screens/computer.py's ``Window``): what the computer is about to do, and who may answer
first. The cards a person could answer with are not named: they are in that person's hand."""

from __future__ import annotations


def window_text(window) -> str:
    """"N is about to play: N plays J18 .... S may answer with a Fault Report card first (3 s)."""
    who = " or ".join(window.people)
    return (f"{window.move.seat} is about to play: {window.move.why}. {who} may answer with a "
            f"Fault Report card first ({window.until - window.since:g} s).")


def played_text(move) -> str:
    """What the computer did, said once it is done: "Played: N plays J18 ...."."""
    return f"Played: {move.why}."


def answer_text(seat: str, computer: str) -> str:
    """A person's Fault Report card was taken during the computer's turn."""
    return f"{seat} answers {computer}'s move: {computer} decides again from the new position."
