"""Clacks: the board's first game, played in four modes (competitive, the Race to Genua,
Solitaire, the Junior Race) with their variants, from an edition of printed cards.

board.py (lamps, towers), edition*.py and effects.py (the cards, from TOML), state.py and
actions.py (the values), modes/ (one game object per mode, registered through box.py), the
rules (rules.py, coop.py, faults.py, interpreter.py, turns.py, deck.py), the planner and the
automatic players.
"""
