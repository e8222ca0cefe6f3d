"""Clacks on the lit board: what a button or a card means (play.py: ClacksPlay), where a tapped
card is shown first (preview.py), Fault Report cards (fault_flow.py), the co-op swap
(swap_flow.py), and what to light (lights.py). The board's play screen asks nothing else of
Clacks (core/board.py)."""
