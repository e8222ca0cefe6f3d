"""Guards! Guards!, the Discworld board game of the City Watch: the lit board as its referee,
secret-keeper and ledger beside the printed map (docs/guards.md)."""
