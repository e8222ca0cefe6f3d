"""The pure games: state + action -> new state | rejection, no clock, no I/O.

One package per game (clacks/, klackers/) over a small shared core (core/); the registry
finds the games through the ``clacks_hw.games`` entry points (docs/architecture.md).
"""
