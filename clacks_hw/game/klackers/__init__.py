"""KLACKERS, the dice game on the same board: the nine numbers as a 9-bit mask, the dice, the
rules and rounds, the exact best play, the board's layout and the views (docs/klackers.md)."""
