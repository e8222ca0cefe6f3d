"""The pure rules engine: state + action -> new state | rejection. No clock, no I/O."""
