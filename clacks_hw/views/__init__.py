"""A game seen from outside the board: as JSON (position_json.py), as text for a terminal
(text_board.py), a journal one position at a time (replay_steps.py), and the games a board
has played (history.py).
"""
