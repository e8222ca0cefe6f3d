"""The small core every game stands on: seats, set-ups, the game protocol, refusals, seeded
randomness, views and the registry that finds the games (docs/architecture.md).

Nothing here knows any game: the games import the core, never the other way round, and the
registry finds them through the ``clacks_hw.games`` entry points.
"""
