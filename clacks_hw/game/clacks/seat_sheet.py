"""What a Clacks player's own phone shows (core/seat_page.py): their hand of jacquards and Fault
Report cards by name, shape and cost, their word and how far it is sent, whose turn it is. Built
from the seat's own view (``position(state, seat)``), so it holds nothing that seat may not see:
in Long Distance, where the board hides every hand from the table, this is where a player reads
their own.
"""

from __future__ import annotations

from ..core.seat_page import Section
from .state import GameState


def seat_sections(state: GameState, seat: str) -> tuple[Section, ...]:
    game = state.config.game
    view = game.position(state, seat)
    mine = view["players"][seat]
    label = state.edition.card_label
    out = []
    if "hand" in mine:
        out.append(Section("Your hand", tuple(label(c) for c in mine["hand"]) or ("no jacquards",)))
        if mine.get("faults"):
            out.append(Section("Your Fault Report cards", tuple(label(c) for c in mine["faults"])))
    else:
        out.append(Section("Your hand", (f"{mine['hand_count']} cards, held in your hand (physical hands)",)))
    if "word" in mine:
        out.append(Section("Your word", (f"{mine['word']}: {mine['sent']} of {mine['signals']} signals sent",)))
    turn = view.get("turn")
    if view.get("winner"):
        state_line = f"The game is over: {view['winner']} won."
    elif turn == seat:
        state_line = "Your turn."
    else:
        state_line = f"{turn} to act."
    return (Section("The game", (state_line,)), *out)
