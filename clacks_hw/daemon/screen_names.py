"""The screens the daemon shows, by name: the board's state says which one is up, and the hall's
schema checks it, without loading the daemon or the games."""

SCREENS = ("attract", "setup", "game", "confirm", "over", "resume", "refused", "fault")
