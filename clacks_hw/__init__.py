"""clacks-hw: a lit electronic edition of the Clacks board game."""

__version__ = "0.1.0"
