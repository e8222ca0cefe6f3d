"""The rules version recorded in every journal header.

Bump it whenever a change to the engine could make an old journal replay differently (a rule
fixed, a shuffle changed): a journal is only a faithful record of a game under the rules it was
played with, so the reader refuses a journal whose version differs instead of silently
replaying it into another game.
"""

RULES_VERSION = 1
